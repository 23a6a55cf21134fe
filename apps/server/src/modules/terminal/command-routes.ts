import {
  CommandOutcomesResponse,
  CommandResultsQuery,
  TerminalCommandBody,
  TerminalScreenshotQuery,
} from "@marquee/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../platform/access";
import { can } from "../../platform/actor";
import { binaryResponse } from "../../platform/download";
import { AppError, notFound } from "../../platform/errors";
import { sniffMedia } from "../../platform/media-sniff";
import { findTerminals, historyShotMd5, visibleTerminalIds } from "./repo";

/**
 * Commands to terminals through the hub, which answers one outcome per terminal at once
 * ("offline" for a terminal connected nowhere) and keeps each outcome's row up to date as acks
 * arrive or time runs out; and the latest screenshot a terminal uploaded.
 */
export const terminalCommandRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const { storage } = services;
  const db = services.db;
  const tags = ["terminal"];
  const either = { anyOf: ["terminal:device:command", "terminal:device:screenshot"] as const };

  app.post(
    "/a/api/terminal/command",
    {
      config: { access: either },
      schema: { tags, body: TerminalCommandBody, response: { 200: CommandOutcomesResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const { ids, name, args } = req.body;
      // A screenshot has a permission of its own; every other command needs the command permission.
      const needed = name === "screenshot" ? "terminal:device:screenshot" : "terminal:device:command";
      if (!can(actor, needed)) throw new AppError(403, "auth.forbidden", { permission: needed });
      await findTerminals(db, actor, ids);
      req.audit.target = `terminal:${ids.join(",")}`.slice(0, 500);
      req.audit.detail = { command: name, args };
      const list = await app.services.hub.command(ids, name, args, actor.userId);
      return { list };
    },
  );

  // Polled while outcomes are open; commands of terminals outside the caller's range are left out.
  // Whoever may send settings by strategy (strategy/sendStrategy) follows their outcomes here too.
  app.get(
    "/a/api/terminal/commandResults",
    {
      // Whoever may send a batch follows its results: commands, screenshots, settings, updates, strategies.
      config: {
        access: {
          anyOf: [
            ...either.anyOf,
            "terminal:device:settings",
            "terminal:device:upgrade",
            "terminal:strategy:send",
          ],
        },
      },
      schema: { tags, querystring: CommandResultsQuery, response: { 200: CommandOutcomesResponse } },
    },
    async (req) => {
      const outcomes = await app.services.hub.results(req.query.ids);
      const terminalIds = [...new Set(outcomes.map((o) => o.terminalId))];
      const allowed = await visibleTerminalIds(db, actorOf(req), terminalIds);
      return { list: outcomes.filter((o) => allowed.has(o.terminalId)) };
    },
  );

  app.get(
    "/a/api/terminal/screenshot",
    {
      config: { access: { permission: "terminal:device:view" } },
      schema: {
        tags,
        querystring: TerminalScreenshotQuery,
        response: binaryResponse("the terminal's screenshot", ["image/*"]),
      },
    },
    async (req, reply) => {
      const actor = actorOf(req);
      const { id, shot } = req.query;
      let md5: string | null | undefined;
      if (shot !== undefined) {
        // One picture of the history: read through its own scope (it stays with the office it was taken for).
        md5 = await historyShotMd5(db, actor, id, shot);
      } else {
        const [row] = await findTerminals(db, actor, [id]);
        md5 = row?.screenshotMd5;
      }
      if (!md5 || !(await storage.exists(md5))) throw notFound("screenshot", shot ?? id);
      const mime = sniffMedia(await storage.head(md5, 64));
      if (mime?.type !== "image") throw notFound("screenshot", shot ?? id);
      const etag = `"${md5}"`;
      // The address carries the picture's hash (screenshotUrl): a new picture is a new address.
      reply
        .header("etag", etag)
        .header("cache-control", "private, max-age=31536000, immutable")
        .header("x-content-type-options", "nosniff")
        .type(mime.mime);
      if (req.headers["if-none-match"] === etag) return reply.status(304).send();
      return reply.send(await storage.read(md5));
    },
  );
};
