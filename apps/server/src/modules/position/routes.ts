import {
  AddressSuggestQuery,
  AddressSuggestResponse,
  AutoGetPositionBody,
  ClearPositionBody,
  ClearPositionResponse,
  CommandOutcomesResponse,
  MapTerminalsQuery,
  MapTerminalsResponse,
  type Permission,
  SavePositionBody,
  SavePositionResponse,
  SendGetPositionBody,
} from "@marquee/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { runsWork } from "../../config";
import { actorOf } from "../../platform/access";
import { AppError } from "../../platform/errors";
import { copyReportedPositions, storeAnsweredPositions } from "./repo";
import { askPositions, clearTerminalPositions, placeTerminal, setAutoPosition, terminalMap } from "./service";
import { AddressSuggester } from "./suggest";

/** How often reported positions are copied into the position columns (a light pass: one statement). */
export const POSITION_COPY_MS = 15_000;

const access = (permission: Permission) => ({ access: { permission } });

/**
 * Terminal positions and the map (spec §7 "Terminals"): ask terminals
 * for their position (`position` command; a done answer is stored by the
 * command-done listener), let them report it by themselves (settings
 * autoPosition; the positions in their status are copied every
 * POSITION_COPY_MS), place them by hand, and list them for the map. Every call
 * stays in the caller's data range: another tenant's terminal is a 404.
 */
export const positionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const { db } = services;
  const tags = ["terminal"];
  const suggester = new AddressSuggester(() => services.clock.now().getTime());

  const stopListening = app.services.hub.onCommandDone(async (done) => {
    await storeAnsweredPositions(db, done);
  });
  // A periodic pass: the worker role's.
  const copier = runsWork(app.deps.config.role)
    ? setInterval(() => {
        copyReportedPositions(db).catch((err) =>
          app.log.warn({ err }, "could not copy the positions terminals reported"),
        );
      }, POSITION_COPY_MS).unref()
    : undefined;
  app.addHook("onClose", async () => {
    clearInterval(copier);
    stopListening();
  });

  app.get(
    "/a/api/terminal/mapTerminals",
    {
      config: access("terminal:map:view"),
      schema: { tags, querystring: MapTerminalsQuery, response: { 200: MapTerminalsResponse } },
    },
    async (req) => terminalMap(services, actorOf(req), req.query),
  );

  app.post(
    "/a/api/terminal/sendGetPositionOrder",
    {
      config: access("terminal:device:command"),
      schema: { tags, body: SendGetPositionBody, response: { 200: CommandOutcomesResponse } },
    },
    async (req) => {
      const { ids } = req.body;
      const list = await askPositions(services, actorOf(req), ids);
      req.audit.target = `terminal:${ids.join(",")}`.slice(0, 500);
      req.audit.detail = { command: "position" };
      return { list };
    },
  );

  app.post(
    "/a/api/terminal/autoGetPosition",
    {
      config: access("terminal:device:settings"),
      schema: { tags, body: AutoGetPositionBody, response: { 200: CommandOutcomesResponse } },
    },
    async (req) => {
      const { ids, enabled } = req.body;
      const list = await setAutoPosition(services, actorOf(req), ids, enabled);
      req.audit.target = `terminal:${ids.join(",")}`.slice(0, 500);
      req.audit.detail = { autoPosition: enabled };
      return { list };
    },
  );

  app.post(
    "/a/api/terminal/savePosition",
    {
      config: access("terminal:device:edit"),
      schema: { tags, body: SavePositionBody, response: { 200: SavePositionResponse } },
    },
    async (req) => {
      const { id, lat, lng, address } = req.body;
      const placed = await placeTerminal(services, actorOf(req), req.body);
      req.audit.target = `terminal:${id}`;
      req.audit.detail = { lat, lng, address: address || null };
      return placed;
    },
  );

  app.post(
    "/a/api/terminal/clearPosition",
    {
      config: access("terminal:device:edit"),
      schema: { tags, body: ClearPositionBody, response: { 200: ClearPositionResponse } },
    },
    async (req) => {
      const { ids } = req.body;
      const { cleared, reporting } = await clearTerminalPositions(services, actorOf(req), ids);
      req.audit.target = `terminal:${ids.join(",")}`.slice(0, 500);
      req.audit.detail = { cleared, autoPositionOff: reporting };
      return { cleared };
    },
  );

  app.get(
    "/a/api/terminal/addressSuggest",
    {
      config: access("terminal:device:edit"),
      schema: { tags, querystring: AddressSuggestQuery, response: { 200: AddressSuggestResponse } },
    },
    async (req) => {
      const base = await services.settings.get("mapSuggestUrl");
      if (!base) throw new AppError(409, "map.suggestNotConfigured");
      const list = await suggester.suggest(base, req.query.q, req.locale);
      return { list };
    },
  );
};
