import {
  AUDIT_ACTIONS,
  auditActionName,
  FORMER_AUDIT_ACTIONS,
  isNamedAuditAction,
  LOCALES,
} from "@marquee/contracts";
import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLogs, terminalGroups } from "../src/db/schema";
import {
  ADMIN,
  addOffice,
  addUser,
  type Client,
  createTestApp,
  initSystem,
  signedIn,
  type TestApp,
} from "./helpers";

let t: TestApp;
let admin: Client;
let aAdmin: Client;
const group = { a: 0, b: 0 };
let aShop = 0;

beforeAll(async () => {
  t = await createTestApp();
  const { officeId: platform } = await initSystem(t);
  admin = await signedIn(t, ADMIN.username, ADMIN.password, "en");
  const a = await addOffice(t, platform, "customer", "Customer A");
  const shop = await addOffice(t, a.id, "institution", "Shop A");
  const b = await addOffice(t, platform, "customer", "Customer B");
  aShop = shop.id;
  const ua = await addUser(t, a.id, "aadmin", ["sys:log:view", "sys:log:export", "terminal:group:edit"]);
  aAdmin = await signedIn(t, ua.username, ua.password, "fr");
  const rows = await t.database.db
    .insert(terminalGroups)
    .values([
      { officeId: shop.id, name: "Vitrines A" },
      { officeId: b.id, name: "SECRET of B" },
    ])
    .returning();
  group.a = rows[0]?.id ?? 0;
  group.b = rows[1]?.id ?? 0;
});
afterAll(async () => {
  await t?.close();
});

/** The cells of the newest row of A's administrator's export of `filter`. */
async function firstExportedRow(filter: Record<string, string>): Promise<unknown[]> {
  const res = await aAdmin.request("POST", "/a/sys/log/logExport", { json: filter });
  expect(res.statusCode).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error("no sheet");
  return (sheet.getRow(2).values as unknown[]).slice(1);
}

describe("every audited action has a name", () => {
  it("in every language, for each route that can leave an audit row and each name a route gives", () => {
    const audited = t.app.apiRoutes.filter((r) => r.action !== null);
    // sign-in, sign-out and the other names routes give, besides paths
    expect(audited.map((r) => r.action)).toEqual(expect.arrayContaining(["login", "logout", "logExport"]));
    expect(audited.length).toBeGreaterThan(100);
    const unnamed = audited.filter((r) => !isNamedAuditAction(r.action as string));
    expect(
      unnamed.map((r) => `${r.method} ${r.url} → ${r.action}`),
      "add these to packages/contracts/src/audit",
    ).toEqual([]);
    for (const r of audited)
      for (const locale of LOCALES)
        expect(AUDIT_ACTIONS[r.action as string]?.[locale]?.trim(), `${locale} ${r.action}`).toBeTruthy();
  });

  it("names nothing else, but the reads that left rows before", () => {
    const audited = new Set(t.app.apiRoutes.map((r) => r.action));
    const stray = Object.keys(AUDIT_ACTIONS).filter((a) => !audited.has(a) && !(a in FORMER_AUDIT_ACTIONS));
    expect(stray).toEqual([]);
    for (const a of Object.keys(FORMER_AUDIT_ACTIONS)) expect(audited.has(a), a).toBe(false);
  });

  it("reads a route's path nowhere for a known action", () => {
    for (const r of t.app.apiRoutes.filter((x) => x.action !== null))
      for (const locale of LOCALES) expect(auditActionName(r.action as string, locale)).not.toMatch(/\//);
  });
});

describe("reads are not actions", () => {
  const reads = [
    ["/a/api/statistics/terminalStartUpRate", {}],
    ["/a/api/terminalSet/getRltMonitor", {}],
    ["/a/api/terminalSet/getCurTerminalProgram", { ids: [1] }],
    ["/a/api/terminalSet/getCurTerminalMessage", { id: 1 }],
    ["/a/api/terminalSet/autoScanTerminal", {}],
  ] as const;

  it("POST reads the spec names leave no audit row", async () => {
    for (const [url, body] of reads) {
      const before = await t.database.db
        .select({ id: auditLogs.id })
        .from(auditLogs)
        .where(eq(auditLogs.path, `/apm-web${url}`));
      const res = await admin.post(url, body);
      expect(res.statusCode, url).toBeLessThan(500);
      const after = await t.database.db
        .select({ id: auditLogs.id })
        .from(auditLogs)
        .where(eq(auditLogs.path, `/apm-web${url}`));
      expect(after.length, url).toBe(before.length);
      expect(t.app.apiRoutes.find((r) => r.url === `/apm-web${url}`)?.action, url).toBe(null);
    }
  });

  it("still refuse a cross-site call", async () => {
    for (const [url, body] of reads) {
      const res = await admin.request("POST", url, { json: body, csrf: false });
      expect(res.statusCode, url).toBe(403);
    }
  });
});

describe("the log names actions and targets", () => {
  it("answers the names of its targets the reader may see, never another tenant's", async () => {
    await aAdmin.post("/a/api/terminal/saveTerminalGroup", {
      id: group.a,
      officeId: aShop,
      name: "Vitrines A",
    });
    await t.database.db.insert(auditLogs).values({
      officeId: aShop,
      userId: null,
      username: "someone",
      action: "/a/api/terminal/updateTerminalGroup",
      method: "POST",
      path: "/apm-web/a/api/terminal/updateTerminalGroup",
      target: `terminalGroup:${group.a},${group.b}`,
      result: "ok",
      status: 200,
    });
    const page = (await aAdmin.get("/a/api/log/ajaxScrollLog", { pageSize: 10 })).json();
    expect(page.names).toEqual({ [`terminalGroup:${group.a}`]: "Vitrines A" });
    const row = page.list.find((r: { target: string }) => r.target === `terminalGroup:${group.a},${group.b}`);
    const details = (await aAdmin.get("/a/api/log/detailsFunc", { id: row.id })).json();
    expect(details.names).toEqual({ [`terminalGroup:${group.a}`]: "Vitrines A" });
    expect(JSON.stringify(page)).not.toContain("SECRET");

    // the platform reads both
    const all = (await admin.get("/a/api/log/detailsFunc", { id: row.id })).json();
    expect(all.names).toEqual({
      [`terminalGroup:${group.a}`]: "Vitrines A",
      [`terminalGroup:${group.b}`]: "SECRET of B",
    });
  });

  it("exports actions and targets by name in the reader's language", async () => {
    const first = await firstExportedRow({ action: "/a/api/terminal/updateTerminalGroup" });
    expect(first[3]).toBe("Changer le groupe de terminaux");
    expect(first[5]).toBe(`Groupe de terminaux : Vitrines A (#${group.a}), #${group.b}`);
    const saved = await firstExportedRow({ action: "/a/api/terminal/saveTerminalGroup" });
    expect(saved[3]).toBe("Enregistrer un groupe de terminaux");
    expect(saved[5]).toBe(`Groupe de terminaux : Vitrines A (#${group.a})`);
  });
});
