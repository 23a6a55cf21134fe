import {
  HOME_LATEST,
  HOME_TREND_DAYS,
  type HomeAlarms,
  type HomePublication,
  type HomePublications,
  type HomeReview,
  type HomeStorage,
  type HomeTerminalQuota,
  type HomeTerminals,
  type HomeTrendDay,
  type TargetState,
} from "@marquee/contracts";
import { instantOfLocal, localDateOf } from "@marquee/schedule";
import { and, count, desc, eq, gte, inArray, lt, or, type SQL, sql } from "drizzle-orm";
import {
  materials,
  playPlans,
  programs,
  publications,
  publishMessages,
  statOfficeDay,
  statRollupState,
  terminalOnlineSpans,
  terminals,
} from "../../db/schema";
import { type Actor, can } from "../../platform/actor";
import { quotaTenants, seatsBelow } from "../../platform/quota";
import type { Services } from "../../platform/services";
import { scope } from "../../platform/tenancy";
import { listAlarms } from "../alarm/repo";
import { storageOf, usedBytes } from "../material/repo";
import { planScope } from "../playPlan/repo";
import { programScope } from "../program/repo";
import { publicationSummaries, viewableKinds } from "../publish/service";
import { messageScope } from "../publishMessage/repo";
import { statusWhere } from "../terminal/repo";

const DAY_MS = 86_400_000;

/** The day `n` days after "YYYY-MM-DD" (negative: before). */
export function shiftDay(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** The roll-up state of stat_office_day (modules/statistics/rollup.ts: last_id is the last day number it rolled). */
const TERMINAL_ROLLUP = "terminal";

/**
 * Terminal counts by status (the rules of terminal/terminalStatusCount, over
 * the whole range) and the online trend: past days from the stat_office_day
 * roll-ups, today live.
 */
export async function terminalsBlock(
  services: Services,
  actor: Actor,
  timezone: string,
): Promise<HomeTerminals> {
  const { db } = services;
  const now = services.clock.now();
  const today = localDateOf(timezone, now.getTime());
  const first = shiftDay(today, -(HOME_TREND_DAYS - 1));
  const startOfToday = new Date(instantOfLocal(timezone, today, "00:00"));
  const range = scope(actor, terminals);
  const n = (status: Parameters<typeof statusWhere>[0]) =>
    sql<number>`count(*) filter (where ${statusWhere(status)})`.mapWith(Number);
  // Online at some time today: connected now, or a stretch online that reached into today.
  const onlineToday = or(
    eq(terminals.online, true),
    sql`exists (select 1 from ${terminalOnlineSpans} s where s.terminal_id = ${terminals.id} and s.ended_at >= ${startOfToday.toISOString()}::timestamptz)`,
  );
  const [[counts], past, state] = await Promise.all([
    db
      .select({
        total: count(),
        online: n("online"),
        offline: n("offline"),
        fault: n("fault"),
        unauthorised: n("unauthorised"),
        disabled: n("disabled"),
        onlineToday:
          sql<number>`count(*) filter (where ${and(eq(terminals.state, "authorised"), onlineToday)})`.mapWith(
            Number,
          ),
      })
      .from(terminals)
      .where(range),
    db
      .select({
        day: statOfficeDay.day,
        online: sql<number>`sum(${statOfficeDay.onlineTerminals})`.mapWith(Number),
        terminals: sql<number>`sum(${statOfficeDay.terminals})`.mapWith(Number),
      })
      .from(statOfficeDay)
      .where(and(gte(statOfficeDay.day, first), lt(statOfficeDay.day, today), scope(actor, statOfficeDay)))
      .groupBy(statOfficeDay.day),
    db
      .select({ lastDay: statRollupState.lastId })
      .from(statRollupState)
      .where(eq(statRollupState.name, TERMINAL_ROLLUP)),
  ]);
  const byDay = new Map(past.map((r) => [r.day, r]));
  // The roll-up's last_id is the last day it rolled (day number): a day up to it without rows had no
  // terminals in range (0); a later one is not counted yet (null, a gap in the chart rather than a drop).
  const lastDay = state[0]?.lastDay;
  const rolledUpTo = lastDay === undefined ? null : new Date(lastDay * DAY_MS).toISOString().slice(0, 10);
  const trend: HomeTrendDay[] = [];
  for (let i = 0; i < HOME_TREND_DAYS - 1; i++) {
    const day = shiftDay(first, i);
    const row = byDay.get(day);
    const counted = row !== undefined || (rolledUpTo !== null && day <= rolledUpTo);
    trend.push({
      day,
      online: counted ? (row?.online ?? 0) : null,
      terminals: counted ? (row?.terminals ?? 0) : null,
    });
  }
  const c = counts ?? {
    total: 0,
    online: 0,
    offline: 0,
    fault: 0,
    unauthorised: 0,
    disabled: 0,
    onlineToday: 0,
  };
  trend.push({ day: today, online: c.onlineToday, terminals: c.online + c.offline + c.fault });
  return {
    total: c.total,
    online: c.online,
    offline: c.offline,
    fault: c.fault,
    unauthorised: c.unauthorised,
    disabled: c.disabled,
    trend,
  };
}

/** Open alarms and the newest of them: the alarm list's first page with its default filter (open). */
export async function alarmsBlock(services: Services, actor: Actor): Promise<HomeAlarms> {
  const page = await listAlarms(services, actor, { state: "open", pageNo: 1, pageSize: HOME_LATEST });
  return { open: page.total, latest: page.list };
}

/** Per kind the caller reviews: what that kind's review list (checklist, state pending) counts. */
export async function reviewBlock(services: Services, actor: Actor): Promise<HomeReview | undefined> {
  const { db } = services;
  const tally = async (
    table: typeof programs | typeof playPlans | typeof publishMessages,
    where: SQL | undefined,
  ) => {
    const [row] = await db.select({ n: count() }).from(table).where(where);
    return row?.n ?? 0;
  };
  const counters: Array<[keyof HomeReview, () => Promise<number>]> = [];
  if (can(actor, "content:material:review"))
    counters.push([
      "material",
      async () => {
        // material/checklist: library materials of the range (own rows for "own"), review pending.
        const [row] = await db
          .select({ n: count() })
          .from(materials)
          .where(
            and(
              scope(actor, materials),
              eq(materials.purpose, "library"),
              eq(materials.reviewState, "pending"),
            ),
          );
        return row?.n ?? 0;
      },
    ]);
  if (can(actor, "content:program:review"))
    counters.push([
      "program",
      () => tally(programs, and(programScope(actor), eq(programs.state, "pending"))),
    ]);
  if (can(actor, "content:playPlan:review"))
    counters.push(["plan", () => tally(playPlans, and(planScope(actor), eq(playPlans.state, "pending")))]);
  if (can(actor, "content:message:review"))
    counters.push([
      "message",
      () => tally(publishMessages, and(messageScope(actor), eq(publishMessages.state, "pending"))),
    ]);
  if (!counters.length) return undefined;
  const figures = await Promise.all(counters.map(([, f]) => f()));
  return Object.fromEntries(counters.map(([kind], i) => [kind, figures[i] ?? 0]));
}

const DELIVERED: ReadonlySet<TargetState> = new Set(["downloaded", "playing"]);
const PENDING: ReadonlySet<TargetState> = new Set([
  "queued",
  "offline",
  "notified",
  "fetched",
  "downloading",
]);

/**
 * The latest publications of the kinds the caller may read (publication/list's
 * rules: range and own rows, newest first) with their terminals per delivery
 * state, summed as delivered / pending / failed.
 */
export async function publicationsBlock(
  services: Services,
  actor: Actor,
): Promise<HomePublications | undefined> {
  const kinds = viewableKinds(actor);
  if (!kinds.length) return undefined;
  const { db } = services;
  const where = and(scope(actor, publications), inArray(publications.kind, kinds));
  const [rows, totals] = await Promise.all([
    db.select().from(publications).where(where).orderBy(desc(publications.id)).limit(HOME_LATEST),
    db.select({ n: count() }).from(publications).where(where),
  ]);
  const summaries = await publicationSummaries(
    services,
    rows.map((r) => ({ ...r, createdByName: null })),
  );
  const latest: HomePublication[] = summaries.map((p) => {
    const sum = (states: ReadonlySet<TargetState>) => [...states].reduce((n, k) => n + p.counts[k], 0);
    return {
      id: p.id,
      kind: p.kind,
      contentId: p.contentId,
      contentName: p.contentName,
      contentState: p.contentState,
      name: p.name,
      state: p.state,
      publishAt: p.publishAt,
      createDate: p.createDate,
      targetCount: p.targetCount,
      counts: p.counts,
      delivered: sum(DELIVERED),
      pending: sum(PENDING),
      failed: p.counts.failed,
    };
  });
  return { total: totals[0]?.n ?? 0, latest };
}

/** The tenant's storage against its quota, as material/usage answers it. */
export async function storageBlock(services: Services, actor: Actor): Promise<HomeStorage> {
  const [tenant, enforced] = await Promise.all([
    storageOf(services, actor.officeId),
    services.settings.get("capacitySetting"),
  ]);
  return {
    used: await usedBytes(services, tenant.path),
    capacity: enforced === "true" ? tenant.capacity : null,
  };
}

/**
 * Places taken in the nearest terminal quota at or above the caller's office
 * (the rule that refuses authorisations past it); without any quota, the
 * places taken in the caller's tenant.
 */
export async function terminalQuotaBlock(services: Services, actor: Actor): Promise<HomeTerminalQuota> {
  const [nearest] = await quotaTenants(services.db, actor.officeId);
  if (nearest) {
    return {
      used: await seatsBelow(services.db, nearest.path),
      quota: nearest.quota,
      officeName: nearest.name,
    };
  }
  const tenant = await storageOf(services, actor.officeId);
  const node = await services.tree.get(tenant.tenantId);
  return { used: await seatsBelow(services.db, tenant.path), quota: null, officeName: node?.name ?? null };
}
