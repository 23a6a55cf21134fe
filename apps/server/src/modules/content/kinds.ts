import type { ContentState, MessageKey, Permission, PublicationKind } from "@marquee/contracts";
import { and, desc, eq, inArray } from "drizzle-orm";
import { contentHistory, playPlans, programHistory, programs, publishMessages, users } from "../../db/schema";
import type { Tx } from "./tx";

/** The three kinds of content: programs, play plans and published messages. */
export type ContentKind = PublicationKind;

/** The table of a kind: each has a name, a state, a version, an office and who made and last saved it. */
export type ContentTable = typeof programs | typeof playPlans | typeof publishMessages;

/** What the shared life (save, review, publish) needs of an item of any kind. */
export interface ContentItem {
  id: number;
  name: string;
  state: ContentState;
  officeId: number;
  createdBy: number | null;
}

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

/** Where the history of a kind is written and read. */
interface HistoryStore {
  /** Writes one line per item (rows carry the state they leave). */
  write(
    tx: Tx,
    rows: Array<{ id: number; state: ContentState | null }>,
    line: { to: ContentState; event: HistoryEvent; note: string | null; byUserId: number | null; at: Date },
  ): Promise<void>;
  /** The lines of one item, newest first. */
  list(db: Tx, id: number): Promise<HistoryLine[]>;
  /** The user of the latest submit event of each item (absent: never submitted). */
  submitters(tx: Tx, ids: number[]): Promise<Map<number, number | null>>;
  /** Removes the history of deleted items. */
  remove(tx: Tx, ids: number[]): Promise<void>;
}

/**
 * What differs between the kinds of content in their shared life (a
 * versioned save, review, publish and withdraw): the table and its tenancy
 * rule (scope(actor, table)), the permissions, the words of the messages,
 * and where the history is kept. The rules themselves are written once in
 * this module (save.ts, flow.ts, publications.ts).
 */
export interface ContentSpec {
  kind: ContentKind;
  table: ContentTable;
  /** The entity a 404 names. */
  entity: "program" | "plan" | "message";
  /** When an item stops playing of itself (messages), else null. */
  endAt: typeof publishMessages.endAt | null;
  permissions: { view: Permission; edit: Permission; review: Permission; publish: Permission };
  keys: {
    stateInvalid: MessageKey;
    notice: MessageKey;
    noticeNote: MessageKey;
    requested: MessageKey;
    versionConflict: MessageKey;
    historyEdited: MessageKey;
  };
  history: HistoryStore;
}

const programStore: HistoryStore = {
  async write(tx, rows, { to, event, note, byUserId, at }) {
    if (!rows.length) return;
    await tx
      .insert(programHistory)
      .values(
        rows.map((r) => ({ programId: r.id, fromState: r.state, toState: to, event, note, byUserId, at })),
      );
  },
  list(db, id) {
    return db
      .select({
        event: programHistory.event,
        from: programHistory.fromState,
        to: programHistory.toState,
        note: programHistory.note,
        byName: users.name,
        at: programHistory.at,
      })
      .from(programHistory)
      .leftJoin(users, eq(users.id, programHistory.byUserId))
      .where(eq(programHistory.programId, id))
      .orderBy(desc(programHistory.id));
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
  // Program history goes with its program (on delete cascade).
  async remove() {},
};

/** The history of plans or messages, in content_history under their kind. */
function contentStore(kind: "plan" | "message"): HistoryStore {
  return {
    async write(tx, rows, { to, event, note, byUserId, at }) {
      if (!rows.length) return;
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
    list(db, id) {
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
    async remove(tx, ids) {
      // content_history has no foreign key to its items.
      await tx
        .delete(contentHistory)
        .where(and(eq(contentHistory.kind, kind), inArray(contentHistory.contentId, ids)));
    },
  };
}

export const programKind: ContentSpec = {
  kind: "program",
  table: programs,
  entity: "program",
  endAt: null,
  permissions: {
    view: "content:program:view",
    edit: "content:program:edit",
    review: "content:program:review",
    publish: "content:program:publish",
  },
  keys: {
    stateInvalid: "program.stateInvalid",
    notice: "program.reviewNotice",
    noticeNote: "program.reviewNoticeNote",
    requested: "review.programReviewRequested",
    versionConflict: "program.versionConflict",
    historyEdited: "program.historyEdited",
  },
  history: programStore,
};

export const planKind: ContentSpec = {
  kind: "plan",
  table: playPlans,
  entity: "plan",
  endAt: null,
  permissions: {
    view: "content:playPlan:view",
    edit: "content:playPlan:edit",
    review: "content:playPlan:review",
    publish: "content:playPlan:publish",
  },
  keys: {
    stateInvalid: "plan.stateInvalid",
    notice: "plan.reviewNotice",
    noticeNote: "plan.reviewNoticeNote",
    requested: "plan.reviewRequested",
    versionConflict: "plan.versionConflict",
    historyEdited: "review.historyEdited",
  },
  history: contentStore("plan"),
};

export const messageKind: ContentSpec = {
  kind: "message",
  table: publishMessages,
  entity: "message",
  endAt: publishMessages.endAt,
  permissions: {
    view: "content:message:view",
    edit: "content:message:edit",
    review: "content:message:review",
    publish: "content:message:publish",
  },
  keys: {
    stateInvalid: "pubMessage.stateInvalid",
    notice: "pubMessage.reviewNotice",
    noticeNote: "pubMessage.reviewNoticeNote",
    requested: "pubMessage.reviewRequested",
    versionConflict: "pubMessage.versionConflict",
    historyEdited: "review.historyEdited",
  },
  history: contentStore("message"),
};

/** Every kind by its name. */
export const CONTENT_KINDS: Record<ContentKind, ContentSpec> = {
  program: programKind,
  plan: planKind,
  message: messageKind,
};
