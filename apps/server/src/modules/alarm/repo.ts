import type { AlarmAskResponse, AlarmDetailResponse, AlarmFilter, AlarmRow } from "@marquee/contracts";
import { and, count, desc, eq, gte, ilike, inArray, lt, lte, or, type SQL } from "drizzle-orm";
import { alarms, terminalCommands, terminalEvents, terminals, users } from "../../db/schema";
import type { Actor } from "../../platform/actor";
import type { Tx } from "../../platform/db";
import { allFound, notFound } from "../../platform/errors";
import type { Services } from "../../platform/services";
import { likeEscape } from "../../platform/sql";
import { officeInScope, scope } from "../../platform/tenancy";
import { emitAlarmWebhooks } from "./rules";

/** How far before an alarm the details look for the terminal's events. */
const EVENTS_BEFORE_MS = 24 * 3600_000;
/** Events and commands the details show at most. */
const DETAIL_EVENTS = 100;
const DETAIL_COMMANDS = 20;

const rowColumns = {
  a: alarms,
  terminalName: terminals.name,
  deviceId: terminals.deviceId,
  terminalOfficeId: terminals.officeId,
  clearedByName: users.name,
};

/** Alarms with their terminal (inner: the range is the terminal's) and who cleared them. */
const selectRows = (db: Tx) =>
  db
    .select(rowColumns)
    .from(alarms)
    .innerJoin(terminals, eq(terminals.id, alarms.terminalId))
    .leftJoin(users, eq(users.id, alarms.clearedBy));
type SelectedRow = Awaited<ReturnType<typeof selectRows>>[number];

/** A selected row as the console lists it (office names from the office tree). */
export async function toRow(services: Services, r: SelectedRow): Promise<AlarmRow> {
  const a = r.a;
  return {
    id: a.id,
    terminalId: a.terminalId,
    terminalName: r.terminalName,
    deviceId: r.deviceId,
    officeId: r.terminalOfficeId,
    officeName: (await services.tree.get(r.terminalOfficeId))?.name ?? null,
    kind: a.kind,
    state: a.state,
    message: a.message,
    detail: a.detail ?? null,
    count: a.count,
    raisedAt: a.raisedAt.toISOString(),
    lastAt: a.lastAt.toISOString(),
    clearedAt: a.clearedAt?.toISOString() ?? null,
    clearedBy: a.clearedBy,
    clearedByName: r.clearedByName ?? null,
    clearNote: a.clearNote,
  };
}

/**
 * The WHERE of the filters inside the actor's range, by the office the
 * alarm was raised in (a screen moved to another tenant leaves its alarms
 * with the tenant it served). An office filter outside the range is a 404
 * like a missing office.
 */
export async function filterWhere(
  services: Services,
  actor: Actor,
  f: AlarmFilter,
): Promise<SQL | undefined> {
  const c: (SQL | undefined)[] = [scope(actor, alarms)];
  if (f.state) c.push(eq(alarms.state, f.state));
  if (f.kind) c.push(eq(alarms.kind, f.kind));
  if (f.keyword) {
    const like = `%${likeEscape(f.keyword)}%`;
    c.push(or(ilike(terminals.name, like), ilike(terminals.deviceId, like)));
  }
  if (f.officeId !== undefined) {
    const node = await officeInScope(services.tree, actor, f.officeId);
    c.push(
      f.includeChildren === false
        ? eq(alarms.officeId, node.id)
        : inArray(alarms.officeId, await services.tree.subtreeIds(node.path)),
    );
  }
  // Alarms alive during the range: raised before its end, last seen after its start.
  if (f.beginTime) c.push(gte(alarms.lastAt, f.beginTime));
  if (f.endTime) c.push(lte(alarms.raisedAt, f.endTime));
  return and(...c);
}

/** A page of the filtered alarms, latest activity first. */
export async function listAlarms(
  services: Services,
  actor: Actor,
  q: AlarmFilter & { pageNo: number; pageSize: number },
) {
  const { db } = services;
  const where = await filterWhere(services, actor, q);
  const [rows, totals] = await Promise.all([
    selectRows(db)
      .where(where)
      .orderBy(desc(alarms.lastAt), desc(alarms.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db
      .select({ n: count() })
      .from(alarms)
      .innerJoin(terminals, eq(terminals.id, alarms.terminalId))
      .where(where),
  ]);
  const list: AlarmRow[] = [];
  for (const r of rows) list.push(await toRow(services, r));
  return { list, total: totals[0]?.n ?? 0, pageNo: q.pageNo, pageSize: q.pageSize };
}

/** The filtered alarms `size` at a time, newest raised first (keyset on id: the export). */
export async function alarmBatch(
  services: Services,
  where: SQL | undefined,
  lastId: number | null,
  size: number,
): Promise<AlarmRow[]> {
  const rows = await selectRows(services.db)
    .where(and(where, lastId === null ? undefined : lt(alarms.id, lastId)))
    .orderBy(desc(alarms.id))
    .limit(size);
  const out: AlarmRow[] = [];
  for (const r of rows) out.push(await toRow(services, r));
  return out;
}

/** The alarms of `ids` the actor may see, or 404 naming the first that is missing or outside the range. */
export async function findAlarms(db: Tx, actor: Actor, ids: number[]) {
  const rows = await db
    .select({ id: alarms.id, state: alarms.state, terminalId: alarms.terminalId })
    .from(alarms)
    .innerJoin(terminals, eq(terminals.id, alarms.terminalId))
    .where(and(inArray(alarms.id, ids), scope(actor, alarms)));
  return allFound(rows, ids, "alarm");
}

/** An alarm with its terminal, the terminal's events around it and its latest commands; 404 outside the range. */
export async function alarmDetails(
  services: Services,
  actor: Actor,
  id: number,
): Promise<Omit<AlarmDetailResponse, "code" | "msg">> {
  const { db } = services;
  const [row] = await selectRows(db).where(and(eq(alarms.id, id), scope(actor, alarms)));
  if (!row) throw notFound("alarm", id);
  const alarm = await toRow(services, row);
  const [t] = await db.select().from(terminals).where(eq(terminals.id, row.a.terminalId));
  if (!t) throw notFound("alarm", id);
  const from = new Date(row.a.raisedAt.getTime() - EVENTS_BEFORE_MS);
  const [events, commands] = await Promise.all([
    db
      .select()
      .from(terminalEvents)
      .where(and(eq(terminalEvents.terminalId, t.id), gte(terminalEvents.at, from)))
      .orderBy(desc(terminalEvents.at), desc(terminalEvents.id))
      .limit(DETAIL_EVENTS),
    db
      .select()
      .from(terminalCommands)
      .where(eq(terminalCommands.terminalId, t.id))
      .orderBy(desc(terminalCommands.createdAt))
      .limit(DETAIL_COMMANDS),
  ]);
  return {
    alarm,
    terminal: {
      id: t.id,
      name: t.name,
      deviceId: t.deviceId,
      officeId: t.officeId,
      officeName: alarm.officeName,
      state: t.state,
      online: t.online,
      fault: t.fault,
      model: t.model,
      version: t.version,
      ip: t.ip,
      lastSeenAt: t.lastSeenAt?.toISOString() ?? null,
      storageUsed: t.status?.storageUsed ?? null,
      storageQuota: t.status?.storageQuota ?? null,
    },
    events: events.map((e) => ({ id: e.id, kind: e.kind, message: e.message, at: e.at.toISOString() })),
    commands: commands.map((c) => ({
      id: c.id,
      name: c.name,
      state: c.state,
      reason: c.reason,
      createDate: c.createdAt.toISOString(),
      doneDate: c.doneAt?.toISOString() ?? null,
    })),
  };
}

/** Open alarms in the actor's range and the latest of them (the header's bell). */
export async function askOpen(
  services: Services,
  actor: Actor,
): Promise<Omit<AlarmAskResponse, "code" | "msg">> {
  const { db } = services;
  const where = and(eq(alarms.state, "open"), scope(actor, alarms));
  const [totals, latest] = await Promise.all([
    db
      .select({ n: count() })
      .from(alarms)
      .innerJoin(terminals, eq(terminals.id, alarms.terminalId))
      .where(where),
    db
      .select({
        id: alarms.id,
        kind: alarms.kind,
        terminalName: terminals.name,
        message: alarms.message,
        lastAt: alarms.lastAt,
      })
      .from(alarms)
      .innerJoin(terminals, eq(terminals.id, alarms.terminalId))
      .where(where)
      .orderBy(desc(alarms.lastAt), desc(alarms.id))
      .limit(1),
  ]);
  const l = latest[0];
  return {
    count: totals[0]?.n ?? 0,
    latest: l ? { ...l, lastAt: l.lastAt.toISOString() } : null,
  };
}

/** Clears the open alarms of `ids` (all in the actor's range, else 404 and nothing changes); answers how many. */
export async function clearAlarms(
  services: Services,
  actor: Actor,
  ids: number[],
  note: string | null,
): Promise<number[]> {
  return services.db.transaction(async (tx) => {
    await findAlarms(tx, actor, ids);
    const done = await tx
      .update(alarms)
      .set({ state: "cleared", clearedAt: services.clock.now(), clearedBy: actor.userId, clearNote: note })
      .where(and(inArray(alarms.id, ids), eq(alarms.state, "open")))
      .returning({
        id: alarms.id,
        terminalId: alarms.terminalId,
        officeId: alarms.officeId,
        kind: alarms.kind,
      });
    await emitAlarmWebhooks(services, tx, "alarm.cleared", done, { id: actor.userId, name: actor.name });
    return done.map((d) => d.id);
  });
}

/** The condition of an id list (the export of chosen alarms). */
export const idIn = (ids: number[]) => inArray(alarms.id, ids);

/** The rows of `ids` among the alarms the actor may see (the selection an export writes). */
export const selectedWhere = (actor: Actor, ids: number[]): SQL | undefined =>
  and(idIn(ids), scope(actor, alarms));
