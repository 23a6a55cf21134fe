import {
  BEHAVIOR_ACTIONS_MAX,
  type BehaviorActionRow,
  type BehaviorActiveDay,
  type BehaviorOfficeRow,
  type BehaviorPageRow,
  type BehaviorUserRow,
  type BehaviorUsersQuery,
} from "@marquee/contracts";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { pageViews } from "../../db/schema";
import type { Actor } from "../../platform/actor";
import type { OfficeNode } from "../../platform/office-tree";
import type { Services } from "../../platform/services";
import { likeEscape } from "../../platform/sql";
import { officeVisible } from "../../platform/tenancy";
import { type BehaviorScope, daysOf } from "./range";

/** The rows of a roll-up table (alias `s`) that the scope counts: its days, offices and, for "own", the user. */
function rollupWhere(scope: BehaviorScope): SQL {
  const parts: SQL[] = [sql`s.day between ${scope.from}::date and ${scope.to}::date`];
  if (scope.officeIds !== null)
    parts.push(
      scope.officeIds.length ? sql`s.office_id = any(${sql.param(scope.officeIds)}::int[])` : sql`false`,
    );
  if (scope.ownerId !== null) parts.push(sql`s.user_id = ${scope.ownerId}`);
  return sql.join(parts, sql` and `);
}

/** A user-day counts as active when the user signed in, viewed a page or acted. */
const ACTIVE = sql`(s.logins + s.page_views + s.actions) > 0`;

const num = (v: unknown) => Number(v ?? 0);

/** Per day of the range: active users, sign-ins, page views, actions (zeros where nobody was active). */
export async function activeUsers(db: Db, scope: BehaviorScope) {
  const where = rollupWhere(scope);
  const [byDay, total] = await Promise.all([
    db.execute<{ day: string; users: number; logins: number; views: number; actions: number }>(sql`
      select s.day::text as day, count(*) filter (where ${ACTIVE})::int as users,
        sum(s.logins)::int as logins, sum(s.page_views)::int as views, sum(s.actions)::int as actions
      from stat_user_day s where ${where} group by s.day`),
    db.execute<{ users: number; logins: number; views: number; actions: number }>(sql`
      select count(distinct s.user_id) filter (where ${ACTIVE})::int as users,
        coalesce(sum(s.logins), 0)::int as logins, coalesce(sum(s.page_views), 0)::int as views,
        coalesce(sum(s.actions), 0)::int as actions
      from stat_user_day s where ${where}`),
  ]);
  const found = new Map(byDay.rows.map((r) => [r.day, r]));
  const series: BehaviorActiveDay[] = daysOf(scope.from, scope.to).map((day) => {
    const r = found.get(day);
    return {
      day,
      activeUsers: num(r?.users),
      logins: num(r?.logins),
      pageViews: num(r?.views),
      actions: num(r?.actions),
    };
  });
  const t = total.rows[0];
  return {
    series,
    totals: {
      activeUsers: num(t?.users),
      logins: num(t?.logins),
      pageViews: num(t?.views),
      actions: num(t?.actions),
    },
  };
}

/** Every page viewed in the range, most viewed first (at most one row per route name). */
export async function pages(db: Db, scope: BehaviorScope): Promise<BehaviorPageRow[]> {
  const r = await db.execute<{ page: string; views: number; users: number }>(sql`
    select s.page, sum(s.views)::int as views, count(distinct s.user_id)::int as users
    from stat_page_day s where ${rollupWhere(scope)} and s.views > 0
    group by s.page order by views desc, s.page`);
  return r.rows.map((x) => ({ page: x.page, views: num(x.views), users: num(x.users) }));
}

/** Audit rows may be written by processes whose clocks differ a little: id bounds are looked for this much wider. */
const ID_BOUND_MARGIN_MS = 3_600_000;

/**
 * The lowest audit id whose row was written at `at` or later, found by a
 * binary search over the primary key (ids grow with time): the audit trail
 * has no index on its time, and a year of it is too long to scan.
 */
async function firstAuditIdAt(db: Db, at: Date, lo: number, hi: number): Promise<number> {
  let low = lo;
  let high = hi + 1;
  while (low < high) {
    const mid = Math.floor((low + high) / 2);
    const r = await db.execute<{ id: string | number; created_at: Date | string }>(
      sql`select id, created_at from audit_logs where id >= ${mid} order by id limit 1`,
    );
    const row = r.rows[0];
    if (!row || new Date(row.created_at).getTime() >= at.getTime()) high = mid;
    else low = Number(row.id) + 1;
  }
  return low;
}

/**
 * The audited actions of signed-in users over the range, by action name, as
 * the roll-up counts them (every action but the sign-in itself, refused ones
 * included): read from the audit trail within id bounds of the range, so the
 * query walks a primary-key range, not the whole table.
 */
export async function actions(
  db: Db,
  scope: BehaviorScope,
): Promise<{ list: BehaviorActionRow[]; total: number }> {
  const ends = await db.execute<{ lo: string | number | null; hi: string | number | null }>(
    sql`select min(id) as lo, max(id) as hi from audit_logs`,
  );
  const lo = ends.rows[0]?.lo;
  const hi = ends.rows[0]?.hi;
  if (lo === null || lo === undefined || hi === null || hi === undefined) return { list: [], total: 0 };
  const [fromId, toId] = await Promise.all([
    firstAuditIdAt(db, new Date(scope.start.getTime() - ID_BOUND_MARGIN_MS), Number(lo), Number(hi)),
    firstAuditIdAt(db, new Date(scope.end.getTime() + ID_BOUND_MARGIN_MS), Number(lo), Number(hi)),
  ]);
  const parts: SQL[] = [
    sql`a.id >= ${fromId} and a.id < ${toId}`,
    sql`a.created_at >= ${scope.start.toISOString()}::timestamptz`,
    sql`a.created_at < ${scope.end.toISOString()}::timestamptz`,
    sql`a.user_id is not null`,
    sql`a.action <> 'login'`,
  ];
  if (scope.officeIds !== null)
    parts.push(
      scope.officeIds.length
        ? sql`coalesce(a.office_id, (select u.office_id from users u where u.id = a.user_id)) = any(${sql.param(scope.officeIds)}::int[])`
        : sql`false`,
    );
  if (scope.ownerId !== null) parts.push(sql`a.user_id = ${scope.ownerId}`);
  const r = await db.execute<{ action: string; n: number; users: number; failed: number; total: number }>(sql`
    select a.action, count(*)::int as n, count(distinct a.user_id)::int as users,
      count(*) filter (where a.result = 'fail')::int as failed, sum(count(*)) over ()::int as total
    from audit_logs a where ${sql.join(parts, sql` and `)}
    group by a.action order by n desc, a.action limit ${BEHAVIOR_ACTIONS_MAX}`);
  return {
    list: r.rows.map((x) => ({
      action: x.action,
      count: num(x.n),
      users: num(x.users),
      failed: num(x.failed),
    })),
    total: num(r.rows[0]?.total),
  };
}

const USER_SORT: Record<BehaviorUsersQuery["sort"], SQL> = {
  pageViews: sql`page_views`,
  actions: sql`actions`,
  logins: sql`logins`,
  activeDays: sql`active_days`,
  lastDay: sql`last_day`,
  username: sql`username`,
};

/** Users active in the range, with their sums, paged. */
export async function users(
  db: Db,
  scope: BehaviorScope,
  q: Pick<BehaviorUsersQuery, "keyword" | "sort" | "order" | "pageNo" | "pageSize">,
): Promise<{ list: BehaviorUserRow[]; total: number }> {
  const keyword = q.keyword
    ? sql`and (u.username ilike ${`%${likeEscape(q.keyword)}%`} or u.name ilike ${`%${likeEscape(q.keyword)}%`})`
    : sql``;
  const dir = q.order === "asc" ? sql`asc` : sql`desc`;
  const r = await db.execute<{
    user_id: number;
    username: string;
    name: string | null;
    office_id: number | null;
    office_name: string | null;
    logins: number;
    page_views: number;
    actions: number;
    active_days: number;
    last_day: string;
    total: number;
  }>(sql`
    with agg as (
      select s.user_id, sum(s.logins)::int as logins, sum(s.page_views)::int as page_views,
        sum(s.actions)::int as actions, count(*)::int as active_days, max(s.day)::text as last_day
      from stat_user_day s where ${rollupWhere(scope)} and ${ACTIVE}
      group by s.user_id
    ), named as (
      select agg.*, coalesce(u.username, '#' || agg.user_id) as username, u.name, u.office_id, o.name as office_name
      from agg left join users u on u.id = agg.user_id left join offices o on o.id = u.office_id
      where true ${keyword}
    )
    select *, count(*) over ()::int as total from named
    order by ${USER_SORT[q.sort]} ${dir}, user_id
    limit ${q.pageSize} offset ${(q.pageNo - 1) * q.pageSize}`);
  let total = num(r.rows[0]?.total);
  if (!r.rows.length && q.pageNo > 1) {
    // Past the last page: the total still answers.
    const c = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from (
        select s.user_id from stat_user_day s left join users u on u.id = s.user_id
        where ${rollupWhere(scope)} and ${ACTIVE} ${keyword} group by s.user_id) x`);
    total = num(c.rows[0]?.n);
  }
  return {
    list: r.rows.map((x) => ({
      userId: x.user_id,
      username: x.username,
      name: x.name,
      officeId: x.office_id,
      officeName: x.office_name,
      logins: num(x.logins),
      pageViews: num(x.page_views),
      actions: num(x.actions),
      activeDays: num(x.active_days),
      lastDay: x.last_day,
    })),
    total,
  };
}

/**
 * Per child office of the chosen office (the caller's own without one), each
 * with everything below it, and the chosen office's own users first. A child
 * with no office in the caller's range is left out.
 */
export async function officesOf(services: Services, actor: Actor, scope: BehaviorScope) {
  const db = services.db;
  const base = scope.office ?? (await services.tree.get(actor.officeId));
  if (!base) return { office: { id: actor.officeId, name: "" }, trail: [], list: [] as BehaviorOfficeRow[] };
  const children = await db.execute<{ id: number; name: string; path: string; has_children: boolean }>(sql`
    select c.id, c.name, c.path, exists (select 1 from offices g where g.parent_id = c.id) as has_children
    from offices c where c.parent_id = ${base.id} order by c.sort, c.name, c.id`);
  const counted = new Set(scope.officeIds ?? []);
  const visible = [];
  for (const c of children.rows) {
    if (scope.officeIds === null) visible.push(c);
    else if ((await services.tree.subtreeIds(c.path)).some((id) => counted.has(id))) visible.push(c);
  }
  const where = rollupWhere(scope);
  const [self, below] = await Promise.all([
    db.execute<{ users: number; logins: number; views: number; actions: number }>(sql`
      select count(distinct s.user_id) filter (where ${ACTIVE})::int as users, coalesce(sum(s.logins), 0)::int as logins,
        coalesce(sum(s.page_views), 0)::int as views, coalesce(sum(s.actions), 0)::int as actions
      from stat_user_day s where ${where} and s.office_id = ${base.id}`),
    visible.length
      ? db.execute<{ id: number; users: number; logins: number; views: number; actions: number }>(sql`
          select c.id, count(distinct s.user_id) filter (where ${ACTIVE})::int as users,
            coalesce(sum(s.logins), 0)::int as logins, coalesce(sum(s.page_views), 0)::int as views,
            coalesce(sum(s.actions), 0)::int as actions
          from offices c
          join offices o on starts_with(o.path, c.path)
          join stat_user_day s on s.office_id = o.id
          where c.id = any(${sql.param(visible.map((c) => c.id))}::int[]) and ${where}
          group by c.id`)
      : Promise.resolve({ rows: [] }),
  ]);
  const figures = new Map(below.rows.map((r) => [r.id, r]));
  const list: BehaviorOfficeRow[] = [];
  if (officeVisible(actor, base.id)) {
    const s = self.rows[0];
    list.push({
      officeId: base.id,
      officeName: base.name,
      self: true,
      hasChildren: false,
      activeUsers: num(s?.users),
      logins: num(s?.logins),
      pageViews: num(s?.views),
      actions: num(s?.actions),
    });
  }
  for (const c of visible) {
    const f = figures.get(c.id);
    list.push({
      officeId: c.id,
      officeName: c.name,
      self: false,
      hasChildren: c.has_children,
      activeUsers: num(f?.users),
      logins: num(f?.logins),
      pageViews: num(f?.views),
      actions: num(f?.actions),
    });
  }
  return { office: { id: base.id, name: base.name }, trail: await trailOf(services, actor, base), list };
}

/** The offices above `office` that the caller may choose, top first. */
async function trailOf(services: Services, actor: Actor, office: OfficeNode) {
  const trail: Array<{ id: number; name: string }> = [];
  let node = office.parentId === null ? undefined : await services.tree.get(office.parentId);
  while (node && officeVisible(actor, node.id)) {
    trail.unshift({ id: node.id, name: node.name });
    node = node.parentId === null ? undefined : await services.tree.get(node.parentId);
  }
  return trail;
}

/** Stores the page views a console reported. */
export async function recordPageViews(db: Db, rows: Array<typeof pageViews.$inferInsert>): Promise<void> {
  await db.insert(pageViews).values(rows);
}
