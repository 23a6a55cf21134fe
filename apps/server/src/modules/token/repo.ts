import { and, count, desc, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { apiTokens } from "../../db/schema";
import type { Actor } from "../../platform/actor";
import { scoped } from "../../platform/tenancy";

export type ApiTokenRow = typeof apiTokens.$inferSelect;

/** The caller's own tokens, newest first. */
export function ownTokens(db: Db, actor: Actor): Promise<ApiTokenRow[]> {
  return tokensOf(db, actor, actor.userId);
}

/** The tokens held by a user of the caller's range (the caller, or a service account), newest first. */
export function tokensOf(db: Db, actor: Actor, userId: number): Promise<ApiTokenRow[]> {
  return db
    .select()
    .from(apiTokens)
    .where(scoped(actor, apiTokens, eq(apiTokens.userId, userId)))
    .orderBy(desc(apiTokens.id));
}

/** How many live tokens the user holds (not revoked, not expired). */
export async function liveTokenCount(db: Db, userId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt), gt(apiTokens.expiresAt, now)));
  return row?.n ?? 0;
}

export async function insertToken(db: Db, values: typeof apiTokens.$inferInsert): Promise<ApiTokenRow> {
  const [row] = await db.insert(apiTokens).values(values).returning();
  if (!row) throw new Error("the token was not stored");
  return row;
}

/** Revokes one of the caller's own tokens; answers it, or undefined when the caller has no such token. */
export function revokeOwnToken(
  db: Db,
  actor: Actor,
  id: number,
  now: Date,
): Promise<ApiTokenRow | undefined> {
  return revokeTokenOf(db, actor, actor.userId, id, now);
}

/**
 * Revokes a token held by `userId` (the caller, or a service account of the caller's range); answers it, or
 * undefined when there is no such token in the caller's scope.
 */
export async function revokeTokenOf(
  db: Db,
  actor: Actor,
  userId: number,
  id: number,
  now: Date,
): Promise<ApiTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(apiTokens)
    .where(scoped(actor, apiTokens, eq(apiTokens.id, id), eq(apiTokens.userId, userId)));
  if (!row) return undefined;
  if (row.revokedAt) return row;
  const [revoked] = await db
    .update(apiTokens)
    .set({ revokedAt: now })
    .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt)))
    .returning();
  return revoked ?? row;
}
