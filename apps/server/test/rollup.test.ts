import { readFileSync } from "node:fs";
import { instantOfLocal, localDateOf } from "@marquee/schedule";
import { sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { playEvents, terminalOnlineSpans } from "../src/db/schema";
import { runRollups, scheduledSpans } from "../src/modules/statistics/rollup";
import { PresenceWriter, SPAN_STEP_MS } from "../src/terminal/presence";
import {
  addOffice,
  createTestApp,
  initSystem,
  officeOfTerminal,
  type TestApp,
  tableDigests,
} from "./helpers";
import { insertTerminal } from "./terminal-helpers";

const TZ = "America/New_York";
const DAY_MS = 86_400_000;
const dayAgo = (n: number) => localDateOf(TZ, Date.now() - n * DAY_MS);
const at = (day: string, time: string) => new Date(instantOfLocal(TZ, day, time));
/** Seconds of a local day (23 or 25 hours when the clocks change). */
const dayLen = (day: string) => (instantOfLocal(TZ, day, "24:00") - instantOfLocal(TZ, day, "00:00")) / 1000;

let t: TestApp;
let office: number;

beforeAll(async () => {
  t = await createTestApp();
  await initSystem(t);
  await t.app.services.settings.set("defaultTimezone", TZ, null);
  office = (await addOffice(t, 1, "customer", "Rollup customer")).id;
});

afterAll(async () => {
  await t?.close();
});

/** Empties a roll-up and runs the INSERT of the migration that first filled it (an upgraded installation's backfill). */
async function backfillAgain(migration: string, table: string) {
  const inserts = readFileSync(new URL(`../src/db/migrations/${migration}.sql`, import.meta.url), "utf8")
    .split("--> statement-breakpoint")
    .filter((part) => part.includes("INSERT INTO"));
  expect(inserts).toHaveLength(1);
  await t.database.db.execute(sql.raw(`truncate ${table}`));
  await t.database.db.execute(sql.raw(inserts[0] ?? ""));
}

const rows = async (q: ReturnType<typeof sql>) =>
  (await t.database.db.execute<Record<string, unknown>>(q)).rows;

describe("runRollups", () => {
  it("writes online spans with presence, one per socket, stretched to the last beat", async () => {
    const id = await insertTerminal(t.app, office);
    const writer = new PresenceWriter(
      t.app.services.db,
      pino({ level: "silent" }),
      t.app.services.processes.id,
    );
    const connectedAt = new Date(Date.now() - 600_000);
    writer.mark({
      terminalId: id,
      online: true,
      lastSeenAt: connectedAt,
      status: null,
      ip: null,
      connectedAt,
    });
    await writer.flush();
    const beat = new Date(connectedAt.getTime() + 300_000);
    writer.mark({ terminalId: id, online: true, lastSeenAt: beat, status: null, ip: null, connectedAt });
    await writer.flush();
    // A stale record (an older beat) never shortens the span.
    writer.mark({
      terminalId: id,
      online: false,
      lastSeenAt: connectedAt,
      status: null,
      ip: null,
      connectedAt,
    });
    await writer.flush();
    const spans = await rows(
      sql`select started_at, ended_at from terminal_online_spans where terminal_id = ${id} order by started_at`,
    );
    expect(spans.map((r) => [new Date(String(r.started_at)), new Date(String(r.ended_at))])).toEqual([
      [connectedAt, beat],
    ]);
  });

  it("writes a span's end again only after SPAN_STEP_MS, and always when the socket closes", async () => {
    const id = await insertTerminal(t.app, office);
    const writer = new PresenceWriter(
      t.app.services.db,
      pino({ level: "silent" }),
      t.app.services.processes.id,
    );
    const connectedAt = new Date(Date.now() - 3_600_000);
    const mark = (offsetMs: number, online = true) => {
      writer.mark({
        terminalId: id,
        online,
        lastSeenAt: new Date(connectedAt.getTime() + offsetMs),
        status: null,
        ip: null,
        connectedAt,
      });
      return writer.flush();
    };
    const end = async () =>
      (await rows(sql`select ended_at from terminal_online_spans where terminal_id = ${id}`)).map((r) =>
        new Date(String(r.ended_at)).getTime(),
      );
    await mark(0);
    await mark(30_000);
    // A beat within the step leaves the written end where it was.
    expect(await end()).toEqual([connectedAt.getTime()]);
    await mark(SPAN_STEP_MS + 1_000);
    expect(await end()).toEqual([connectedAt.getTime() + SPAN_STEP_MS + 1_000]);
    await mark(SPAN_STEP_MS + 31_000, false);
    expect(await end()).toEqual([connectedAt.getTime() + SPAN_STEP_MS + 31_000]);
  });

  it("splits a span at local midnight, counts scheduled seconds by the timers, and reruns change nothing", async () => {
    const old = new Date(Date.now() - 60 * DAY_MS);
    const plain = await insertTerminal(t.app, office, { createdAt: old });
    const timed = await insertTerminal(t.app, office, {
      createdAt: old,
      settings: { timers: [{ weekdays: [1, 2, 3, 4, 5, 6, 7], on: "08:00", off: "10:00" }] },
    });
    const idle = await insertTerminal(t.app, office, { createdAt: old });
    const d5 = dayAgo(5);
    const d4 = dayAgo(4);
    await t.database.db.insert(terminalOnlineSpans).values([
      { terminalId: plain, startedAt: at(d5, "23:00"), endedAt: at(d4, "01:30") },
      { terminalId: timed, startedAt: at(d4, "09:00"), endedAt: at(d4, "12:00") },
      // Two sockets overlapping (a reconnect before the old one closed) count once.
      { terminalId: timed, startedAt: at(d4, "11:00"), endedAt: at(d4, "12:30") },
    ]);
    // Today is counted up to `now`: a rerun at the same instant must change nothing.
    const now = new Date();
    const first = await runRollups(t.app.services, { now });
    expect(first.skipped).toBe(false);
    const day = async (id: number, d: string) =>
      (
        await rows(sql`select online_sec, scheduled_sec, on_scheduled_sec from stat_terminal_day
          where terminal_id = ${id} and day = ${d}::date`)
      )[0];
    expect(await day(plain, d5)).toEqual({
      online_sec: 3600,
      scheduled_sec: dayLen(d5),
      on_scheduled_sec: 3600,
    });
    expect(await day(plain, d4)).toEqual({
      online_sec: 5400,
      scheduled_sec: dayLen(d4),
      on_scheduled_sec: 5400,
    });
    expect(await day(timed, d4)).toEqual({
      online_sec: 3.5 * 3600,
      scheduled_sec: 7200,
      on_scheduled_sec: 3600,
    });
    // A terminal never online still has its (zero) row: it counts among the day's terminals.
    expect(await day(idle, d4)).toEqual({ online_sec: 0, scheduled_sec: dayLen(d4), on_scheduled_sec: 0 });
    const officeDay =
      await rows(sql`select terminals, online_terminals, scheduled_terminals, started_terminals, online_sec
      from stat_office_day where office_id = ${office} and day = ${d4}::date`);
    expect(officeDay).toEqual([
      {
        terminals: 3,
        online_terminals: 2,
        scheduled_terminals: 3,
        started_terminals: 2,
        online_sec: String(5400 + 3.5 * 3600),
      },
    ]);
    const month = await rows(
      sql`select sum(online_sec)::int as s from stat_terminal_month where terminal_id = ${plain}`,
    );
    expect(month).toEqual([{ s: 3600 + 5400 }]);
    // The weeks (Mondays) hold their days' sums, as written by the pass and by the migration's backfill.
    const weeks = sql`select week::text, terminal_id, office_id, online_sec::int, scheduled_sec::int,
        on_scheduled_sec::int, days from stat_terminal_week where terminal_id in (${plain}, ${timed}, ${idle})
      order by 1, 2`;
    const fromDays = await rows(sql`
      select (day - (extract(isodow from day)::int - 1))::text as week, terminal_id, office_id,
        sum(online_sec)::int as online_sec, sum(scheduled_sec)::int as scheduled_sec,
        sum(on_scheduled_sec)::int as on_scheduled_sec, (count(*) filter (where online_sec > 0))::int as days
      from stat_terminal_day where terminal_id in (${plain}, ${timed}, ${idle}) group by 1, 2, 3 order by 1, 2`);
    expect(fromDays.length).toBeGreaterThan(0);
    expect(await rows(weeks)).toEqual(fromDays);
    await backfillAgain("0038_terminal_week", "stat_terminal_week");
    expect(await rows(weeks)).toEqual(fromDays);

    const before = await tableDigests(t, ["stat_rollup_state"]);
    const again = await runRollups(t.app.services, { now });
    expect(again.playEvents + again.auditRows + again.pageViews).toBe(0);
    expect(await tableDigests(t, ["stat_rollup_state"])).toEqual(before);
  });

  it("adds proof of play by id, and the office roll-up matches a direct count", async () => {
    const [one, two] = [await insertTerminal(t.app, office), await insertTerminal(t.app, office)];
    const d = dayAgo(1);
    const ev = (terminalId: number, time: string, ms: number) => ({
      terminalId,
      officeId: officeOfTerminal(terminalId),
      programId: 77,
      sceneId: "s",
      widgetId: null,
      materialId: 5,
      kind: "media" as const,
      at: at(d, time),
      ms,
    });
    await t.database.db.insert(playEvents).values([ev(one, "10:00", 1000), ev(two, "10:00", 2000)]);
    await runRollups(t.app.services);
    // Events after the first pass are added, not counted again.
    await t.database.db.insert(playEvents).values([ev(one, "23:30", 500)]);
    await runRollups(t.app.services);
    await runRollups(t.app.services);
    const direct =
      await rows(sql`select count(*)::int as plays, sum(ms)::int as ms, count(distinct terminal_id)::int as terminals
      from play_events where program_id = 77 and (at at time zone ${TZ})::date = ${d}::date`);
    const rolled = await rows(sql`select plays::int, ms::int, terminals from stat_pop_office_day
      where office_id = ${office} and program_id = 77 and material_id = 5 and day = ${d}::date and kind = 'media'`);
    expect(rolled).toEqual(direct);
    expect(direct).toEqual([{ plays: 3, ms: 3500, terminals: 2 }]);
  });

  it("recomputes the months of the terminals a pass touched from their days, under each office of the month", async () => {
    const [one, two] = [await insertTerminal(t.app, office), await insertTerminal(t.app, office)];
    const other = (await addOffice(t, 1, "customer", "Rollup other")).id;
    const ev = (terminalId: number, day: string, time: string, ms: number) => ({
      terminalId,
      officeId: officeOfTerminal(terminalId),
      programId: 88,
      sceneId: "s",
      widgetId: "w",
      materialId: 6,
      kind: "media" as const,
      at: at(day, time),
      ms,
    });
    await t.database.db
      .insert(playEvents)
      .values([
        ev(one, "2025-05-31", "23:59", 100),
        ev(one, "2025-06-03", "10:00", 1000),
        ev(one, "2025-06-20", "10:00", 2000),
        ev(two, "2025-06-20", "11:00", 4000),
      ]);
    await runRollups(t.app.services);
    // Moved to another office in the middle of June: its later days are counted there.
    await t.database.pool.query("update terminals set office_id = $1 where id = $2", [other, one]);
    await t.database.db.insert(playEvents).values([ev(one, "2025-06-25", "09:00", 500)]);
    await runRollups(t.app.services);
    await runRollups(t.app.services);
    const months = await rows(sql`
      select month::text, terminal_id, office_id, plays::int, ms::int, first_day::text, last_day::text
      from stat_pop_month where program_id = 88 order by terminal_id, month, office_id`);
    const fromDays = await rows(sql`
      select date_trunc('month', day)::date::text as month, terminal_id, office_id, sum(plays)::int as plays,
        sum(ms)::int as ms, min(day)::text as first_day, max(day)::text as last_day
      from stat_pop_day where program_id = 88 group by 1, 2, 3 order by terminal_id, month, office_id`);
    expect(months).toEqual(fromDays);
    expect(months).toEqual([
      {
        month: "2025-05-01",
        terminal_id: one,
        office_id: office,
        plays: 1,
        ms: 100,
        first_day: "2025-05-31",
        last_day: "2025-05-31",
      },
      {
        month: "2025-06-01",
        terminal_id: one,
        office_id: office,
        plays: 2,
        ms: 3000,
        first_day: "2025-06-03",
        last_day: "2025-06-20",
      },
      {
        month: "2025-06-01",
        terminal_id: one,
        office_id: other,
        plays: 1,
        ms: 500,
        first_day: "2025-06-25",
        last_day: "2025-06-25",
      },
      {
        month: "2025-06-01",
        terminal_id: two,
        office_id: office,
        plays: 1,
        ms: 4000,
        first_day: "2025-06-20",
        last_day: "2025-06-20",
      },
    ]);
    // The widget months hold their office days' sums (terminals summed into terminal-days), as written
    // by the pass and by the migration's backfill.
    const widgetMonths = sql`
      select month::text, office_id, kind, widget_id, plays::int, ms::int, terminal_days
      from stat_pop_widget_month where program_id = 88 order by month, office_id`;
    const widgetMonthsFromDays = sql`
      select date_trunc('month', day)::date::text as month, office_id, kind, widget_id,
        sum(plays)::int as plays, sum(ms)::int as ms, sum(terminals)::int as terminal_days
      from stat_pop_office_day where program_id = 88 group by 1, 2, 3, 4 order by month, office_id`;
    const expected = [
      { month: "2025-05-01", office_id: office, plays: 1, ms: 100, terminal_days: 1 },
      // 3 June (one), 20 June (one and two: two terminals that day).
      { month: "2025-06-01", office_id: office, plays: 3, ms: 7000, terminal_days: 3 },
      { month: "2025-06-01", office_id: other, plays: 1, ms: 500, terminal_days: 1 },
    ].map((r) => ({ ...r, kind: "media", widget_id: "w" }));
    expect(await rows(widgetMonths)).toEqual(await rows(widgetMonthsFromDays));
    expect(await rows(widgetMonths)).toEqual(expected);
    await backfillAgain("0039_pop_widget_month", "stat_pop_widget_month");
    expect(await rows(widgetMonths)).toEqual(expected);
  });

  it("keeps the reach roll-ups equal to their sums of stat_pop_day after incremental passes", async () => {
    const [one, two] = [await insertTerminal(t.app, office), await insertTerminal(t.app, office)];
    const other = (await addOffice(t, 1, "customer", "Reach other")).id;
    const ev = (
      terminalId: number,
      programId: number,
      kind: "scene" | "media",
      day: string,
      time: string,
    ) => ({
      terminalId,
      officeId: officeOfTerminal(terminalId),
      programId,
      sceneId: "s",
      widgetId: kind === "media" ? "w" : null,
      materialId: kind === "media" ? 7 : null,
      kind,
      at: at(day, time),
      ms: 100 * programId,
    });
    // Two programs and two kinds on the same terminal and day: one reach row per kind, summed.
    await t.database.db
      .insert(playEvents)
      .values([
        ev(one, 91, "scene", "2025-08-04", "10:00"),
        ev(one, 92, "scene", "2025-08-04", "11:00"),
        ev(one, 91, "media", "2025-08-04", "10:00"),
        ev(two, 91, "scene", "2025-08-31", "23:59"),
      ]);
    await runRollups(t.app.services);
    // A later pass adds to a day already rolled up and moves a terminal within the month.
    await t.database.db.insert(playEvents).values([ev(one, 92, "scene", "2025-08-04", "12:00")]);
    await runRollups(t.app.services);
    await t.database.pool.query("update terminals set office_id = $1 where id = $2", [other, one]);
    await t.database.db
      .insert(playEvents)
      .values([ev(one, 93, "scene", "2025-08-20", "09:00"), ev(two, 91, "scene", "2025-09-01", "00:01")]);
    await runRollups(t.app.services);
    const ids = [one, two];
    const reachDays = await rows(sql`
      select day::text, terminal_id, office_id, kind, plays::int, ms::int from stat_pop_reach_day
      where terminal_id = any(${sql.param(ids)}::int[]) order by 1, 2, 3, 4`);
    const fromDays = await rows(sql`
      select day::text, terminal_id, office_id, kind, sum(plays)::int as plays, sum(ms)::int as ms from stat_pop_day
      where terminal_id = any(${sql.param(ids)}::int[]) group by 1, 2, 3, 4 order by 1, 2, 3, 4`);
    expect(reachDays).toEqual(fromDays);
    const reachMonths = await rows(sql`
      select month::text, terminal_id, office_id, kind, plays::int, ms::int, first_day::text, last_day::text
      from stat_pop_reach_month where terminal_id = any(${sql.param(ids)}::int[]) order by 1, 2, 3, 4`);
    const monthsFromDays = await rows(sql`
      select date_trunc('month', day)::date::text as month, terminal_id, office_id, kind, sum(plays)::int as plays,
        sum(ms)::int as ms, min(day)::text as first_day, max(day)::text as last_day
      from stat_pop_day where terminal_id = any(${sql.param(ids)}::int[]) group by 1, 2, 3, 4 order by 1, 2, 3, 4`);
    expect(reachMonths).toEqual(monthsFromDays);
    const reachWeeks = await rows(sql`
      select week::text, terminal_id, office_id, kind, plays::int, ms::int, first_day::text, last_day::text
      from stat_pop_reach_week where terminal_id = any(${sql.param(ids)}::int[]) order by 1, 2, 3, 4`);
    const weeksFromDays = await rows(sql`
      select date_trunc('week', day::timestamp)::date::text as week, terminal_id, office_id, kind,
        sum(plays)::int as plays, sum(ms)::int as ms, min(day)::text as first_day, max(day)::text as last_day
      from stat_pop_day where terminal_id = any(${sql.param(ids)}::int[]) group by 1, 2, 3, 4 order by 1, 2, 3, 4`);
    expect(reachWeeks).toEqual(weeksFromDays);
    // An upgraded installation: the migration's backfill writes the weeks the roll-up wrote.
    await backfillAgain("0037_pop_reach_week", "stat_pop_reach_week");
    expect(
      await rows(sql`
        select week::text, terminal_id, office_id, kind, plays::int, ms::int, first_day::text, last_day::text
        from stat_pop_reach_week where terminal_id = any(${sql.param(ids)}::int[]) order by 1, 2, 3, 4`),
    ).toEqual(reachWeeks);
    // 31 August 2025 is a Sunday and 1 September a Monday: two weeks, each under its Monday.
    expect(reachWeeks.filter((r) => r.terminal_id === two).map((r) => [r.week, r.first_day])).toEqual([
      ["2025-08-25", "2025-08-31"],
      ["2025-09-01", "2025-09-01"],
    ]);
    // The sums themselves: three scene plays of terminal one on 4 August (programs 91, 92, 92) in one row.
    expect(reachDays).toContainEqual({
      day: "2025-08-04",
      terminal_id: one,
      office_id: office,
      kind: "scene",
      plays: 3,
      ms: 9100 + 9200 + 9200,
    });
    expect(reachMonths.filter((r) => r.terminal_id === one && r.month === "2025-08-01")).toHaveLength(3);
  });

  it("scheduledSpans follows timers across midnight in the terminal's zone", () => {
    const day = "2026-03-04";
    const from = instantOfLocal("Europe/Rome", day, "00:00");
    const to = instantOfLocal("Europe/Rome", "2026-03-05", "00:00");
    const spans = scheduledSpans(
      { timers: [{ weekdays: [1, 2, 3, 4, 5, 6, 7], on: "22:00", off: "02:00" }] },
      "Europe/Rome",
      from,
      to,
    );
    expect(spans).toEqual([
      [from, from + 2 * 3600_000],
      [from + 22 * 3600_000, to],
    ]);
  });
});
