import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { TENANT_ADMIN_PERMISSIONS } from "@marquee/contracts";
import { createProgram, createWidget } from "@marquee/program";
import { getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "../src/db/schema";
import {
  materials,
  playEvents,
  programs,
  publications,
  publicationTargets,
  terminalCommands,
  terminalEvents,
  terminals,
} from "../src/db/schema";
import { runRollups } from "../src/modules/statistics/rollup";
import { NOT_TENANT_OWNED, TENANT_OWNED } from "../src/platform/tenancy";
import {
  addOffice,
  addUser,
  type Client,
  createTestApp,
  initSystem,
  signedIn,
  type TestApp,
} from "./helpers";
import { insertTerminal } from "./terminal-helpers";

/**
 * The cross-tenant leaks found by replaying one tenant's ids against another's
 * calls, each pinned by a test: names of another tenant's content through
 * proof of play and clicks.
 */

let t: TestApp;
/** Two customers under one agent: A1 must never read B1's names. */
const o = { agent: 0, a1: 0, a2: 0, b1: 0 };
const id = { termA: 0, progA: 0, progB: 0, matB: 0 };
const SECRET = "B1-SECRET";
let a1: Client;
// Yesterday to tomorrow (UTC): the rows are written "now", and a run that crosses midnight
// must still find them in the range read when the file loaded.
const dayAt = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const RANGE = { from: dayAt(-1), to: dayAt(1) };

beforeAll(async () => {
  t = await createTestApp();
  const platform = (await initSystem(t)).officeId;
  o.agent = (await addOffice(t, platform, "agent", "Agent")).id;
  o.a1 = (await addOffice(t, o.agent, "customer", "A1")).id;
  o.a2 = (await addOffice(t, o.agent, "customer", "A2")).id;
  o.b1 = (await addOffice(t, o.agent, "customer", "B1")).id;
  const db = t.database.db;
  const size = { width: 1920, height: 1080 };
  const doc = createProgram(size);
  doc.scenes[0]?.widgets.push({
    ...createWidget("button", size),
    id: "wbtn",
    name: `${SECRET} button`,
  } as never);
  const program = async (officeId: number, name: string) =>
    (
      await db
        .insert(programs)
        .values({ officeId, name, width: 1920, height: 1080, doc, state: "approved" })
        .returning({ id: programs.id })
    )[0]?.id ?? 0;
  id.progA = await program(o.a1, "A1 loop");
  id.progB = await program(o.b1, `${SECRET} program`);
  id.matB =
    (
      await db
        .insert(materials)
        .values({ officeId: o.b1, name: `${SECRET} material`, type: "image" })
        .returning({ id: materials.id })
    )[0]?.id ?? 0;
  id.termA = await insertTerminal(t.app, o.a1, { name: "A1 lobby", programIds: [id.progA] });
  await addUser(t, o.a1, "a1admin", [...TENANT_ADMIN_PERMISSIONS.customer]);
  a1 = await signedIn(t, "a1admin", "a1adminPass1", "en");
});
afterAll(async () => {
  await t?.close();
});

describe("the tenancy registry", () => {
  it("names every table of the schema once: tenant-owned with its rule, or not and why", () => {
    const tables = Object.values(schema).filter((v) => is(v, PgTable));
    const owned = new Set<string>([...TENANT_OWNED.keys()].map((t) => getTableName(t)));
    for (const table of tables) {
      const name = getTableName(table);
      const listed = Number(owned.has(name)) + Number(name in NOT_TENANT_OWNED);
      expect(listed, `${name}: in the tenancy registry exactly once`).toBe(1);
    }
    // And nothing listed that the schema no longer has.
    const names = new Set<string>(tables.map((t) => getTableName(t)));
    for (const name of [...owned, ...Object.keys(NOT_TENANT_OWNED)]) expect(names.has(name), name).toBe(true);
  });

  it("matches the tables of the migrated database", async () => {
    const r = await t.database.db.execute<{ tablename: string }>(
      sql`select tablename from pg_tables where schemaname = 'public'`,
    );
    const owned = new Set([...TENANT_OWNED.keys()].map((table) => getTableName(table)));
    for (const { tablename } of r.rows)
      expect(owned.has(tablename) || tablename in NOT_TENANT_OWNED, tablename).toBe(true);
  });

  it("is the only code that reads an actor's data range", () => {
    const root = path.join(__dirname, "../src");
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const full = path.join(dir, name);
        if (statSync(full).isDirectory()) walk(full);
        else if (full.endsWith(".ts")) files.push(full);
      }
    };
    walk(root);
    const allowed = new Set(["platform/tenancy.ts", "platform/actor.ts"].map((f) => path.join(root, f)));
    const offenders = files.filter(
      (f) =>
        !allowed.has(f) &&
        /\.range\s*\.\s*(officeIds|kind)\b|\brange:\s*\{\s*kind/.test(readFileSync(f, "utf8")),
    );
    expect(offenders.map((f) => path.relative(root, f))).toEqual([]);
  });
});

describe("proof of play and clicks never name another tenant's content", () => {
  beforeAll(async () => {
    // Rows an unchecked gateway once stored: A1's screen naming B1's program and material.
    const at = new Date(Date.now() - 60_000);
    const row = { terminalId: id.termA, officeId: o.a1, sceneId: "s1", at, ms: 1000 };
    await t.database.db.insert(playEvents).values([
      { ...row, programId: id.progB, materialId: id.matB, widgetId: "wbtn", kind: "media" },
      { ...row, programId: id.progB, materialId: null, widgetId: "wbtn", kind: "click", ms: 0 },
      { ...row, programId: id.progA, materialId: null, widgetId: null, kind: "scene" },
    ]);
    await runRollups(t.app.services);
  });

  it("in the raw plays, the summaries by program and material, the export and the click statistics", async () => {
    const calls = [
      a1.get("/a/api/pop/detail", { ...RANGE, size: 50 }),
      a1.get("/a/api/pop/summary", { ...RANGE, by: "program" }),
      a1.get("/a/api/pop/summary", { ...RANGE, by: "material" }),
      a1.get("/a/api/statistics/statisticsWidgetClick", RANGE),
      a1.get("/a/api/statistics/statisticsWidgetUse", RANGE),
      a1.post("/a/api/pop/export", { ...RANGE, view: "detail", format: "csv" }),
      a1.post("/a/api/pop/export", { ...RANGE, view: "summary-material", format: "csv" }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).not.toContain(SECRET);
    }
    // A1's own content is still named.
    const detail = (await a1.get("/a/api/pop/detail", { ...RANGE, size: 50 })).json();
    expect(detail.list.map((r: { programName: string | null }) => r.programName)).toContain("A1 loop");
  });

  it("refuses another tenant's program or material as a filter, like a missing one", async () => {
    for (const res of [
      await a1.get("/a/api/pop/summary", { ...RANGE, by: "terminal", programId: id.progB }),
      await a1.get("/a/api/pop/detail", { ...RANGE, materialId: id.matB }),
      await a1.get("/a/api/statistics/statisticsWidgetClick", { ...RANGE, programId: id.progB }),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.body).not.toContain(SECRET);
    }
    expect(
      (await a1.get("/a/api/pop/summary", { ...RANGE, by: "terminal", programId: id.progA })).statusCode,
    ).toBe(200);
  });

  it("counts every stored play under the office it was played in", async () => {
    const r = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from play_events where office_id <> ${o.a1}`,
    );
    expect(r.rows[0]?.n).toBe(0);
  });
});

describe("a terminal moved to another customer", () => {
  const A2 = "A2-PRIVATE";
  const m = { terminal: 0, program: 0, publication: 0, a2user: 0 };
  let agent: Client;
  let a2: Client;

  beforeAll(async () => {
    const db = t.database.db;
    const a2admin = await addUser(t, o.a2, "a2admin", [...TENANT_ADMIN_PERMISSIONS.customer], {
      name: `${A2} admin`,
    });
    m.a2user = a2admin.id;
    a2 = await signedIn(t, "a2admin", "a2adminPass1", "en");
    await addUser(t, o.agent, "agentadmin", [...TENANT_ADMIN_PERMISSIONS.agent]);
    agent = await signedIn(t, "agentadmin", "agentadminPass1", "en");
    const doc = createProgram({ width: 1920, height: 1080 });
    m.program =
      (
        await db
          .insert(programs)
          .values({
            officeId: o.a2,
            name: `${A2} program`,
            width: 1920,
            height: 1080,
            doc,
            state: "published",
          })
          .returning({ id: programs.id })
      )[0]?.id ?? 0;
    m.terminal = await insertTerminal(t.app, o.a2, { name: "Kiosk", programIds: [m.program] });
    m.publication =
      (
        await db
          .insert(publications)
          .values({
            officeId: o.a2,
            tenantId: o.a2,
            kind: "program",
            contentId: m.program,
            name: `${A2} publication`,
            state: "active",
            createdBy: m.a2user,
          })
          .returning({ id: publications.id })
      )[0]?.id ?? 0;
    await db
      .update(terminals)
      .set({ publicationIds: [m.publication] })
      .where(sql`id = ${m.terminal}`);
    await db
      .insert(publicationTargets)
      .values({ publicationId: m.publication, terminalId: m.terminal, state: "playing" });
    await db.insert(terminalCommands).values({
      id: "a2-cmd",
      terminalId: m.terminal,
      officeId: o.a2,
      name: "refresh",
      args: { note: A2 },
      state: "done",
      createdBy: m.a2user,
    });
    await db.insert(terminalEvents).values({
      terminalId: m.terminal,
      officeId: o.a2,
      kind: "info",
      message: `${A2} event`,
      at: new Date(),
    });
    await db.insert(playEvents).values({
      terminalId: m.terminal,
      officeId: o.a2,
      programId: m.program,
      sceneId: "s1",
      widgetId: null,
      materialId: null,
      kind: "scene",
      at: new Date(Date.now() - 60_000),
      ms: 1000,
    });
    const moved = await agent.post("/a/api/terminal/updateTerminalOffice", {
      ids: [m.terminal],
      officeId: o.a1,
    });
    expect(moved.statusCode, moved.body).toBe(200);
  });

  it("leaves the old customer's programs, publications, commands, events and plays behind", async () => {
    for (const res of [
      await a1.get("/a/api/terminal/programPublishInfo", { id: m.terminal }),
      await a1.get("/a/api/terminal/terminalDetails", { id: m.terminal }),
      await a1.get("/a/api/sysSetting/ajaxScrollCmd", { size: 50 }),
      await a1.get("/a/api/pop/detail", { ...RANGE, size: 50 }),
    ]) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).not.toContain(A2);
    }
    const [row] = await t.database.db.select().from(terminals).where(sql`id = ${m.terminal}`);
    if (!row) throw new Error("the terminal is gone");
    expect(row).toMatchObject({
      officeId: o.a1,
      programIds: [],
      publicationIds: [],
      playNow: null,
      strategyId: null,
    });
    const manifest = await t.app.services.hub.manifests.forTerminal({ ...row, reportedTimezone: null });
    expect(JSON.stringify(manifest)).not.toContain(A2);
  });

  it("keeps that history with the old customer, and its publication sees the screen withdrawn", async () => {
    const commands = (await a2.get("/a/api/sysSetting/ajaxScrollCmd", { size: 50 })).json();
    expect(commands.list.map((c: { id: string }) => c.id)).toContain("a2-cmd");
    // The screen is not A2's any more: its new name (A1's) is not shown to A2.
    expect(JSON.stringify(commands.list)).not.toContain("Kiosk");
    const [target] = await t.database.db
      .select()
      .from(publicationTargets)
      .where(sql`publication_id = ${m.publication}`);
    expect(target?.state).toBe("withdrawn");
  });
});
