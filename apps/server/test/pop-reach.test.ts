import { readFileSync } from "node:fs";
import { createProgram } from "@marquee/program";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { materials, playEvents, programs, terminals } from "../src/db/schema";
import { yearMasks } from "../src/modules/pop/repo";
import { runRollups } from "../src/modules/statistics/rollup";
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
import { insertTerminal } from "./terminal-helpers";

/**
 * Proof-of-play summaries from the roll-ups against the same summaries
 * counted over the raw plays, for random ranges: partial and whole months,
 * across a new year, and ending today while today is still being played
 * (rolled up twice, with plays arriving late for earlier days between the
 * passes). "Terminals reached" is the distinct count the roll-ups must not
 * get wrong: terminals play on scattered days and one moves to another
 * customer halfway.
 */

const ZONE = "Asia/Shanghai";
const ZONE_MS = 8 * 3_600_000;
const FIRST = "2025-11-20";
const TODAY = "2026-02-10";

let t: TestApp;
let admin: Client;
let aUser: Client;
const office = { a: 0, b: 0 };
let moved = 0;

/** A small deterministic generator (mulberry32): the same plays and ranges every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const DAY_MS = 86_400_000;
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** An instant `minutes` after local midnight of `day` in the zone. */
const localAt = (day: string, minutes: number) => new Date(dayMs(day) - ZONE_MS + minutes * 60_000);

type Play = typeof playEvents.$inferInsert;

beforeAll(async () => {
  t = await createTestApp();
  const ids = await initSystem(t);
  await t.app.services.settings.set("defaultTimezone", ZONE, null);
  admin = await signedIn(t, ADMIN.username, ADMIN.password, "en");
  const agent = await addOffice(t, ids.officeId, "agent", "Agent");
  const a = await addOffice(t, agent.id, "customer", "Customer A");
  const b = await addOffice(t, agent.id, "customer", "Customer B");
  Object.assign(office, { a: a.id, b: b.id });
  const db = t.database.db;
  const termsA: number[] = [];
  const termsB: number[] = [];
  for (let i = 0; i < 6; i++) termsA.push(await insertTerminal(t.app, a.id));
  for (let i = 0; i < 3; i++) termsB.push(await insertTerminal(t.app, b.id));
  moved = termsA[5] ?? 0;
  const doc = createProgram({ width: 1920, height: 1080 });
  const program = async (officeId: number) => {
    const [p] = await db
      .insert(programs)
      .values({ officeId, name: `Program ${officeId}`, width: 1920, height: 1080, doc, state: "published" })
      .returning({ id: programs.id });
    return p?.id ?? 0;
  };
  const material = async (officeId: number) => {
    const [m] = await db
      .insert(materials)
      .values({ officeId, name: `Material ${officeId}`, type: "image" })
      .returning({ id: materials.id });
    return m?.id ?? 0;
  };
  const progA = [await program(a.id), await program(a.id), await program(a.id)];
  const progB = [await program(b.id)];
  const matA = [await material(a.id), await material(a.id), await material(a.id), await material(a.id)];
  const matB = [await material(b.id), await material(b.id)];

  const rnd = random(22);
  const pick = <T>(list: T[]) => list[Math.floor(rnd() * list.length)] as T;
  /** The plays of a terminal on a day: a few, each of a program, most with a material, some clicks. */
  const playsOf = (terminalId: number, officeId: number, day: string, from: number, to: number): Play[] => {
    const inA = officeId === a.id;
    const out: Play[] = [];
    const n = 1 + Math.floor(rnd() * 4);
    for (let k = 0; k < n; k++) {
      const at = localAt(day, from + Math.floor(rnd() * (to - from)));
      const programId = pick(inA ? progA : progB);
      const ms = 5000 + Math.floor(rnd() * 10_000);
      const base = { terminalId, officeId, programId, sceneId: "s1", at };
      out.push({ ...base, kind: "scene", widgetId: null, materialId: null, ms });
      if (rnd() < 0.8)
        out.push({ ...base, kind: "media", widgetId: "w1", materialId: pick(inA ? matA : matB), ms });
      // A widget without a material (a clock, a web page): a media play that is no material's.
      else out.push({ ...base, kind: "media", widgetId: "w2", materialId: null, ms });
      if (rnd() < 0.2) out.push({ ...base, kind: "click", widgetId: "w3", materialId: null, ms: 0 });
    }
    return out;
  };
  const first: Play[] = [];
  const later: Play[] = [];
  const half = dayMs("2026-01-05");
  for (let d = dayMs(FIRST); d <= dayMs(TODAY); d += DAY_MS) {
    const day = isoDay(d);
    for (const id of [...termsA, ...termsB]) {
      // Scattered days: each terminal plays on about half of them (reach over a range is not additive).
      if (rnd() < 0.45) continue;
      // The moved screen counts under customer B from 5 January (its plays carry the office of their day).
      const officeId = termsB.includes(id) || (id === moved && d >= half) ? b.id : a.id;
      if (day === TODAY) {
        first.push(...playsOf(id, officeId, day, 0, 600));
        later.push(...playsOf(id, officeId, day, 600, 1200));
      } else first.push(...playsOf(id, officeId, day, 0, 1440));
    }
  }
  // Late arrivals: plays of earlier days (across the new year) reported after the first pass.
  for (const day of ["2025-12-31", "2026-01-01", "2026-02-01", "2026-02-09"])
    later.push(
      ...playsOf(termsA[0] ?? 0, a.id, day, 0, 1440),
      ...playsOf(termsB[2] ?? 0, b.id, day, 0, 1440),
    );
  for (let i = 0; i < first.length; i += 1000) await db.insert(playEvents).values(first.slice(i, i + 1000));
  await db.update(terminals).set({ officeId: b.id }).where(sql`id = ${moved}`);
  await runRollups(t.app.services, { now: localAt(TODAY, 600) });
  await db.insert(playEvents).values(later);
  await runRollups(t.app.services, { now: localAt(TODAY, 1200) });

  const ua = await addUser(t, a.id, "reacha", ["stats:proofOfPlay:view"]);
  aUser = await signedIn(t, ua.username, ua.password, "en");
}, 120_000);
afterAll(async () => {
  await t?.close();
});

type By = "program" | "material" | "terminal" | "office";
const KEY: Record<By, string> = {
  program: "program_id",
  material: "coalesce(material_id, 0)",
  terminal: "terminal_id",
  office: "office_id",
};

/** The summary counted over the raw plays: rows sorted as the route sorts them, and the totals. */
async function raw(by: By, kind: string, from: string, to: string, offices: readonly number[] | null) {
  const where = sql.join(
    [
      sql`kind = ${kind}`,
      sql`(at at time zone ${ZONE})::date between ${from}::date and ${to}::date`,
      offices ? sql`office_id = any(${sql.param([...offices])}::int[])` : sql`true`,
      by === "material" ? sql`material_id is not null` : sql`true`,
    ],
    sql` and `,
  );
  const rows = await t.database.db.execute<{
    id: number;
    plays: number;
    ms: number;
    terminals: number;
    first_day: string;
    last_day: string;
  }>(sql`
    select ${sql.raw(KEY[by])} as id, count(*)::int as plays, sum(ms)::int as ms,
      count(distinct terminal_id)::int as terminals,
      min((at at time zone ${ZONE})::date)::text as first_day, max((at at time zone ${ZONE})::date)::text as last_day
    from play_events where ${where} group by 1`);
  const totals = await t.database.db.execute<{ plays: number; ms: number; terminals: number }>(sql`
    select count(*)::int as plays, coalesce(sum(ms), 0)::int as ms, count(distinct terminal_id)::int as terminals
    from play_events where ${where}`);
  const list = rows.rows
    .map((r) => ({
      id: Number(r.id),
      plays: r.plays,
      ms: r.ms,
      terminals: r.terminals,
      firstDay: r.first_day,
      lastDay: r.last_day,
    }))
    .sort((x, y) => y.plays - x.plays || x.id - y.id);
  return { list, totals: totals.rows[0] };
}

/** Random ranges within the data (and a little past it), with the edges a roll-up cuts at. */
function ranges(): Array<[string, string]> {
  const rnd = random(7);
  const out: Array<[string, string]> = [
    [FIRST, TODAY],
    ["2025-12-01", "2025-12-31"],
    ["2025-12-31", "2026-01-01"],
    ["2025-12-15", "2026-01-20"],
    ["2026-01-01", TODAY],
    [TODAY, TODAY],
    ["2026-02-01", TODAY],
    ["2025-03-01", "2026-02-28"],
    ["2025-11-25", "2026-01-31"],
  ];
  const span = (dayMs(TODAY) - dayMs(FIRST)) / DAY_MS;
  for (let i = 0; i < 12; i++) {
    const a = Math.floor(rnd() * span);
    const b = rnd() < 0.3 ? span : Math.min(span + 3, a + Math.floor(rnd() * 70));
    out.push([isoDay(dayMs(FIRST) + a * DAY_MS), isoDay(dayMs(FIRST) + b * DAY_MS)]);
  }
  return out;
}

describe("summaries from the roll-ups equal the raw plays", () => {
  it("masks a range's days per year", () => {
    const m = yearMasks("2025-12-30", "2026-01-02");
    expect(m.years).toEqual([2025, 2026]);
    expect(m.masks[0]).toBe(`${"0".repeat(363)}110`);
    expect(m.masks[1]).toBe(`11${"0".repeat(364)}`);
    expect(yearMasks("2024-12-31", "2024-12-31").masks[0]).toBe(`${"0".repeat(365)}1`);
    expect(yearMasks("2026-01-01", "2026-12-31").masks[0]).toBe(`${"1".repeat(365)}0`);
  });

  for (const by of ["program", "material", "terminal", "office"] as const) {
    it(`by ${by}, platform-wide and for a customer, over random ranges including today`, async () => {
      const kind = by === "material" ? "media" : "scene";
      for (const [from, to] of ranges()) {
        for (const [who, offices] of [
          [admin, null],
          [aUser, [office.a]],
        ] as const) {
          const res = await who.get("/a/api/pop/summary", { by, from, to, pageSize: 100 });
          expect(res.statusCode, res.body).toBe(200);
          const body = res.json();
          const want = await raw(by, kind, from, to, offices);
          const got = body.list.map((r: Record<string, unknown>) => ({
            id: r.id,
            plays: r.plays,
            ms: r.ms,
            terminals: r.terminals,
            firstDay: r.firstDay,
            lastDay: r.lastDay,
          }));
          const what = `${by} ${from}…${to} ${offices ? "customer" : "platform"}`;
          expect(got, what).toEqual(want.list);
          expect(body.totals, what).toEqual(want.totals);
        }
      }
    }, 120_000);
  }

  it("counts the reach of one program or material filtered", async () => {
    const programs = await raw("program", "scene", FIRST, TODAY, [office.a]);
    const materials = await raw("material", "media", FIRST, TODAY, [office.a]);
    const p = programs.list[0];
    const m = materials.list[0];
    if (!p || !m) throw new Error("no plays seeded");
    for (const [from, to] of ranges().slice(0, 8)) {
      const rp = (await aUser.get("/a/api/pop/summary", { by: "program", from, to, programId: p.id })).json();
      const wp = (await raw("program", "scene", from, to, [office.a])).list.find((r) => r.id === p.id);
      expect(rp.totals.terminals, `program ${from}…${to}`).toBe(wp?.terminals ?? 0);
      const rm = (
        await aUser.get("/a/api/pop/summary", { by: "material", from, to, materialId: m.id })
      ).json();
      const wm = (await raw("material", "media", from, to, [office.a])).list.find((r) => r.id === m.id);
      expect(rm.totals.terminals, `material ${from}…${to}`).toBe(wm?.terminals ?? 0);
    }
  }, 120_000);

  it("the migration's backfill writes the days played the roll-up wrote (an upgraded installation)", async () => {
    const db = t.database.db;
    const dump = async () =>
      (
        await db.execute(sql`
          select 'p' as t, kind, program_id as id, year, office_id, terminal_id, days::text from stat_pop_program_reach
          union all
          select 'm', kind, material_id, year, office_id, terminal_id, days::text from stat_pop_material_reach
          order by 1, 2, 3, 4, 5, 6`)
      ).rows;
    const before = await dump();
    expect(before.length).toBeGreaterThan(0);
    const file = new URL("../src/db/migrations/0020_pop_material_reach.sql", import.meta.url);
    const inserts = readFileSync(file, "utf8")
      .split("--> statement-breakpoint")
      .filter((part) => part.includes("INSERT INTO"));
    expect(inserts).toHaveLength(2);
    await db.execute(sql`truncate stat_pop_program_reach, stat_pop_material_reach`);
    for (const statement of inserts) await db.execute(sql.raw(statement));
    expect(await dump()).toEqual(before);
  });
});
