import {
  AddressSuggestQuery,
  AddressSuggestResponse,
  AutoGetPositionBody,
  ClearPositionBody,
  ClearPositionResponse,
  CommandOutcomesResponse,
  MAP_MAX_TERMINALS,
  MapTerminalsQuery,
  MapTerminalsResponse,
  type Permission,
  SavePositionBody,
  SavePositionResponse,
  SendGetPositionBody,
  type SettingValue,
} from "@marquee/contracts";
import { and, asc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { terminals } from "../../db/schema";
import { actorOf } from "../../platform/access";
import type { Actor } from "../../platform/actor";
import { AppError, notFound } from "../../platform/errors";
import { likeEscape } from "../../platform/sql";
import { officeInScope, scope } from "../../platform/tenancy";
import { findGroup, findTerminals, groupAndBelow, statusWhere } from "../terminal/repo";
import { sendSettings } from "../terminalSet/settings";
import { copyReportedPositions, mapColumns, storeAnsweredPositions, toMapTerminals } from "./repo";
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
  const db = services.db;
  const tags = ["terminal"];
  const suggester = new AddressSuggester(() => services.clock.now().getTime());

  const stopListening = app.services.hub.onCommandDone(async (done) => {
    await storeAnsweredPositions(db, done);
  });
  const copier = setInterval(() => {
    copyReportedPositions(db).catch((err) =>
      app.log.warn({ err }, "could not copy the positions terminals reported"),
    );
  }, POSITION_COPY_MS);
  copier.unref();
  app.addHook("onClose", async () => {
    clearInterval(copier);
    stopListening();
  });

  /** The office and group filters, each with what lies below unless includeChildren is false. */
  const placeWhere = async (
    actor: Actor,
    q: { officeId?: number; groupId?: number; includeChildren?: boolean },
  ): Promise<SQL[]> => {
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
      const group = await findGroup(db, actor, q.groupId);
      c.push(
        below ? inArray(terminals.groupId, await groupAndBelow(db, group)) : eq(terminals.groupId, group.id),
      );
    }
    return c;
  };

  const mapRows = (where: SQL | undefined) => db.select(mapColumns).from(terminals).where(where);

  app.get(
    "/a/api/terminal/mapTerminals",
    {
      config: access("terminal:map:view"),
      schema: { tags, querystring: MapTerminalsQuery, response: { 200: MapTerminalsResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const q = req.query;
      const c: (SQL | undefined)[] = [scope(actor, terminals), ...(await placeWhere(actor, q))];
      if (q.status) c.push(statusWhere(q.status));
      const keyword = q.keyword?.trim();
      if (keyword) {
        const like = `%${likeEscape(keyword)}%`;
        c.push(
          or(
            ilike(terminals.name, like),
            ilike(terminals.enrolCode, like),
            ilike(terminals.model, like),
            ilike(terminals.address, like),
          ),
        );
      }
      const rows = await db
        .select({ ...mapColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
        .from(terminals)
        .where(and(...c))
        .orderBy(asc(terminals.name), asc(terminals.id))
        .limit(MAP_MAX_TERMINALS);
      const settings = (await services.settings.getMany([
        "mapTileUrl",
        "mapAttribution",
        "mapSuggestUrl",
      ])) as {
        mapTileUrl: SettingValue<"mapTileUrl">;
        mapAttribution: SettingValue<"mapAttribution">;
        mapSuggestUrl: SettingValue<"mapSuggestUrl">;
      };
      return {
        list: await toMapTerminals(services.tree, rows),
        total: rows[0]?.total ?? 0,
        config: {
          tileUrl: settings.mapTileUrl,
          attribution: settings.mapAttribution,
          suggest: settings.mapSuggestUrl !== "",
        },
      };
    },
  );

  app.post(
    "/a/api/terminal/sendGetPositionOrder",
    {
      config: access("terminal:device:command"),
      schema: { tags, body: SendGetPositionBody, response: { 200: CommandOutcomesResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const { ids } = req.body;
      await findTerminals(db, actor, ids);
      req.audit.target = `terminal:${ids.join(",")}`.slice(0, 500);
      req.audit.detail = { command: "position" };
      const list = await app.services.hub.command(ids, "position", {}, actor.userId);
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
      const actor = actorOf(req);
      const { ids, enabled } = req.body;
      await findTerminals(db, actor, ids);
      req.audit.target = `terminal:${ids.join(",")}`.slice(0, 500);
      req.audit.detail = { autoPosition: enabled };
      await db
        .update(terminals)
        .set({
          settings: sql`${terminals.settings} || jsonb_build_object('autoPosition', ${enabled}::boolean)`,
          updatedAt: services.clock.now(),
        })
        .where(inArray(terminals.id, ids));
      // What they already report counts at once, not at the next pass.
      if (enabled) await copyReportedPositions(db, ids);
      const list = await sendSettings(services, ids, actor.userId);
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
      const actor = actorOf(req);
      const { id, lat, lng, address } = req.body;
      const [row] = await findTerminals(db, actor, [id]);
      if (!row) throw notFound("terminal", id);
      req.audit.target = `terminal:${id}`;
      req.audit.detail = { lat, lng, address: address || null };
      // A hand-placed terminal stops reporting its position: the device would move it back at its next heartbeat.
      const autoPositionOff = row.settings.autoPosition === true;
      const now = services.clock.now();
      await db
        .update(terminals)
        .set({
          latitude: lat,
          longitude: lng,
          address: address || null,
          positionSource: "manual",
          positionAt: now,
          updatedAt: now,
          ...(autoPositionOff && {
            settings: sql`${terminals.settings} || '{"autoPosition": false}'::jsonb`,
          }),
        })
        .where(eq(terminals.id, id));
      if (autoPositionOff) await sendSettings(services, [id], actor.userId);
      const [placed] = await toMapTerminals(services.tree, await mapRows(eq(terminals.id, id)));
      if (!placed) throw notFound("terminal", id);
      return { terminal: placed, autoPositionOff };
    },
  );

  app.post(
    "/a/api/terminal/clearPosition",
    {
      config: access("terminal:device:edit"),
      schema: { tags, body: ClearPositionBody, response: { 200: ClearPositionResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const { ids } = req.body;
      const rows = await findTerminals(db, actor, ids);
      req.audit.target = `terminal:${ids.join(",")}`.slice(0, 500);
      // Like a manual placement, taking a terminal off the map stops it reporting (it would come back).
      const reporting = rows.filter((r) => r.settings.autoPosition === true).map((r) => r.id);
      const now = services.clock.now();
      const cleared = await db.transaction(async (tx) => {
        const done = await tx
          .update(terminals)
          .set({
            latitude: null,
            longitude: null,
            address: null,
            positionSource: null,
            positionAt: null,
            updatedAt: now,
          })
          .where(
            and(
              inArray(terminals.id, ids),
              sql`(${terminals.latitude} is not null or ${terminals.longitude} is not null)`,
            ),
          )
          .returning({ id: terminals.id });
        if (reporting.length)
          await tx
            .update(terminals)
            .set({ settings: sql`${terminals.settings} || '{"autoPosition": false}'::jsonb` })
            .where(inArray(terminals.id, reporting));
        return done.length;
      });
      req.audit.detail = { cleared, autoPositionOff: reporting };
      if (reporting.length) await sendSettings(services, reporting, actor.userId);
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
