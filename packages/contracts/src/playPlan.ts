import { PlanDoc } from "@marquee/schedule";
import { z } from "zod";
import { Envelope, Paging, pageOf, zId } from "./common";
import { CONTENT_STATES, ContentName } from "./program";

/**
 * Play plans (spec §7 "Publishing"): production, lists and review
 * under /apm-web/a/api/playPlan/ (DECISIONS.md: unprefixed calls). They
 * follow the programs' life: draft → pending (review on) → approved |
 * rejected → published; an edit brings them back to draft. The review and
 * history shapes are shared with programs and messages (program.ts).
 */

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
export const PlanDetailResponse = Envelope.extend({
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
export const PlanSaveResponse = Envelope.extend({
  id: z.number(),
  version: z.number(),
  state: z.enum(CONTENT_STATES),
  updateDate: z.string(),
  /** Same-tier overlaps (the save succeeds; the editor shows them as warnings). */
  conflicts: z.array(PlanConflictItem),
});
export const PlanCopyBody = z.strictObject({ id: zId, name: ContentName.optional() });
