import { LANGUAGE_COOKIE } from "@marquee/contracts";
import { asc, eq, inArray, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLogs } from "../src/db/schema";
import { hashToken } from "../src/terminal/token";
import { createTestApp, initSystem, type TestApp } from "./helpers";
import { deviceId, fetchManifest, registerTerminal, terminalRow } from "./terminal-helpers";

/**
 * Registrations arriving together are written in one statement: each still
 * gets its own row and token, a known device its rotated token, a device
 * twice in the same moment one row, and every check still answers per call.
 */

let t: TestApp;
let platformId = 0;

beforeAll(async () => {
  t = await createTestApp();
  platformId = (await initSystem(t)).officeId;
});
afterAll(async () => {
  await t?.close();
});

describe("registrations at the same moment", () => {
  it("each get their own row and a token that verifies, known devices a new one", async () => {
    const known = await Promise.all(Array.from({ length: 5 }, () => registerTerminal(t.app)));
    // The known ones by their device id.
    const knownIds = await Promise.all(
      known.map(async (k) => (await terminalRow(t.app, k.terminalId)).deviceId),
    );
    const regs = await Promise.all([
      ...Array.from({ length: 40 }, () => registerTerminal(t.app)),
      ...knownIds.map((id) => registerTerminal(t.app, { deviceId: id, version: "2.0.0" })),
    ]);
    const fresh = regs.slice(0, 40);
    const again = regs.slice(40);
    expect(new Set(fresh.map((r) => r.terminalId)).size).toBe(40);
    expect(new Set(fresh.map((r) => r.enrolCode)).size).toBe(40);
    for (const r of fresh) {
      expect(r.state).toBe("pending");
      const row = await terminalRow(t.app, r.terminalId);
      expect(row.tokenHash).toBe(hashToken(r.token));
      expect(row.officeId).toBe(platformId);
      expect(row.enrolCode).toBe(r.enrolCode);
      // The token is known (403: not authorised yet), not refused as unknown (401).
      expect((await fetchManifest(t.app, r.token)).statusCode).toBe(403);
    }
    for (const [i, r] of again.entries()) {
      const before = known[i];
      if (!before) throw new Error("no known terminal");
      expect(r.terminalId).toBe(before.terminalId);
      expect(r.enrolCode).toBe(before.enrolCode);
      expect(r.token).not.toBe(before.token);
      const row = await terminalRow(t.app, r.terminalId);
      expect(row.tokenHash).toBe(hashToken(r.token));
      expect(row.version).toBe("2.0.0");
      expect((await fetchManifest(t.app, before.token)).statusCode).toBe(401);
      expect((await fetchManifest(t.app, r.token)).statusCode).toBe(403);
    }
  });

  it("give a device registering twice at once one row, the last token written winning", async () => {
    const id = deviceId();
    const [a, b] = await Promise.all([
      registerTerminal(t.app, { deviceId: id }),
      registerTerminal(t.app, { deviceId: id }),
    ]);
    if (!a || !b) throw new Error("no answers");
    expect(a.terminalId).toBe(b.terminalId);
    const row = await terminalRow(t.app, a.terminalId);
    expect([hashToken(a.token), hashToken(b.token)]).toContain(row.tokenHash);
  });

  it("still refuse a malformed one alone with 400, the others of the moment enrolled", async () => {
    const [bad, good] = await Promise.all([
      t.app.inject({
        method: "POST",
        url: "/apm-web/t/register",
        payload: { deviceId: "short", model: "", version: "1", resolution: { width: 0, height: 1 } },
      }),
      registerTerminal(t.app),
    ]);
    expect(bad.statusCode).toBe(400);
    expect(good.terminalId).toBeGreaterThan(0);
  });
});

/** The audit rows of these terminals, in the order of the ids given, without what differs per call. */
async function auditOf(ids: number[]) {
  const rows = await t.app.services.db
    .select()
    .from(auditLogs)
    .where(
      inArray(
        auditLogs.target,
        ids.map((id) => `terminal:${id}`),
      ),
    )
    .orderBy(asc(auditLogs.id));
  expect(rows).toHaveLength(ids.length);
  const byTarget = new Map(rows.map((r) => [r.target, r]));
  return ids.map((id) => {
    const row = byTarget.get(`terminal:${id}`);
    if (!row) throw new Error(`no audit row for terminal ${id}`);
    const { id: _id, createdAt, durationMs, target, detail, ...rest } = row;
    expect(Date.now() - createdAt.getTime()).toBeLessThan(60_000);
    expect(durationMs).toBeGreaterThanOrEqual(0);
    const { deviceId: _device, ...kept } = detail as { deviceId: string; rotated: boolean };
    return { ...rest, detail: kept };
  });
}

describe("the statements", () => {
  it("are a few per batch, not a few per call: 40 registrations at once take one upsert and one audit insert", async () => {
    const seen: string[] = [];
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const q = args[0] as string | { text?: string } | undefined;
      seen.push((typeof q === "string" ? q : (q?.text ?? "")).replace(/\s+/g, " ").trim());
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    try {
      await Promise.all(Array.from({ length: 40 }, () => registerTerminal(t.app)));
    } finally {
      pg.Client.prototype.query = query;
    }
    const count = (re: RegExp) => seen.filter((q) => re.test(q)).length;
    expect(count(/^insert into terminals/i)).toBe(1);
    expect(count(/^insert into "?audit_logs"?/i)).toBe(1);
    expect(count(/^update "?audit_logs"?/i)).toBe(0);
  });
});

describe("the audit trail", () => {
  it("holds the same finished row for each of a batch as for registrations one by one", async () => {
    const alone = [];
    for (let i = 0; i < 3; i++) alone.push(await registerTerminal(t.app));
    const knownDevice = (await terminalRow(t.app, alone[0]?.terminalId ?? 0)).deviceId;
    alone.push(await registerTerminal(t.app, { deviceId: knownDevice }));
    const together = await Promise.all(Array.from({ length: 3 }, () => registerTerminal(t.app)));
    const knownTogether = (await terminalRow(t.app, together[0]?.terminalId ?? 0)).deviceId;
    together.push(await registerTerminal(t.app, { deviceId: knownTogether }));
    // A known device's second registration is a second row for the same terminal: read them apart.
    const first = await auditOf(alone.slice(1, 3).map((r) => r.terminalId));
    const batch = await auditOf(together.slice(1, 3).map((r) => r.terminalId));
    expect(batch).toEqual(first);
    expect(first[0]).toEqual({
      officeId: platformId,
      userId: null,
      username: null,
      action: "/t/register",
      method: "POST",
      path: "/apm-web/t/register",
      result: "ok",
      status: 200,
      ip: "127.0.0.1",
      userAgent: "lightMyRequest",
      processId: null,
      tokenId: null,
      detail: { rotated: false },
    });
    for (const reg of [alone[3], together[3]]) {
      const rows = await t.app.services.db
        .select({ detail: auditLogs.detail, result: auditLogs.result })
        .from(auditLogs)
        .where(eq(auditLogs.target, `terminal:${reg?.terminalId}`))
        .orderBy(asc(auditLogs.id));
      expect(rows.map((r) => (r.detail as { rotated: boolean }).rotated)).toEqual([false, true]);
      expect(rows.every((r) => r.result === "ok")).toBe(true);
    }
  });

  it("writes a refused call's row as the other calls do, and no pending row is left", async () => {
    const bad = await t.app.inject({
      method: "POST",
      url: "/apm-web/t/register",
      payload: { deviceId: "short", model: "M", version: "1", resolution: { width: 1, height: 1 } },
    });
    expect(bad.statusCode).toBe(400);
    const rows = await t.app.services.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.path, "/apm-web/t/register"))
      .orderBy(asc(auditLogs.id));
    const refused = rows.at(-1);
    expect(refused).toMatchObject({ action: "/t/register", result: "fail", status: 400, target: null });
    expect(rows.filter((r) => r.result === "pending")).toEqual([]);
  });

  it("fails only the call whose row the database refuses, the rest of its batch enrolled and audited", async () => {
    const { db } = t.app.services;
    // What no valid body can do: a row the database refuses, here by a trigger of this test's database.
    await db.execute(sql`
      create function refuse_model() returns trigger language plpgsql as $$
      begin
        if new.model = 'Refused' then raise exception 'refused' using errcode = '23514'; end if;
        return new;
      end $$`);
    await db.execute(
      sql`create trigger refuse_model before insert on terminals for each row execute function refuse_model()`,
    );
    try {
      const before = await db.$count(auditLogs);
      const body = (model: string) => ({
        deviceId: deviceId(),
        model,
        version: "1",
        resolution: { width: 9, height: 9 },
      });
      const answers = await Promise.all(
        ["M", "M", "Refused", "M", "M"].map((model) =>
          t.app.inject({ method: "POST", url: "/apm-web/t/register", payload: body(model) }),
        ),
      );
      const [bad] = answers.splice(2, 1);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
      expect(bad?.statusCode).toBeGreaterThanOrEqual(400);
      const ids = answers.map((a) => (a.json() as { terminalId: number }).terminalId);
      expect(await auditOf(ids)).toHaveLength(4);
      // The refused call's row says it failed; nothing is left pending.
      const rows = await db.select().from(auditLogs).orderBy(asc(auditLogs.id)).offset(before);
      expect(rows).toHaveLength(5);
      expect(rows.filter((r) => r.result === "fail")).toEqual([
        expect.objectContaining({ status: bad?.statusCode, target: null }),
      ]);
    } finally {
      await db.execute(sql`drop trigger refuse_model on terminals`);
      await db.execute(sql`drop function refuse_model()`);
    }
  });
});

describe("the rate limit", () => {
  it("still answers 429 in the caller's language past the open-call limit per address", async () => {
    const limited = await createTestApp({ RATE_LIMIT_OPEN_PER_MINUTE: "3" });
    try {
      await initSystem(limited);
      for (let i = 0; i < 3; i++) await registerTerminal(limited.app);
      const refused = await limited.app.inject({
        method: "POST",
        url: "/apm-web/t/register",
        cookies: { [LANGUAGE_COOKIE]: "fr" },
        payload: {
          deviceId: deviceId(),
          model: "TestPlayer",
          version: "1.0.0",
          resolution: { width: 1920, height: 1080 },
        },
      });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().msg).toMatch(/^Trop de requêtes/);
    } finally {
      await limited.close();
    }
  });
});
