import { MessageDoc, PlanDoc } from "@marquee/schedule";
import { z } from "zod";
import { Paging, pageOf, zId, zIdList } from "./common";
import { PROGRAM_STATES } from "./program";

/**
 * Play plans and messages (issue 7, spec §7 "Publishing"): production,
 * lists and review. Plans live under /apm-web/a/api/playPlan/, messages
 * under /apm-web/a/api/publishMessage/ (DECISIONS.md: unprefixed calls).
 * Both follow the programs' life: draft → pending (review on) → approved |
 * rejected → published; an edit brings them back to draft.
 */

/** The states of reviewed content (programs, plans, messages). */
export const CONTENT_STATES = PROGRAM_STATES;
export type ContentState = (typeof CONTENT_STATES)[number];

export const ContentName = z.string().trim().min(1).max(100);

/** A review decision (submitResult) on one or more items. */
export const ReviewResultBody = z.strictObject({
  ids: zIdList,
  result: z.enum(["approved", "rejected"]),
  note: z.string().trim().max(500).default(""),
});
/** The answer of a review decision: how many items were decided. */
export const ReviewResultResponse = z.object({ code: z.number(), msg: z.string(), count: z.number() });
/** A reviewer's (or the author's) note on an item, kept in its history without a decision (submitNote). */
export const ReviewNoteBody = z.strictObject({ id: zId, note: z.string().trim().min(1).max(500) });
/** Submit for review (or approve at once while review is off). */
export const SubmitBody = z.strictObject({ ids: zIdList });
export const SubmitResponse = z.object({ code: z.number(), msg: z.string(), state: z.enum(CONTENT_STATES) });

/** One line of an item's history: a change of state, or a note. */
export const ContentHistoryEntry = z.object({
  event: z.enum(["create", "edit", "submit", "review", "note", "publish", "withdraw"]),
  from: z.enum(CONTENT_STATES).nullable(),
  to: z.enum(CONTENT_STATES).nullable(),
  note: z.string().nullable(),
  byName: z.string().nullable(),
  at: z.string(),
});
export const ContentHistoryResponse = z.object({
  code: z.number(),
  msg: z.string(),
  list: z.array(ContentHistoryEntry),
});

/** Review lists (checklist): pending by default; `state` shows the decided ones too. */
export const ChecklistQuery = Paging.extend({
  name: z.string().max(100).optional(),
  state: z.enum(CONTENT_STATES).default("pending"),
}).strict();

// ---- plans ----

export const PlanSummary = z.object({
  id: z.number(),
  name: z.string(),
  state: z.enum(CONTENT_STATES),
  version: z.number(),
  itemCount: z.number(),
  /** Overlaps of same-tier items found at the last save. */
  conflictCount: z.number(),
  /** The first and last day any item plays (null: no end). */
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  /** Active publications and the terminals they reach. */
  publicationCount: z.number(),
  terminalCount: z.number(),
  creatorId: z.number().nullable(),
  creatorName: z.string().nullable(),
  updatedByName: z.string().nullable(),
  createDate: z.string(),
  updateDate: z.string(),
});
export type PlanSummary = z.infer<typeof PlanSummary>;

export const PlanListQuery = Paging.extend({
  name: z.string().max(100).optional(),
  state: z.enum(CONTENT_STATES).optional(),
  sort: z.enum(["updateDate", "createDate", "name"]).default("updateDate"),
  order: z.enum(["asc", "desc"]).default("desc"),
}).strict();
export const PlanListResponse = pageOf(PlanSummary);

/** The programs a plan names, for their names, sizes and thumbnails. */
export const PlanProgramRef = z.object({
  id: z.number(),
  name: z.string(),
  state: z.enum(CONTENT_STATES),
  width: z.number(),
  height: z.number(),
  thumbUrl: z.string().nullable(),
});
export const PlanDetailResponse = z.object({
  code: z.number(),
  msg: z.string(),
  plan: PlanSummary,
  doc: PlanDoc,
  programs: z.array(PlanProgramRef),
});

/** POST playPlan/save: like program/save (version check, `force` to overwrite). */
export const PlanSaveBody = z.strictObject({
  id: zId.optional(),
  version: z.number().int().min(0).optional(),
  force: z.boolean().optional(),
  name: ContentName,
  doc: PlanDoc,
});
export const PlanConflictItem = z.object({
  a: z.string(),
  b: z.string(),
  tier: z.string(),
  day: z.string(),
  from: z.string(),
  to: z.string(),
});
export const PlanSaveResponse = z.object({
  code: z.number(),
  msg: z.string(),
  id: z.number(),
  version: z.number(),
  state: z.enum(CONTENT_STATES),
  updateDate: z.string(),
  /** Same-tier overlaps (the save succeeds; the editor shows them as warnings). */
  conflicts: z.array(PlanConflictItem),
});
export const PlanCopyBody = z.strictObject({ id: zId, name: ContentName.optional() });

// ---- messages ----

export const PubMessageSummary = z.object({
  id: z.number(),
  name: z.string(),
  state: z.enum(CONTENT_STATES),
  version: z.number(),
  kind: z.enum(["scroll", "notice"]),
  priority: z.enum(["normal", "emergency"]),
  text: z.string(),
  startAt: z.string().nullable(),
  endAt: z.string().nullable(),
  publicationCount: z.number(),
  terminalCount: z.number(),
  creatorId: z.number().nullable(),
  creatorName: z.string().nullable(),
  updatedByName: z.string().nullable(),
  createDate: z.string(),
  updateDate: z.string(),
});
export type PubMessageSummary = z.infer<typeof PubMessageSummary>;

export const PubMessageListQuery = Paging.extend({
  name: z.string().max(100).optional(),
  state: z.enum(CONTENT_STATES).optional(),
  kind: z.enum(["scroll", "notice"]).optional(),
  priority: z.enum(["normal", "emergency"]).optional(),
}).strict();
export const PubMessageListResponse = pageOf(PubMessageSummary);

/** POST publishMessage/ajaxSave: create (no id) or update (id + version). */
export const PubMessageSaveBody = z
  .strictObject({
    id: zId.optional(),
    version: z.number().int().min(0).optional(),
    force: z.boolean().optional(),
    name: ContentName,
    doc: MessageDoc,
    startAt: z.iso.datetime({ offset: true }).nullable(),
    endAt: z.iso.datetime({ offset: true }).nullable(),
  })
  .refine((b) => !b.startAt || !b.endAt || Date.parse(b.endAt) > Date.parse(b.startAt), {
    message: "schedule.endBeforeStart",
    path: ["endAt"],
  });
export const PubMessageSaveResponse = z.object({
  code: z.number(),
  msg: z.string(),
  id: z.number(),
  version: z.number(),
  state: z.enum(CONTENT_STATES),
  updateDate: z.string(),
});
/** GET publishMessage/messagePreview?id: the message as a screen shows it. */
export const PubMessageDetailResponse = z.object({
  code: z.number(),
  msg: z.string(),
  message: PubMessageSummary,
  doc: MessageDoc,
});
