import { and, count, desc, eq, inArray } from "drizzle-orm";
import { notifications } from "../../db/schema";
import type { Actor } from "../../platform/actor";
import type { Db } from "../../platform/db";
import { scope } from "../../platform/tenancy";

/** A notification row as stored. */
export type NoticeRow = typeof notifications.$inferSelect;

/**
 * A page of the caller's own notices (the tenancy rule of notifications), newest first, optionally
 * only those of one read state, with the page's total and the caller's unread count.
 */
export async function pageNotices(
  db: Db,
  actor: Actor,
  q: { pageNo: number; pageSize: number; readState?: "0" | "1" },
): Promise<{ rows: NoticeRow[]; total: number; unread: number }> {
  const mine = scope(actor, notifications);
  const where = q.readState ? and(mine, eq(notifications.readState, q.readState)) : mine;
  const [rows, totals, unread] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db.select({ n: count() }).from(notifications).where(where),
    db
      .select({ n: count() })
      .from(notifications)
      .where(and(mine, eq(notifications.readState, "0"))),
  ]);
  return { rows, total: totals[0]?.n ?? 0, unread: unread[0]?.n ?? 0 };
}

/** Sets the read state of the caller's notices among `ids`; answers how many changed. */
export async function setReadState(
  db: Db,
  actor: Actor,
  ids: number[],
  readState: "0" | "1",
): Promise<number> {
  const changed = await db
    .update(notifications)
    .set({ readState })
    .where(and(scope(actor, notifications), inArray(notifications.id, ids)))
    .returning({ id: notifications.id });
  return changed.length;
}

/** Marks every unread notice of the caller read; answers how many changed. */
export async function readAllNotices(db: Db, actor: Actor): Promise<number> {
  const changed = await db
    .update(notifications)
    .set({ readState: "1" })
    .where(and(scope(actor, notifications), eq(notifications.readState, "0")))
    .returning({ id: notifications.id });
  return changed.length;
}

/** Deletes the caller's notices among `ids`; answers how many went. */
export async function deleteNotices(db: Db, actor: Actor, ids: number[]): Promise<number> {
  const gone = await db
    .delete(notifications)
    .where(and(scope(actor, notifications), inArray(notifications.id, ids)))
    .returning({ id: notifications.id });
  return gone.length;
}
