import type {
  CommandOutcome,
  MapTerminal,
  MapTerminalsQuery,
  SavePositionBody,
  SettingValue,
} from "@marquee/contracts";
import type { z } from "zod";
import type { Actor } from "../../platform/actor";
import { notFound } from "../../platform/errors";
import type { Services } from "../../platform/services";
import { findTerminals } from "../terminal/repo";
import { sendSettings } from "../terminalSet/settings";
import {
  clearPositions,
  copyReportedPositions,
  mapPage,
  mapTerminalOf,
  writeAutoPosition,
  writeManualPosition,
} from "./repo";

/** The terminals of the caller's range on the map, with the map's settings. */
export async function terminalMap(services: Services, actor: Actor, q: z.output<typeof MapTerminalsQuery>) {
  const { list, total } = await mapPage(services, actor, q);
  const settings = (await services.settings.getMany(["mapTileUrl", "mapAttribution", "mapSuggestUrl"])) as {
    mapTileUrl: SettingValue<"mapTileUrl">;
    mapAttribution: SettingValue<"mapAttribution">;
    mapSuggestUrl: SettingValue<"mapSuggestUrl">;
  };
  return {
    list,
    total,
    config: {
      tileUrl: settings.mapTileUrl,
      attribution: settings.mapAttribution,
      suggest: settings.mapSuggestUrl !== "",
    },
  };
}

/** Asks terminals of the caller's range for their position (`position` command). */
export async function askPositions(services: Services, actor: Actor, ids: number[]) {
  await findTerminals(services.db, actor, ids);
  return services.hub.command(ids, "position", {}, actor.userId);
}

/**
 * Lets terminals of the caller's range report their position by themselves
 * (or stops it) and sends them their settings.
 */
export async function setAutoPosition(
  services: Services,
  actor: Actor,
  ids: number[],
  enabled: boolean,
): Promise<CommandOutcome[]> {
  const { db, clock } = services;
  await findTerminals(db, actor, ids);
  await writeAutoPosition(db, ids, enabled, clock.now());
  // What they already report counts at once, not at the next pass.
  if (enabled) await copyReportedPositions(db, ids);
  return sendSettings(services, ids, actor.userId);
}

/**
 * Places a terminal of the caller's range by hand. A terminal that reported
 * its position stops (the device would move it back at its next heartbeat)
 * and is sent its settings.
 */
export async function placeTerminal(
  services: Services,
  actor: Actor,
  body: z.output<typeof SavePositionBody>,
): Promise<{ terminal: MapTerminal; autoPositionOff: boolean }> {
  const { db, clock } = services;
  const { id, lat, lng, address } = body;
  const [row] = await findTerminals(db, actor, [id]);
  if (!row) throw notFound("terminal", id);
  const autoPositionOff = row.settings.autoPosition === true;
  await writeManualPosition(db, id, { lat, lng, address: address || null }, autoPositionOff, clock.now());
  if (autoPositionOff) await sendSettings(services, [id], actor.userId);
  const terminal = await mapTerminalOf(db, services.tree, id);
  if (!terminal) throw notFound("terminal", id);
  return { terminal, autoPositionOff };
}

/**
 * Takes terminals of the caller's range off the map. Like a manual placement,
 * it stops those that report their position (they would come back), and
 * sends them their settings. Answers how many had a position, and which stopped reporting.
 */
export async function clearTerminalPositions(
  services: Services,
  actor: Actor,
  ids: number[],
): Promise<{ cleared: number; reporting: number[] }> {
  const { db, clock } = services;
  const rows = await findTerminals(db, actor, ids);
  const reporting = rows.filter((r) => r.settings.autoPosition === true).map((r) => r.id);
  const cleared = await clearPositions(db, ids, reporting, clock.now());
  if (reporting.length) await sendSettings(services, reporting, actor.userId);
  return { cleared, reporting };
}
