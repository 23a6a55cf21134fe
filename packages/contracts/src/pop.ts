import { IsoDate, isTimeZone } from "@marquee/schedule";
import { z } from "zod";
import { Envelope, Paging, pageOf, zId } from "./common";

/**
 * Proof of play: what played where, when and for how long, from
 * the players' `pop` frames. Summaries read the daily roll-ups
 * (stat_pop_office_day, stat_pop_day); the detail reads the raw plays with a
 * keyset cursor. Days are calendar days in the platform's `defaultTimezone`
 * (answered as `timezone`), the roll-ups' days.
 */

/** What a summary is grouped by. */
export const POP_BY = ["program", "material", "terminal", "office"] as const;
export type PopBy = (typeof POP_BY)[number];

/** Kinds of play: a scene shown (program plays), a media item played (material plays), a button pressed. */
export const POP_KINDS = ["scene", "media", "click"] as const;
export type PopKind = (typeof POP_KINDS)[number];

/** The kind a summary counts when none is given: material plays for materials, program plays otherwise. */
export const popDefaultKind = (by: PopBy): PopKind => (by === "material" ? "media" : "scene");

/** The longest range a call reads, in days (both ends included). */
export const POP_MAX_DAYS = 366;
/** Rows a detail export writes at most; the file says so when the range holds more. */
export const POP_EXPORT_MAX_ROWS = 1_000_000;
/** Rows of one detail page at most. */
export const POP_DETAIL_MAX_SIZE = 200;

/** Days from `from` to `to`, both included (0 or less when `to` is before `from`). */
export function popRangeDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** The filters shared by the summary, the detail and the export. */
const popFilters = {
  /** First day (YYYY-MM-DD, in `defaultTimezone`). */
  from: IsoDate,
  /** Last day, included. */
  to: IsoDate,
  /** An office of the caller's range: it and the offices under it. */
  officeId: zId.optional(),
  /** A terminal group: its terminals. */
  groupId: zId.optional(),
  programId: zId.optional(),
  materialId: zId.optional(),
  terminalId: zId.optional(),
  /** Default: `popDefaultKind(by)` for a summary, every kind for the detail. */
  kind: z.enum(POP_KINDS).optional(),
};

/** `to` not before `from`, and at most POP_MAX_DAYS days. */
function checkRange(q: { from: string; to: string }, ctx: z.RefinementCtx) {
  const days = popRangeDays(q.from, q.to);
  if (days < 1) ctx.addIssue({ code: "custom", message: "pop.rangeOrder", path: ["to"] });
  else if (days > POP_MAX_DAYS) ctx.addIssue({ code: "custom", message: "pop.rangeTooLong", path: ["to"] });
}

export const POP_SORTS = ["plays", "duration"] as const;

/** GET /a/api/pop/summary: one row per program, material, terminal or office, paged and sorted. */
export const PopSummaryQuery = Paging.extend({
  by: z.enum(POP_BY).default("program"),
  ...popFilters,
  sort: z.enum(POP_SORTS).default("plays"),
  order: z.enum(["asc", "desc"]).default("desc"),
})
  .strict()
  .superRefine(checkRange);
export type PopSummaryQuery = z.infer<typeof PopSummaryQuery>;

/** One row of a summary. */
export const PopSummaryRow = z.object({
  id: z.number().int(),
  /** The entity's name; "#id" when it has been deleted since it played. */
  name: z.string(),
  deleted: z.boolean(),
  plays: z.number().int(),
  /** Total duration, ms. */
  ms: z.number().int(),
  /** Distinct terminals that played it in the range. */
  terminals: z.number().int(),
  /** First and last day it played in the range (YYYY-MM-DD). */
  firstDay: z.string(),
  lastDay: z.string(),
});
export type PopSummaryRow = z.infer<typeof PopSummaryRow>;

/** One day of the chart: every row of the filter summed. */
export const PopSeriesPoint = z.object({ day: z.string(), plays: z.number().int(), ms: z.number().int() });
export type PopSeriesPoint = z.infer<typeof PopSeriesPoint>;

export const PopTotals = z.object({
  plays: z.number().int(),
  ms: z.number().int(),
  /** Distinct terminals that played anything of the filter. */
  terminals: z.number().int(),
});
export type PopTotals = z.infer<typeof PopTotals>;

/** `total` counts the rows (entities); `series` has one point per day of the range, zero-filled. */
export const PopSummaryResponse = pageOf(PopSummaryRow).extend({
  by: z.enum(POP_BY),
  kind: z.enum(POP_KINDS),
  /** The zone the days are counted in (the `defaultTimezone` setting). */
  timezone: z.string(),
  totals: PopTotals,
  series: z.array(PopSeriesPoint),
});
export type PopSummaryResponse = z.infer<typeof PopSummaryResponse>;

/** An opaque detail cursor: the last row's time (µs since the epoch) and id. */
export const PopCursor = z.string().regex(/^\d{1,17}_\d{1,10}$/, "validation.format");

/** GET /a/api/pop/detail: the raw plays, newest first, `size` after `cursor`. */
export const PopDetailQuery = z
  .strictObject({
    ...popFilters,
    cursor: PopCursor.optional(),
    size: z.coerce.number().int().min(1).max(POP_DETAIL_MAX_SIZE).default(50),
  })
  .superRefine(checkRange);
export type PopDetailQuery = z.infer<typeof PopDetailQuery>;

/** One raw play. */
export const PopPlay = z.object({
  id: z.number().int(),
  /** ISO instant. */
  at: z.string(),
  kind: z.enum(POP_KINDS),
  terminalId: z.number().int(),
  terminalName: z.string(),
  programId: z.number().int(),
  programName: z.string(),
  sceneId: z.string(),
  widgetId: z.string().nullable(),
  materialId: z.number().int().nullable(),
  materialName: z.string().nullable(),
  ms: z.number().int(),
});
export type PopPlay = z.infer<typeof PopPlay>;

/** A page of plays: no total (counting a year of raw plays is what makes peers slow); `more` and the next `cursor` instead. */
export const PopDetailResponse = Envelope.extend({
  list: z.array(PopPlay),
  more: z.boolean(),
  cursor: z.string().nullable(),
  timezone: z.string(),
});
export type PopDetailResponse = z.infer<typeof PopDetailResponse>;

/** What an export holds: a summary by one entity, or the raw plays. */
export const POP_EXPORT_VIEWS = [
  "summary-program",
  "summary-material",
  "summary-terminal",
  "summary-office",
  "detail",
] as const;
export type PopExportView = (typeof POP_EXPORT_VIEWS)[number];

/**
 * POST /a/api/pop/export: a file of the filter, streamed. Times and names in
 * the caller's language and `timezone` (UTC when not given); days stay the
 * roll-ups' days.
 */
export const PopExportBody = z
  .strictObject({
    ...popFilters,
    view: z.enum(POP_EXPORT_VIEWS),
    format: z.enum(["xlsx", "csv"]).default("xlsx"),
    sort: z.enum(POP_SORTS).default("plays"),
    order: z.enum(["asc", "desc"]).default("desc"),
    timezone: z.string().max(64).refine(isTimeZone, "schedule.timezoneInvalid").optional(),
  })
  .superRefine(checkRange);
export type PopExportBody = z.infer<typeof PopExportBody>;
