import type { CommandOutcome, DeviceSettingsPatch } from "@marquee/contracts";
import { type DeviceSettings, mergeDeviceSettings } from "@marquee/schedule";
import { eq, inArray, sql } from "drizzle-orm";
import { strategies, terminals } from "../../db/schema";
import type { Services } from "../../platform/services";

/** The settings each terminal obeys: its strategy's under its own. */
export async function effectiveSettings(
  services: Services,
  terminalIds: number[],
): Promise<Map<number, DeviceSettings>> {
  if (!terminalIds.length) return new Map();
  const rows = await services.db
    .select({ id: terminals.id, own: terminals.settings, strategy: strategies.doc })
    .from(terminals)
    .leftJoin(strategies, eq(strategies.id, terminals.strategyId))
    .where(inArray(terminals.id, terminalIds));
  return new Map(rows.map((r) => [r.id, mergeDeviceSettings(r.strategy, r.own ?? {})]));
}

/**
 * Tells terminals their settings changed (terminalSet, strategies): their
 * manifests carry the new settings (so a terminal offline now gets them when
 * it returns), and a `settings` command with the settings each one obeys gives
 * the operator a result per terminal. Terminals with the same settings share
 * one command batch.
 */
export async function sendSettings(
  services: Services,
  terminalIds: number[],
  byUserId: number | null,
): Promise<CommandOutcome[]> {
  const ids = [...new Set(terminalIds)];
  const settings = await effectiveSettings(services, ids);
  await services.hub.notifySync(ids);
  const groups = new Map<string, { settings: DeviceSettings; ids: number[] }>();
  for (const id of ids) {
    const s = settings.get(id);
    if (!s) continue;
    const key = JSON.stringify(s);
    const g = groups.get(key) ?? { settings: s, ids: [] };
    g.ids.push(id);
    groups.set(key, g);
  }
  const out: CommandOutcome[] = [];
  for (const g of groups.values())
    out.push(...(await services.hub.command(g.ids, "settings", { settings: g.settings }, byUserId)));
  return out;
}

/**
 * Merges a patch into terminals' own settings in one statement: the fields
 * given are set, the fields given as null are removed (the strategy's value,
 * else the player's default, applies again).
 */
export async function patchSettings(
  services: Services,
  terminalIds: number[],
  patch: DeviceSettingsPatch,
): Promise<void> {
  const set: Record<string, unknown> = {};
  // Field names of the strict patch schema: safe inside an array literal.
  const cleared: string[] = [];
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined) continue;
    if (v === null) cleared.push(k);
    else set[k] = v;
  }
  await services.db
    .update(terminals)
    .set({
      settings: sql`(coalesce(${terminals.settings}, '{}'::jsonb) || ${JSON.stringify(set)}::jsonb) - ${`{${cleared.join(",")}}`}::text[]`,
      updatedAt: services.clock.now(),
    })
    .where(inArray(terminals.id, terminalIds));
}
