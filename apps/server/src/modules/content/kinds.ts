import type { ContentState, MessageKey, Permission, PublicationKind } from "@marquee/contracts";
import { ProgramDoc } from "@marquee/program";
import { MessageDoc, PlanDoc } from "@marquee/schedule";
import { z } from "zod";
import { playPlans, programs, publishMessages } from "../../db/schema";

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

/**
 * What differs between the kinds of content in their shared life (a
 * versioned save, review, publish and withdraw): the table and its tenancy
 * rule (scope(actor, table)), the check of its document, the permissions and
 * the words of the messages. The history of every kind is one table (history.ts); the rules
 * are written once in this module (items.ts, flow.ts, publications.ts).
 */
export interface ContentSpec {
  kind: ContentKind;
  table: ContentTable;
  /** When an item stops playing of itself (messages), else null. */
  endAt: typeof publishMessages.endAt | null;
  /**
   * Checks a document of the kind against its schema (from the pure
   * packages): every save of a version checks it (saveVersion), refusing an
   * invalid one with 400 and an error per field under `doc`.
   */
  validate: (doc: unknown) => void;
  permissions: { view: Permission; edit: Permission; review: Permission; publish: Permission };
  keys: {
    stateInvalid: MessageKey;
    notice: MessageKey;
    noticeNote: MessageKey;
    requested: MessageKey;
    versionConflict: MessageKey;
    historyEdited: MessageKey;
    /** The refusal of a deletion while screens play or will play an item. */
    published: "plan.published" | "pubMessage.published" | "review.programPublished";
  };
}

/** The check of a document against its schema, its errors named as fields of the request's `doc`. */
const documentCheck =
  (schema: z.ZodType) =>
  (doc: unknown): void => {
    const checked = schema.safeParse(doc);
    if (!checked.success)
      throw new z.ZodError(checked.error.issues.map((issue) => ({ ...issue, path: ["doc", ...issue.path] })));
  };

export const programKind: ContentSpec = {
  kind: "program",
  table: programs,
  validate: documentCheck(ProgramDoc),
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
    published: "review.programPublished",
  },
};

export const planKind: ContentSpec = {
  kind: "plan",
  table: playPlans,
  validate: documentCheck(PlanDoc),
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
    published: "plan.published",
  },
};

export const messageKind: ContentSpec = {
  kind: "message",
  table: publishMessages,
  validate: documentCheck(MessageDoc),
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
    published: "pubMessage.published",
  },
};

/** Every kind by its name. */
export const CONTENT_KINDS: Record<ContentKind, ContentSpec> = {
  program: programKind,
  plan: planKind,
  message: messageKind,
};
