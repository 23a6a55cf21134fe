import type {
  FindRelationTerminalsQuery,
  RelatedTerminal,
  StrategyListQuery,
  StrategySummary,
} from "@marquee/contracts";
import type { DeviceSettings, StrategyDoc } from "@marquee/schedule";
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client";
import { strategies, terminals, users } from "../../db/schema";
import type { Actor } from "../../platform/actor";
import type { Tx } from "../../platform/db";
import { allFound, notFound } from "../../platform/errors";
import type { OfficeTree } from "../../platform/office-tree";
import { likeEscape } from "../../platform/sql";
import { officeInScope, scope } from "../../platform/tenancy";
import { selectSummaries, toSummaries as terminalSummaries } from "../terminal/repo";

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

const SORT = {
  name: strategies.name,
  updateDate: strategies.updatedAt,
  createDate: strategies.createdAt,
} as const;

/** A page of the strategies in the actor's range, by name and office (and below, unless told otherwise). */
export async function listStrategies(
  db: Db,
  tree: OfficeTree,
  actor: Actor,
  q: z.output<typeof StrategyListQuery>,
) {
  const c: (SQL | undefined)[] = [strategyScope(actor)];
  if (q.name) c.push(ilike(strategies.name, `%${likeEscape(q.name)}%`));
  if (q.officeId !== undefined) {
    const node = await officeInScope(tree, actor, q.officeId);
    c.push(
      q.includeChildren === false
        ? eq(strategies.officeId, node.id)
        : inArray(strategies.officeId, await tree.subtreeIds(node.path)),
    );
  }
  const where = and(...c);
  const order = q.order === "asc" ? asc(SORT[q.sort]) : desc(SORT[q.sort]);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(strategies)
      .where(where)
      .orderBy(order, desc(strategies.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db.select({ n: count() }).from(strategies).where(where),
  ]);
  return {
    list: await toSummaries(db, tree, actor, rows),
    total: totals[0]?.n ?? 0,
    pageNo: q.pageNo,
    pageSize: q.pageSize,
  };
}

/** Takes the lock that serialises saves of tenant `tenantId`'s strategies, until the transaction ends. */
export async function lockTenantStrategies(tx: Tx, tenantId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${STRATEGY_LOCK}::int, ${tenantId}::int)`);
}

type StrategyValues = Partial<Pick<StrategyRow, "officeId" | "name" | "remarks" | "doc">> &
  Pick<StrategyRow, "updatedAt">;

/** Updates strategy `id`; answers the saved row (undefined when it is gone). */
export async function updateStrategy(
  tx: Tx,
  id: number,
  values: StrategyValues,
): Promise<StrategyRow | undefined> {
  const [saved] = await tx.update(strategies).set(values).where(eq(strategies.id, id)).returning();
  return saved;
}

/** Inserts a strategy (an empty document unless given); answers the saved row. */
export async function insertStrategy(
  tx: Tx,
  values: StrategyValues & Pick<StrategyRow, "officeId" | "name" | "createdBy" | "createdAt">,
): Promise<StrategyRow | undefined> {
  const [saved] = await tx
    .insert(strategies)
    .values({ doc: {}, ...values })
    .returning();
  return saved;
}

/** Deletes strategies `ids`, releasing the terminals that follow them; answers the released terminals' ids. */
export async function deleteStrategyRows(tx: Tx, ids: number[], now: Date): Promise<number[]> {
  const freed = await tx
    .update(terminals)
    .set({ strategyId: null, updatedAt: now })
    .where(inArray(terminals.strategyId, ids))
    .returning({ id: terminals.id });
  await tx.delete(strategies).where(inArray(strategies.id, ids));
  return freed.map((f) => f.id);
}

/** Makes terminals `terminalIds` follow strategy `id`; answers those that followed another one before. */
export async function relateTerminals(
  tx: Tx,
  id: number,
  terminalIds: number[],
  now: Date,
): Promise<{ id: number; strategyId: number | null }[]> {
  const before = await tx
    .select({ id: terminals.id, strategyId: terminals.strategyId })
    .from(terminals)
    .where(inArray(terminals.id, terminalIds))
    .for("update");
  await tx
    .update(terminals)
    .set({ strategyId: id, updatedAt: now })
    .where(inArray(terminals.id, terminalIds));
  return before.filter((b) => b.strategyId !== null && b.strategyId !== id);
}

/** Releases those of terminals `terminalIds` that follow strategy `id`; answers their ids. */
export async function releaseTerminals(
  db: Db,
  id: number,
  terminalIds: number[],
  now: Date,
): Promise<number[]> {
  const released = await db
    .update(terminals)
    .set({ strategyId: null, updatedAt: now })
    .where(and(inArray(terminals.id, terminalIds), eq(terminals.strategyId, id)))
    .returning({ id: terminals.id });
  return released.map((r) => r.id);
}

/** A page of the terminals in the actor's range following `strategy`, each with the fields its own settings replace. */
export async function relatedTerminalsPage(
  db: Db,
  tree: OfficeTree,
  actor: Actor,
  strategy: StrategyRow,
  q: z.output<typeof FindRelationTerminalsQuery>,
): Promise<{ list: RelatedTerminal[]; total: number; pageNo: number; pageSize: number }> {
  const c: (SQL | undefined)[] = [eq(terminals.strategyId, strategy.id), scope(actor, terminals)];
  if (q.keyword) {
    const like = `%${likeEscape(q.keyword)}%`;
    c.push(or(ilike(terminals.name, like), ilike(terminals.enrolCode, like), ilike(terminals.ip, like)));
  }
  const where = and(...c);
  const [rows, totals] = await Promise.all([
    selectSummaries(db)
      .where(where)
      .orderBy(asc(terminals.name), asc(terminals.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db.select({ n: count() }).from(terminals).where(where),
  ]);
  const own = rows.length
    ? await db
        .select({ id: terminals.id, settings: terminals.settings })
        .from(terminals)
        .where(
          inArray(
            terminals.id,
            rows.map((r) => r.id),
          ),
        )
    : [];
  const ownOf = new Map(own.map((o) => [o.id, o.settings ?? {}]));
  const summaries = await terminalSummaries(db, tree, rows);
  return {
    list: summaries.map((s) => ({
      ...s,
      overrides: overridesOf(strategy.doc ?? {}, ownOf.get(s.id) ?? {}),
    })),
    total: totals[0]?.n ?? 0,
    pageNo: q.pageNo,
    pageSize: q.pageSize,
  };
}
