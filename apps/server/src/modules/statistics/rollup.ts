import {
  type DeviceSettings,
  deviceStateAt,
  isTimeZone,
  mergeDeviceSettings,
  type StrategyDoc,
  zoneClock,
} from "@marquee/schedule";
import { type SQL, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Tx } from "../../platform/db";
import type { Services } from "../../platform/services";
import { DAY_MS, isoDay } from "./periods";

/**
 * The statistics roll-ups: raw events (play_events, audit_logs,
 * page_views, terminal_online_spans, materials) are folded into the daily
 * stat_* tables the console reads. One pass at a time across processes (a
 * transaction-scoped advisory lock); each source keeps its watermark in
 * stat_rollup_state, written in the same transaction as the figures, so a
 * pass that fails leaves nothing half counted and running it twice counts
 * nothing twice. Days are calendar days in the `defaultTimezone` setting.
 */

/** One roll-up pass at a time (pg_try_advisory_xact_lock(ROLLUP_LOCK, 0)). */
const ROLLUP_LOCK = 727_322;
/** Raw ids read per batch (proof of play, audit rows, page views). */
const ID_BATCH = 500_000;
/** Batches of one source per pass: the work of a pass stays bounded; the rest waits for the next. */
const BATCHES_PER_PASS = 4;
/** A presence flush may land this long after the heartbeat it records: spans ending after (watermark − margin) are read again. */
const SPAN_MARGIN_MS = 10 * 60_000;
/** The first pass fills at most this many days back (spans, material growth). */
const BACKFILL_DAYS = 366;
/** Terminal-day rows written per statement. */
const ROWS_PER_INSERT = 5000;

/** How often the server runs a pass. */
export const ROLLUP_PASS_MS = 5 * 60_000;

export interface RollupResult {
  /** Another process was running a pass: this one did nothing. */
  skipped: boolean;
  /** When the roll-ups were brought up to date (this pass, or the last one when skipped); null before the first. */
  asOf: Date | null;
  /** Raw rows folded in by this pass. */
  playEvents: number;
  auditRows: number;
  pageViews: number;
  /** Terminal days recomputed. */
  terminalDays: number;
  /** Material snapshot days written. */
  materialDays: number;
  /** A source still has raw rows beyond this pass's bound (the next pass goes on). */
  more: boolean;
}

interface State {
  watermark: Date;
  lastId: number;
}

async function readState(tx: Tx, name: string): Promise<State | null> {
  const r = await tx.execute<{ watermark: Date | string; last_id: string | number }>(
    sql`select watermark, last_id from stat_rollup_state where name = ${name}`,
  );
  const row = r.rows[0];
  return row ? { watermark: new Date(row.watermark), lastId: Number(row.last_id) } : null;
}

async function writeState(tx: Tx, name: string, watermark: Date, lastId: number, now: Date): Promise<void> {
  await tx.execute(sql`
    insert into stat_rollup_state (name, watermark, last_id, updated_at)
    values (${name}, ${watermark.toISOString()}::timestamptz, ${lastId}, ${now.toISOString()}::timestamptz)
    on conflict (name) do update set watermark = excluded.watermark, last_id = excluded.last_id,
      updated_at = excluded.updated_at`);
}

/** When the roll-ups were last brought up to date (the "pass" state), or null. */
export async function rollupsAsOf(services: Services): Promise<Date | null> {
  const s = await readState(services.db, "pass");
  return s?.watermark ?? null;
}

const isoOfDay = (day: number) => isoDay(day * DAY_MS);

/** The Monday of the week of `day` (a date): the key of a week roll-up. */
const mondayOf = (day: SQL) => sql`${day} - (extract(isodow from ${day})::int - 1)`;

/**
 * Brings every roll-up table up to date with the raw data; idempotent. With
 * `now`, days are cut there (tests); else the services' clock.
 */
export async function runRollups(services: Services, opts?: { now?: Date }): Promise<RollupResult> {
  const now = opts?.now ?? services.clock.now();
  const tz = await services.settings.get("defaultTimezone");
  const zone = isTimeZone(tz) ? tz : "UTC";
  return services.db.transaction(async (tx) => {
    const lock = await tx.execute<{ ok: boolean }>(
      sql`select pg_try_advisory_xact_lock(${ROLLUP_LOCK}::int, 0) as ok`,
    );
    if (!lock.rows[0]?.ok) {
      const last = await readState(tx, "pass");
      return {
        skipped: true,
        asOf: last?.watermark ?? null,
        playEvents: 0,
        auditRows: 0,
        pageViews: 0,
        terminalDays: 0,
        materialDays: 0,
        more: false,
      };
    }
    const pop = await rollPlays(tx, zone, now);
    const audit = await rollAudit(tx, zone, now);
    const views = await rollPageViews(tx, zone, now);
    const terminalDays = await rollTerminalDays(tx, zone, now);
    const materialDays = await rollMaterials(tx, zone, now);
    await writeState(tx, "pass", now, 0, now);
    return {
      skipped: false,
      asOf: now,
      playEvents: pop.rows,
      auditRows: audit.rows,
      pageViews: views.rows,
      terminalDays,
      materialDays,
      more: pop.more || audit.more || views.more,
    };
  });
}

/** The highest id of `table` now (ids past it are the next pass's). */
async function maxId(tx: Tx, table: "play_events" | "audit_logs" | "page_views"): Promise<number> {
  const r = await tx.execute<{ m: string | number | null }>(
    sql`select max(id) as m from ${sql.identifier(table)}`,
  );
  return Number(r.rows[0]?.m ?? 0);
}

/**
 * Reads raw ids after the source's watermark in batches, handing each
 * (from, to] bound to `fold`; the watermark moves with them.
 */
async function byIdBatches(
  tx: Tx,
  name: string,
  table: "play_events" | "audit_logs" | "page_views",
  now: Date,
  fold: (from: number, to: number) => Promise<number>,
): Promise<{ rows: number; more: boolean }> {
  const state = await readState(tx, name);
  let from = state?.lastId ?? 0;
  const top = await maxId(tx, table);
  let rows = 0;
  for (let i = 0; i < BATCHES_PER_PASS && from < top; i++) {
    const to = Math.min(from + ID_BATCH, top);
    rows += await fold(from, to);
    from = to;
  }
  if (!state || from !== state.lastId) await writeState(tx, name, now, from, now);
  return { rows, more: from < top };
}

/** A year of days none played (stat_pop_program_reach, stat_pop_material_reach): bit 1 is 1 January. */
const NO_DAYS = sql.raw("repeat('0', 366)::bit(366)");

/**
 * play_events → stat_pop_day (added to, by id), then stat_pop_office_day
 * recomputed for the (office, day) pairs the batch touched, stat_pop_widget_month
 * for their (office, month) pairs, and
 * stat_pop_month for the (terminal, month) pairs, and their reach roll-ups
 * (stat_pop_reach_day, stat_pop_reach_week, stat_pop_reach_month; the days played per program and
 * material: stat_pop_program_reach, stat_pop_material_reach). A play counts under the
 * office its terminal was in when it played (play_events.office_id), so a
 * screen moved to another tenant leaves its history behind.
 */
async function rollPlays(tx: Tx, tz: string, now: Date) {
  return byIdBatches(tx, "pop", "play_events", now, async (from, to) => {
    const touched = await tx.execute<{ office_id: number; day: string; n: number; terminals: number[] }>(sql`
      with batch as (
        select (e.at at time zone ${tz})::date as day, e.terminal_id, e.office_id, e.kind, e.program_id,
          coalesce(e.material_id, 0) as material_id, coalesce(e.widget_id, '') as widget_id,
          count(*)::int as plays, sum(e.ms)::bigint as ms
        from play_events e
        where e.id > ${from} and e.id <= ${to}
        group by 1, 2, 3, 4, 5, 6, 7
      ), up as (
        insert into stat_pop_day as s (day, terminal_id, office_id, kind, program_id, material_id, widget_id, plays, ms)
        select day, terminal_id, office_id, kind, program_id, material_id, widget_id, plays, ms from batch
        on conflict (terminal_id, day, kind, program_id, material_id, widget_id)
        do update set plays = s.plays + excluded.plays, ms = s.ms + excluded.ms
        returning s.office_id, s.day, s.terminal_id
      )
      select office_id, day::text as day, (select sum(plays) from batch)::int as n,
        array_agg(distinct terminal_id) as terminals
      from up group by 1, 2`);
    const pairs = touched.rows;
    if (pairs.length) {
      const offices = pairs.map((p) => p.office_id);
      const days = pairs.map((p) => p.day);
      await tx.execute(sql`
        with pairs as (select * from unnest(${sql.param(offices)}::int[], ${sql.param(days)}::date[]) as p(office_id, day))
        delete from stat_pop_office_day o using pairs p where o.office_id = p.office_id and o.day = p.day`);
      await tx.execute(sql`
        with pairs as (select * from unnest(${sql.param(offices)}::int[], ${sql.param(days)}::date[]) as p(office_id, day))
        insert into stat_pop_office_day (day, office_id, kind, program_id, material_id, widget_id, plays, ms, terminals)
        select s.day, s.office_id, s.kind, s.program_id, s.material_id, s.widget_id,
          sum(s.plays), sum(s.ms), count(distinct s.terminal_id)::int
        from stat_pop_day s join pairs p on p.office_id = s.office_id and p.day = s.day
        group by s.day, s.office_id, s.kind, s.program_id, s.material_id, s.widget_id`);
      // The widget months of the same offices, recomputed whole from their days just written.
      const officeMonths = sql`(select distinct p.office_id, date_trunc('month', p.day)::date as month
        from unnest(${sql.param(offices)}::int[], ${sql.param(days)}::date[]) as p(office_id, day))`;
      await tx.execute(sql`
        delete from stat_pop_widget_month w using ${officeMonths} as p
        where w.office_id = p.office_id and w.month = p.month`);
      await tx.execute(sql`
        insert into stat_pop_widget_month (month, office_id, kind, program_id, widget_id, plays, ms, terminal_days)
        select p.month, s.office_id, s.kind, s.program_id, s.widget_id, sum(s.plays), sum(s.ms), sum(s.terminals)::int
        from ${officeMonths} as p join stat_pop_office_day s on s.office_id = p.office_id
          and s.day >= p.month and s.day < (p.month + interval '1 month')::date and s.widget_id <> ''
        group by p.month, s.office_id, s.kind, s.program_id, s.widget_id`);
      const months = new Map<string, Set<number>>();
      const dayPairs = new Set<string>();
      for (const p of pairs) {
        for (const id of p.terminals) dayPairs.add(`${id}|${p.day}`);
        const month = `${p.day.slice(0, 7)}-01`;
        const set = months.get(month) ?? new Set<number>();
        for (const id of p.terminals) set.add(id);
        months.set(month, set);
      }
      const mTerminals: number[] = [];
      const mMonths: string[] = [];
      for (const [month, ids] of months)
        for (const id of ids) {
          mTerminals.push(id);
          mMonths.push(month);
        }
      // Each touched month of a terminal recomputed whole from its days (read by the primary key).
      await tx.execute(sql`
        with pairs as (select * from unnest(${sql.param(mTerminals)}::int[], ${sql.param(mMonths)}::date[]) as p(terminal_id, month))
        delete from stat_pop_month m using pairs p where m.terminal_id = p.terminal_id and m.month = p.month`);
      await tx.execute(sql`
        with pairs as (select * from unnest(${sql.param(mTerminals)}::int[], ${sql.param(mMonths)}::date[]) as p(terminal_id, month))
        insert into stat_pop_month (month, terminal_id, office_id, kind, program_id, material_id, widget_id, plays, ms,
          first_day, last_day)
        select p.month, s.terminal_id, s.office_id, s.kind, s.program_id, s.material_id, s.widget_id,
          sum(s.plays), sum(s.ms), min(s.day), max(s.day)
        from stat_pop_day s join pairs p on p.terminal_id = s.terminal_id
          and s.day >= p.month and s.day < (p.month + interval '1 month')::date
        group by p.month, s.terminal_id, s.office_id, s.kind, s.program_id, s.material_id, s.widget_id`);
      // The reach roll-ups (no program, material or widget) of the same terminals, days and months.
      const dTerminals: number[] = [];
      const dDays: string[] = [];
      for (const k of dayPairs) {
        const [id, day] = k.split("|");
        dTerminals.push(Number(id));
        dDays.push(day ?? "");
      }
      await tx.execute(sql`
        with pairs as (select * from unnest(${sql.param(dTerminals)}::int[], ${sql.param(dDays)}::date[]) as p(terminal_id, day))
        delete from stat_pop_reach_day r using pairs p where r.terminal_id = p.terminal_id and r.day = p.day`);
      await tx.execute(sql`
        with pairs as (select * from unnest(${sql.param(dTerminals)}::int[], ${sql.param(dDays)}::date[]) as p(terminal_id, day))
        insert into stat_pop_reach_day (day, terminal_id, office_id, kind, plays, ms)
        select s.day, s.terminal_id, s.office_id, s.kind, sum(s.plays), sum(s.ms)
        from stat_pop_day s join pairs p on p.terminal_id = s.terminal_id and p.day = s.day
        group by s.day, s.terminal_id, s.office_id, s.kind`);
      // The weeks (their Mondays) of the same terminal days, each recomputed whole from its reach days.
      const weeks = sql`(select distinct p.terminal_id, ${mondayOf(sql`p.day`)} as week
        from unnest(${sql.param(dTerminals)}::int[], ${sql.param(dDays)}::date[]) as p(terminal_id, day))`;
      await tx.execute(sql`
        with pairs as ${weeks}
        delete from stat_pop_reach_week w using pairs p where w.terminal_id = p.terminal_id and w.week = p.week`);
      await tx.execute(sql`
        with pairs as ${weeks}
        insert into stat_pop_reach_week (week, terminal_id, office_id, kind, plays, ms, first_day, last_day)
        select p.week, r.terminal_id, r.office_id, r.kind, sum(r.plays), sum(r.ms), min(r.day), max(r.day)
        from stat_pop_reach_day r join pairs p on p.terminal_id = r.terminal_id
          and r.day >= p.week and r.day < p.week + 7
        group by p.week, r.terminal_id, r.office_id, r.kind`);
      await tx.execute(sql`
        with pairs as (select * from unnest(${sql.param(mTerminals)}::int[], ${sql.param(mMonths)}::date[]) as p(terminal_id, month))
        delete from stat_pop_reach_month m using pairs p where m.terminal_id = p.terminal_id and m.month = p.month`);
      // From the month rows just written: a few per terminal and month, not a month of day rows.
      await tx.execute(sql`
        with pairs as (select * from unnest(${sql.param(mTerminals)}::int[], ${sql.param(mMonths)}::date[]) as p(terminal_id, month))
        insert into stat_pop_reach_month (month, terminal_id, office_id, kind, plays, ms, first_day, last_day)
        select m.month, m.terminal_id, m.office_id, m.kind, sum(m.plays), sum(m.ms), min(m.first_day), max(m.last_day)
        from stat_pop_month m join pairs p on p.terminal_id = m.terminal_id and p.month = m.month
        group by m.month, m.terminal_id, m.office_id, m.kind`);
      // The days played per program and per material (and any program or material: id 0) of the same terminal days,
      // OR-ed into their year's bits: bits are only set, so a day rolled again (today) stays exact.
      await tx.execute(sql`
        with pairs as (select * from unnest(${sql.param(dTerminals)}::int[], ${sql.param(dDays)}::date[]) as p(terminal_id, day))
        insert into stat_pop_program_reach as r (kind, program_id, year, office_id, terminal_id, days)
        select s.kind, e.program_id, extract(year from s.day)::int, s.office_id, s.terminal_id,
          bit_or(set_bit(${NO_DAYS}, extract(doy from s.day)::int - 1, 1))
        from stat_pop_day s join pairs p on p.terminal_id = s.terminal_id and p.day = s.day
          cross join lateral (values (s.program_id), (0)) as e(program_id)
        group by 1, 2, 3, 4, 5
        on conflict (kind, program_id, year, office_id, terminal_id) do update set days = r.days | excluded.days`);
      await tx.execute(sql`
        with pairs as (select * from unnest(${sql.param(dTerminals)}::int[], ${sql.param(dDays)}::date[]) as p(terminal_id, day))
        insert into stat_pop_material_reach as r (kind, material_id, year, office_id, terminal_id, days)
        select s.kind, m.material_id, extract(year from s.day)::int, s.office_id, s.terminal_id,
          bit_or(set_bit(${NO_DAYS}, extract(doy from s.day)::int - 1, 1))
        from stat_pop_day s join pairs p on p.terminal_id = s.terminal_id and p.day = s.day
          cross join lateral (values (s.material_id), (0)) as m(material_id)
        where s.material_id <> 0
        group by 1, 2, 3, 4, 5
        on conflict (kind, material_id, year, office_id, terminal_id) do update set days = r.days | excluded.days`);
    }
    return Number(pairs[0]?.n ?? 0);
  });
}

/**
 * audit_logs → stat_user_day: sign-ins (action `login`, result ok) and the
 * other audited actions of signed-in users, by id. A row keeps the office it
 * was first counted under.
 */
async function rollAudit(tx: Tx, tz: string, now: Date) {
  return byIdBatches(tx, "audit", "audit_logs", now, async (from, to) => {
    const r = await tx.execute<{ n: string | number | null }>(sql`
      with batch as (
        select (a.created_at at time zone ${tz})::date as day, a.user_id,
          coalesce(a.office_id, u.office_id) as office_id,
          count(*) filter (where a.action = 'login' and a.result = 'ok')::int as logins,
          count(*) filter (where a.action <> 'login')::int as actions,
          count(*)::int as n
        from audit_logs a left join users u on u.id = a.user_id
        where a.id > ${from} and a.id <= ${to} and a.user_id is not null
          -- People's behaviour: a service account's scripted calls are not counted.
          and coalesce(u.kind, 'person') = 'person'
        group by 1, 2, 3
      ), one as (
        -- A user counted under two offices in a batch (moved meanwhile): one row per user and day.
        select day, user_id, (array_agg(office_id order by office_id))[1] as office_id,
          sum(logins)::int as logins, sum(actions)::int as actions, sum(n)::int as n
        from batch where office_id is not null and (logins > 0 or actions > 0)
        group by 1, 2
      ), up as (
        insert into stat_user_day as s (day, user_id, office_id, logins, actions)
        select day, user_id, office_id, logins, actions from one
        on conflict (user_id, day)
        do update set logins = s.logins + excluded.logins, actions = s.actions + excluded.actions
        returning 1
      )
      select (select sum(n) from one) as n, (select count(*) from up) as c`);
    return Number(r.rows[0]?.n ?? 0);
  });
}

/** page_views → stat_user_day.page_views and stat_page_day, by id. */
async function rollPageViews(tx: Tx, tz: string, now: Date) {
  return byIdBatches(tx, "pageViews", "page_views", now, async (from, to) => {
    const r = await tx.execute<{ n: string | number | null }>(sql`
      with batch as (
        select (v.at at time zone ${tz})::date as day, v.user_id,
          min(v.office_id) as office_id, v.page, count(*)::int as views
        from page_views v
        where v.id > ${from} and v.id <= ${to}
        group by 1, 2, 4
      ), pages as (
        insert into stat_page_day as s (day, user_id, office_id, page, views)
        select day, user_id, office_id, page, views from batch
        on conflict (user_id, day, page) do update set views = s.views + excluded.views
        returning 1
      ), users_ as (
        insert into stat_user_day as s (day, user_id, office_id, page_views)
        select day, user_id, min(office_id), sum(views)::int from batch group by 1, 2
        on conflict (user_id, day) do update set page_views = s.page_views + excluded.page_views
        returning 1
      )
      select (select sum(views) from batch) as n, (select count(*) from pages) + (select count(*) from users_) as c`);
    return Number(r.rows[0]?.n ?? 0);
  });
}

/** [start, end) instants of local day `day` in `tz`. */
function dayBounds(tz: string, day: number): [number, number] {
  const clock = zoneClock(tz);
  return [clock.instantOf(day, 0), clock.instantOf(day + 1, 0)];
}

/** Merges overlapping [from, to) intervals (sorted by start). */
function union(spans: Array<[number, number]>): Array<[number, number]> {
  const sorted = spans.filter(([a, b]) => b > a).sort((x, y) => x[0] - y[0]);
  const out: Array<[number, number]> = [];
  for (const [a, b] of sorted) {
    const last = out[out.length - 1];
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

const length = (spans: Array<[number, number]>) => spans.reduce((n, [a, b]) => n + (b - a), 0);

function intersect(a: Array<[number, number]>, b: Array<[number, number]>): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let i = 0;
  let j = 0;
  for (let x = a[0], y = b[0]; x && y; x = a[i], y = b[j]) {
    const lo = Math.max(x[0], y[0]);
    const hi = Math.min(x[1], y[1]);
    if (hi > lo) out.push([lo, hi]);
    if (x[1] < y[1]) i++;
    else j++;
  }
  return out;
}

/**
 * When the screen's timers leave it on within [from, to): walked edge to edge
 * with deviceStateAt in the terminal's zone (no timers: all of it).
 */
export function scheduledSpans(
  settings: DeviceSettings,
  tz: string,
  from: number,
  to: number,
): Array<[number, number]> {
  if (!settings.timers?.length) return to > from ? [[from, to]] : [];
  const out: Array<[number, number]> = [];
  let t = from;
  // A day has a bounded number of edges; the guard only protects against a broken schedule.
  for (let guard = 0; t < to && guard < 500; guard++) {
    const s = deviceStateAt(settings, t, tz);
    const next = Math.min(s.nextChangeAt ?? to, to);
    if (s.screenOn) out.push([t, next]);
    if (next <= t) break;
    t = next;
  }
  return union(out);
}

type TerminalRow = {
  id: number;
  office_id: number;
  settings: DeviceSettings | null;
  strategy: StrategyDoc | null;
  timezone: string | null;
  reported: string | null;
};

/**
 * terminal_online_spans → stat_terminal_day, for the days since the last
 * pass (today is partial, so always again) and the days of spans that moved
 * since; each day recomputed whole, one row per authorised terminal existing
 * that day (zeros when it was never on). Then the months and office days of
 * those days.
 */
async function rollTerminalDays(tx: Tx, tz: string, now: Date): Promise<number> {
  const clock = zoneClock(tz);
  const nowMs = now.getTime();
  const today = clock.dayOf(nowMs);
  const state = await readState(tx, "terminal");
  const days = new Set<number>();
  let lastDay = state ? state.lastId : null;
  if (lastDay === null || lastDay > today) {
    // First pass: from the earliest span (bounded), else today.
    const r = await tx.execute<{ m: Date | string | null }>(
      sql`select min(started_at) as m from terminal_online_spans`,
    );
    const first = r.rows[0]?.m ? clock.dayOf(new Date(r.rows[0].m).getTime()) : today;
    lastDay = Math.max(Math.min(first, today), today - BACKFILL_DAYS + 1);
  }
  for (let d = Math.max(lastDay, today - BACKFILL_DAYS + 1); d <= today; d++) days.add(d);
  // Spans that moved since the last pass (the first pass rolls every day from the earliest span anyway).
  const since = state ? new Date(state.watermark.getTime() - SPAN_MARGIN_MS) : null;
  const moved = since
    ? await tx.execute<{ a: Date | string; b: Date | string }>(sql`
        select min(started_at) as a, max(ended_at) as b from terminal_online_spans
        where ended_at > ${since.toISOString()}::timestamptz
        group by terminal_id, (started_at at time zone ${tz})::date`)
    : { rows: [] };
  for (const m of moved.rows) {
    const a = Math.max(clock.dayOf(new Date(m.a).getTime()), today - BACKFILL_DAYS + 1);
    const b = Math.min(clock.dayOf(new Date(m.b).getTime()), today);
    for (let d = a; d <= b; d++) days.add(d);
  }
  const defaultZone = tz;
  const terminals = await tx.execute<TerminalRow & { created_at: Date | string }>(sql`
    select t.id, t.office_id, t.settings, s.doc as strategy, t.timezone, t.status->>'timezone' as reported,
      t.created_at
    from terminals t left join strategies s on s.id = t.strategy_id
    where t.state = 'authorised'`);
  const settingsOf = new Map<number, { settings: DeviceSettings; zone: string }>();
  for (const t of terminals.rows) {
    const zone =
      t.timezone && isTimeZone(t.timezone)
        ? t.timezone
        : t.reported && isTimeZone(t.reported)
          ? t.reported
          : defaultZone;
    settingsOf.set(t.id, { settings: mergeDeviceSettings(t.strategy, t.settings ?? {}), zone });
  }
  let written = 0;
  const sorted = [...days].sort((a, b) => a - b);
  for (const day of sorted) {
    const [start, end0] = dayBounds(tz, day);
    const end = Math.min(end0, nowMs);
    const spans = await tx.execute<{
      terminal_id: number;
      started_at: Date | string;
      ended_at: Date | string;
    }>(sql`
      select terminal_id, started_at, ended_at from terminal_online_spans
      where ended_at > ${new Date(start).toISOString()}::timestamptz
        and started_at < ${new Date(end0).toISOString()}::timestamptz`);
    const online = new Map<number, Array<[number, number]>>();
    for (const s of spans.rows) {
      const a = Math.max(new Date(s.started_at).getTime(), start);
      const b = Math.min(new Date(s.ended_at).getTime(), end);
      if (b <= a) continue;
      const list = online.get(s.terminal_id) ?? [];
      list.push([a, b]);
      online.set(s.terminal_id, list);
    }
    const cols = {
      terminal: [] as number[],
      office: [] as number[],
      online: [] as number[],
      scheduled: [] as number[],
      onScheduled: [] as number[],
    };
    for (const t of terminals.rows) {
      if (new Date(t.created_at).getTime() >= end0 && !online.has(t.id)) continue;
      const own = settingsOf.get(t.id);
      const on = union(online.get(t.id) ?? []);
      const sched = own ? scheduledSpans(own.settings, own.zone, start, end) : [];
      cols.terminal.push(t.id);
      cols.office.push(t.office_id);
      cols.online.push(Math.round(length(on) / 1000));
      cols.scheduled.push(Math.round(length(sched) / 1000));
      cols.onScheduled.push(Math.round(length(intersect(on, sched)) / 1000));
    }
    const iso = isoOfDay(day);
    await tx.execute(sql`delete from stat_terminal_day where day = ${iso}::date`);
    for (let i = 0; i < cols.terminal.length; i += ROWS_PER_INSERT) {
      const part = <T>(a: T[]) => sql.param(a.slice(i, i + ROWS_PER_INSERT));
      await tx.execute(sql`
        insert into stat_terminal_day (day, terminal_id, office_id, online_sec, scheduled_sec, on_scheduled_sec)
        select ${iso}::date, * from unnest(${part(cols.terminal)}::int[], ${part(cols.office)}::int[],
          ${part(cols.online)}::int[], ${part(cols.scheduled)}::int[], ${part(cols.onScheduled)}::int[])`);
    }
    written += cols.terminal.length;
  }
  if (sorted.length) {
    const isoDays = sorted.map(isoOfDay);
    const months = [...new Set(isoDays.map((d) => `${d.slice(0, 7)}-01`))];
    await tx.execute(sql`delete from stat_office_day where day = any(${sql.param(isoDays)}::date[])`);
    await tx.execute(sql`
      insert into stat_office_day (day, office_id, terminals, online_terminals, scheduled_terminals,
        started_terminals, online_sec, scheduled_sec, on_scheduled_sec)
      select day, office_id, count(*)::int, count(*) filter (where online_sec > 0)::int,
        count(*) filter (where scheduled_sec > 0)::int, count(*) filter (where on_scheduled_sec > 0)::int,
        sum(online_sec), sum(scheduled_sec), sum(on_scheduled_sec)
      from stat_terminal_day where day = any(${sql.param(isoDays)}::date[])
      group by day, office_id`);
    // The weeks (Mondays) of the days rolled, recomputed whole from their days, as the months below.
    const weeks = sql`(select distinct ${mondayOf(sql`d`)} as week
      from unnest(${sql.param(isoDays)}::date[]) as d)`;
    await tx.execute(sql`delete from stat_terminal_week where week in ${weeks}`);
    await tx.execute(sql`
      insert into stat_terminal_week (week, terminal_id, office_id, online_sec, scheduled_sec, on_scheduled_sec, days)
      select w.week, d.terminal_id, (array_agg(d.office_id order by d.day desc))[1],
        sum(d.online_sec), sum(d.scheduled_sec), sum(d.on_scheduled_sec), count(*) filter (where d.online_sec > 0)::int
      from ${weeks} as w join stat_terminal_day d on d.day >= w.week and d.day < w.week + 7
      group by 1, 2`);
    await tx.execute(sql`delete from stat_terminal_month where month = any(${sql.param(months)}::date[])`);
    await tx.execute(sql`
      insert into stat_terminal_month (month, terminal_id, office_id, online_sec, scheduled_sec, on_scheduled_sec, days)
      select date_trunc('month', day)::date, terminal_id, (array_agg(office_id order by day desc))[1],
        sum(online_sec), sum(scheduled_sec), sum(on_scheduled_sec), count(*) filter (where online_sec > 0)::int
      from stat_terminal_day
      where day >= ${months.reduce((a, b) => (a < b ? a : b))}::date
        and date_trunc('month', day)::date = any(${sql.param(months)}::date[])
      group by 1, 2`);
  }
  // The watermark: how far span ends were read; last_id: the last day rolled (partial when today).
  const top = await tx.execute<{ m: Date | string | null }>(
    sql`select max(ended_at) as m from terminal_online_spans`,
  );
  const mark = top.rows[0]?.m ? new Date(top.rows[0].m) : (state?.watermark ?? new Date(0));
  await writeState(tx, "terminal", mark, today, now);
  return written;
}

/**
 * materials (library) → stat_material_day: the materials held at the end of
 * each day since the last pass (today: now). Days before the first pass are
 * rebuilt from created_at (materials deleted since are not known), so growth
 * has a history from the start.
 */
async function rollMaterials(tx: Tx, tz: string, now: Date): Promise<number> {
  const clock = zoneClock(tz);
  const today = clock.dayOf(now.getTime());
  const state = await readState(tx, "material");
  let first = state ? state.lastId : null;
  if (first === null || first > today) {
    const r = await tx.execute<{ m: Date | string | null }>(
      sql`select min(created_at) as m from materials where purpose = 'library'`,
    );
    first = r.rows[0]?.m ? clock.dayOf(new Date(r.rows[0].m).getTime()) : today;
  }
  first = Math.max(Math.min(first, today), today - BACKFILL_DAYS + 1);
  const from = isoOfDay(first);
  const to = isoOfDay(today);
  await tx.execute(sql`delete from stat_material_day where day between ${from}::date and ${to}::date`);
  // A past day ends at its midnight; today at `now`.
  await tx.execute(sql`
    insert into stat_material_day (day, office_id, type, count, bytes)
    select d.day::date, m.office_id, m.type, count(*)::int, coalesce(sum(m.size), 0)::bigint
    from generate_series(${from}::date, ${to}::date, interval '1 day') as d(day)
    join materials m on m.purpose = 'library'
      and m.created_at < least(((d.day::date + 1)::timestamp at time zone ${tz}), ${now.toISOString()}::timestamptz)
    group by 1, 2, 3`);
  await writeState(tx, "material", now, today, now);
  return today - first + 1;
}

/**
 * The periodic pass of a server process: every ROLLUP_PASS_MS, never two at
 * once in the process (the advisory lock keeps other processes out), stopped
 * on close. `refresh` runs one now unless one ran within `freshMs`.
 */
export class RollupJob {
  private timer: ReturnType<typeof setInterval> | null = null;
  private running: Promise<RollupResult> | null = null;
  private stopped = false;

  constructor(
    private readonly services: Services,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    this.timer = setInterval(() => {
      if (this.running || this.stopped) return;
      this.pass().catch((err) => this.log.warn({ err }, "the statistics roll-up failed"));
    }, ROLLUP_PASS_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** Runs a pass (joining the one under way). */
  pass(): Promise<RollupResult> {
    if (!this.running) {
      this.running = runRollups(this.services).finally(() => {
        this.running = null;
      });
    }
    return this.running;
  }

  /** A pass now unless the roll-ups are fresher than `freshMs`; answers their "as of" time. */
  async refresh(freshMs: number): Promise<{ asOf: Date | null; ran: boolean }> {
    const asOf = await rollupsAsOf(this.services);
    if (asOf && this.services.clock.now().getTime() - asOf.getTime() < freshMs) return { asOf, ran: false };
    const r = await this.pass();
    return { asOf: r.asOf, ran: !r.skipped };
  }
}
