import { EventEmitter } from "node:events";
import websocket from "@fastify/websocket";
import {
  CommandOutcomesResponse,
  CommandResultsQuery,
  DebugRecentResponse,
  DebugSendBody,
  DebugSendResponse,
  DebugTerminalQuery,
  TerminalListResponse,
  TerminalSelectQuery,
} from "@marquee/contracts";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../platform/access";
import { AppError } from "../../platform/errors";
import { terminalPage } from "../publish/select";
import { findTerminals } from "../terminal/repo";
import { recentActivity, visibleTerminalIds } from "./repo";
import { DebugTap } from "./tap";

/** Commands and events the page opens with. */
const RECENT = 50;
/** The console sends nothing but keep-alives on its debugging socket. */
const MAX_CONSOLE_FRAME = 4096;

/** Whether the request comes from the console's own address (a WebSocket carries the cookie cross-site too). */
function sameOrigin(req: FastifyRequest, publicOrigin: string | undefined): boolean {
  const origin = req.headers.origin;
  if (!origin) return false;
  try {
    const url = new URL(origin);
    if (publicOrigin && url.origin === new URL(publicOrigin).origin) return true;
    return url.host === req.headers.host;
  } catch {
    return false;
  }
}

/**
 * Terminal debugging, for administrators (terminal:device:debug):
 * a WebSocket streaming the frames (and so the log) of one terminal, its
 * recent commands and events, and raw commands without the argument checks
 * of the ordinary calls. See DebugTap for the watching itself.
 */
export const debugRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services;
  const hub = app.services.hub;
  const tags = ["debug"];
  const access = { permission: "terminal:device:debug" } as const;
  const tap = new DebugTap(hub, app.services, app.log);
  app.addHook("onClose", async () => tap.stop());

  // Upgrades reach every route through the gateway's WebSocket plugin, which listens on the server;
  // this scope's own instance only upgrades its routes (it listens to nothing itself).
  await app.register(websocket, {
    options: { server: new EventEmitter() as never, maxPayload: MAX_CONSOLE_FRAME },
    errorHandler: (err, socket) => {
      app.log.debug({ err }, "debugging socket error");
      socket.terminate();
    },
    preClose: async () => {
      tap.stop();
      const wss = app.websocketServer;
      for (const s of wss.clients) s.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  });

  // A refused upgrade (401/403 answered before the WebSocket plugin's own hook saw it) leaves no socket open.
  app.addHook("onResponse", async (req) => {
    if (req.headers.upgrade && !req.raw.socket.destroyed) req.raw.socket.destroy();
  });

  // Checked before the upgrade (session, permission, range, origin): a refused watcher gets an HTTP answer.
  app.route({
    method: "GET",
    url: "/a/api/debug/ws",
    config: { access },
    schema: {
      tags,
      querystring: DebugTerminalQuery,
      // A WebSocket: it answers 101 and streams JSON text messages, never a 200 (a plain GET answers 426).
      description:
        "WebSocket upgrade. Each message is JSON text: kind `frame` (a frame of the terminal, in or out), " +
        "`state` (online, held), `dropped` (frames left out) or `debug` (the log stream turned on or off).",
    },
    preHandler: async (req) => {
      const actor = actorOf(req);
      const { terminalId } = req.query as { terminalId: number };
      await findTerminals(db, actor, [terminalId]);
      if (req.ws && !sameOrigin(req, app.deps.config.publicOrigin))
        throw new AppError(403, "debug.crossSite");
    },
    handler: async () => {
      throw new AppError(426, "debug.upgradeRequired");
    },
    wsHandler: (socket, req) => {
      const { terminalId } = req.query as { terminalId: number };
      return tap.watch(socket, terminalId, actorOf(req).userId);
    },
  });

  app.get(
    "/a/api/debug/terminals",
    {
      config: { access },
      schema: { tags, querystring: TerminalSelectQuery, response: { 200: TerminalListResponse } },
    },
    async (req) => ({
      ...(await terminalPage(app.services, actorOf(req), req.query)),
    }),
  );

  app.get(
    "/a/api/debug/recent",
    {
      config: { access },
      schema: { tags, querystring: DebugTerminalQuery, response: { 200: DebugRecentResponse } },
    },
    async (req) => {
      const [row] = await findTerminals(db, actorOf(req), [req.query.terminalId]);
      if (!row)
        throw new AppError(404, "common.recordNotFound", { entity: "terminal", id: req.query.terminalId });
      const { commandIds, events } = await recentActivity(db, row.id, RECENT);
      const commands = (await hub.results(commandIds)).reverse();
      const held = hub.holds(row.id);
      return {
        terminal: {
          id: row.id,
          name: row.name,
          state: row.state,
          online: held || row.online,
          held,
          lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
          reported: row.status ?? null,
        },
        commands,
        events: events.map((e) => ({ kind: e.kind, message: e.message, at: e.at.toISOString() })),
      };
    },
  );

  // Raw: the name and args go to the terminal as given (only their shape and size are checked).
  app.post(
    "/a/api/debug/send",
    { config: { access }, schema: { tags, body: DebugSendBody, response: { 200: DebugSendResponse } } },
    async (req) => {
      const actor = actorOf(req);
      const { terminalId, name, args, timeoutMs } = req.body;
      const [row] = await findTerminals(db, actor, [terminalId]);
      req.audit.target = `terminal:${terminalId}`;
      if (row) req.audit.officeId = row.officeId;
      req.audit.detail = { command: name, args, raw: true };
      const [outcome] = await hub.command([terminalId], name, args, actor.userId, timeoutMs);
      if (!outcome) throw new AppError(404, "common.recordNotFound", { entity: "terminal", id: terminalId });
      req.audit.detail = { ...req.audit.detail, commandId: outcome.id, state: outcome.state };
      return { outcome };
    },
  );

  // The page follows its raw commands here (commandResults asks for the command permission, not this one).
  app.get(
    "/a/api/debug/results",
    {
      config: { access },
      schema: { tags, querystring: CommandResultsQuery, response: { 200: CommandOutcomesResponse } },
    },
    async (req) => {
      const outcomes = await hub.results(req.query.ids);
      const ids = [...new Set(outcomes.map((o) => o.terminalId))];
      const allowed = await visibleTerminalIds(db, actorOf(req), ids);
      return { list: outcomes.filter((o) => allowed.has(o.terminalId)) };
    },
  );
};
