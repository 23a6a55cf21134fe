import { type AnyColumn, and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Actor } from "./actor";
import { AppError } from "./errors";

/** Whether a row of `officeId` (created by `ownerId`) lies in the actor's data range. */
export function inRange(actor: Actor, officeId: number | null, ownerId?: number | null): boolean {
  if (actor.range.kind === "own" && ownerId !== undefined && ownerId !== actor.userId) return false;
  if (actor.range.officeIds === null) return true;
  return officeId !== null && actor.range.officeIds.includes(officeId);
}

/** Refuses (403) a row outside the actor's data range. */
export function assertInRange(
  actor: Actor,
  entity: string,
  id: number | string,
  officeId: number | null,
  ownerId?: number | null,
): void {
  if (!inRange(actor, officeId, ownerId)) throw new AppError(403, "auth.outOfRange", { entity, id });
}

/**
 * The WHERE condition that keeps a query inside the actor's data range:
 * their offices (a subtree, or the chosen ones) and, for "own", their rows.
 */
export function rangeWhere(actor: Actor, officeColumn: AnyColumn, ownerColumn?: AnyColumn): SQL | undefined {
  const parts: SQL[] = [];
  const ids = actor.range.officeIds;
  if (ids !== null) parts.push(ids.length ? inArray(officeColumn, ids) : sql`false`);
  if (actor.range.kind === "own" && ownerColumn) parts.push(eq(ownerColumn, actor.userId));
  return parts.length ? and(...parts) : undefined;
}

/** A stable key of the actor's range, for caching totals per range. */
export function rangeKey(actor: Actor): string {
  const ids = actor.range.officeIds;
  return `${actor.range.kind}:${actor.range.kind === "own" ? actor.userId : ""}:${ids === null ? "*" : ids.join(",")}`;
}
