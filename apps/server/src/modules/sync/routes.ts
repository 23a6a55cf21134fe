import {
  SyncDetailResponse,
  SyncIdQuery,
  SyncListQuery,
  SyncListResponse,
  SyncProgramsQuery,
  SyncProgramsResponse,
  SyncStartBody,
  SyncStartResponse,
  SyncStopBody,
  SyncStopResponse,
  TerminalListResponse,
  TerminalSelectQuery,
} from "@marquee/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../platform/access";
import { badRequest, notFound } from "../../platform/errors";
import { playableState } from "../../terminal/manifest";
import { terminalPage } from "../publish/select";
import { findTerminals } from "../terminal/repo";
import { programToPlay } from "../terminalSet/play-repo";
import {
  createSession,
  findSession,
  playableStates,
  sessionMembers,
  sessionPage,
  setSessionCommands,
  stopSession,
  syncPrograms,
  toSession,
} from "./repo";

/** The players have this long after the start to acknowledge syncStart (they ack once it is scheduled). */
const ACK_GRACE_MS = 30_000;

const num = (v: unknown): number | null =>
  typeof v === "number" && Number.isFinite(v) ? Math.round(v) : null;

/**
 * Synchronized broadcast: a program started on a group of
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
      const { pageNo, pageSize } = req.query;
      const audit = await settings.get("audit");
      const { list, total } = await syncPrograms(db, actorOf(req), playableStates(audit), req.query);
      return { list, total, pageNo, pageSize };
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
      const program = await programToPlay(db, actor, programId);
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
      const sessionId = await createSession(db, actor, {
        officeId: program.officeId,
        programId,
        terminalIds: ids,
        authorised,
        startAtMs,
        until,
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
      await setSessionCommands(
        db,
        sessionId,
        list.map((o) => o.id),
      );
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
      const { rows, total } = await sessionPage(db, actorOf(req), pageNo, pageSize);
      return {
        list: rows.map(toSession),
        total,
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
      // Terminals of the session still in the caller's range (one moved away is left out).
      const members = await sessionMembers(db, actor, row);
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
      const ids = await stopSession(db, actor, row);
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
