import {
  type PopBy,
  type PopKind,
  type PopSeriesPoint,
  type PopSummaryRow,
  type PopTotals,
  popDefaultKind,
} from "@marquee/contracts";
import { instantOfLocal, timeZoneOrUtc } from "@marquee/schedule";
import { eq, inArray, type SQL, sql } from "drizzle-orm";
import { materials, offices, programs, terminals } from "../../db/schema";
import type { Actor } from "../../platform/actor";
import { notFound } from "../../platform/errors";
import type { Services } from "../../platform/services";
import { namesIn, officeInScope, officesInScope, rangeOffices, scoped } from "../../platform/tenancy";
import { cutRange, cutWeeks, DAY_MS, dayMs } from "../statistics/periods";
import { findGroup, groupAndBelow } from "../terminal/repo";

/** The filters of a call as given (the summary's, the detail's and the export's). */
export interface PopFilter {
  from: string;
  to: string;
  officeId?: number;
  groupId?: number;
  programId?: number;
  materialId?: number;
  terminalId?: number;
  kind?: PopKind;
}

/**
 * A filter resolved against the caller: the offices and terminals it may
 * read, and the instants of its days. Offices `null`: every office; terminals
 * `null`: no terminal filter.
 */
export interface PopScope {
  /** Whose filter it is: names are read as this actor may read them. */
  actor: Actor;
  from: string;
  to: string;
  /** The first instant of `from` and of the day after `to`, in `timezone`. */
  fromAt: Date;
  toAt: Date;
  timezone: string;
  offices: number[] | null;
  terminals: number[] | null;
  programId?: number;
  materialId?: number;
  kind?: PopKind;
}

/**
 * Resolves the filter within the actor's data range. An office, group or
 * terminal outside it answers 404, like a missing one; so does a program or
 * material whose name the actor may not read (another tenant's).
 */
export async function resolveScope(services: Services, actor: Actor, f: PopFilter): Promise<PopScope> {
  // An unknown zone reads as UTC, as the roll-up reads it.
  const timezone = timeZoneOrUtc(await services.settings.get("defaultTimezone"));
  const { db, tree } = services;
  const officeIds =
    f.officeId === undefined
      ? rangeOffices(actor)
      : await officesInScope(tree, actor, await officeInScope(tree, actor, f.officeId));
  let terminalIds: number[] | null = null;
  if (f.terminalId !== undefined) {
    const [t] = await db
      .select({ id: terminals.id })
      .from(terminals)
      .where(scoped(actor, terminals, eq(terminals.id, f.terminalId)));
    if (!t) throw notFound("terminal", f.terminalId);
    terminalIds = [t.id];
  }
  if (f.groupId !== undefined) {
    const group = await findGroup(db, actor, f.groupId);
    const groups = await groupAndBelow(db, group);
    const rows = await db
      .select({ id: terminals.id })
      .from(terminals)
      .where(scoped(actor, terminals, inArray(terminals.groupId, groups)));
    const inGroup = rows.map((r) => r.id);
    terminalIds = terminalIds === null ? inGroup : terminalIds.filter((id) => inGroup.includes(id));
  }
  if (f.programId !== undefined && !(await namesIn(db, actor, programs, [f.programId])).size)
    throw notFound("program", f.programId);
  if (f.materialId !== undefined && !(await namesIn(db, actor, materials, [f.materialId])).size)
    throw notFound("material", f.materialId);
  return {
    actor,
    from: f.from,
    to: f.to,
    fromAt: new Date(instantOfLocal(timezone, f.from, "00:00")),
    toAt: new Date(instantOfLocal(timezone, f.to, "24:00")),
    timezone,
    offices: officeIds,
    terminals: terminalIds,
    programId: f.programId,
    materialId: f.materialId,
    kind: f.kind,
  };
}

/** The roll-up column an entity is read from. */
const KEY: Record<PopBy, string> = {
  program: "program_id",
  material: "material_id",
  terminal: "terminal_id",
  office: "office_id",
};

/** The conditions of a roll-up read but its days: the kind, the range and the filters. */
function filterConditions(s: PopScope, kind: PopKind, table: "d" | "o", by?: PopBy): SQL[] {
  const c: SQL[] = [sql`kind = ${kind}`];
  if (s.offices !== null) c.push(sql`office_id = any(${sql.param(s.offices)}::int[])`);
  if (s.terminals !== null && table === "d") c.push(sql`terminal_id = any(${sql.param(s.terminals)}::int[])`);
  if (s.programId !== undefined) c.push(sql`program_id = ${s.programId}`);
  if (s.materialId !== undefined) c.push(sql`material_id = ${s.materialId}`);
  // material_id 0 stands for "no material": not a row of a summary by material.
  if (by === "material") c.push(sql`material_id <> 0`);
  return c;
}

/** The WHERE of a roll-up read: the days, the kind, the range and the filters. */
function rollupWhere(s: PopScope, kind: PopKind, table: "d" | "o", by?: PopBy): SQL {
  return sql.join(
    [sql`day between ${s.from}::date and ${s.to}::date`, ...filterConditions(s, kind, table, by)],
    sql` and `,
  );
}

/**
 * Whether the per-terminal reads of a filter can use the reach roll-ups
 * (stat_pop_reach_day/month: no program, material or widget, about one row
 * per terminal and day instead of one per program played): no program or
 * material filter, not by material (its `material_id <> 0` needs the
 * material), and, when the rows are keyed, a key the reach roll-ups hold.
 */
function reachRollup(s: PopScope, by: PopBy | undefined, keyed: boolean): boolean {
  if (s.programId !== undefined || s.materialId !== undefined || by === "material") return false;
  return !keyed || by === undefined || by === "terminal" || by === "office";
}

/**
 * The per-terminal rows of a filter over its range: the whole months from
 * stat_pop_month, the days either side from stat_pop_day (the reach roll-ups:
 * the whole weeks among them from stat_pop_reach_week), each part with the
 * filter and `extra` in its own WHERE so that it reads its indexes. Columns:
 * terminal_id and the column of `by`, and with `figures` plays, ms,
 * first_day and last_day; no more, so that a count of terminals reads the
 * reach indexes alone (an index-only scan). Without a program or material
 * condition they are read from the reach roll-ups; `keyed: false` selects
 * terminal_id alone (a count of distinct terminals).
 */
function perTerminalRows(
  s: PopScope,
  kind: PopKind,
  by: PopBy | undefined,
  opts: { figures?: boolean; extra?: SQL[]; keyed?: boolean } = {},
): SQL {
  const cut = cutRange(s.from, s.to);
  const keyed = opts.keyed ?? true;
  const c = [...filterConditions(s, kind, "d", by), ...(opts.extra ?? [])];
  const keys = sql.raw(keyed && by && by !== "terminal" ? `terminal_id, ${KEY[by]}` : "terminal_id");
  const reach = reachRollup(s, by, keyed);
  const parts: SQL[] = [];
  if (cut.months) {
    const figures = opts.figures ? sql`, plays, ms, first_day, last_day` : sql``;
    parts.push(sql`
      select ${keys}${figures} from ${sql.raw(reach ? "stat_pop_reach_month" : "stat_pop_month")}
      where ${sql.join([sql`month between ${cut.months[0]}::date and ${cut.months[1]}::date`, ...c], sql` and `)}`);
  }
  // The reach roll-ups also hold weeks: the days either side of the months are mostly whole weeks.
  const edges = reach ? cutWeeks(cut.days) : { weeks: [], days: cut.days };
  for (const [a, b] of edges.weeks) {
    const figures = opts.figures ? sql`, plays, ms, first_day, last_day` : sql``;
    parts.push(sql`
      select ${keys}${figures} from stat_pop_reach_week
      where ${sql.join([sql`week between ${a}::date and ${b}::date`, ...c], sql` and `)}`);
  }
  for (const [a, b] of edges.days) {
    const figures = opts.figures ? sql`, plays, ms, day as first_day, day as last_day` : sql``;
    parts.push(sql`
      select ${keys}${figures} from ${sql.raw(reach ? "stat_pop_reach_day" : "stat_pop_day")}
      where ${sql.join([sql`day between ${a}::date and ${b}::date`, ...c], sql` and `)}`);
  }
  return sql`(${sql.join(parts, sql` union all `)}) as p`;
}

/**
 * The masks of the years a range of days meets: per year, a bit string of
 * 366 with the range's days of that year set (bit 1: 1 January), as the
 * days-played roll-ups (stat_pop_program_reach, stat_pop_material_reach)
 * hold them.
 */
export function yearMasks(from: string, to: string): { years: number[]; masks: string[] } {
  const years: number[] = [];
  const masks: string[] = [];
  const last = Number(to.slice(0, 4));
  for (let y = Number(from.slice(0, 4)); y <= last; y++) {
    const jan1 = Date.UTC(y, 0, 1);
    const a = from > `${y}-01-01` ? (dayMs(from) - jan1) / DAY_MS : 0;
    const b = to < `${y}-12-31` ? (dayMs(to) - jan1) / DAY_MS : (Date.UTC(y + 1, 0, 1) - jan1) / DAY_MS - 1;
    years.push(y);
    masks.push("0".repeat(a) + "1".repeat(b - a + 1) + "0".repeat(365 - b));
  }
  return { years, masks };
}

/**
 * Where the days played of a filter's plays are: the roll-up (programs or
 * materials) and the entity in it, 0 standing for any program or any
 * material. A filtered program or material is that entity; else any material
 * by material, any program otherwise. Null: a program and a material both
 * filtered (their pairs are in stat_pop_month only).
 */
function daysPlayed(s: PopScope, by: PopBy): { of: "program" | "material"; id: number } | null {
  if (s.programId !== undefined && s.materialId !== undefined) return null;
  if (s.materialId !== undefined) return { of: "material", id: s.materialId };
  if (s.programId !== undefined) return { of: "program", id: s.programId };
  return { of: by === "material" ? "material" : "program", id: 0 };
}

/**
 * (id, terminal_id) of the terminals that played on a day of the range, in
 * the filter's offices and terminals, from the days-played roll-up `of`: the
 * rows of `entities` (ids of programs or materials; 0: any) whose bits meet
 * the range's masks, read by their key (a row per year and office of a
 * terminal and entity). `id` is the entity, or with `byOffice` the office
 * (only those of `byOffice`).
 */
function playedRows(
  s: PopScope,
  kind: PopKind,
  of: "program" | "material",
  entities: number[],
  byOffice?: number[],
): SQL {
  const { years, masks } = yearMasks(s.from, s.to);
  const entity = sql.raw(`r.${of}_id`);
  const c: SQL[] = [sql`r.kind = ${kind}`, sql`${entity} = any(${sql.param(entities)}::int[])`];
  if (s.offices !== null) c.push(sql`r.office_id = any(${sql.param(s.offices)}::int[])`);
  if (byOffice) c.push(sql`r.office_id = any(${sql.param(byOffice)}::int[])`);
  if (s.terminals !== null) c.push(sql`r.terminal_id = any(${sql.param(s.terminals)}::int[])`);
  c.push(sql`(r.days & m.mask) <> repeat('0', 366)::bit(366)`);
  return sql`(
    select ${byOffice ? sql`r.office_id` : entity} as id, r.terminal_id
    from ${sql.raw(`stat_pop_${of}_reach`)} r
    join unnest(${sql.param(years)}::int[], ${sql.param(masks)}::bit(366)[]) as m(year, mask) on m.year = r.year
    where ${sql.join(c, sql` and `)}) as p`;
}

/** The figures of one entity over the whole filter, before names and reach are added. */
interface Aggregate {
  id: number;
  plays: number;
  ms: number;
  firstDay: string;
  lastDay: string;
}

export interface PopSummaryAll {
  kind: PopKind;
  /** Every entity of the filter, sorted as asked. */
  rows: Aggregate[];
  series: PopSeriesPoint[];
  totals: PopTotals;
}

/** Whether a summary reads the per-terminal roll-up: by terminal, or with a terminal filter (group, terminal). */
const perTerminal = (by: PopBy, s: PopScope) => by === "terminal" || s.terminals !== null;

/** The roll-up of a daily series: per terminal (the reach one when it has every column filtered) or per office. */
const table = (d: boolean, reach: boolean) =>
  sql.raw(d ? (reach ? "stat_pop_reach_day" : "stat_pop_day") : "stat_pop_office_day");

/** The days of the range, zero-filled, with the figures of `rows` (day → plays, ms). */
function fillSeries(from: string, to: string, rows: Array<{ day: string; plays: number; ms: number }>) {
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const out: PopSeriesPoint[] = [];
  const last = Date.parse(`${to}T00:00:00Z`);
  for (let d = Date.parse(`${from}T00:00:00Z`); d <= last; d += 86_400_000) {
    const day = new Date(d).toISOString().slice(0, 10);
    const r = byDay.get(day);
    out.push({ day, plays: r?.plays ?? 0, ms: r?.ms ?? 0 });
  }
  return out;
}

/** Aggregates of whole summaries, per filter and roll-up state: a page turn or a sort reads memory, not the roll-ups again. */
const SUMMARY_TTL_MS = 60_000;
const summaryCache = new WeakMap<Services, Map<string, { at: number; value: Promise<PopSummaryAll> }>>();

/** A stamp of the roll-ups' state: it changes whenever a roll-up has run and written. */
async function rollupStamp(services: Services): Promise<string> {
  const r = await services.db.execute<{ stamp: string | null }>(
    sql`select concat_ws(':', count(*), max(updated_at), max(watermark), sum(last_id)) as stamp
        from stat_rollup_state`,
  );
  return r.rows[0]?.stamp ?? "";
}

/**
 * Every entity of the filter with its figures, the daily series and the
 * totals, from the roll-ups: the office roll-up (a few rows per office and
 * day) unless the summary is by terminal or filters terminals. Kept per
 * filter until the roll-ups change (or a minute), so paging and sorting a
 * year of figures does not re-run the aggregation (Xibo #2891).
 */
export async function summaryAll(services: Services, s: PopScope, by: PopBy): Promise<PopSummaryAll> {
  const kind = s.kind ?? popDefaultKind(by);
  const key = JSON.stringify([by, kind, s.from, s.to, s.offices, s.terminals, s.programId, s.materialId]);
  const stamp = await rollupStamp(services);
  const byKey = summaryCache.get(services) ?? new Map();
  summaryCache.set(services, byKey);
  const cacheKey = `${stamp}|${key}`;
  const now = Date.now();
  const hit = byKey.get(cacheKey);
  if (hit && now - hit.at < SUMMARY_TTL_MS) return hit.value;
  if (byKey.size > 200) byKey.clear();
  const value = computeSummary(services, s, by, kind);
  const entry = { at: now, value };
  byKey.set(cacheKey, entry);
  value.catch(() => {
    if (byKey.get(cacheKey) === entry) byKey.delete(cacheKey);
  });
  return value;
}

/** The rows whose distinct terminals are the terminals reached by a whole summary. */
function totalReachRows(s: PopScope, kind: PopKind, by: PopBy): SQL {
  const played = daysPlayed(s, by);
  if (played) return playedRows(s, kind, played.of, [played.id]);
  return perTerminalRows(s, kind, by, { keyed: false });
}

async function computeSummary(
  services: Services,
  s: PopScope,
  by: PopBy,
  kind: PopKind,
): Promise<PopSummaryAll> {
  const d = perTerminal(by, s);
  const key = sql.raw(KEY[by]);
  // The daily series reads the office roll-up unless terminals are filtered: it sums the same day rows.
  const daily = s.terminals !== null;
  const [groups, days, reach] = await Promise.all([
    services.db.execute<{ id: number; plays: string; ms: string; first_day: string; last_day: string }>(
      d
        ? sql`
      select ${key} as id, sum(plays)::bigint as plays, sum(ms)::bigint as ms,
             min(first_day)::text as first_day, max(last_day)::text as last_day
      from ${perTerminalRows(s, kind, by, { figures: true })} group by ${key}`
        : sql`
      select ${key} as id, sum(plays)::bigint as plays, sum(ms)::bigint as ms,
             min(day)::text as first_day, max(day)::text as last_day
      from stat_pop_office_day where ${rollupWhere(s, kind, "o", by)} group by ${key}`,
    ),
    services.db.execute<{ day: string; plays: string; ms: string }>(sql`
      select day::text as day, sum(plays)::bigint as plays, sum(ms)::bigint as ms
      from ${table(daily, reachRollup(s, by, false))} where ${rollupWhere(s, kind, daily ? "d" : "o", by)} group by day`),
    // Terminals reached are distinct over days: only the per-terminal roll-ups know them (a hashed
    // DISTINCT: count(distinct) would sort them). By terminal, they are the summary's rows (the same WHERE).
    // The days-played roll-up of the filtered entity (or of any program or material) answers from a row
    // per terminal and year.
    by === "terminal"
      ? null
      : services.db.execute<{ n: number }>(sql`
      select count(*)::int as n from (select distinct terminal_id from ${totalReachRows(s, kind, by)}) as t`),
  ]);
  const rows: Aggregate[] = groups.rows.map((r) => ({
    id: Number(r.id),
    plays: Number(r.plays),
    ms: Number(r.ms),
    firstDay: r.first_day,
    lastDay: r.last_day,
  }));
  const series = fillSeries(
    s.from,
    s.to,
    days.rows.map((r) => ({ day: r.day, plays: Number(r.plays), ms: Number(r.ms) })),
  );
  let plays = 0;
  let ms = 0;
  for (const p of series) {
    plays += p.plays;
    ms += p.ms;
  }
  const terminals = reach ? (reach.rows[0]?.n ?? 0) : rows.length;
  return { kind, rows, series, totals: { plays, ms, terminals } };
}

/** Entities sorted by plays or duration (then id, so pages are stable). */
export function sortAggregates(rows: Aggregate[], sort: "plays" | "duration", order: "asc" | "desc") {
  const sign = order === "asc" ? 1 : -1;
  const field = sort === "plays" ? "plays" : "ms";
  return [...rows].sort((a, b) => sign * (a[field] - b[field]) || a.id - b.id);
}

/** The names of entities by id as the actor may read them; a deleted (or foreign) one is missing from the map. */
export function namesOf(
  services: Services,
  actor: Actor,
  by: PopBy,
  ids: number[],
): Promise<Map<number, string>> {
  const t = { program: programs, material: materials, terminal: terminals, office: offices }[by];
  return namesIn(services.db, actor, t, ids);
}

/** Distinct terminals that played each entity in the filter (per-terminal roll-up, only the ids asked). */
async function reachOf(
  services: Services,
  s: PopScope,
  by: PopBy,
  kind: PopKind,
  ids: number[],
): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  if (by === "terminal") return new Map(ids.map((id) => [id, 1]));
  // By program or material, the rows of those entities; by office, the filter's entity in those offices.
  const played = daysPlayed(s, by);
  const rows =
    played === null
      ? null
      : by === "office"
        ? playedRows(s, kind, played.of, [played.id], ids)
        : played.of === by
          ? playedRows(s, kind, played.of, ids)
          : null;
  if (rows) {
    const r = await services.db.execute<{ id: number; n: number }>(sql`
      select id, count(distinct terminal_id)::int as n from ${rows} group by id`);
    return new Map(r.rows.map((x) => [Number(x.id), x.n]));
  }
  const key = sql.raw(KEY[by]);
  const r = await services.db.execute<{ id: number; n: number }>(sql`
    select ${key} as id, count(distinct terminal_id)::int as n
    from ${perTerminalRows(s, kind, by, { extra: [sql`${key} = any(${sql.param(ids)}::int[])`] })}
    group by ${key}`);
  return new Map(r.rows.map((x) => [Number(x.id), x.n]));
}

/** Rows of a summary with names and reach: deleted entities are named "#id". */
export async function describe(
  services: Services,
  s: PopScope,
  by: PopBy,
  kind: PopKind,
  rows: Aggregate[],
): Promise<PopSummaryRow[]> {
  const ids = rows.map((r) => r.id);
  const [names, reach] = await Promise.all([
    namesOf(services, s.actor, by, ids),
    reachOf(services, s, by, kind, ids),
  ]);
  return rows.map((r) => {
    const name = names.get(r.id);
    return {
      ...r,
      name: name ?? `#${r.id}`,
      deleted: name === undefined,
      terminals: reach.get(r.id) ?? 0,
    };
  });
}

/** A raw play with the names of what it names. */
export interface PlayRow {
  id: number;
  /** µs since the epoch: the cursor's precision (a Date holds only ms). */
  us: string;
  at: Date;
  kind: PopKind;
  terminalId: number;
  terminalName: string;
  programId: number;
  programName: string | null;
  sceneId: string;
  widgetId: string | null;
  materialId: number | null;
  materialName: string | null;
  ms: number;
}

/** The first window a detail page reads back from its cursor; it doubles until the page is full. */
const FIRST_WINDOW_MS = 3_600_000;

/**
 * Where the first page's windows start: just after the newest play of the
 * range as far as the roll-ups and the plays not rolled up yet tell (the end
 * of the last day in stat_pop_day; the newest `at` past the roll-up's id
 * watermark, read by id). A range ends at the end of today while its newest
 * plays may be hours or days older: windows from the range's end would be
 * empty, each doubling the next, until one holds many hours of plays (a
 * platform's hundreds of thousands of rows, sorted for 50). Only a hint: the
 * first window still reads up to the range's end, so a play past it (a day
 * counted in another zone) is not lost.
 */
async function newestPlayBound(services: Services, s: PopScope): Promise<number> {
  const r = await services.db.execute<{ day: string | null; at: Date | string | null }>(sql`
    select (select max(day)::text from stat_pop_day where day between ${s.from}::date and ${s.to}::date) as day,
      (select max(at) from play_events
       where id > coalesce((select last_id from stat_rollup_state where name = 'pop'), 0)
         and at >= ${s.fromAt} and at < ${s.toAt}) as at`);
  const row = r.rows[0];
  let bound = Number.NEGATIVE_INFINITY;
  if (row?.day) bound = instantOfLocal(s.timezone, row.day, "24:00");
  if (row?.at) bound = Math.max(bound, new Date(row.at).getTime() + 1);
  return Number.isFinite(bound) ? bound : s.toAt.getTime();
}

/** The cursor after `row`. */
export const cursorOf = (row: PlayRow) => `${row.us}_${row.id}`;

/**
 * A page of raw plays, newest first, after `cursor` (`${µs}_${id}` of the
 * last row read). The raw table is read in time windows going back from the
 * cursor, doubling until the page is full or the range is done: each window
 * is a BRIN range of `at`, so a page costs about its own rows however many
 * millions the range holds, with no OFFSET and no count.
 */
export async function detailPage(
  services: Services,
  s: PopScope,
  cursor: string | undefined,
  size: number,
): Promise<{ rows: PlayRow[]; more: boolean; cursor: string | null }> {
  const want = size + 1;
  const rows: PlayRow[] = [];
  const c: SQL[] = [];
  // A play belongs to the office its terminal was in when it played (a moved screen's history stays behind).
  if (s.offices !== null) c.push(sql`e.office_id = any(${sql.param(s.offices)}::int[])`);
  if (s.terminals !== null) c.push(sql`e.terminal_id = any(${sql.param(s.terminals)}::int[])`);
  if (s.programId !== undefined) c.push(sql`e.program_id = ${s.programId}`);
  if (s.materialId !== undefined) c.push(sql`e.material_id = ${s.materialId}`);
  if (s.kind !== undefined) c.push(sql`e.kind = ${s.kind}`);
  const lowest = s.fromAt.getTime();
  let upper: SQL;
  let top: number;
  if (cursor) {
    const [us, id] = cursor.split("_");
    const at = sql`(timestamptz 'epoch' + ${us}::bigint * interval '1 microsecond')`;
    upper = sql`(e.at, e.id) < (${at}, ${Number(id)}::int) and e.at <= ${at} and e.at < ${s.toAt}`;
    top = Math.min(Math.floor(Number(us) / 1000) + 1, s.toAt.getTime());
  } else {
    upper = sql`e.at < ${s.toAt}`;
    top = Math.min(await newestPlayBound(services, s), s.toAt.getTime());
  }
  let window = FIRST_WINDOW_MS;
  let hi = top;
  let first = true;
  while (rows.length < want && hi > lowest) {
    const lo = Math.max(lowest, hi - window);
    const bound = first ? upper : sql`e.at < ${new Date(hi)}`;
    const r = await services.db.execute<{
      id: number;
      us: string;
      at: Date;
      kind: PopKind;
      terminal_id: number;
      program_id: number;
      scene_id: string;
      widget_id: string | null;
      material_id: number | null;
      ms: number;
    }>(sql`
      select e.id, (extract(epoch from e.at) * 1000000)::bigint::text as us, e.at, e.kind,
             e.terminal_id, e.program_id, e.scene_id, e.widget_id, e.material_id, e.ms
      from play_events e
      where ${sql.join([sql`e.at >= ${new Date(lo)}`, bound, ...c], sql` and `)}
      order by e.at desc, e.id desc
      limit ${want - rows.length}`);
    // Named after the limit, as the actor may read them: only the page's rows, never another tenant's names.
    const [terminalNames, programNames, materialNames] = await Promise.all([
      namesIn(
        services.db,
        s.actor,
        terminals,
        r.rows.map((x) => x.terminal_id),
      ),
      namesIn(
        services.db,
        s.actor,
        programs,
        r.rows.map((x) => x.program_id),
      ),
      namesIn(
        services.db,
        s.actor,
        materials,
        r.rows.flatMap((x) => (x.material_id === null ? [] : [x.material_id])),
      ),
    ]);
    for (const x of r.rows)
      rows.push({
        id: Number(x.id),
        us: x.us,
        at: new Date(x.at),
        kind: x.kind,
        terminalId: x.terminal_id,
        terminalName: terminalNames.get(x.terminal_id) ?? `#${x.terminal_id}`,
        programId: x.program_id,
        programName: programNames.get(x.program_id) ?? null,
        sceneId: x.scene_id,
        widgetId: x.widget_id,
        materialId: x.material_id,
        materialName: x.material_id === null ? null : (materialNames.get(x.material_id) ?? null),
        ms: x.ms,
      });
    hi = lo;
    first = false;
    window *= 2;
  }
  const more = rows.length > size;
  const page = rows.slice(0, size);
  const last = page.at(-1);
  return { rows: page, more, cursor: more && last ? cursorOf(last) : null };
}
