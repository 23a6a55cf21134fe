import { STATS_DEFAULT_DAYS, STATS_MAX_DAYS, statsRangeDays } from "@marquee/contracts";
import { isTimeZone, localDateOf, zoneClock } from "@marquee/schedule";
import { type SQL, sql } from "drizzle-orm";
import type { Actor } from "../../platform/actor";
import { FieldErrors } from "../../platform/errors";
import type { OfficeNode } from "../../platform/office-tree";
import type { Services } from "../../platform/services";
import { officeInScope, officesInScope, rangeOffices } from "../../platform/tenancy";
import { findGroup, groupAndBelow } from "../terminal/repo";
import { addDays, DAY_MS, dayMs } from "./periods";
import { rollupsAsOf } from "./rollup";

/** What a statistics call reads: the days, the offices, the terminal groups. */
export interface StatsScope {
  /** Whose query it is: names are read as this actor may read them. */
  actor: Actor;
  from: string;
  to: string;
  /** Every day of the range, in order. */
  days: string[];
  timezone: string;
  /** First instant of `from` and the instant after `to` (midnights in `timezone`). */
  start: Date;
  end: Date;
  /** The offices counted (null: every office). */
  officeIds: number[] | null;
  /** Terminal groups counted (null: no group filter). */
  groupIds: number[] | null;
  /** The offices the per-office figures are broken down by, each with the ids counted under it. */
  buckets: Array<{ id: number; name: string; officeIds: Set<number> }>;
  asOf: string | null;
}

/**
 * The range of a query, defaults filled (the last 30 days up to today in
 * `defaultTimezone`), and the offices it covers: the chosen office and below
 * (404 outside the caller's range, like a missing one), intersected with the
 * caller's range; a group outside the range is 404 too.
 */
export async function statsScope(
  services: Services,
  actor: Actor,
  q: { from?: string; to?: string; officeId?: number; groupId?: number },
): Promise<StatsScope> {
  const tz0 = await services.settings.get("defaultTimezone");
  const timezone = isTimeZone(tz0) ? tz0 : "UTC";
  const today = localDateOf(timezone, services.clock.now().getTime());
  const to = q.to ?? (q.from && q.from > today ? q.from : today);
  const from = q.from ?? addDays(to, -(STATS_DEFAULT_DAYS - 1));
  if (from > to) throw new FieldErrors([{ field: "to", key: "stats.rangeOrder" }]);
  if (statsRangeDays(from, to) > STATS_MAX_DAYS)
    throw new FieldErrors([{ field: "from", key: "stats.rangeTooLong" }]);
  const days: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) days.push(d);
  const clock = zoneClock(timezone);
  const dayNo = (iso: string) => Math.floor(dayMs(iso) / DAY_MS);
  const start = new Date(clock.instantOf(dayNo(from), 0));
  const end = new Date(clock.instantOf(dayNo(to) + 1, 0));

  let officeIds: number[] | null = rangeOffices(actor);
  let roots: OfficeNode[];
  if (q.officeId !== undefined) {
    const node = await officeInScope(services.tree, actor, q.officeId);
    officeIds = await officesInScope(services.tree, actor, node);
    roots = [node];
  } else if (officeIds === null) {
    const own = await services.tree.get(actor.officeId);
    roots = own ? [own] : [];
  } else {
    const set = new Set(officeIds);
    const nodes = (await Promise.all(officeIds.map((id) => services.tree.get(id)))).filter(
      (n): n is OfficeNode => n !== undefined,
    );
    roots = nodes.filter((n) => n.parentId === null || !set.has(n.parentId));
  }

  let groupIds: number[] | null = null;
  if (q.groupId !== undefined) {
    const group = await findGroup(services.db, actor, q.groupId);
    groupIds = await groupAndBelow(services.db, group);
  }

  const buckets = await bucketsOf(services, roots, officeIds);
  const asOf = await rollupsAsOf(services);
  return {
    actor,
    from,
    to,
    days,
    timezone,
    start,
    end,
    officeIds,
    groupIds,
    buckets,
    asOf: asOf?.toISOString() ?? null,
  };
}

/**
 * The breakdown offices: one root → its children (each with its subtree)
 * and the root itself for what lies directly in it; several roots → each.
 */
async function bucketsOf(
  services: Services,
  roots: OfficeNode[],
  officeIds: number[] | null,
): Promise<StatsScope["buckets"]> {
  const allowed = officeIds === null ? null : new Set(officeIds);
  const keep = (ids: number[]) => new Set(allowed ? ids.filter((id) => allowed.has(id)) : ids);
  if (roots.length !== 1) {
    return Promise.all(
      roots.map(async (r) => ({
        id: r.id,
        name: r.name,
        officeIds: keep(await services.tree.subtreeIds(r.path)),
      })),
    );
  }
  const root = roots[0] as OfficeNode;
  const below = await services.tree.subtreeIds(root.path);
  const children: OfficeNode[] = [];
  for (const id of below) {
    const n = await services.tree.get(id);
    if (n && n.parentId === root.id && (!allowed || allowed.has(n.id))) children.push(n);
  }
  const out: StatsScope["buckets"] = [];
  if (!allowed || allowed.has(root.id))
    out.push({ id: root.id, name: root.name, officeIds: new Set([root.id]) });
  for (const c of children)
    out.push({ id: c.id, name: c.name, officeIds: keep(await services.tree.subtreeIds(c.path)) });
  return out;
}

/** `column` within the scope's offices. */
export function officeIn(scope: Pick<StatsScope, "officeIds">, column: SQL): SQL {
  return scope.officeIds === null ? sql`true` : sql`${column} = any(${sql.param(scope.officeIds)}::int[])`;
}

/** The terminal `idColumn` is in the scope's groups (true without a group filter). */
export function groupIn(scope: Pick<StatsScope, "groupIds">, terminalId: SQL): SQL {
  return scope.groupIds === null
    ? sql`true`
    : sql`exists (select 1 from terminals gt where gt.id = ${terminalId} and gt.group_id = any(${sql.param(scope.groupIds)}::int[]))`;
}

/** The meta fields every answer carries. */
export const metaOf = (s: StatsScope) => ({ from: s.from, to: s.to, timezone: s.timezone, asOf: s.asOf });

/** Hours with two decimals. */
export const hours = (sec: number) => Math.round(sec / 36) / 100;
