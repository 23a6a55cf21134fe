import type { ContentState, MessageKey, Permission } from "@marquee/contracts";
import { and, desc, eq, inArray } from "drizzle-orm";
import { contentHistory, playPlans, programHistory, programs, publishMessages } from "../../db/schema";
import type { Tx } from "../program/repo";

/** What is reviewed: programs keep their history in program_history, plans and messages in content_history. */
export type ReviewKind = "program" | "plan" | "message";

/** What the review needs of an item of any kind. */
export interface ReviewItem {
  id: number;
  name: string;
  state: ContentState;
  officeId: number;
  createdBy: number | null;
}

/** The events that move an item from state to state (edits and creations are written by the saves). */
export type MoveEvent = "submit" | "review";

/**
 * The parts of the review that differ by kind: where the state and the
 * history are written, which permission reviews, and the words of its
 * messages. Everything else (rules, notices) is shared in flow.ts.
 */
export interface ReviewSpec {
  kind: ReviewKind;
  /** The table of the items (its tenancy rule says who may review which). */
  table: typeof programs | typeof playPlans | typeof publishMessages;
  reviewPermission: Permission;
  keys: {
    stateInvalid: MessageKey;
    notice: MessageKey;
    noticeNote: MessageKey;
    requested: MessageKey;
  };
  /** Sets the state of the items and writes one history line each. */
  move(
    tx: Tx,
    rows: ReviewItem[],
    to: ContentState,
    event: MoveEvent,
    byUserId: number,
    note: string | null,
    at: Date,
  ): Promise<void>;
  /** A note in the item's history without a change of state. */
  note(tx: Tx, row: ReviewItem, byUserId: number, note: string, at: Date): Promise<void>;
  /** The user of the latest submit event of each item (absent: never submitted). */
  submitters(tx: Tx, ids: number[]): Promise<Map<number, number | null>>;
}

export const programReview: ReviewSpec = {
  kind: "program",
  table: programs,
  reviewPermission: "content:program:review",
  keys: {
    stateInvalid: "program.stateInvalid",
    notice: "program.reviewNotice",
    noticeNote: "program.reviewNoticeNote",
    requested: "review.programReviewRequested",
  },
  async move(tx, rows, to, event, byUserId, note, at) {
    await tx
      .update(programs)
      .set({ state: to })
      .where(
        inArray(
          programs.id,
          rows.map((r) => r.id),
        ),
      );
    await tx
      .insert(programHistory)
      .values(
        rows.map((r) => ({ programId: r.id, fromState: r.state, toState: to, event, note, byUserId, at })),
      );
  },
  async note(tx, row, byUserId, note, at) {
    await tx.insert(programHistory).values({
      programId: row.id,
      fromState: row.state,
      toState: row.state,
      event: "note",
      note,
      byUserId,
      at,
    });
  },
  async submitters(tx, ids) {
    const rows = await tx
      .selectDistinctOn([programHistory.programId], {
        id: programHistory.programId,
        by: programHistory.byUserId,
      })
      .from(programHistory)
      .where(and(inArray(programHistory.programId, ids), eq(programHistory.event, "submit")))
      .orderBy(programHistory.programId, desc(programHistory.id));
    return new Map(rows.map((r) => [r.id, r.by]));
  },
};

/** The review of plans or messages: their own table, history in content_history. */
function contentReview(
  kind: "plan" | "message",
  table: typeof playPlans | typeof publishMessages,
  setState: (tx: Tx, ids: number[], to: ContentState) => Promise<unknown>,
  reviewPermission: Permission,
  keys: ReviewSpec["keys"],
): ReviewSpec {
  return {
    kind,
    table,
    reviewPermission,
    keys,
    async move(tx, rows, to, event, byUserId, note, at) {
      await setState(
        tx,
        rows.map((r) => r.id),
        to,
      );
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
    },
    async note(tx, row, byUserId, note, at) {
      await tx.insert(contentHistory).values({
        kind,
        contentId: row.id,
        event: "note",
        fromState: row.state,
        toState: row.state,
        note,
        byUserId,
        at,
      });
    },
    async submitters(tx, ids) {
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
    },
  };
}

export const planReview = contentReview(
  "plan",
  playPlans,
  (tx, ids, to) => tx.update(playPlans).set({ state: to }).where(inArray(playPlans.id, ids)),
  "content:playPlan:review",
  {
    stateInvalid: "plan.stateInvalid",
    notice: "plan.reviewNotice",
    noticeNote: "plan.reviewNoticeNote",
    requested: "plan.reviewRequested",
  },
);

export const messageReview = contentReview(
  "message",
  publishMessages,
  (tx, ids, to) => tx.update(publishMessages).set({ state: to }).where(inArray(publishMessages.id, ids)),
  "content:message:review",
  {
    stateInvalid: "pubMessage.stateInvalid",
    notice: "pubMessage.reviewNotice",
    noticeNote: "pubMessage.reviewNoticeNote",
    requested: "pubMessage.reviewRequested",
  },
);
