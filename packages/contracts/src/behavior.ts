import { z } from "zod";
import { Envelope, Paging, pageOf, zId } from "./common";
import { flattenMenu, ROUTE_NAMES } from "./menu";
import { checkStatsRange, statsMetaShape, zDay } from "./statistics";

/**
 * User behaviour statistics (/a/api/behavior/*): who uses the
 * console and how. The console reports the pages it shows (page views, by
 * route name); sign-ins and actions come from the audit trail. Figures are
 * read from the daily roll-ups stat_user_day and stat_page_day (days are
 * calendar days in `defaultTimezone`), except `actions`, which reads the audit
 * trail itself.
 */

/**
 * The pages a page view may name: the spec's route names and the seeded menu's
 * (the demo page), never a URL. The sign-in page is not one: page views come
 * from signed-in users.
 */
export const BEHAVIOR_PAGES: ReadonlySet<string> = new Set(
  [...ROUTE_NAMES, ...flattenMenu().map((e) => e.name)].filter((n) => n !== "login"),
);
export const isBehaviorPage = (name: string): boolean => BEHAVIOR_PAGES.has(name);

/** Page views one beacon call may carry. */
export const PAGE_VIEWS_MAX = 50;
/** A page view older than this is refused (the console drops such views before sending). */
export const PAGE_VIEW_MAX_AGE_MS = 24 * 3_600_000;
/**
 * A page view up to this far in the future (a browser clock running ahead) is
 * stored at the server's time; further ahead it is refused.
 */
export const PAGE_VIEW_CLOCK_SKEW_MS = 5 * 60_000;
/** Beacon calls a user may make per minute (the console sends at most one every 15 s per tab). */
export const PAGE_VIEW_CALLS_PER_MINUTE = 60;

export const PageView = z.strictObject({
  /** A route name (BEHAVIOR_PAGES). */
  page: z.string().max(64).refine(isBehaviorPage, "behavior.pageUnknown"),
  /** When the page was shown (ISO 8601 with offset), within the last 24 h. */
  at: z.iso.datetime({ offset: true }),
});
export type PageView = z.infer<typeof PageView>;

/** POST /a/api/behavior/pageViews: the pages the console showed since its last report. */
export const PageViewsBody = z.strictObject({
  views: z.array(PageView).min(1).max(PAGE_VIEWS_MAX),
});
export type PageViewsBody = z.infer<typeof PageViewsBody>;
export const PageViewsResponse = Envelope.extend({ accepted: z.number() });

/** The range query of every behaviour call: `from`/`to` (YYYY-MM-DD, ≤ 366 days; default the last 30 days), `officeId`. */
const behaviorRangeShape = {
  from: zDay.optional(),
  to: zDay.optional(),
  /** An office of the caller's data range: that office and everything below it. */
  officeId: zId.optional(),
};
export const BehaviorRangeQuery = z.strictObject(behaviorRangeShape).superRefine(checkStatsRange);
export type BehaviorRangeQuery = z.infer<typeof BehaviorRangeQuery>;

// ---------------------------------------------------------------------------
// GET activeUsers

export const BehaviorActiveDay = z.object({
  day: z.string(),
  /** Distinct users who signed in, viewed a page or acted that day. */
  activeUsers: z.number(),
  logins: z.number(),
  pageViews: z.number(),
  actions: z.number(),
});
export type BehaviorActiveDay = z.infer<typeof BehaviorActiveDay>;

export const BehaviorActiveResponse = Envelope.extend({
  ...statsMetaShape,
  /** One entry per day of the range (zeros where nobody was active). */
  series: z.array(BehaviorActiveDay),
  /** Over the whole range: distinct active users, and the sums. */
  totals: z.object({
    activeUsers: z.number(),
    logins: z.number(),
    pageViews: z.number(),
    actions: z.number(),
  }),
});
export type BehaviorActiveResponse = z.infer<typeof BehaviorActiveResponse>;

// ---------------------------------------------------------------------------
// GET pages

export const BehaviorPageRow = z.object({
  /** The route name (translate with the console's route titles). */
  page: z.string(),
  views: z.number(),
  /** Distinct users who viewed it. */
  users: z.number(),
});
export type BehaviorPageRow = z.infer<typeof BehaviorPageRow>;

/** Every page viewed in the range, most viewed first. */
export const BehaviorPagesResponse = Envelope.extend({ ...statsMetaShape, list: z.array(BehaviorPageRow) });
export type BehaviorPagesResponse = z.infer<typeof BehaviorPagesResponse>;

// ---------------------------------------------------------------------------
// GET actions

/** Action names answered at most (the most frequent); `total` still counts every action. */
export const BEHAVIOR_ACTIONS_MAX = 100;

export const BehaviorActionRow = z.object({
  /** The audit action name (as in the system log). */
  action: z.string(),
  count: z.number(),
  /** Distinct users who took it. */
  users: z.number(),
  /** Of `count`, the refused or failed ones. */
  failed: z.number(),
});
export type BehaviorActionRow = z.infer<typeof BehaviorActionRow>;

export const BehaviorActionsResponse = Envelope.extend({
  ...statsMetaShape,
  list: z.array(BehaviorActionRow),
  /** Every action of the range (also beyond the listed names). */
  total: z.number(),
});
export type BehaviorActionsResponse = z.infer<typeof BehaviorActionsResponse>;

// ---------------------------------------------------------------------------
// GET users

export const BehaviorUserRow = z.object({
  userId: z.number(),
  username: z.string(),
  name: z.string().nullable(),
  /** The user's office now. */
  officeId: z.number().nullable(),
  officeName: z.string().nullable(),
  logins: z.number(),
  pageViews: z.number(),
  actions: z.number(),
  /** Days of the range with activity. */
  activeDays: z.number(),
  /** Last day of the range with activity. */
  lastDay: z.string(),
});
export type BehaviorUserRow = z.infer<typeof BehaviorUserRow>;

export const BehaviorUsersQuery = Paging.extend({
  ...behaviorRangeShape,
  /** Username or name contains this. */
  keyword: z.string().trim().max(100).optional(),
  sort: z.enum(["pageViews", "actions", "logins", "activeDays", "lastDay", "username"]).default("pageViews"),
  order: z.enum(["asc", "desc"]).default("desc"),
})
  .strict()
  .superRefine(checkStatsRange);
export type BehaviorUsersQuery = z.infer<typeof BehaviorUsersQuery>;

/** Users active in the range, paged. */
export const BehaviorUsersResponse = pageOf(BehaviorUserRow).extend({ ...statsMetaShape });
export type BehaviorUsersResponse = z.infer<typeof BehaviorUsersResponse>;

// ---------------------------------------------------------------------------
// GET offices

export const BehaviorOfficeRow = z.object({
  officeId: z.number(),
  officeName: z.string(),
  /** True for the chosen office's own row (its users directly, not those below). */
  self: z.boolean(),
  /** Whether offices lie below it (the console may drill down). */
  hasChildren: z.boolean(),
  activeUsers: z.number(),
  logins: z.number(),
  pageViews: z.number(),
  actions: z.number(),
});
export type BehaviorOfficeRow = z.infer<typeof BehaviorOfficeRow>;

export const BehaviorOfficesResponse = Envelope.extend({
  ...statsMetaShape,
  /** The chosen office (the caller's own without officeId). */
  office: z.object({ id: z.number(), name: z.string() }),
  /** Offices from the top of the caller's range down to the chosen one's parent (for a breadcrumb). */
  trail: z.array(z.object({ id: z.number(), name: z.string() })),
  /** The chosen office's own row first, then one per child office (each with everything below it). */
  list: z.array(BehaviorOfficeRow),
});
export type BehaviorOfficesResponse = z.infer<typeof BehaviorOfficesResponse>;
