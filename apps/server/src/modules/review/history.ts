import type { MessageKey } from "@marquee/contracts";
import { and, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { contentHistory, users } from "../../db/schema";
import type { Tx } from "../program/repo";

type T = (key: MessageKey) => string;

/** The history of a plan or a message, newest first; an edit says so in the reader's language. */
export async function historyOf(db: Db, kind: "plan" | "message", id: number, t: T) {
  const rows = await db
    .select({
      event: contentHistory.event,
      from: contentHistory.fromState,
      to: contentHistory.toState,
      note: contentHistory.note,
      byName: users.name,
      at: contentHistory.at,
    })
    .from(contentHistory)
    .leftJoin(users, eq(users.id, contentHistory.byUserId))
    .where(and(eq(contentHistory.kind, kind), eq(contentHistory.contentId, id)))
    .orderBy(desc(contentHistory.id));
  return rows.map((r) => ({
    event: r.event,
    from: r.from,
    to: r.to,
    note: r.event === "edit" ? t("review.historyEdited") : r.note,
    byName: r.byName,
    at: r.at.toISOString(),
  }));
}

/** One history line of a plan or a message that was created or edited. */
export async function recordHistory(
  tx: Tx,
  kind: "plan" | "message",
  line: {
    contentId: number;
    event: "create" | "edit";
    from: (typeof contentHistory.$inferInsert)["fromState"];
    byUserId: number;
    at: Date;
  },
) {
  await tx.insert(contentHistory).values({
    kind,
    contentId: line.contentId,
    event: line.event,
    fromState: line.from ?? null,
    toState: "draft",
    byUserId: line.byUserId,
    at: line.at,
  });
}

/** Removes the history of deleted plans or messages (content_history has no foreign key to them). */
export async function deleteHistory(tx: Tx, kind: "plan" | "message", ids: number[]) {
  await tx
    .delete(contentHistory)
    .where(and(eq(contentHistory.kind, kind), inArray(contentHistory.contentId, ids)));
}
