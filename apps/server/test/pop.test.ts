import { createProgram } from "@marquee/program";
import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { materials, playEvents, programs, terminalGroups } from "../src/db/schema";
import { popExportLimits } from "../src/modules/pop/export";
import { cutRange, cutWeeks } from "../src/modules/statistics/periods";
import { runRollups } from "../src/modules/statistics/rollup";
import {
  ADMIN,
  addOffice,
  addUser,
  type Client,
  createTestApp,
  initSystem,
  officeOfTerminal,
  signedIn,
  type TestApp,
} from "./helpers";
import { insertTerminal } from "./terminal-helpers";

/**
 * Proof of play: plays seeded over terminals of two customers and several
 * days (some on either side of a midnight of the platform's zone, UTC+8),
 * rolled up by the real roll-up, and every summary checked against counts
 * made here over the seeded rows.
 */

const ZONE = "Asia/Shanghai";
const ZONE_MS = 8 * 3_600_000;

let t: TestApp;
let admin: Client;
let aUser: Client;
let bUser: Client;
let aViewer: Client;
let aFr: Client;
const office: Record<"a" | "aShop" | "b", number> = { a: 0, aShop: 0, b: 0 };
const term: Record<"a1" | "a2" | "s1" | "b1", number> = { a1: 0, a2: 0, s1: 0, b1: 0 };
const termOffice = new Map<number, number>();
const prog: Record<"p1" | "p2" | "pb", number> = { p1: 0, p2: 0, pb: 0 };
const mat: Record<"m1" | "m2" | "mb", number> = { m1: 0, m2: 0, mb: 0 };
let groupId = 0;
/** A program that no longer exists: its plays stay, named "#id". */
const GONE = 999_000;

interface Seeded {
  terminalId: number;
  programId: number;
  materialId: number | null;
  kind: "scene" | "media" | "click";
  at: Date;
  ms: number;
}
const seeded: Seeded[] = [];

const localDay = (at: Date) => new Date(at.getTime() + ZONE_MS).toISOString().slice(0, 10);

function seed() {
  const days = ["2026-03-08", "2026-03-09", "2026-03-10", "2026-03-11", "2026-03-12"];
  const terms = [term.a1, term.a2, term.s1, term.b1];
  let n = 0;
  for (const [di, day] of days.entries()) {
    for (const [ti, tid] of terms.entries()) {
      const isB = tid === term.b1;
      // Around the zone's midnight: 15:50 to 16:10 UTC is 23:50 to 00:10 local.
      for (let k = 0; k < 4 + ((di + ti) % 3); k++) {
        const at = new Date(Date.parse(`${day}T15:50:00Z`) + k * 7 * 60_000 + ti * 1000);
        const programId = isB ? prog.pb : (k + ti) % 3 === 0 ? prog.p2 : k === 3 && ti === 1 ? GONE : prog.p1;
        const ms = 10_000 + ((n * 137) % 5000);
        seeded.push({ terminalId: tid, programId, materialId: null, kind: "scene", at, ms });
        const materialId = isB ? mat.mb : (k + di) % 2 === 0 ? mat.m1 : mat.m2;
        seeded.push({ terminalId: tid, programId, materialId, kind: "media", at, ms: ms - 1000 });
        if (k === 0 && !isB)
          seeded.push({ terminalId: tid, programId, materialId: null, kind: "click", at, ms: 0 });
        n++;
      }
    }
  }
}

/** The figures expected of a summary, counted over the seeded rows. */
function expected(
  by: "program" | "material" | "terminal" | "office",
  kind: Seeded["kind"],
  keep: (s: Seeded) => boolean,
  from: string,
  to: string,
) {
  const key = (s: Seeded) =>
    by === "program"
      ? s.programId
      : by === "material"
        ? (s.materialId ?? 0)
        : by === "terminal"
          ? s.terminalId
          : (termOffice.get(s.terminalId) ?? 0);
  const rows = new Map<number, { plays: number; ms: number; terminals: Set<number>; days: string[] }>();
  const totals = { plays: 0, ms: 0, terminals: new Set<number>() };
  for (const s of seeded) {
    const day = localDay(s.at);
    if (s.kind !== kind || !keep(s) || day < from || day > to) continue;
    if (by === "material" && s.materialId === null) continue;
    const r = rows.get(key(s)) ?? { plays: 0, ms: 0, terminals: new Set<number>(), days: [] };
    r.plays++;
    r.ms += s.ms;
    r.terminals.add(s.terminalId);
    r.days.push(day);
    rows.set(key(s), r);
    totals.plays++;
    totals.ms += s.ms;
    totals.terminals.add(s.terminalId);
  }
  const list = [...rows].map(([id, r]) => ({
    id,
    plays: r.plays,
    ms: r.ms,
    terminals: r.terminals.size,
    firstDay: [...r.days].sort()[0],
    lastDay: [...r.days].sort().at(-1),
  }));
  list.sort((x, y) => y.plays - x.plays || x.id - y.id);
  return { list, totals: { plays: totals.plays, ms: totals.ms, terminals: totals.terminals.size } };
}

const inA = (s: Seeded) => s.terminalId !== term.b1;

beforeAll(async () => {
  t = await createTestApp();
  const ids = await initSystem(t);
  await t.app.services.settings.set("defaultTimezone", ZONE, null);
  admin = await signedIn(t, ADMIN.username, ADMIN.password, "en");
  const agent = await addOffice(t, ids.officeId, "agent", "Agent");
  const a = await addOffice(t, agent.id, "customer", "Customer A");
  const aShop = await addOffice(t, a.id, "institution", "Shop A");
  const b = await addOffice(t, agent.id, "customer", "Customer B");
  Object.assign(office, { a: a.id, aShop: aShop.id, b: b.id });
  const db = t.database.db;
  const [g] = await db.insert(terminalGroups).values({ officeId: a.id, name: "Lobby" }).returning();
  groupId = g?.id ?? 0;
  term.a1 = await insertTerminal(t.app, a.id, { name: "Lobby 1", groupId });
  term.a2 = await insertTerminal(t.app, a.id, { name: "Window 2" });
  term.s1 = await insertTerminal(t.app, aShop.id, { name: "Shop screen" });
  term.b1 = await insertTerminal(t.app, b.id, { name: "B screen" });
  termOffice.set(term.a1, a.id).set(term.a2, a.id).set(term.s1, aShop.id).set(term.b1, b.id);
  const doc = createProgram({ width: 1920, height: 1080 });
  const program = async (officeId: number, name: string) => {
    const [p] = await db
      .insert(programs)
      .values({ officeId, name, width: 1920, height: 1080, doc, state: "published" })
      .returning({ id: programs.id });
    return p?.id ?? 0;
  };
  prog.p1 = await program(a.id, "Morning news");
  prog.p2 = await program(a.id, "Promotions");
  prog.pb = await program(b.id, "B program");
  const material = async (officeId: number, name: string) => {
    const [m] = await db
      .insert(materials)
      .values({ officeId, name, type: "image" })
      .returning({ id: materials.id });
    return m?.id ?? 0;
  };
  mat.m1 = await material(a.id, "Spring poster");
  mat.m2 = await material(a.id, "=cmd|' /C calc'!A0");
  mat.mb = await material(b.id, "B poster");
  seed();
  await db
    .insert(playEvents)
    .values(
      seeded.map((s) => ({ ...s, officeId: officeOfTerminal(s.terminalId), sceneId: "s1", widgetId: "w1" })),
    );
  await runRollups(t.app.services);

  const ua = await addUser(t, a.id, "popa", ["stats:proofOfPlay:view", "stats:proofOfPlay:export"]);
  const ub = await addUser(t, b.id, "popb", ["stats:proofOfPlay:view", "stats:proofOfPlay:export"]);
  const uv = await addUser(t, a.id, "popview", ["stats:proofOfPlay:view"]);
  aUser = await signedIn(t, ua.username, ua.password, "en");
  bUser = await signedIn(t, ub.username, ub.password, "en");
  aViewer = await signedIn(t, uv.username, uv.password, "en");
  aFr = await signedIn(t, ua.username, ua.password, "fr");
});
afterAll(async () => {
  await t?.close();
});

const RANGE = { from: "2026-03-08", to: "2026-03-13" };

describe("summary", () => {
  for (const by of ["program", "material", "terminal", "office"] as const) {
    it(`by ${by} matches counts over the raw plays, in the caller's range only`, async () => {
      const kind = by === "material" ? "media" : "scene";
      const res = await aUser.get("/a/api/pop/summary", { by, ...RANGE, pageSize: 100 });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      const want = expected(by, kind, inA, RANGE.from, RANGE.to);
      expect(body.kind).toBe(kind);
      expect(body.timezone).toBe(ZONE);
      expect(body.total).toBe(want.list.length);
      expect(
        body.list.map((r: Record<string, unknown>) => ({
          id: r.id,
          plays: r.plays,
          ms: r.ms,
          terminals: r.terminals,
          firstDay: r.firstDay,
          lastDay: r.lastDay,
        })),
      ).toEqual(want.list);
      expect(body.totals).toEqual(want.totals);
      // The chart's series: one point per day of the range, summing to the totals.
      expect(body.series.map((p: { day: string }) => p.day)).toEqual([
        "2026-03-08",
        "2026-03-09",
        "2026-03-10",
        "2026-03-11",
        "2026-03-12",
        "2026-03-13",
      ]);
      expect(body.series.reduce((s: number, p: { plays: number }) => s + p.plays, 0)).toBe(want.totals.plays);
      const ids = body.list.map((r: { id: number }) => r.id);
      const theirs = { program: prog.pb, material: mat.mb, terminal: term.b1, office: office.b }[by];
      expect(ids).not.toContain(theirs);
    });
  }

  it("counts a play in the day of the platform's zone, not UTC's", async () => {
    // 16:04 UTC on the 8th is 00:04 on the 9th in UTC+8.
    const res = await admin.get("/a/api/pop/summary", {
      by: "terminal",
      from: "2026-03-08",
      to: "2026-03-08",
    });
    const want = expected("terminal", "scene", () => true, "2026-03-08", "2026-03-08");
    expect(res.json().totals).toEqual(want.totals);
    expect(want.totals.plays).toBeGreaterThan(0);
    const utcDay = seeded.filter((s) => s.kind === "scene" && s.at.toISOString().startsWith("2026-03-08"));
    expect(want.totals.plays).toBeLessThan(utcDay.length);
  });

  it("names deleted entities #id and filters by office, group, terminal, program, material and kind", async () => {
    const all = (await admin.get("/a/api/pop/summary", { by: "program", ...RANGE, pageSize: 100 })).json();
    const gone = all.list.find((r: { id: number }) => r.id === GONE);
    expect(gone).toMatchObject({ name: `#${GONE}`, deleted: true });
    expect(all.list.find((r: { id: number }) => r.id === prog.p1)).toMatchObject({
      name: "Morning news",
      deleted: false,
    });
    expect(all.totals).toEqual(expected("program", "scene", () => true, RANGE.from, RANGE.to).totals);

    const cases: Array<[Record<string, string | number>, (s: Seeded) => boolean]> = [
      [{ officeId: office.aShop }, (s) => s.terminalId === term.s1],
      [{ groupId }, (s) => s.terminalId === term.a1],
      [{ terminalId: term.a2 }, (s) => s.terminalId === term.a2],
      [{ programId: prog.p2 }, (s) => s.programId === prog.p2],
    ];
    for (const [filter, keep] of cases) {
      const res = await admin.get("/a/api/pop/summary", {
        by: "program",
        ...RANGE,
        ...filter,
        pageSize: 100,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().totals, JSON.stringify(filter)).toEqual(
        expected("program", "scene", keep, RANGE.from, RANGE.to).totals,
      );
    }
    const m = await admin.get("/a/api/pop/summary", { by: "terminal", ...RANGE, materialId: mat.m1 });
    expect(m.json().kind).toBe("scene");
    expect(m.json().totals.plays).toBe(0);
    const media = await admin.get("/a/api/pop/summary", {
      by: "terminal",
      ...RANGE,
      materialId: mat.m1,
      kind: "media",
    });
    expect(media.json().totals).toEqual(
      expected("terminal", "media", (s) => s.materialId === mat.m1, RANGE.from, RANGE.to).totals,
    );
    const clicks = await admin.get("/a/api/pop/summary", { by: "office", ...RANGE, kind: "click" });
    expect(clicks.json().totals).toEqual(
      expected("office", "click", () => true, RANGE.from, RANGE.to).totals,
    );
  });

  it("pages and sorts without losing or repeating a row", async () => {
    const full = (
      await admin.get("/a/api/pop/summary", {
        by: "terminal",
        ...RANGE,
        sort: "duration",
        order: "asc",
        pageSize: 100,
      })
    ).json();
    const ms = full.list.map((r: { ms: number }) => r.ms);
    expect(ms).toEqual([...ms].sort((x, y) => x - y));
    const paged: number[] = [];
    for (let pageNo = 1; pageNo <= 4; pageNo++) {
      const page = (
        await admin.get("/a/api/pop/summary", {
          by: "terminal",
          ...RANGE,
          sort: "duration",
          order: "asc",
          pageSize: 1,
          pageNo,
        })
      ).json();
      expect(page.total).toBe(4);
      paged.push(...page.list.map((r: { id: number }) => r.id));
    }
    expect(paged).toEqual(full.list.map((r: { id: number }) => r.id));
  });
});

describe("detail", () => {
  it("walks every raw play of the range once, newest first, by cursor", async () => {
    const seen: Array<{ id: number; at: string; terminalId: number }> = [];
    let cursor: string | undefined;
    for (let i = 0; i < 100; i++) {
      const res = await aUser.get("/a/api/pop/detail", { ...RANGE, size: 7, ...(cursor ? { cursor } : {}) });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).not.toHaveProperty("total");
      seen.push(...body.list);
      if (!body.more) {
        expect(body.cursor).toBeNull();
        break;
      }
      cursor = body.cursor;
    }
    const want = seeded.filter((s) => inA(s) && localDay(s.at) >= RANGE.from && localDay(s.at) <= RANGE.to);
    expect(seen).toHaveLength(want.length);
    expect(new Set(seen.map((r) => r.id)).size).toBe(want.length);
    expect(seen.every((r) => r.terminalId !== term.b1)).toBe(true);
    const keys = seen.map((r) => [Date.parse(r.at), r.id] as const);
    for (let i = 1; i < keys.length; i++) {
      const [pa, pi] = keys[i - 1] ?? [0, 0];
      const [ca, ci] = keys[i] ?? [0, 0];
      expect(ca < pa || (ca === pa && ci < pi)).toBe(true);
    }
  });

  it("filters like the summary and names what played", async () => {
    const res = await admin.get("/a/api/pop/detail", {
      from: "2026-03-10",
      to: "2026-03-10",
      terminalId: term.a2,
      kind: "media",
      size: 200,
    });
    const body = res.json();
    const want = seeded.filter(
      (s) => s.terminalId === term.a2 && s.kind === "media" && localDay(s.at) === "2026-03-10",
    );
    expect(body.list).toHaveLength(want.length);
    expect(body.more).toBe(false);
    const row = body.list.find((r: { programId: number }) => r.programId === GONE);
    if (row) expect(row.programName).toBe(`#${GONE}`);
    expect(body.list[0]).toMatchObject({
      terminalName: "Window 2",
      kind: "media",
      sceneId: "s1",
      widgetId: "w1",
    });
  });
});

describe("export", () => {
  it("writes a summary as .xlsx with the same figures", async () => {
    const res = await aUser.post("/a/api/pop/export", { ...RANGE, view: "summary-program", format: "xlsx" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-disposition"]).toContain(".xlsx");
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error("no sheet");
    const rows: unknown[][] = [];
    sheet.eachRow((r) => {
      rows.push((r.values as unknown[]).slice(1));
    });
    expect(rows[0]?.slice(0, 3)).toEqual(["ID", "Program", "Plays"]);
    const want = expected("program", "scene", inA, RANGE.from, RANGE.to);
    const body = rows.slice(1, 1 + want.list.length);
    expect(body.map((r) => [r[0], r[2], r[3], r[4]])).toEqual(
      want.list.map((w) => [w.id, w.plays, w.ms / 1000, w.terminals]),
    );
    expect(rows[1 + want.list.length]?.slice(0, 5)).toEqual([
      "Total",
      undefined,
      want.totals.plays,
      want.totals.ms / 1000,
      want.totals.terminals,
    ]);
    expect(JSON.stringify(rows)).not.toContain("B program");
  });

  it("writes the plays as CSV in the caller's zone, and another customer's never", async () => {
    const res = await bUser.post("/a/api/pop/export", {
      ...RANGE,
      view: "detail",
      format: "csv",
      timezone: "Europe/Rome",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    expect(res.body.startsWith("\uFEFF")).toBe(true);
    const lines = res.body.slice(1).trim().split("\r\n");
    expect(lines[0]).toBe("ID,Time (Europe/Rome),Kind,Terminal,Program,Scene,Widget,Material,Duration (s)");
    const want = seeded.filter(
      (s) => s.terminalId === term.b1 && localDay(s.at) >= RANGE.from && localDay(s.at) <= RANGE.to,
    );
    expect(lines).toHaveLength(1 + want.length);
    expect(lines.slice(1).every((l) => l.includes(",B screen,"))).toBe(true);
    // 15:50 UTC in March is 16:50 in Rome.
    expect(lines.some((l) => l.includes("2026-03-12 16:50:03"))).toBe(true);
    const total = lines.slice(1).reduce((s, l) => s + Number(l.split(",").at(-1)), 0);
    expect(Math.round(total * 1000)).toBe(want.reduce((s, w) => s + w.ms, 0));
  });

  it("quotes text a spreadsheet would run, and says when a detail export is cut", async () => {
    const saved = { ...popExportLimits };
    popExportLimits.maxRows = 5;
    popExportLimits.batch = 2;
    try {
      const res = await aUser.post("/a/api/pop/export", {
        ...RANGE,
        view: "detail",
        format: "csv",
        materialId: mat.m2,
      });
      const lines = res.body.slice(1).trim().split("\r\n");
      expect(lines).toHaveLength(1 + 5 + 1);
      expect(lines.at(-1)).toContain("Only the first 5 plays are listed");
      expect(lines[1]).toContain(",'=cmd|' /C calc'!A0,");
      const x = await aUser.post("/a/api/pop/export", { ...RANGE, view: "detail", format: "xlsx" });
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
      const sheet = book.worksheets[0];
      expect(sheet?.rowCount).toBe(1 + 5 + 1);
      expect(String(sheet?.getRow(7).getCell(1).value)).toContain("Only the first 5 plays");
    } finally {
      Object.assign(popExportLimits, saved);
    }
  });

  it("is audited and needs the export right", async () => {
    const denied = await aViewer.post("/a/api/pop/export", { ...RANGE, view: "detail", format: "csv" });
    expect(denied.statusCode).toBe(403);
    // The refusal is logged too (as failed, 403), and the exports before it with what they exported.
    const log = await t.database.pool.query(
      "select target, result, status from audit_logs where action = 'popExport' order by id desc limit 2",
    );
    expect(log.rows[0]).toMatchObject({ result: "fail", status: 403 });
    expect(log.rows[1]?.target).toMatch(/^pop:/);
  });
});

describe("bad input and other customers", () => {
  it("refuses bad filters with 400 in the caller's language", async () => {
    const back = await aFr.get("/a/api/pop/summary", { from: "2026-03-10", to: "2026-03-09" });
    expect(back.statusCode).toBe(400);
    expect(back.json().errors[0]).toEqual({ field: "to", message: "ne peut pas précéder le premier jour" });
    const long = await aFr.get("/a/api/pop/detail", { from: "2025-01-01", to: "2026-03-09" });
    expect(long.statusCode).toBe(400);
    expect(long.json().msg).toContain("366 jours");
    for (const q of [
      { by: "screen", ...RANGE },
      { ...RANGE, kind: "video" },
      { from: "2026-02-30", to: "2026-03-01" },
      { ...RANGE, sort: "name" },
      { ...RANGE, terminalId: "x" },
    ])
      expect((await aFr.get("/a/api/pop/summary", q)).statusCode, JSON.stringify(q)).toBe(400);
    expect((await aFr.get("/a/api/pop/detail", { ...RANGE, cursor: "1;drop" })).statusCode).toBe(400);
    expect(
      (await aFr.post("/a/api/pop/export", { ...RANGE, view: "detail", format: "pdf" })).statusCode,
    ).toBe(400);
    expect(
      (await aFr.post("/a/api/pop/export", { ...RANGE, view: "detail", timezone: "Mars/Base" })).statusCode,
    ).toBe(400);
  });

  it("answers another customer's office, group or terminal as missing", async () => {
    const theirs: Array<Record<string, number>> = [{ officeId: office.b }, { terminalId: term.b1 }];
    for (const filter of theirs) {
      const res = await aUser.get("/a/api/pop/summary", { ...RANGE, ...filter });
      expect(res.statusCode).toBe(404);
      expect((await aUser.get("/a/api/pop/detail", { ...RANGE, ...filter })).statusCode).toBe(404);
      expect(
        (await aUser.post("/a/api/pop/export", { ...RANGE, ...filter, view: "detail" })).statusCode,
      ).toBe(404);
    }
    expect((await bUser.get("/a/api/pop/summary", { ...RANGE, groupId })).statusCode).toBe(404);
    const missing = await aUser.get("/a/api/pop/summary", { ...RANGE, terminalId: 987_654 });
    expect(missing.statusCode).toBe(404);
    const b = (await bUser.get("/a/api/pop/summary", { by: "program", ...RANGE })).json();
    expect(b.list.map((r: { id: number }) => r.id)).toEqual([prog.pb]);
  });
});

describe("long ranges", () => {
  it("cuts a range into whole months and the days either side", () => {
    expect(cutRange("2026-01-20", "2026-04-10")).toEqual({
      months: ["2026-02-01", "2026-03-01"],
      days: [
        ["2026-01-20", "2026-01-31"],
        ["2026-04-01", "2026-04-10"],
      ],
    });
    expect(cutRange("2026-02-01", "2026-02-28")).toEqual({ months: ["2026-02-01", "2026-02-01"], days: [] });
    // 2028 is a leap year: the 28th does not end February.
    expect(cutRange("2028-02-01", "2028-02-28")).toEqual({
      months: null,
      days: [["2028-02-01", "2028-02-28"]],
    });
    expect(cutRange("2025-12-31", "2027-01-01")).toEqual({
      months: ["2026-01-01", "2026-12-01"],
      days: [
        ["2025-12-31", "2025-12-31"],
        ["2027-01-01", "2027-01-01"],
      ],
    });
    expect(cutRange("2026-03-02", "2026-03-30")).toEqual({
      months: null,
      days: [["2026-03-02", "2026-03-30"]],
    });
    expect(cutRange("2026-01-31", "2026-02-01")).toEqual({
      months: null,
      days: [["2026-01-31", "2026-02-01"]],
    });
  });

  it("cuts the days either side of the months into whole weeks and the days either side", () => {
    // 2026-01-12 and 2026-04-06 are Mondays, 2026-01-25 and 2026-04-19 Sundays.
    expect(
      cutWeeks([
        ["2026-01-10", "2026-01-31"],
        ["2026-04-01", "2026-04-19"],
      ]),
    ).toEqual({
      weeks: [
        ["2026-01-12", "2026-01-19"],
        ["2026-04-06", "2026-04-13"],
      ],
      days: [
        ["2026-01-10", "2026-01-11"],
        ["2026-01-26", "2026-01-31"],
        ["2026-04-01", "2026-04-05"],
      ],
    });
    // A week exactly, and six days that hold none.
    expect(cutWeeks([["2026-01-12", "2026-01-18"]])).toEqual({
      weeks: [["2026-01-12", "2026-01-12"]],
      days: [],
    });
    expect(cutWeeks([["2026-01-13", "2026-01-19"]])).toEqual({
      weeks: [],
      days: [["2026-01-13", "2026-01-19"]],
    });
    expect(cutWeeks([])).toEqual({ weeks: [], days: [] });
  });

  /** Plays from 19 January to 11 April 2026, some on the zone's midnight at either end of a month. */
  const LONG = { from: "2026-01-20", to: "2026-04-10" };
  /** A range whose ends hold whole weeks (12-25 January, 6-19 April) besides days, read from the week roll-up. */
  const WEEKS = { from: "2026-01-12", to: "2026-04-19" };

  beforeAll(async () => {
    const days = [
      "2026-01-19",
      "2026-01-20",
      "2026-01-30",
      "2026-01-31",
      "2026-02-14",
      "2026-02-28",
      "2026-03-31",
      "2026-04-09",
      "2026-04-10",
    ];
    const more: Seeded[] = [];
    for (const [di, day] of days.entries()) {
      for (const [ti, tid] of [term.a1, term.a2, term.s1, term.b1].entries()) {
        if ((di + ti) % 4 === 3) continue;
        const programId = tid === term.b1 ? prog.pb : (di + ti) % 2 ? prog.p1 : prog.p2;
        const materialId = tid === term.b1 ? mat.mb : di % 3 ? mat.m1 : mat.m2;
        // 15:55 and 16:05 UTC: the last minutes of the day and the first of the next one in UTC+8.
        for (const [k, time] of ["15:55", "16:05"].entries()) {
          const at = new Date(Date.parse(`${day}T${time}:00Z`) + ti * 1000);
          const ms = 5_000 + di * 100 + ti * 10 + k;
          more.push({ terminalId: tid, programId, materialId: null, kind: "scene", at, ms });
          more.push({ terminalId: tid, programId, materialId, kind: "media", at, ms: ms - 500 });
        }
      }
    }
    await t.database.db
      .insert(playEvents)
      .values(
        more.map((s) => ({ ...s, officeId: officeOfTerminal(s.terminalId), sceneId: "s1", widgetId: "w1" })),
      );
    seeded.push(...more);
    await runRollups(t.app.services);
  });

  /** The figures of a summary counted here by SQL over play_events, in the zone's days and the terminals' offices. */
  async function direct(
    by: "program" | "material" | "terminal" | "office",
    kind: Seeded["kind"],
    where: ReturnType<typeof sql>,
    range: { from: string; to: string } = LONG,
  ) {
    const key = sql.raw(
      {
        program: "e.program_id",
        material: "e.material_id",
        terminal: "e.terminal_id",
        office: "t.office_id",
      }[by],
    );
    const from = sql`play_events e join terminals t on t.id = e.terminal_id
      cross join lateral (select (e.at at time zone ${ZONE})::date as day) d`;
    const filter = sql`e.kind = ${kind} and d.day between ${range.from}::date and ${range.to}::date
      ${by === "material" ? sql`and e.material_id is not null` : sql``} and ${where}`;
    const rows = await t.database.db.execute<{
      id: number;
      plays: number;
      ms: number;
      terminals: number;
      first_day: string;
      last_day: string;
    }>(sql`
      select ${key} as id, count(*)::int as plays, sum(e.ms)::int as ms, count(distinct e.terminal_id)::int as terminals,
        min(d.day)::text as first_day, max(d.day)::text as last_day
      from ${from} where ${filter} group by 1 order by 2 desc, 1`);
    const totals = await t.database.db.execute<{ plays: number; ms: number; terminals: number }>(sql`
      select count(*)::int as plays, coalesce(sum(e.ms), 0)::int as ms, count(distinct e.terminal_id)::int as terminals
      from ${from} where ${filter}`);
    return {
      list: rows.rows.map((r) => ({
        id: r.id,
        plays: r.plays,
        ms: r.ms,
        terminals: r.terminals,
        firstDay: r.first_day,
        lastDay: r.last_day,
      })),
      totals: totals.rows[0],
    };
  }

  const figures = (list: Array<Record<string, unknown>>) =>
    list.map((r) => ({
      id: r.id,
      plays: r.plays,
      ms: r.ms,
      terminals: r.terminals,
      firstDay: r.firstDay,
      lastDay: r.lastDay,
    }));

  it("answers a range over three months with the figures of the raw plays", async () => {
    const inRangeA = sql`t.office_id in (${office.a}, ${office.aShop})`;
    const cases: Array<[Client, Record<string, number>, ReturnType<typeof sql>]> = [
      [admin, {}, sql`true`],
      [aUser, {}, inRangeA],
      [admin, { officeId: office.aShop }, sql`t.office_id = ${office.aShop}`],
      [aUser, { groupId }, sql`e.terminal_id = ${term.a1}`],
      [admin, { programId: prog.p2 }, sql`e.program_id = ${prog.p2}`],
    ];
    for (const range of [LONG, WEEKS])
      for (const [client, filter, where] of cases) {
        for (const by of ["terminal", "program", "material", "office"] as const) {
          const kind = by === "material" ? "media" : "scene";
          const res = await client.get("/a/api/pop/summary", { by, ...range, ...filter, pageSize: 100 });
          expect(res.statusCode, res.body).toBe(200);
          const body = res.json();
          const want = await direct(by, kind, where, range);
          const what = `${by} ${JSON.stringify(filter)} ${range.from}…${range.to}`;
          expect(figures(body.list), what).toEqual(want.list);
          expect(body.totals, what).toEqual(want.totals);
        }
      }
    // The weeks' range reads weeks that hold plays: 19-21 January and 6-12 April.
    const weekRows = await t.database.db.execute<{ n: number }>(sql`
      select count(*)::int as n from stat_pop_reach_week where week in ('2026-01-19', '2026-04-06')`);
    expect(weekRows.rows[0]?.n).toBeGreaterThan(0);
    // The seeded days do reach both partial ends and the whole months between them.
    const all = (await admin.get("/a/api/pop/summary", { by: "terminal", ...LONG, pageSize: 100 })).json();
    expect(all.list.map((r: { firstDay: string }) => r.firstDay).sort()[0]).toBe("2026-01-20");
    expect(
      all.list
        .map((r: { lastDay: string }) => r.lastDay)
        .sort()
        .at(-1),
    ).toBe("2026-04-10");
    expect(all.totals.terminals).toBe(4);
  });
});
