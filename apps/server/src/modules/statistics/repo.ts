import type {
  CalTerminalCountResponse,
  ClickRow,
  LoginStatsQuery,
  LoginUserRow,
  OnlineTimeQuery,
  OnlineTimeRow,
  TerminalByIdRow,
  TerminalCounts,
  WidgetClickQuery,
  WidgetTypeCount,
  WidgetUseRow,
} from "@marquee/contracts";
import { and, inArray, type SQL, sql } from "drizzle-orm";
import { programs, terminals } from "../../db/schema";
import type { Actor } from "../../platform/actor";
import { notFound } from "../../platform/errors";
import type { Services } from "../../platform/services";
import { likeEscape } from "../../platform/sql";
import { nameScope, namesIn, officeNameable, scoped } from "../../platform/tenancy";
import { viewStatus } from "../terminal/repo";
import { cutRange, cutWeeks } from "./periods";
import { groupIn, hours, officeIn, type StatsScope } from "./scope";

type Row = Record<string, unknown>;
const num = (v: unknown) => Number(v ?? 0);
const dayList = (s: StatsScope) => sql`${s.from}::date and ${s.to}::date`;
/** `column` (a date) in any of the ranges of days (both ends included). */
const inRanges = (column: SQL, ranges: Array<[string, string]>) =>
  sql.join(
    ranges.map(([a, b]) => sql`${column} between ${a}::date and ${b}::date`),
    sql` or `,
  );
const rate = (started: number, scheduled: number) =>
  scheduled > 0 ? Math.round((started / scheduled) * 10_000) / 10_000 : null;

/** A per-day series over every day of the range, zeros where the query had no row. */
function fill<T extends object>(
  s: StatsScope,
  rows: Row[],
  make: (r: Row | undefined, day: string) => T,
): T[] {
  const byDay = new Map(rows.map((r) => [String(r.day), r]));
  return s.days.map((d) => make(byDay.get(d), d));
}

/** Offices named by the tree (null when gone). */
/** Office names as the actor may read them (its range and its own tenant; null for others). */
async function officeNames(
  services: Services,
  actor: Actor,
  ids: number[],
): Promise<Map<number, string | null>> {
  const out = new Map<number, string | null>();
  for (const id of new Set(ids))
    out.set(id, officeNameable(actor, id) ? ((await services.tree.get(id))?.name ?? null) : null);
  return out;
}

/** The breakdown office an office is counted under, if any. */
function bucketOf(s: StatsScope, officeId: number): number | undefined {
  return s.buckets.find((b) => b.officeIds.has(officeId))?.id;
}

/** Per-day terminals and online terminals (and the scheduled/started ones, the seconds). */
async function terminalDays(services: Services, s: StatsScope): Promise<Row[]> {
  const r = s.groupIds
    ? await services.db.execute<Row>(sql`
        select day::text as day, count(*) as terminals, count(*) filter (where online_sec > 0) as online,
          count(*) filter (where scheduled_sec > 0) as scheduled, count(*) filter (where on_scheduled_sec > 0) as started,
          sum(online_sec) as online_sec
        from stat_terminal_day d
        where day between ${dayList(s)} and ${officeIn(s, sql`d.office_id`)} and ${groupIn(s, sql`d.terminal_id`)}
        group by day`)
    : await services.db.execute<Row>(sql`
        select day::text as day, sum(terminals) as terminals, sum(online_terminals) as online,
          sum(scheduled_terminals) as scheduled, sum(started_terminals) as started, sum(online_sec) as online_sec
        from stat_office_day d
        where day between ${dayList(s)} and ${officeIn(s, sql`d.office_id`)}
        group by day`);
  return r.rows;
}

/** calTerminalCount: live counts (whole scope and per breakdown office) and the per-day series. */
export async function terminalCount(
  services: Services,
  s: StatsScope,
): Promise<Omit<CalTerminalCountResponse, "code" | "msg" | "from" | "to" | "timezone" | "asOf">> {
  const live = await services.db.execute<{
    office_id: number;
    state: string;
    online: boolean;
    fault: boolean;
    n: string;
  }>(sql`
    select office_id, state, online, fault is not null as fault, count(*) as n from terminals t
    where ${officeIn(s, sql`t.office_id`)} and ${groupIn(s, sql`t.id`)}
    group by 1, 2, 3, 4`);
  const zero = (): TerminalCounts => ({
    total: 0,
    online: 0,
    offline: 0,
    fault: 0,
    unauthorised: 0,
    disabled: 0,
  });
  const counts = zero();
  const per = new Map(s.buckets.map((b) => [b.id, zero()]));
  for (const r of live.rows) {
    const status = viewStatus({
      state: r.state as "pending" | "authorised" | "disabled",
      online: r.online,
      fault: r.fault ? "" : null,
    });
    const n = num(r.n);
    const b = bucketOf(s, r.office_id);
    for (const c of [counts, b === undefined ? undefined : per.get(b)]) {
      if (!c) continue;
      c.total += n;
      c[status] += n;
    }
  }
  const series = fill(s, await terminalDays(services, s), (r, day) => ({
    day,
    terminals: num(r?.terminals),
    online: num(r?.online),
  }));
  return {
    counts,
    offices: s.buckets.map((b) => ({ officeId: b.id, officeName: b.name, ...(per.get(b.id) ?? zero()) })),
    series,
  };
}

const ONLINE_SORT = { hours: sql`online_sec`, days: sql`days`, name: sql`t.name` } as const;

/** statisticsTerminalOnlineTime: the per-day series, totals, and the per-terminal page. */
export async function onlineTime(services: Services, s: StatsScope, q: OnlineTimeQuery) {
  // Whole months from the month roll-up, the whole weeks either side from the week roll-up, the rest by day.
  const cut = cutRange(s.from, s.to);
  const edges = cutWeeks(cut.days);
  const parts: SQL[] = [];
  if (edges.days.length) {
    parts.push(sql`select d.terminal_id, d.online_sec::bigint as online_sec, (d.online_sec > 0)::int as days
      from stat_terminal_day d where (${inRanges(sql`d.day`, edges.days)}) and ${officeIn(s, sql`d.office_id`)}`);
  }
  if (edges.weeks.length) {
    parts.push(sql`select w.terminal_id, w.online_sec, w.days from stat_terminal_week w
      where (${inRanges(sql`w.week`, edges.weeks)}) and ${officeIn(s, sql`w.office_id`)}`);
  }
  if (cut.months) {
    parts.push(sql`select m.terminal_id, m.online_sec, m.days from stat_terminal_month m
      where m.month between ${cut.months[0]}::date and ${cut.months[1]}::date and ${officeIn(s, sql`m.office_id`)}`);
  }
  const keyword = q.keyword ? sql`t.name ilike ${`%${likeEscape(q.keyword)}%`}` : sql`true`;
  const dir = q.order === "asc" ? sql`asc` : sql`desc`;
  // Summed per terminal before the terminals are joined: one row a terminal to join, not one a period.
  // The series and the page, each on its own connection at once.
  const [days, page] = await Promise.all([
    terminalDays(services, s),
    services.db.execute<Row>(sql`
    with x as (${sql.join(parts, sql` union all `)}),
    per as (select x.terminal_id, sum(x.online_sec)::bigint as online_sec, sum(x.days)::int as days
      from x group by x.terminal_id)
    select t.id, t.name, t.office_id, per.online_sec, per.days,
      count(*) over () as total, sum(per.online_sec) over () as all_sec
    from per join terminals t on t.id = per.terminal_id
    where ${keyword} and ${groupIn(s, sql`t.id`)}
    order by ${ONLINE_SORT[q.sort]} ${dir}, t.id
    limit ${q.pageSize} offset ${(q.pageNo - 1) * q.pageSize}`),
  ]);
  const [names, terminalNames] = await Promise.all([
    officeNames(
      services,
      s.actor,
      page.rows.map((r) => num(r.office_id)),
    ),
    // A terminal moved to another tenant since: its history stays, its new name is not shown.
    namesIn(
      services.db,
      s.actor,
      terminals,
      page.rows.map((r) => num(r.id)),
    ),
  ]);
  const series = fill(s, days, (r, day) => {
    const sec = num(r?.online_sec);
    const terminals = num(r?.terminals);
    return {
      day,
      onlineSec: sec,
      onlineHours: hours(sec),
      terminals,
      avgHours: terminals ? Math.round((sec / 3600 / terminals) * 100) / 100 : 0,
    };
  });
  const list: OnlineTimeRow[] = page.rows.map((r) => ({
    terminalId: num(r.id),
    name: terminalNames.get(num(r.id)) ?? `#${num(r.id)}`,
    officeId: num(r.office_id),
    officeName: names.get(num(r.office_id)) ?? null,
    onlineSec: num(r.online_sec),
    onlineHours: hours(num(r.online_sec)),
    daysOnline: num(r.days),
  }));
  const totalSec = series.reduce((n, d) => n + d.onlineSec, 0);
  const total = num(page.rows[0]?.total);
  const counted = total || (await countRangeTerminals(services, s));
  return {
    list,
    total,
    pageNo: q.pageNo,
    pageSize: q.pageSize,
    series,
    totalHours: hours(totalSec),
    avgHours: counted ? Math.round((totalSec / 3600 / counted) * 100) / 100 : 0,
  };
}

/** Terminals with a row in the range (for the average when the page is past the end). */
async function countRangeTerminals(services: Services, s: StatsScope): Promise<number> {
  const r = await services.db.execute<Row>(sql`
    select count(distinct terminal_id) as n from stat_terminal_day d
    where day between ${dayList(s)} and ${officeIn(s, sql`d.office_id`)} and ${groupIn(s, sql`d.terminal_id`)}`);
  return num(r.rows[0]?.n);
}

/** terminalStartUpRate: per day and per breakdown office, terminals started / scheduled. */
export async function startUpRate(services: Services, s: StatsScope) {
  const days = await terminalDays(services, s);
  const series = fill(s, days, (r, day) => {
    const scheduled = num(r?.scheduled);
    const started = num(r?.started);
    return { day, scheduled, started, rate: rate(started, scheduled) };
  });
  // Terminal-days per office: the office roll-up holds them already; only a group filter needs the terminal rows.
  const byOffice = s.groupIds
    ? await services.db.execute<Row>(sql`
        select office_id, count(*) filter (where scheduled_sec > 0) as scheduled,
          count(*) filter (where on_scheduled_sec > 0) as started
        from stat_terminal_day d
        where day between ${dayList(s)} and ${officeIn(s, sql`d.office_id`)} and ${groupIn(s, sql`d.terminal_id`)}
        group by office_id`)
    : await services.db.execute<Row>(sql`
        select office_id, sum(scheduled_terminals) as scheduled, sum(started_terminals) as started
        from stat_office_day d
        where day between ${dayList(s)} and ${officeIn(s, sql`d.office_id`)}
        group by office_id`);
  const per = new Map(s.buckets.map((b) => [b.id, { scheduled: 0, started: 0 }]));
  for (const r of byOffice.rows) {
    const b = bucketOf(s, num(r.office_id));
    const c = b === undefined ? undefined : per.get(b);
    if (!c) continue;
    c.scheduled += num(r.scheduled);
    c.started += num(r.started);
  }
  const scheduled = series.reduce((n, d) => n + d.scheduled, 0);
  const started = series.reduce((n, d) => n + d.started, 0);
  return {
    series,
    offices: s.buckets.map((b) => {
      const c = per.get(b.id) ?? { scheduled: 0, started: 0 };
      return { officeId: b.id, officeName: b.name, ...c, rate: rate(c.started, c.scheduled) };
    }),
    scheduled,
    started,
    rate: rate(started, scheduled),
  };
}

const LOGIN_SORT = { logins: sql`logins`, lastDay: sql`last_day`, username: sql`u.username` } as const;

/** statisticsLogin: sign-ins per day, and per user (paged). */
export async function loginStats(services: Services, s: StatsScope, q: LoginStatsQuery) {
  const days = await services.db.execute<Row>(sql`
    select day::text as day, sum(logins) as logins, count(*) filter (where logins > 0) as users
    from stat_user_day d where day between ${dayList(s)} and ${officeIn(s, sql`d.office_id`)}
    group by day`);
  const series = fill(s, days.rows, (r, day) => ({ day, logins: num(r?.logins), users: num(r?.users) }));
  const keyword = q.keyword
    ? sql`(u.username ilike ${`%${likeEscape(q.keyword)}%`} or u.name ilike ${`%${likeEscape(q.keyword)}%`})`
    : sql`true`;
  const dir = q.order === "asc" ? sql`asc` : sql`desc`;
  const page = await services.db.execute<Row>(sql`
    select u.id, u.username, u.name, u.office_id, sum(d.logins)::int as logins,
      (max(d.day) filter (where d.logins > 0))::text as last_day, count(*) over () as total
    from stat_user_day d join users u on u.id = d.user_id
    where d.day between ${dayList(s)} and ${officeIn(s, sql`d.office_id`)} and ${keyword}
    group by u.id
    having sum(d.logins) > 0
    order by ${LOGIN_SORT[q.sort]} ${dir}, u.id
    limit ${q.pageSize} offset ${(q.pageNo - 1) * q.pageSize}`);
  const names = await officeNames(
    services,
    s.actor,
    page.rows.map((r) => num(r.office_id)),
  );
  const list: LoginUserRow[] = page.rows.map((r) => ({
    userId: num(r.id),
    username: String(r.username),
    name: (r.name as string | null) ?? null,
    officeId: num(r.office_id),
    officeName: names.get(num(r.office_id)) ?? null,
    logins: num(r.logins),
    lastDay: String(r.last_day),
  }));
  return {
    list,
    total: num(page.rows[0]?.total),
    pageNo: q.pageNo,
    pageSize: q.pageSize,
    series,
    totalLogins: series.reduce((n, d) => n + d.logins, 0),
  };
}

/** statisticsResourcesCase: library materials now by type, and the daily snapshots. */
export async function resourcesCase(services: Services, s: StatsScope) {
  const now = await services.db.execute<Row>(sql`
    select type, count(*) as n, coalesce(sum(size), 0) as bytes from materials m
    where purpose = 'library' and ${officeIn(s, sql`m.office_id`)}
    group by type order by type`);
  const byType = now.rows.map((r) => ({ type: String(r.type), count: num(r.n), bytes: num(r.bytes) }));
  const growth = await services.db.execute<Row>(sql`
    select day::text as day, sum(count) as n, sum(bytes) as bytes from stat_material_day d
    where day between ${dayList(s)} and ${officeIn(s, sql`d.office_id`)}
    group by day`);
  return {
    byType,
    count: byType.reduce((n, t) => n + t.count, 0),
    bytes: byType.reduce((n, t) => n + t.bytes, 0),
    growth: fill(s, growth.rows, (r, day) => ({ day, count: num(r?.n), bytes: num(r?.bytes) })),
  };
}

interface DocWidget {
  id: string;
  type: string;
  name: string;
}

/** The widgets of stored program documents (a document that does not read has none). */
/** The widgets of programs the actor may name (nameScope): another tenant's are missing from the map. */
async function widgetsOf(
  services: Services,
  actor: Actor,
  programIds: number[],
): Promise<Map<number, DocWidget[]>> {
  const out = new Map<number, DocWidget[]>();
  if (!programIds.length) return out;
  const rows = await services.db
    .select({ id: programs.id, doc: programs.doc })
    .from(programs)
    .where(and(inArray(programs.id, programIds), nameScope(actor, programs)));
  for (const row of rows) out.set(row.id, docWidgets(row.doc));
  return out;
}

function docWidgets(doc: unknown): DocWidget[] {
  const scenes = (doc as { scenes?: unknown })?.scenes;
  if (!Array.isArray(scenes)) return [];
  const out: DocWidget[] = [];
  for (const scene of scenes) {
    const widgets = (scene as { widgets?: unknown })?.widgets;
    if (!Array.isArray(widgets)) continue;
    for (const w of widgets) {
      const { id, type, name } = (w ?? {}) as Partial<DocWidget>;
      if (typeof id === "string" && typeof type === "string")
        out.push({ id, type, name: typeof name === "string" ? name : "" });
    }
  }
  return out;
}

/** Widget types of programs: how many widgets, and in how many of the programs. */
function countTypes(docs: Iterable<DocWidget[]>): Map<string, { widgets: number; programs: number }> {
  const out = new Map<string, { widgets: number; programs: number }>();
  for (const widgets of docs) {
    const seen = new Set<string>();
    for (const w of widgets) {
      const c = out.get(w.type) ?? { widgets: 0, programs: 0 };
      c.widgets++;
      if (!seen.has(w.type)) c.programs++;
      seen.add(w.type);
      out.set(w.type, c);
    }
  }
  return out;
}

/** statisticsPublishProgramWidgetNum: program publications per day, and the widgets of the programs published. */
export async function publishWidgets(services: Services, s: StatsScope) {
  const tz = s.timezone;
  const where = sql`p.kind = 'program' and p.created_at >= ${s.start.toISOString()}::timestamptz
    and p.created_at < ${s.end.toISOString()}::timestamptz and ${officeIn(s, sql`p.office_id`)}`;
  const days = await services.db.execute<Row>(sql`
    select (p.created_at at time zone ${tz})::date::text as day, count(*) as n, count(distinct p.content_id) as programs
    from publications p where ${where} group by 1`);
  const ids = await services.db.execute<{ id: number }>(
    sql`select distinct p.content_id as id from publications p where ${where}`,
  );
  const docs = await widgetsOf(
    services,
    s.actor,
    ids.rows.map((r) => r.id),
  );
  const widgets: WidgetTypeCount[] = [...countTypes(docs.values())]
    .map(([type, c]) => ({ type, ...c }))
    .sort((a, b) => b.widgets - a.widgets || a.type.localeCompare(b.type));
  const series = fill(s, days.rows, (r, day) => ({
    day,
    publications: num(r?.n),
    programs: num(r?.programs),
  }));
  return {
    series,
    publications: series.reduce((n, d) => n + d.publications, 0),
    programs: ids.rows.length,
    widgets,
  };
}

/** Proof-of-play rows of the scope by day (a daily series): per office and day, or per terminal when a group filters terminals. */
function popSource(s: StatsScope): SQL {
  return s.groupIds
    ? sql`(select d.day, d.office_id, d.kind, d.program_id, d.widget_id, d.plays, d.ms, d.terminal_id
          from stat_pop_day d where ${groupIn(s, sql`d.terminal_id`)})`
    : sql`(select day, office_id, kind, program_id, widget_id, plays, ms, terminals from stat_pop_office_day)`;
}

/**
 * Widget plays covering the scope's range once, to be summed over it (not per day): with a group, the
 * group's terminals' days (stat_pop_day); else the offices' whole months of the range
 * (stat_pop_widget_month) and the days either side (stat_pop_office_day), so that a year reads about
 * twelve rows a widget and office instead of one a day and material. Columns: office_id, kind,
 * program_id, widget_id, plays, ms; and terminal_days (the terminals that played a day, summed over the
 * days) without a group, terminal_id and day with one (terminalDaysOf).
 */
function widgetPlaysOverRange(s: StatsScope): SQL {
  if (s.groupIds)
    return sql`(select d.office_id, d.kind, d.program_id, d.widget_id, d.plays, d.ms, d.terminal_id, d.day
      from stat_pop_day d where d.day between ${dayList(s)} and d.widget_id <> ''
        and ${groupIn(s, sql`d.terminal_id`)})`;
  const cut = cutRange(s.from, s.to);
  const parts: SQL[] = [];
  if (cut.months)
    parts.push(sql`select m.office_id, m.kind, m.program_id, m.widget_id, m.plays, m.ms, m.terminal_days
      from stat_pop_widget_month m where m.month between ${cut.months[0]}::date and ${cut.months[1]}::date`);
  if (cut.days.length)
    parts.push(sql`select d.office_id, d.kind, d.program_id, d.widget_id, d.plays, d.ms, d.terminals as terminal_days
      from stat_pop_office_day d
      where (${inRanges(sql`d.day`, cut.days)}) and d.widget_id <> ''`);
  return sql`(${sql.join(parts, sql` union all `)})`;
}

/** The terminal-days of a group of widgetPlaysOverRange's rows `x`. */
const terminalDaysOf = (s: StatsScope): SQL =>
  s.groupIds ? sql`count(distinct (x.terminal_id, x.day))` : sql`sum(x.terminal_days)`;

/** statisticsWidgetUse: per widget type, programs using it now and its play time in the range. */
export async function widgetUse(services: Services, s: StatsScope) {
  // The programs and the plays, each on its own connection at once.
  const [progs, plays] = await Promise.all([
    services.db.execute<{ id: number; doc: unknown }>(
      sql`select id, doc from programs p where ${officeIn(s, sql`p.office_id`)}`,
    ),
    services.db.execute<Row>(sql`
      select x.program_id, x.widget_id, sum(x.plays) as plays, sum(x.ms) as ms from ${widgetPlaysOverRange(s)} x
      where x.kind in ('scene', 'media') and x.widget_id <> '' and ${officeIn(s, sql`x.office_id`)}
      group by 1, 2`),
  ]);
  const used = countTypes(progs.rows.map((r) => docWidgets(r.doc)));
  const docs = await widgetsOf(services, s.actor, [...new Set(plays.rows.map((r) => num(r.program_id)))]);
  const played = new Map<string, { plays: number; ms: number }>();
  for (const r of plays.rows) {
    const w = docs.get(num(r.program_id))?.find((x) => x.id === r.widget_id);
    if (!w) continue;
    const c = played.get(w.type) ?? { plays: 0, ms: 0 };
    c.plays += num(r.plays);
    c.ms += num(r.ms);
    played.set(w.type, c);
  }
  const list: WidgetUseRow[] = [...new Set([...used.keys(), ...played.keys()])].map((type) => {
    const p = played.get(type) ?? { plays: 0, ms: 0 };
    const u = used.get(type) ?? { widgets: 0, programs: 0 };
    const playSec = Math.round(p.ms / 1000);
    return {
      type,
      programs: u.programs,
      widgets: u.widgets,
      plays: p.plays,
      playSec,
      playHours: hours(playSec),
    };
  });
  list.sort((a, b) => b.programs - a.programs || b.playSec - a.playSec || a.type.localeCompare(b.type));
  return { list };
}

const CLICK_SORT = { clicks: sql`clicks`, program: sql`x.program_id` } as const;

/** statisticsWidgetClick: presses per day, and per program and widget (paged). */
export async function widgetClicks(services: Services, s: StatsScope, q: WidgetClickQuery) {
  // Another tenant's program is refused like a missing one.
  if (q.programId !== undefined && !(await namesIn(services.db, s.actor, programs, [q.programId])).size)
    throw notFound("program", q.programId);
  const where = sql`x.kind = 'click' and ${officeIn(s, sql`x.office_id`)}
    and ${q.programId === undefined ? sql`true` : sql`x.program_id = ${q.programId}`}`;
  const dir = q.order === "asc" ? sql`asc` : sql`desc`;
  // The series and the page, each on its own connection at once.
  const [days, page] = await Promise.all([
    services.db.execute<Row>(sql`
      select x.day::text as day, sum(x.plays) as clicks from ${popSource(s)} x
      where x.day between ${dayList(s)} and ${where} group by 1`),
    services.db.execute<Row>(sql`
      select x.program_id, x.widget_id, sum(x.plays) as clicks, ${terminalDaysOf(s)} as terminal_days,
        count(*) over () as total
      from ${widgetPlaysOverRange(s)} x where ${where}
      group by 1, 2
      order by ${CLICK_SORT[q.sort]} ${dir}, x.program_id, x.widget_id
      limit ${q.pageSize} offset ${(q.pageNo - 1) * q.pageSize}`),
  ]);
  const series = fill(s, days.rows, (r, day) => ({ day, clicks: num(r?.clicks) }));
  const programIds = [...new Set(page.rows.map((r) => num(r.program_id)))];
  const docs = await widgetsOf(services, s.actor, programIds);
  const nameOf = await namesIn(services.db, s.actor, programs, programIds);
  const list: ClickRow[] = page.rows.map((r) => {
    const w = docs.get(num(r.program_id))?.find((x) => x.id === r.widget_id);
    return {
      programId: num(r.program_id),
      programName: nameOf.get(num(r.program_id)) ?? null,
      widgetId: String(r.widget_id),
      widgetType: w?.type ?? null,
      widgetName: w ? w.name : null,
      clicks: num(r.clicks),
      terminalDays: num(r.terminal_days),
    };
  });
  return {
    list,
    total: num(page.rows[0]?.total),
    pageNo: q.pageNo,
    pageSize: q.pageSize,
    series,
    totalClicks: series.reduce((n, d) => n + d.clicks, 0),
  };
}

/** getTerminalByTerminalIds: the terminals among `ids` in the caller's range, in the order asked. */
export async function terminalsByIds(
  services: Services,
  actor: Actor,
  ids: number[],
): Promise<TerminalByIdRow[]> {
  const rows = await services.db
    .select({
      id: terminals.id,
      name: terminals.name,
      enrolCode: terminals.enrolCode,
      officeId: terminals.officeId,
      state: terminals.state,
      online: terminals.online,
      fault: terminals.fault,
    })
    .from(terminals)
    .where(scoped(actor, terminals, inArray(terminals.id, ids)));
  const names = await officeNames(
    services,
    actor,
    rows.map((x) => x.officeId),
  );
  const byId = new Map(rows.map((x) => [x.id, x]));
  return ids.flatMap((id) => {
    const t = byId.get(id);
    if (!t) return [];
    return [
      {
        id: t.id,
        name: t.name,
        code: t.enrolCode,
        officeId: t.officeId,
        officeName: names.get(t.officeId) ?? null,
        status: viewStatus(t),
      },
    ];
  });
}
