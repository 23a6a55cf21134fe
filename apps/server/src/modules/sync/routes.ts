import {
  SyncDetailResponse,
  SyncIdQuery,
  SyncListQuery,
  SyncListResponse,
  SyncProgramsQuery,
  SyncProgramsResponse,
  type SyncSession,
  SyncStartBody,
  SyncStartResponse,
  SyncStopBody,
  SyncStopResponse,
  TerminalListResponse,
  TerminalSelectQuery,
} from "@marquee/contracts";
import { type AnyColumn, and, asc, count, desc, eq, ilike, inArray, type SQL, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client";
import { programs, syncSessions, terminals, users } from "../../db/schema";
import { actorOf } from "../../platform/access";
import type { Actor } from "../../platform/actor";
import { badRequest, notFound } from "../../platform/errors";
import { likeEscape } from "../../platform/sql";
import { scope } from "../../platform/tenancy";
import { playableState } from "../../terminal/manifest";
import { programScope } from "../program/repo";
import { terminalPage } from "../publish/select";
import { findTerminals } from "../terminal/repo";

/** The players have this long after the start to acknowledge syncStart (they ack once it is scheduled). */
const ACK_GRACE_MS = 30_000;

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

function selectSessions(db: Db) {
  return db
    .select(sessionColumns)
    .from(syncSessions)
    .leftJoin(programs, eq(programs.id, syncSessions.programId))
    .leftJoin(users, eq(users.id, syncSessions.createdBy));
}
type SessionRow = Awaited<ReturnType<typeof selectSessions>>[number];

function toSession(r: SessionRow): SyncSession {
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

async function findSession(db: Db, actor: Actor, id: number): Promise<SessionRow> {
  const [row] = await selectSessions(db).where(and(eq(syncSessions.id, id), scope(actor, syncSessions)));
  if (!row) throw notFound("syncSession", id);
  return row;
}

const num = (v: unknown): number | null =>
  typeof v === "number" && Number.isFinite(v) ? Math.round(v) : null;

/**
 * Synchronized broadcast (issue 9): a program started on a group of
 * terminals at one instant of the server's clock. The start writes each
 * terminal's play-now (the manifest carries it, with its program, so a
 * player that reconnects still joins), tells them, and sends `syncStart`
 * {programId, at}; each player acknowledges with the clock offset it
 * measured over its socket, which the detail shows per terminal.
 */
export const syncRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const { db, settings } = services;
  const hub = app.services.hub;
  const tags = ["sync"];
  const view = { anyOf: ["terminal:syncBroadcast:view", "terminal:syncBroadcast:start"] } as const;
  const start = { permission: "terminal:syncBroadcast:start" } as const;

  app.get(
    "/a/api/sync/terminals",
    {
      config: { access: start },
      schema: { tags, querystring: TerminalSelectQuery, response: { 200: TerminalListResponse } },
    },
    async (req) => ({
      ...(await terminalPage(services, actorOf(req), req.query)),
    }),
  );

  app.get(
    "/a/api/sync/programs",
    {
      config: { access: start },
      schema: { tags, querystring: SyncProgramsQuery, response: { 200: SyncProgramsResponse } },
    },
    async (req) => {
      const { pageNo, pageSize, name } = req.query;
      const audit = await settings.get("audit");
      const states = (["draft", "pending", "approved", "rejected", "published"] as const).filter((s) =>
        playableState(s, audit),
      );
      const where = and(
        programScope(actorOf(req)),
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
      return { list, total: totals[0]?.n ?? 0, pageNo, pageSize };
    },
  );

  app.post(
    "/a/api/sync/start",
    {
      config: { access: start },
      schema: { tags, body: SyncStartBody, response: { 200: SyncStartResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const { terminalIds, programId, leadSeconds, minutes } = req.body;
      req.audit.target = `program:${programId}`;
      const targets = await findTerminals(db, actor, terminalIds);
      const [program] = await db
        .select({ id: programs.id, name: programs.name, state: programs.state, officeId: programs.officeId })
        .from(programs)
        .where(and(eq(programs.id, programId), programScope(actor)));
      if (!program) throw notFound("program", programId);
      if (!playableState(program.state, await settings.get("audit")))
        throw badRequest("sync.notPlayable", {
          name: program.name,
          state: req.t(`program.state.${program.state}`),
        });
      // The manifest carries content of the terminal's own tenant only.
      for (const target of targets) {
        if (!(await services.tree.sameTenant(target.officeId, program.officeId)))
          throw badRequest("sync.otherTenant", { name: target.name, program: program.name });
      }

      // The server's real clock: the one the gateway's clock replies carry, which the players measure against.
      const startAtMs = Date.now() + leadSeconds * 1000;
      const until = minutes ? new Date(startAtMs + minutes * 60_000).toISOString() : null;
      // In the operator's order, not the database's (which changes as rows are updated).
      const given = new Map(terminalIds.map((id, i) => [id, i]));
      const ids = targets.map((t) => t.id).sort((x, y) => (given.get(x) ?? 0) - (given.get(y) ?? 0));
      const authorised = targets.filter((t) => t.state === "authorised").map((t) => t.id);
      const sessionId = await db.transaction(async (tx) => {
        if (authorised.length)
          await tx
            .update(terminals)
            .set({ playNow: { programId, until, startAt: startAtMs } })
            .where(inArray(terminals.id, authorised));
        const [row] = await tx
          .insert(syncSessions)
          .values({
            officeId: program.officeId,
            programId,
            terminalIds: ids,
            startAt: new Date(startAtMs),
            createdBy: actor.userId,
          })
          .returning({ id: syncSessions.id });
        if (!row) throw new Error("sync session not created");
        return row.id;
      });
      req.audit.target = `syncSession:${sessionId}`;
      req.audit.officeId = program.officeId;
      req.audit.detail = { programId, terminalIds: ids, startAt: new Date(startAtMs).toISOString(), until };

      // Manifests first (they carry the play-now and its program), then the instant itself.
      try {
        await hub.notifySync(authorised);
      } catch (err) {
        req.log.warn({ err }, "the terminals could not be told of the synchronized broadcast");
      }
      const list = await hub.command(
        ids,
        "syncStart",
        { programId, at: startAtMs },
        actor.userId,
        leadSeconds * 1000 + ACK_GRACE_MS,
      );
      await db
        .update(syncSessions)
        .set({ commandIds: list.map((o) => o.id) })
        .where(eq(syncSessions.id, sessionId));
      const session = toSession(await findSession(db, actor, sessionId));
      return { session, list };
    },
  );

  app.get(
    "/a/api/sync/list",
    {
      config: { access: view },
      schema: { tags, querystring: SyncListQuery, response: { 200: SyncListResponse } },
    },
    async (req) => {
      const { pageNo, pageSize } = req.query;
      const where = scope(actorOf(req), syncSessions);
      const [rows, totals] = await Promise.all([
        selectSessions(db)
          .where(where)
          .orderBy(desc(syncSessions.createdAt), desc(syncSessions.id))
          .limit(pageSize)
          .offset((pageNo - 1) * pageSize),
        db.select({ n: count() }).from(syncSessions).where(where),
      ]);
      return {
        list: rows.map(toSession),
        total: totals[0]?.n ?? 0,
        pageNo,
        pageSize,
      };
    },
  );

  app.get(
    "/a/api/sync/detail",
    {
      config: { access: view },
      schema: { tags, querystring: SyncIdQuery, response: { 200: SyncDetailResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const row = await findSession(db, actor, req.query.id);
      const startAtMs = row.startAt.getTime();
      // Terminals of the session still in the caller's range (one moved away is left out).
      const members = row.terminalIds.length
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
      const outcomes = new Map((await hub.results(row.commandIds)).map((o) => [o.terminalId, o]));
      const list = members.map((m) => {
        const outcome = outcomes.get(m.id) ?? null;
        const data = outcome?.state === "done" ? (outcome.data ?? {}) : {};
        return {
          terminalId: m.id,
          terminalName: m.name,
          online: m.online || hub.holds(m.id),
          outcome,
          offsetMs: num(data.offsetMs),
          rttMs: num(data.rttMs),
          startsInMs: num(data.startsInMs),
          clockOffsetMs: num(m.clockOffsetMs),
          statusRttMs: num(m.rttMs),
          playing: m.playing === true,
        };
      });
      return { session: toSession(row), serverNow: Date.now(), list };
    },
  );

  app.post(
    "/a/api/sync/stop",
    { config: { access: start }, schema: { tags, body: SyncStopBody, response: { 200: SyncStopResponse } } },
    async (req) => {
      const actor = actorOf(req);
      const row = await findSession(db, actor, req.body.id);
      req.audit.target = `syncSession:${row.id}`;
      req.audit.officeId = row.officeId;
      // Only terminals still playing this session: a later play-now (another session, play now) stays.
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
      const ids = cleared.map((c) => c.id);
      req.audit.detail = { programId: row.programId, stopped: ids };
      try {
        await hub.notifySync(ids);
      } catch (err) {
        req.log.warn({ err }, "the terminals could not be told the synchronized broadcast stopped");
      }
      return { stopped: ids.length };
    },
  );
};
