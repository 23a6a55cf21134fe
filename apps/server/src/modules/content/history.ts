import type { ContentState } from "@marquee/contracts";
import { and, desc, eq, inArray } from "drizzle-orm";
import { contentHistory, users } from "../../db/schema";
import type { Tx } from "../../platform/db";
import type { ContentKind } from "./kinds";

/** The events of a history line: created, edited (back to draft), submitted, reviewed, a note, published, withdrawn. */
export type HistoryEvent = "create" | "edit" | "submit" | "review" | "note" | "publish" | "withdraw";

/** One line of an item's history as the history calls show it (the event names the raw line). */
export interface HistoryLine {
  event: HistoryEvent;
  from: ContentState | null;
  to: ContentState | null;
  note: string | null;
  byName: string | null;
  at: Date;
}

/**
 * Writes one history line per item of a kind (the rows carry the state they
 * leave, null for a creation).
 */
export async function writeHistory(
  tx: Tx,
  kind: ContentKind,
  rows: Array<{ id: number; state: ContentState | null }>,
  line: { to: ContentState; event: HistoryEvent; note: string | null; byUserId: number | null; at: Date },
): Promise<void> {
  if (!rows.length) return;
  const { to, event, note, byUserId, at } = line;
  await tx.insert(contentHistory).values(
    rows.map((r) => ({
      kind,
      contentId: r.id,
      event,
      fromState: r.state,
      toState: to,
      note,
      byUserId,
      at,
    })),
  );
}

/** The lines of one item, newest first, with the names of who wrote them. */
export function historyLines(db: Tx, kind: ContentKind, id: number): Promise<HistoryLine[]> {
  return db
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
}

/** The user of the latest submit event of each item (absent: never submitted). */
export async function submitters(
  tx: Tx,
  kind: ContentKind,
  ids: number[],
): Promise<Map<number, number | null>> {
  const rows = await tx
    .selectDistinctOn([contentHistory.contentId], {
      id: contentHistory.contentId,
      by: contentHistory.byUserId,
    })
    .from(contentHistory)
    .where(
      and(
        eq(contentHistory.kind, kind),
        inArray(contentHistory.contentId, ids),
        eq(contentHistory.event, "submit"),
      ),
    )
    .orderBy(contentHistory.contentId, desc(contentHistory.id));
  return new Map(rows.map((r) => [r.id, r.by]));
}

/** Removes the history of deleted items (content_history has no foreign key to them). */
export async function deleteHistory(tx: Tx, kind: ContentKind, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await tx
    .delete(contentHistory)
    .where(and(eq(contentHistory.kind, kind), inArray(contentHistory.contentId, ids)));
}
