import { PlayMode, ScheduleMessage, SchedulePlan, TIERS } from "@marquee/schedule";
import { z } from "zod";
import { Envelope, Paging, pageOf, zBool, zId, zIdList } from "./common";
import { CONTENT_STATES } from "./program";
import { TERMINAL_VIEW_STATUS } from "./terminal";

/**
 * Publishing (spec §7 "Publishing"): choosing terminals, publishing
 * programs, plans and messages to them (now or at a time), and following the
 * delivery per terminal. The spec's calls live under
 * /apm-web/a/api/publishProgram/, /playPlan/ and /publishMessage/; the
 * delivery views common to the three also under /apm-web/a/api/publication/.
 */

export const PUBLICATION_KINDS = ["program", "plan", "message"] as const;
export type PublicationKind = (typeof PUBLICATION_KINDS)[number];

/** scheduled (waits for publishAt) → active → withdrawn. */
export const PUBLICATION_STATES = ["scheduled", "active", "withdrawn"] as const;
export type PublicationState = (typeof PUBLICATION_STATES)[number];

/**
 * Delivery of a publication to one terminal:
 * queued (recorded, its terminal not yet told) · offline (not connected: it is
 * told when it returns) · notified (told over its socket) · fetched (took the
 * manifest that carries it) · downloading (its files, with progress) ·
 * downloaded (all files on the screen) · playing (on screen now) · failed
 * (with the reason) · withdrawn.
 */
export const TARGET_STATES = [
  "queued",
  "offline",
  "notified",
  "fetched",
  "downloading",
  "downloaded",
  "playing",
  "failed",
  "withdrawn",
] as const;
export type TargetState = (typeof TARGET_STATES)[number];

/**
 * Which terminals: chosen one by one, by office (with the offices below unless
 * `includeChildren` is false) and by group (likewise), less `excludeIds`.
 * Only authorised terminals in the caller's data range count.
 */
export const TerminalSelection = z.object({
  terminalIds: zIdList.optional(),
  officeIds: zIdList.optional(),
  groupIds: zIdList.optional(),
  excludeIds: zIdList.optional(),
  includeChildren: zBool.default(true),
});
export type TerminalSelection = z.infer<typeof TerminalSelection>;

const hasTargets = (s: { terminalIds?: number[]; officeIds?: number[]; groupIds?: number[] }) =>
  Boolean(s.terminalIds?.length || s.officeIds?.length || s.groupIds?.length);

/** GET …/publishTerminalSaveCount: how many terminals a selection reaches, before confirming. */
export const SelectionCountQuery = TerminalSelection.strict().refine(hasTargets, {
  message: "publish.noTargets",
  path: ["terminalIds"],
});
export const SelectionCountResponse = Envelope.extend({
  /** Authorised terminals the selection reaches. */
  count: z.number(),
  online: z.number(),
  offline: z.number(),
  /** Terminals the selection names that cannot take content (pending, disabled). */
  skipped: z.number(),
});

/**
 * POST publishProgram/saveTerminals, playPlan/saveTerminals,
 * publishMessage/savePublish (and their …Json variants, which take the same
 * JSON body): publish content `id` to the selected terminals, now or at
 * `publishAt`. `name` is the publish name (unique in the tenant; made from
 * the content's name and the time when absent).
 */
export const PublishBody = TerminalSelection.extend({
  id: zId,
  name: z.string().trim().min(1).max(120).optional(),
  publishAt: z.iso.datetime({ offset: true }).nullable().optional(),
})
  .strict()
  .refine(hasTargets, { message: "publish.noTargets", path: ["terminalIds"] });
export const PublishResponse = Envelope.extend({
  publicationId: z.number(),
  name: z.string(),
  state: z.enum(PUBLICATION_STATES),
  targetCount: z.number(),
});

export const TargetCounts = z.record(z.enum(TARGET_STATES), z.number());

export const PublicationSummary = z.object({
  id: z.number(),
  kind: z.enum(PUBLICATION_KINDS),
  contentId: z.number(),
  contentName: z.string(),
  contentState: z.enum(CONTENT_STATES).nullable(),
  name: z.string(),
  state: z.enum(PUBLICATION_STATES),
  publishAt: z.string().nullable(),
  activatedAt: z.string().nullable(),
  withdrawnAt: z.string().nullable(),
  targetCount: z.number(),
  counts: TargetCounts,
  createdByName: z.string().nullable(),
  createDate: z.string(),
});
export type PublicationSummary = z.infer<typeof PublicationSummary>;

/** GET publication/list, publishMessage/findSendMessages: publications, newest first. */
export const PublicationListQuery = Paging.extend({
  kind: z.enum(PUBLICATION_KINDS).optional(),
  contentId: zId.optional(),
  state: z.enum(PUBLICATION_STATES).optional(),
  name: z.string().max(120).optional(),
}).strict();
export const PublicationListResponse = pageOf(PublicationSummary);

/** One terminal's delivery. */
export const PublicationTarget = z.object({
  terminalId: z.number(),
  terminalName: z.string(),
  officeName: z.string().nullable(),
  online: z.boolean(),
  state: z.enum(TARGET_STATES),
  done: z.number().nullable(),
  total: z.number().nullable(),
  reason: z.string().nullable(),
  updateDate: z.string(),
});
export type PublicationTarget = z.infer<typeof PublicationTarget>;

/**
 * GET publishProgram/getPublishProgramDetails, publishMessage/getPublishMessage,
 * publication/details: one publication (by `id`, or by `publishName`) and its
 * terminals, filtered by delivery state, paged.
 */
export const PublicationDetailsQuery = Paging.extend({
  id: zId.optional(),
  publishName: z.string().trim().min(1).max(120).optional(),
  state: z.enum(TARGET_STATES).optional(),
  name: z.string().max(100).optional(),
})
  .strict()
  .refine((q) => q.id !== undefined || q.publishName !== undefined, {
    message: "validation.required",
    path: ["id"],
  });
export const PublicationDetailsResponse = pageOf(PublicationTarget).extend({
  publication: PublicationSummary,
});

/** POST publishProgram/reuploadProgramByPublishName: deliver again to the terminals where it failed. */
export const ReuploadByNameBody = z.strictObject({
  publishName: z.string().trim().min(1).max(120),
  /** Only these terminals (default: every failed one). */
  terminalIds: zIdList.optional(),
});
/** POST publishMessage/reuploadMessage, publication/retry. */
export const RetryBody = z.strictObject({ id: zId, terminalIds: zIdList.optional() });
export const RetryResponse = Envelope.extend({ count: z.number() });

/**
 * POST publication/withdraw (publications by id), playPlan/withdraw,
 * publishProgram/withdraw, publishMessage/withdraw (every active publication
 * of the content `ids`): the content leaves the terminals (all, or only
 * `terminalIds`).
 */
export const WithdrawBody = z.strictObject({ ids: zIdList, terminalIds: zIdList.optional() });
export const WithdrawResponse = Envelope.extend({ count: z.number() });

// ---- choosing terminals ----

/** terminalSelect (under each of the three prefixes): terminals to choose from. */
export const TerminalSelectQuery = Paging.extend({
  name: z.string().max(100).optional(),
  officeId: zId.optional(),
  groupId: zId.optional(),
  includeChildren: zBool.default(true),
  status: z.enum(TERMINAL_VIEW_STATUS).optional(),
}).strict();

/** An office with the number of authorised terminals in it and below (officeTreeMap, pageOfficeTreeMap, searchOffice). */
export const OfficeCountNode = z.object({
  id: z.number(),
  parentId: z.number().nullable(),
  name: z.string(),
  path: z.string(),
  terminalCount: z.number(),
  onlineCount: z.number(),
  hasChildren: z.boolean(),
});
export const OfficeCountList = Envelope.extend({ list: z.array(OfficeCountNode) });
/** pageOfficeTreeMap: the children of `parentId` (the caller's top offices when absent), paged. */
export const PageOfficeQuery = Paging.extend({
  parentId: zId.optional(),
  name: z.string().max(100).optional(),
}).strict();
export const PageOfficeResponse = pageOf(OfficeCountNode);
/** searchOffice: offices whose name contains `name`, in range. */
export const SearchOfficeQuery = z.strictObject({ name: z.string().trim().min(1).max(100) });
/**
 * publishProgram/groupTreeMap: the groups of office `officeId` as a tree with
 * their authorised terminals counted; without it, every office of the
 * caller's range that has groups, each with its group tree below it.
 */
export const GroupTreeMapQuery = z.strictObject({ officeId: zId.optional() });
/** groupsterminals: the authorised terminals of these groups (and below). */
export const GroupsTerminalsQuery = Paging.extend({
  groupIds: zIdList,
  includeChildren: zBool.default(true),
}).strict();

// ---- what plays ----

/** GET terminal/schedule?id: what a terminal holds (the resolver's input) and its time zone. */
export const TerminalScheduleQuery = z.strictObject({ id: zId });
export const TerminalScheduleResponse = Envelope.extend({
  terminalId: z.number(),
  timezone: z.string(),
  schedule: z.array(SchedulePlan),
  messages: z.array(ScheduleMessage),
  /** Names of the programs the schedule names. */
  programs: z.array(z.object({ id: z.number(), name: z.string() })),
});
/**
 * GET terminal/whatPlays?id&at: the resolver's answer for one terminal at an
 * instant (default now), with the "why" lines (Resolution of @marquee/schedule).
 */
export const WhatPlaysQuery = z.strictObject({ id: zId, at: z.iso.datetime({ offset: true }).optional() });

/** One program that may play (Candidate of @marquee/schedule). */
const WhatPlaysCandidate = z.object({
  planId: z.number(),
  planName: z.string(),
  source: SchedulePlan.shape.source,
  publicationId: z.number().nullable(),
  /** null for a plan's default program. */
  itemId: z.string().nullable(),
  programId: z.number(),
  tier: z.enum(TIERS),
  mode: PlayMode,
  /** The open window as instants (ms). */
  windowStart: z.number(),
  windowEnd: z.number(),
  rule: z
    .object({
      startDate: z.string(),
      endDate: z.string().nullable(),
      weekdays: z.array(z.number()),
      window: z.object({ start: z.string(), end: z.string() }),
    })
    .nullable(),
});

/** The answer of GET terminal/whatPlays: the resolution (Resolution of @marquee/schedule) and the program names. */
export const WhatPlaysResponse = Envelope.extend({
  terminalId: z.number(),
  timezone: z.string(),
  programs: z.array(z.object({ id: z.number(), name: z.string() })),
  resolution: z.object({
    at: z.number(),
    tier: z.enum(TIERS).nullable(),
    active: z.array(WhatPlaysCandidate),
    playing: z.array(WhatPlaysCandidate),
    overruled: z.array(WhatPlaysCandidate),
    messages: z.array(ScheduleMessage),
    interrupt: ScheduleMessage.nullable(),
    until: z.number().nullable(),
    /** Why the resolution is what it is, one line each (the console words them). */
    why: z.array(
      z.discriminatedUnion("kind", [
        z.object({ kind: z.literal("plays"), candidate: WhatPlaysCandidate }),
        z.object({ kind: z.literal("overrules"), winner: WhatPlaysCandidate, loser: WhatPlaysCandidate }),
        z.object({ kind: z.literal("default"), candidate: WhatPlaysCandidate }),
        z.object({ kind: z.literal("nothing") }),
        z.object({ kind: z.literal("interrupt"), message: ScheduleMessage }),
      ]),
    ),
  }),
});
