import { TENANT_ADMIN_PERMISSIONS } from "@marquee/contracts";
import { createProgram, createWidget } from "@marquee/program";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { materials, playEvents, programs } from "../src/db/schema";
import { runRollups } from "../src/modules/statistics/rollup";
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
const o = { agent: 0, a1: 0, b1: 0 };
const id = { termA: 0, progA: 0, progB: 0, matB: 0 };
const SECRET = "B1-SECRET";
let a1: Client;
const DAY = new Date().toISOString().slice(0, 10);
const RANGE = { from: DAY, to: DAY };

beforeAll(async () => {
  t = await createTestApp();
  const platform = (await initSystem(t)).officeId;
  o.agent = (await addOffice(t, platform, "agent", "Agent")).id;
  o.a1 = (await addOffice(t, o.agent, "customer", "A1")).id;
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
