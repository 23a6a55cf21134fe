import type { TerminalListQuery } from "@marquee/contracts";
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import { programs, terminalCommands, terminalEvents, terminals } from "../../db/schema";
import type { Actor } from "../../platform/actor";
import type { Db } from "../../platform/db";
import { notFound } from "../../platform/errors";
import type { Services } from "../../platform/services";
import { filterTotal, likeEscape, pageAndTotal } from "../../platform/sql";
import { nameScope, officeInScope, rangeOffices, scope, scoped, scopeKey } from "../../platform/tenancy";
import {
  findGroup,
  findTerminals,
  groupAndBelow,
  screenshotUrl,
  selectSummaries,
  statusRank,
  statusWhere,
  summaryColumns,
  toOutcome,
  toSummaries,
  viewStatus,
} from "./repo";
import { runwayUnder } from "./runway";

/** The query of the paged terminal list (the reads of terminal monitoring are in this file). */
export type ListQuery = typeof TerminalListQuery._zod.output;

const SORT = {
  name: sql`${terminals.name}`,
  createDate: sql`${terminals.createdAt}`,
  lastSeen: sql`${terminals.lastSeenAt}`,
  status: statusRank,
} as const;

/** The conditions of an office filter (with or without the offices below) and a group filter (likewise). */
async function placeWhere(
  services: Services,
  actor: Actor,
  q: { officeId?: number; groupId?: number; includeChildren?: boolean },
): Promise<SQL[]> {
  const c: SQL[] = [];
  const below = q.includeChildren !== false;
  if (q.officeId !== undefined) {
    const node = await officeInScope(services.tree, actor, q.officeId);
    c.push(
      below
        ? inArray(terminals.officeId, await services.tree.subtreeIds(node.path))
        : eq(terminals.officeId, node.id),
    );
  }
  if (q.groupId !== undefined) {
    const group = await findGroup(services.db, actor, q.groupId);
    c.push(
      below
        ? inArray(terminals.groupId, await groupAndBelow(services.db, group))
        : eq(terminals.groupId, group.id),
    );
  }
  return c;
}

/**
 * The conditions of the terminals of the caller's range (its tenant and data
 * range) in the place asked: the base of the list, the status counts and the map.
 */
export async function inRangeAndPlace(
  services: Services,
  actor: Actor,
  q: { officeId?: number; groupId?: number; includeChildren?: boolean },
): Promise<(SQL | undefined)[]> {
  return [scope(actor, terminals), ...(await placeWhere(services, actor, q))];
}

/** One page of the terminals of the caller's range, filtered and sorted as asked. */
export async function terminalPage(services: Services, actor: Actor, q: ListQuery) {
  // Kept in the read cache until a write in the range's offices (see ReadCache and watchWrites).
  const answer = await services.reads.get(
    "terminals",
    JSON.stringify([scopeKey(actor), q]),
    () => readTerminalPage(services, actor, q),
    rangeOffices(actor),
  );
  return { ...answer };
}

async function readTerminalPage(services: Services, actor: Actor, q: ListQuery) {
  const db = services.db;
  const c = await inRangeAndPlace(services, actor, q);
  if (q.status) c.push(statusWhere(q.status));
  if (q.runwayUnderHours !== undefined) c.push(runwayUnder(q.runwayUnderHours, services.clock.now()));
  if (q.keyword) {
    const like = `%${likeEscape(q.keyword)}%`;
    c.push(
      or(
        ilike(terminals.name, like),
        ilike(terminals.enrolCode, like),
        ilike(terminals.model, like),
        ilike(terminals.ip, like),
      ),
    );
  }
  const where = and(...c);
  const key = SORT[q.sort];
  // Nulls (never seen) last in either direction; the id keeps pages stable among equal keys.
  const order = q.order === "asc" ? sql`${key} asc nulls last` : sql`${key} desc nulls last`;
  const offset = (q.pageNo - 1) * q.pageSize;
  const counted = filterTotal(terminals, where);
  const page = await db
    .select({ ...summaryColumns, total: counted })
    .from(terminals)
    .where(where)
    .orderBy(order, q.order === "asc" ? asc(terminals.id) : desc(terminals.id))
    .limit(q.pageSize)
    .offset(offset);
  const { rows, total } = await pageAndTotal(db, page, { total: counted, offset });
  return {
    list: await toSummaries(db, services.tree, rows),
    total,
    pageNo: q.pageNo,
    pageSize: q.pageSize,
  };
}

/** How many terminals of the caller's range (and of the place asked) are in each status. */
export async function statusCounts(
  services: Services,
  actor: Actor,
  q: { officeId?: number; groupId?: number; includeChildren?: boolean },
) {
  const db = services.db;
  const where = and(...(await inRangeAndPlace(services, actor, q)));
  const n = (status: Parameters<typeof statusWhere>[0]) =>
    sql<number>`count(*) filter (where ${statusWhere(status)})`.mapWith(Number);
  const [row] = await db
    .select({
      total: count(),
      online: n("online"),
      offline: n("offline"),
      fault: n("fault"),
      unauthorised: n("unauthorised"),
      disabled: n("disabled"),
    })
    .from(terminals)
    .where(where);
  return {
    total: row?.total ?? 0,
    online: row?.online ?? 0,
    offline: row?.offline ?? 0,
    fault: row?.fault ?? 0,
    unauthorised: row?.unauthorised ?? 0,
    disabled: row?.disabled ?? 0,
  };
}

/** The live status of these terminals of the caller's range (the others are left out). */
export async function liveStatus(db: Db, actor: Actor, ids: number[]) {
  const rows = await selectSummaries(db).where(scoped(actor, terminals, inArray(terminals.id, ids)));
  return rows.map((r) => ({
    id: r.id,
    status: viewStatus(r),
    online: r.online,
    lastSeenAt: r.lastSeenAt?.toISOString() ?? null,
    programName: r.programName,
    screenshotUrl: screenshotUrl(r.id, r.screenshotMd5),
  }));
}

/** One terminal of the caller's range with its programs, its recent commands and its recent reports. */
export async function terminalDetails(services: Services, actor: Actor, id: number) {
  const db = services.db;
  const [row] = await findTerminals(db, actor, [id]);
  if (!row) throw notFound("terminal", id);
  const [[terminal], assigned, commands, events] = await Promise.all([
    toSummaries(db, services.tree, [{ ...row, programName: row.status?.programName ?? null }]),
    row.programIds.length
      ? db
          .select({ id: programs.id, name: programs.name, state: programs.state })
          .from(programs)
          .where(and(inArray(programs.id, row.programIds), nameScope(actor, programs)))
      : [],
    // The commands and reports of the tenant the screen serves now, not of one it served before.
    db
      .select()
      .from(terminalCommands)
      .where(scoped(actor, terminalCommands, eq(terminalCommands.terminalId, row.id)))
      .orderBy(desc(terminalCommands.createdAt))
      .limit(20),
    db
      .select({ kind: terminalEvents.kind, message: terminalEvents.message, at: terminalEvents.at })
      .from(terminalEvents)
      .where(scoped(actor, terminalEvents, eq(terminalEvents.terminalId, row.id)))
      .orderBy(desc(terminalEvents.at), desc(terminalEvents.id))
      .limit(20),
  ]);
  if (!terminal) throw notFound("terminal", row.id);
  const byId = new Map(assigned.map((p) => [p.id, p]));
  return {
    terminal,
    reported: row.status ?? null,
    programIds: row.programIds,
    programs: row.programIds.flatMap((id) => byId.get(id) ?? []),
    recentCommands: commands.map((c) => toOutcome(c, row.name)),
    recentEvents: events.map((e) => ({ kind: e.kind, message: e.message, at: e.at.toISOString() })),
  };
}

/** The programs a terminal is set to play, next to what it reports playing. */
export async function programPublishInfo(db: Db, actor: Actor, id: number) {
  const [row] = await findTerminals(db, actor, [id]);
  if (!row) throw notFound("terminal", id);
  const rows = row.programIds.length
    ? await db
        .select({
          id: programs.id,
          name: programs.name,
          state: programs.state,
          version: programs.version,
          width: programs.width,
          height: programs.height,
        })
        .from(programs)
        .where(and(inArray(programs.id, row.programIds), nameScope(actor, programs)))
    : [];
  const byId = new Map(rows.map((p) => [p.id, p]));
  return {
    terminalId: row.id,
    programs: row.programIds.flatMap((id) => byId.get(id) ?? []),
    playing: row.status ? { programId: row.status.programId, programName: row.status.programName } : null,
    manifestVersion: row.status?.manifestVersion ?? null,
  };
}
