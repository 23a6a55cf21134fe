import type { SyncSession } from "@marquee/contracts";
import { type AnyColumn, and, asc, count, desc, eq, ilike, inArray, type SQL, sql } from "drizzle-orm";
import { programs, syncSessions, terminals, users } from "../../db/schema";
import type { Actor } from "../../platform/actor";
import type { Db } from "../../platform/db";
import { notFound } from "../../platform/errors";
import { likeEscape } from "../../platform/sql";
import { scope } from "../../platform/tenancy";
import { playableState } from "../../terminal/manifest";
import { programScope } from "../program/repo";

/** A terminal's play-now is still this session's: same program, same start instant. */
const ownsPlayNow = (programId: AnyColumn | number, startAtMs: SQL | number) =>
  sql`((${terminals.playNow}->>'startAt')::bigint = ${startAtMs} and (${terminals.playNow}->>'programId')::int = ${programId})`;
const sessionStartMs = sql`round(extract(epoch from ${syncSessions.startAt}) * 1000)::bigint`;
const sessionTerminal = sql`${terminals.id} = any(${syncSessions.terminalIds})`;

/** The columns of a session as the console shows it (with the terminals still playing it). */
const sessionColumns = {
  id: syncSessions.id,
  officeId: syncSessions.officeId,
  programId: syncSessions.programId,
  programName: programs.name,
  terminalIds: syncSessions.terminalIds,
  commandIds: syncSessions.commandIds,
  startAt: syncSessions.startAt,
  createdByName: users.name,
  createdAt: syncSessions.createdAt,
  playing: sql<number>`(select count(*)::int from ${terminals} where ${sessionTerminal} and ${ownsPlayNow(syncSessions.programId, sessionStartMs)})`,
  until: sql<
    string | null
  >`(select ${terminals.playNow}->>'until' from ${terminals} where ${sessionTerminal} and ${ownsPlayNow(syncSessions.programId, sessionStartMs)} limit 1)`,
};

export function selectSessions(db: Db) {
  return db
    .select(sessionColumns)
    .from(syncSessions)
    .leftJoin(programs, eq(programs.id, syncSessions.programId))
    .leftJoin(users, eq(users.id, syncSessions.createdBy));
}
export type SessionRow = Awaited<ReturnType<typeof selectSessions>>[number];

export function toSession(r: SessionRow): SyncSession {
  return {
    id: r.id,
    officeId: r.officeId,
    programId: r.programId,
    programName: r.programName,
    terminalIds: r.terminalIds,
    startAt: r.startAt.toISOString(),
    startAtMs: r.startAt.getTime(),
    until: r.until,
    playing: Number(r.playing),
    createdByName: r.createdByName,
    createDate: r.createdAt.toISOString(),
  };
}

export async function findSession(db: Db, actor: Actor, id: number): Promise<SessionRow> {
  const [row] = await selectSessions(db).where(and(eq(syncSessions.id, id), scope(actor, syncSessions)));
  if (!row) throw notFound("syncSession", id);
  return row;
}

/** The program states that may play now, review (`audit`) on or off. */
export const playableStates = (audit: boolean) =>
  (["draft", "pending", "approved", "rejected", "published"] as const).filter((s) => playableState(s, audit));

/** One page of the programs of the caller's range in these states (by name when one is given), latest first. */
export async function syncPrograms(
  db: Db,
  actor: Actor,
  states: Array<(typeof programs.$inferSelect)["state"]>,
  q: { pageNo: number; pageSize: number; name?: string },
) {
  const { pageNo, pageSize, name } = q;
  const where = and(
    programScope(actor),
    inArray(programs.state, states),
    name ? ilike(programs.name, `%${likeEscape(name)}%`) : undefined,
  );
  const [list, totals] = await Promise.all([
    db
      .select({
        id: programs.id,
        name: programs.name,
        state: programs.state,
        width: programs.width,
        height: programs.height,
      })
      .from(programs)
      .where(where)
      .orderBy(desc(programs.updatedAt), desc(programs.id))
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize),
    db.select({ n: count() }).from(programs).where(where),
  ]);
  return { list, total: totals[0]?.n ?? 0 };
}

/**
 * Starts a session in one transaction: the authorised terminals' play-now (the program from the
 * instant on, until the end if one is given) and the session's row. Answers the session's id.
 */
export async function createSession(
  db: Db,
  actor: Actor,
  s: {
    officeId: number;
    programId: number;
    terminalIds: number[];
    authorised: number[];
    startAtMs: number;
    until: string | null;
  },
): Promise<number> {
  const { programId, authorised, startAtMs, until } = s;
  return db.transaction(async (tx) => {
    if (authorised.length)
      await tx
        .update(terminals)
        .set({ playNow: { programId, until, startAt: startAtMs } })
        .where(inArray(terminals.id, authorised));
    const [row] = await tx
      .insert(syncSessions)
      .values({
        officeId: s.officeId,
        programId,
        terminalIds: s.terminalIds,
        startAt: new Date(startAtMs),
        createdBy: actor.userId,
      })
      .returning({ id: syncSessions.id });
    if (!row) throw new Error("sync session not created");
    return row.id;
  });
}

/** Keeps the ids of the syncStart commands a session sent. */
export async function setSessionCommands(db: Db, sessionId: number, commandIds: string[]): Promise<void> {
  await db.update(syncSessions).set({ commandIds }).where(eq(syncSessions.id, sessionId));
}

/** One page of the sessions of the caller's range, newest first. */
export async function sessionPage(db: Db, actor: Actor, pageNo: number, pageSize: number) {
  const where = scope(actor, syncSessions);
  const [rows, totals] = await Promise.all([
    selectSessions(db)
      .where(where)
      .orderBy(desc(syncSessions.createdAt), desc(syncSessions.id))
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize),
    db.select({ n: count() }).from(syncSessions).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

/** The terminals of a session still in the caller's range, with their clock and whether they still play it. */
export async function sessionMembers(db: Db, actor: Actor, row: SessionRow) {
  const startAtMs = row.startAt.getTime();
  return row.terminalIds.length
    ? await db
        .select({
          id: terminals.id,
          name: terminals.name,
          online: terminals.online,
          clockOffsetMs: sql<unknown>`${terminals.status}->'clockOffsetMs'`,
          rttMs: sql<unknown>`${terminals.status}->'rttMs'`,
          playing: sql<boolean>`coalesce(${ownsPlayNow(row.programId, startAtMs)}, false)`,
        })
        .from(terminals)
        .where(and(inArray(terminals.id, row.terminalIds), scope(actor, terminals)))
        .orderBy(asc(terminals.name), asc(terminals.id))
    : [];
}

/**
 * Clears the play-now of the session's terminals of the caller's range that still play it (a later
 * play-now, of another session or play now, stays). Answers the terminals cleared.
 */
export async function stopSession(db: Db, actor: Actor, row: SessionRow): Promise<number[]> {
  const cleared = row.terminalIds.length
    ? await db
        .update(terminals)
        .set({ playNow: null })
        .where(
          and(
            inArray(terminals.id, row.terminalIds),
            scope(actor, terminals),
            ownsPlayNow(row.programId, row.startAt.getTime()),
          ),
        )
        .returning({ id: terminals.id })
    : [];
  return cleared.map((c) => c.id);
}
