import type { ServiceAccountListQuery } from "@marquee/contracts";
import { and, asc, count, eq, ilike, inArray, max, ne, or, type SQL, sql } from "drizzle-orm";
import { apiTokens, offices, users } from "../../db/schema";
import type { Actor } from "../../platform/actor";
import type { Db } from "../../platform/db";
import { notFound } from "../../platform/errors";
import type { Services } from "../../platform/services";
import { likeEscape } from "../../platform/sql";
import { officeInScope, scope, scoped } from "../../platform/tenancy";

export type ServiceAccountRecord = typeof users.$inferSelect;

/** One page of the service accounts of the caller's range (with their office's name), and the total. */
export async function serviceAccountPage(services: Services, actor: Actor, q: ServiceAccountListQuery) {
  const db = services.db;
  const c: (SQL | undefined)[] = [scope(actor, users), eq(users.kind, "service")];
  if (q.officeId !== undefined) {
    const node = await officeInScope(services.tree, actor, q.officeId);
    c.push(inArray(users.officeId, await services.tree.subtreeIds(node.path)));
  }
  if (q.keyword) {
    const k = `%${likeEscape(q.keyword)}%`;
    c.push(or(ilike(users.username, k), ilike(users.name, k)));
  }
  const where = and(...c);
  const [rows, totals] = await Promise.all([
    db
      .select({ account: users, officeName: offices.name })
      .from(users)
      .innerJoin(offices, eq(offices.id, users.officeId))
      .where(where)
      .orderBy(asc(sql`lower(${users.name})`), asc(users.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(users).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

/** Per account: its live tokens and the latest use of any of its tokens (the caller's scope of tokens). */
export async function tokenUse(
  db: Db,
  actor: Actor,
  accountIds: number[],
  now: Date,
): Promise<Map<number, { live: number; lastUsedAt: Date | null }>> {
  const out = new Map<number, { live: number; lastUsedAt: Date | null }>();
  if (accountIds.length === 0) return out;
  const rows = await db
    .select({
      userId: apiTokens.userId,
      live: count(
        sql`case when ${apiTokens.revokedAt} is null and ${apiTokens.expiresAt} > ${now} then 1 end`,
      ),
      lastUsedAt: max(apiTokens.lastUsedAt),
    })
    .from(apiTokens)
    .where(scoped(actor, apiTokens, inArray(apiTokens.userId, accountIds)))
    .groupBy(apiTokens.userId);
  for (const r of rows) out.set(r.userId, { live: r.live, lastUsedAt: r.lastUsedAt });
  return out;
}

/** A service account of the caller's range, or 404 (another tenant's, or a person, looks the same as none). */
export async function serviceAccountInRange(db: Db, actor: Actor, id: number): Promise<ServiceAccountRecord> {
  const [row] = await db
    .select()
    .from(users)
    .where(scoped(actor, users, eq(users.id, id), eq(users.kind, "service")));
  if (!row) throw notFound("serviceAccount", id);
  return row;
}

export async function insertServiceAccount(
  db: Db,
  values: typeof users.$inferInsert,
): Promise<ServiceAccountRecord> {
  const [row] = await db
    .insert(users)
    .values({ ...values, kind: "service" })
    .returning();
  if (!row) throw new Error("the service account was not stored");
  return row;
}

/**
 * Changes a service account of the caller's range (checked by the caller with serviceAccountInRange). Its
 * tokens move with it to a new office, so that they stay in the scope of the account's administrators.
 */
export async function updateServiceAccount(
  db: Db,
  actor: Actor,
  id: number,
  set: Partial<typeof users.$inferInsert>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set(set)
      .where(scoped(actor, users, eq(users.id, id), eq(users.kind, "service")))
      .returning({ officeId: users.officeId });
    if (row)
      await tx
        .update(apiTokens)
        .set({ officeId: row.officeId })
        .where(and(eq(apiTokens.userId, id), ne(apiTokens.officeId, row.officeId)));
  });
}

/** Deletes a service account of the caller's range; its tokens go with it (cascade). */
export async function deleteServiceAccount(db: Db, actor: Actor, id: number): Promise<void> {
  await db.delete(users).where(scoped(actor, users, eq(users.id, id), eq(users.kind, "service")));
}
