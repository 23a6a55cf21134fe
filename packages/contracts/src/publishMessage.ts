import { MessageDoc } from "@marquee/schedule";
import { z } from "zod";
import { Envelope, Paging, pageOf, zId } from "./common";
import { CONTENT_STATES, ContentName } from "./program";

/**
 * Published messages (spec §7 "Publishing"): scrolling lines and
 * notices shown over the programs, produced, listed and reviewed under
 * /apm-web/a/api/publishMessage/ (DECISIONS.md: unprefixed calls). They
 * follow the programs' life: draft → pending (review on) → approved |
 * rejected → published; an edit brings them back to draft. The review and
 * history shapes are shared with programs and plans (program.ts).
 */

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
export const PubMessageSaveResponse = Envelope.extend({
  id: z.number(),
  version: z.number(),
  state: z.enum(CONTENT_STATES),
  updateDate: z.string(),
});
/** GET publishMessage/messagePreview?id: the message as a screen shows it. */
export const PubMessageDetailResponse = Envelope.extend({ message: PubMessageSummary, doc: MessageDoc });
