import type { StrategySummary } from "@marquee/contracts";
import type { DeviceSettings, StrategyDoc } from "@marquee/schedule";
import { and, count, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { strategies, terminals, users } from "../../db/schema";
import type { Actor } from "../../platform/actor";
import type { Tx } from "../../platform/db";
import { allFound, notFound } from "../../platform/errors";
import type { OfficeTree } from "../../platform/office-tree";
import { scope } from "../../platform/tenancy";

export type StrategyRow = typeof strategies.$inferSelect;

/** Serialises saves of one tenant's strategies (names are unique per tenant and no index can say so). */
export const STRATEGY_LOCK = 727_309;

/** The data-range condition of strategies: their office and, for "own" ranges, their creator. */
export const strategyScope = (actor: Actor) => scope(actor, strategies);

/** Strategies by id that the actor may see; any other id is reported missing (404, nothing leaks across tenants). */
export async function findStrategies(
  db: Tx,
  actor: Actor,
  ids: number[],
  lock = false,
): Promise<StrategyRow[]> {
  const query = db
    .select()
    .from(strategies)
    .where(and(inArray(strategies.id, ids), strategyScope(actor)))
    .orderBy(strategies.id);
  return allFound(lock ? await query.for("update") : await query, ids, "strategy");
}

/** One strategy the actor may see, or 404. */
export async function findStrategy(db: Tx, actor: Actor, id: number, lock = false): Promise<StrategyRow> {
  const [row] = await findStrategies(db, actor, [id], lock);
  if (!row) throw notFound("strategy", id);
  return row;
}

/** Ids of the terminals following strategy `id`, optionally only those in the actor's range. */
export async function relatedIds(db: Tx, id: number, actor?: Actor): Promise<number[]> {
  const rows = await db
    .select({ id: terminals.id })
    .from(terminals)
    .where(and(eq(terminals.strategyId, id), actor ? scope(actor, terminals) : undefined));
  return rows.map((r) => r.id);
}

/** The summaries of rows, with office names, creators and the related terminals the actor sees, in a few queries. */
export async function toSummaries(
  db: Db,
  tree: OfficeTree,
  actor: Actor,
  rows: StrategyRow[],
): Promise<StrategySummary[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const creatorIds = [...new Set(rows.map((r) => r.createdBy).filter((c): c is number => c !== null))];
  const where: SQL[] = [inArray(terminals.strategyId, ids)];
  const range = scope(actor, terminals);
  if (range) where.push(range);
  const [counts, creators] = await Promise.all([
    db
      .select({ id: terminals.strategyId, n: count() })
      .from(terminals)
      .where(and(...where))
      .groupBy(terminals.strategyId),
    creatorIds.length
      ? db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, creatorIds))
      : [],
  ]);
  const n = new Map(counts.map((c) => [c.id, c.n]));
  const creator = new Map(creators.map((c) => [c.id, c.name]));
  const out: StrategySummary[] = [];
  for (const r of rows) {
    out.push({
      id: r.id,
      officeId: r.officeId,
      officeName: (await tree.get(r.officeId))?.name ?? null,
      tenantId: await tree.tenantIdOf(r.officeId),
      name: r.name,
      remarks: r.remarks,
      doc: r.doc ?? {},
      terminalCount: n.get(r.id) ?? 0,
      creatorName: r.createdBy === null ? null : (creator.get(r.createdBy) ?? null),
      createDate: r.createdAt.toISOString(),
      updateDate: r.updatedAt.toISOString(),
    });
  }
  return out;
}

/** Whether another strategy of tenant `tenantId` already bears `name` (case aside); run under STRATEGY_LOCK. */
export async function nameTaken(
  tx: Tx,
  tree: OfficeTree,
  tenantId: number,
  name: string,
  exceptId: number | null,
): Promise<boolean> {
  const twins = await tx
    .select({ id: strategies.id, officeId: strategies.officeId })
    .from(strategies)
    .where(sql`lower(${strategies.name}) = lower(${name})`);
  for (const twin of twins) {
    if (twin.id === exceptId) continue;
    if ((await tree.tenantIdOf(twin.officeId)) === tenantId) return true;
  }
  return false;
}

/** The strategy's fields a terminal's own settings replace (its own win field by field). */
export function overridesOf(doc: StrategyDoc, own: DeviceSettings): string[] {
  return (Object.keys(doc) as Array<keyof StrategyDoc>).filter(
    (k) => doc[k] !== undefined && own[k] !== undefined,
  );
}

/** A document without its empty parts (no timers is "always on", like none given). */
export function tidyDoc(doc: StrategyDoc): StrategyDoc {
  const out: StrategyDoc = {};
  if (doc.timers?.length) out.timers = doc.timers;
  if (doc.volumes?.length) out.volumes = doc.volumes;
  if (doc.brightness !== undefined) out.brightness = doc.brightness;
  if (doc.volume !== undefined) out.volume = doc.volume;
  return out;
}
