import { z } from "zod";
import { AlarmRow } from "./alarm";
import { Envelope } from "./common";
import { CONTENT_STATES } from "./program";
import { PUBLICATION_KINDS, PUBLICATION_STATES, TargetCounts } from "./publish";

/**
 * The home page after login: GET /a/api/home/summary, one answer
 * with a block per screen behind it. A block is present only when the caller
 * may open that screen (absent, never zero):
 * - terminals, terminalQuota: terminal:device:view (terminal monitoring);
 * - alarms: terminal:alarm:view (alarm management);
 * - review.<kind>: content:<kind>:review (that kind's review list); the block is absent with none;
 * - publications: the view or publish right of at least one kind (only those kinds are listed);
 * - storage: content:material:view (the material library's usage).
 * Every figure is live data of the caller's data range, counted by the same
 * rules as the list its link opens.
 */

/** Days of the online trend, today included. */
export const HOME_TREND_DAYS = 14;
/** Newest open alarms and latest publications the page lists. */
export const HOME_LATEST = 5;
/** How often the console asks again. */
export const HOME_REFRESH_MS = 60_000;

/** The kinds of content waiting for review, in the order the page shows them. */
export const HOME_REVIEW_KINDS = ["material", "program", "plan", "message"] as const;

/** One day of the trend: terminals online at some time of the day, of the terminals counted that day. */
export const HomeTrendDay = z.object({
  /** "YYYY-MM-DD" in the `defaultTimezone` setting. */
  day: z.string(),
  /** Null for a past day the roll-ups have not counted yet (a gap, not a zero). */
  online: z.number().nullable(),
  terminals: z.number().nullable(),
});
export type HomeTrendDay = z.infer<typeof HomeTrendDay>;

/** Terminal counts by status (the terminal list's rules) and the online trend. */
export const HomeTerminals = z.object({
  total: z.number(),
  online: z.number(),
  offline: z.number(),
  fault: z.number(),
  /** Waiting for authorisation. */
  unauthorised: z.number(),
  disabled: z.number(),
  /** HOME_TREND_DAYS days, oldest first; the last is today, counted live. */
  trend: z.array(HomeTrendDay),
});
export type HomeTerminals = z.infer<typeof HomeTerminals>;

/** Open alarms (the alarm list's default filter) and the newest of them by latest activity. */
export const HomeAlarms = z.object({ open: z.number(), latest: z.array(AlarmRow) });
export type HomeAlarms = z.infer<typeof HomeAlarms>;

/** Items pending review per kind: only the kinds the caller reviews. */
export const HomeReview = z.object({
  material: z.number().optional(),
  program: z.number().optional(),
  plan: z.number().optional(),
  message: z.number().optional(),
});
export type HomeReview = z.infer<typeof HomeReview>;

/** A recent publication and where its content stands on the terminals. */
export const HomePublication = z.object({
  id: z.number(),
  kind: z.enum(PUBLICATION_KINDS),
  contentId: z.number(),
  contentName: z.string(),
  contentState: z.enum(CONTENT_STATES).nullable(),
  name: z.string(),
  state: z.enum(PUBLICATION_STATES),
  publishAt: z.string().nullable(),
  createDate: z.string(),
  targetCount: z.number(),
  /** Terminals per delivery state. */
  counts: TargetCounts,
  /** On the screen: downloaded or playing. */
  delivered: z.number(),
  /** On its way: queued, offline, notified, fetched, downloading. */
  pending: z.number(),
  failed: z.number(),
});
export type HomePublication = z.infer<typeof HomePublication>;

export const HomePublications = z.object({
  /** Publications of the listed kinds in the caller's range. */
  total: z.number(),
  latest: z.array(HomePublication),
});
export type HomePublications = z.infer<typeof HomePublications>;

/** Bytes the tenant's materials take against its storage quota (null: unlimited or not enforced). */
export const HomeStorage = z.object({ used: z.number(), capacity: z.number().nullable() });
export type HomeStorage = z.infer<typeof HomeStorage>;

/** Terminals holding a place in the nearest terminal quota at or above the caller's office (null: none). */
export const HomeTerminalQuota = z.object({
  used: z.number(),
  quota: z.number().nullable(),
  /** The office whose quota it is (the caller's tenant when there is none). */
  officeName: z.string().nullable(),
});
export type HomeTerminalQuota = z.infer<typeof HomeTerminalQuota>;

/** GET /a/api/home/summary */
export const HomeSummaryResponse = Envelope.extend({
  /** The time zone the trend's days are counted in. */
  timezone: z.string(),
  /** When the answer was made (ISO). */
  at: z.string(),
  terminals: HomeTerminals.optional(),
  alarms: HomeAlarms.optional(),
  review: HomeReview.optional(),
  publications: HomePublications.optional(),
  storage: HomeStorage.optional(),
  terminalQuota: HomeTerminalQuota.optional(),
});
export type HomeSummaryResponse = z.infer<typeof HomeSummaryResponse>;
