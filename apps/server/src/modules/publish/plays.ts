import {
  TerminalScheduleQuery,
  TerminalScheduleResponse,
  WhatPlaysQuery,
  WhatPlaysResponse,
} from "@marquee/contracts";
import { resolveAt } from "@marquee/schedule";
import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { strategies } from "../../db/schema";
import { actorOf } from "../../platform/access";
import type { Actor } from "../../platform/actor";
import { notFound } from "../../platform/errors";
import { findTerminals } from "../terminal/repo";
import { subjectOf } from "../terminalSet/shared";

/**
 * "What plays on this screen, when, and why": the schedule a
 * terminal holds (the resolver's input, exactly as its manifest carries it)
 * and the resolver's answer for an instant, with its reasons. The console's
 * timeline resolves ranges itself from the schedule.
 */
export const whatPlaysRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const view = { access: { permission: "terminal:device:view" as const } };
  const tags = ["publish"];

  /** The terminal (in the actor's range, else 404) and what it holds. */
  const holdings = async (actor: Actor, id: number) => {
    const [row] = await findTerminals(services.db, actor, [id]);
    if (!row) throw notFound("terminal", id);
    // With its settings, strategy and play-now: a program played now shows here as on the screen.
    const [strategy] = row.strategyId
      ? await services.db
          .select({ doc: strategies.doc })
          .from(strategies)
          .where(eq(strategies.id, row.strategyId))
      : [];
    const subject = subjectOf(row, strategy?.doc ?? null);
    const manifest = await services.hub.manifestFor(subject);
    return {
      terminalId: row.id,
      timezone: manifest?.timezone ?? (await services.hub.manifests.timezoneOf(subject)),
      schedule: manifest?.schedule ?? [],
      messages: manifest?.messages ?? [],
      programs: (manifest?.programs ?? []).map((p) => ({ id: p.id, name: p.name })),
    };
  };

  app.get(
    "/a/api/terminal/schedule",
    {
      config: view,
      schema: { tags, querystring: TerminalScheduleQuery, response: { 200: TerminalScheduleResponse } },
    },
    async (req) => holdings(actorOf(req), req.query.id),
  );

  // The resolution as @marquee/schedule answers it (candidates, the winning tier, what it overrules,
  // messages and the "why" lines), with the names of the programs it can name.
  app.get(
    "/a/api/terminal/whatPlays",
    { config: view, schema: { tags, querystring: WhatPlaysQuery, response: { 200: WhatPlaysResponse } } },
    async (req) => {
      const h = await holdings(actorOf(req), req.query.id);
      const at = req.query.at ? Date.parse(req.query.at) : services.clock.now().getTime();
      const resolution = resolveAt({ plans: h.schedule, messages: h.messages, timezone: h.timezone }, at);
      return {
        terminalId: h.terminalId,
        timezone: h.timezone,
        programs: h.programs,
        resolution,
      };
    },
  );
};
