import { z } from "zod";
import { Envelope, Paging, pageOf, zId, zIdList } from "./common";
import { TERMINAL_VIEW_STATUS } from "./terminal";

/**
 * Data statistics (spec §7 "Statistics", /a/api/statistics/*). The
 * figures are read from daily roll-ups (apps/server/src/modules/statistics/
 * rollup.ts), so every answer says how fresh they are (`asOf`). Days are
 * calendar days (YYYY-MM-DD) in the platform's `defaultTimezone` setting.
 * Durations are in seconds (`…Sec`) and, for charts, hours (`…Hours`, two
 * decimals); sizes in bytes; shares are fractions 0…1 (null when nothing was
 * expected).
 */

/** Longest range a statistics call accepts, in days (both ends included). */
export const STATS_MAX_DAYS = 366;
/** Range used when `from`/`to` are not given: the last 30 days, today included. */
export const STATS_DEFAULT_DAYS = 30;

/** A calendar day "YYYY-MM-DD" that exists. */
export const zDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "validation.format")
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, "validation.format");

/** Days from `from` to `to`, both included (1 when equal). */
export function statsRangeDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** The fields of the range query, for calls that add their own (paging, sort). */
export const statsRangeShape = {
  /** First day, included (default: `to` minus 29 days). */
  from: zDay.optional(),
  /** Last day, included (default: today in `defaultTimezone`). */
  to: zDay.optional(),
  /** An office of the caller's data range: that office and everything below it (default: the whole range). */
  officeId: zId.optional(),
  /** A terminal group (and the groups below it): applies to terminal figures only, by each terminal's current group. */
  groupId: zId.optional(),
};

/** from ≤ to, and at most STATS_MAX_DAYS days (checked again by the server once defaults are filled). */
export function checkStatsRange(q: { from?: string; to?: string }, ctx: z.RefinementCtx): void {
  if (q.from === undefined || q.to === undefined) return;
  if (q.from > q.to) ctx.addIssue({ code: "custom", message: "stats.rangeOrder", path: ["to"] });
  else if (statsRangeDays(q.from, q.to) > STATS_MAX_DAYS)
    ctx.addIssue({ code: "custom", message: "stats.rangeTooLong", path: ["from"] });
}

/** The common query of every statistics call. */
export const StatsRangeQuery = z.strictObject(statsRangeShape).superRefine(checkStatsRange);
export type StatsRangeQuery = z.infer<typeof StatsRangeQuery>;

/** What every statistics answer carries besides its figures. */
export const statsMetaShape = {
  /** The range actually used (defaults filled). */
  from: z.string(),
  to: z.string(),
  /** The time zone the days are counted in (`defaultTimezone`). */
  timezone: z.string(),
  /** ISO time the roll-ups were last brought up to date; null before the first pass. */
  asOf: z.string().nullable(),
};

const order = z.enum(["asc", "desc"]).default("desc");

// ---------------------------------------------------------------------------
// GET calTerminalCount

/** Terminal counts by status, live (the terminal list's status rules). */
export const TerminalCounts = z.object({
  total: z.number(),
  online: z.number(),
  offline: z.number(),
  fault: z.number(),
  /** Waiting for authorisation. */
  unauthorised: z.number(),
  disabled: z.number(),
});
export type TerminalCounts = z.infer<typeof TerminalCounts>;

export const TerminalCountOffice = TerminalCounts.extend({
  officeId: z.number(),
  officeName: z.string(),
});
export type TerminalCountOffice = z.infer<typeof TerminalCountOffice>;

export const TerminalCountDay = z.object({
  day: z.string(),
  /** Authorised terminals counted that day. */
  terminals: z.number(),
  /** Of those, terminals online at some time of the day. */
  online: z.number(),
});
export type TerminalCountDay = z.infer<typeof TerminalCountDay>;

export const CalTerminalCountQuery = StatsRangeQuery;
export const CalTerminalCountResponse = Envelope.extend({
  ...statsMetaShape,
  /** Now, over the whole chosen office (or data range). */
  counts: TerminalCounts,
  /**
   * Now, per child office of the chosen office (each with everything below it);
   * without officeId, per top office of the caller's range. Offices without terminals included.
   */
  offices: z.array(TerminalCountOffice),
  /** One entry per day of the range (zeros where nothing was rolled up). */
  series: z.array(TerminalCountDay),
});
export type CalTerminalCountResponse = z.infer<typeof CalTerminalCountResponse>;

// ---------------------------------------------------------------------------
// GET statisticsTerminalOnlineTime

export const OnlineTimeDay = z.object({
  day: z.string(),
  onlineSec: z.number(),
  onlineHours: z.number(),
  /** Authorised terminals counted that day. */
  terminals: z.number(),
  /** onlineHours / terminals (0 without terminals). */
  avgHours: z.number(),
});
export type OnlineTimeDay = z.infer<typeof OnlineTimeDay>;

export const OnlineTimeRow = z.object({
  terminalId: z.number(),
  name: z.string(),
  officeId: z.number(),
  officeName: z.string().nullable(),
  onlineSec: z.number(),
  onlineHours: z.number(),
  /** Days of the range with some time online. */
  daysOnline: z.number(),
});
export type OnlineTimeRow = z.infer<typeof OnlineTimeRow>;

export const OnlineTimeQuery = Paging.extend({
  ...statsRangeShape,
  /** Terminal name contains this. */
  keyword: z.string().trim().max(100).optional(),
  sort: z.enum(["hours", "days", "name"]).default("hours"),
  order,
})
  .strict()
  .superRefine(checkStatsRange);
export type OnlineTimeQuery = z.infer<typeof OnlineTimeQuery>;

/** The per-terminal page ({ list, total, pageNo, pageSize }) plus the per-day series of the whole range. */
export const OnlineTimeResponse = pageOf(OnlineTimeRow).extend({
  ...statsMetaShape,
  series: z.array(OnlineTimeDay),
  /** Over the range: total online hours, and per terminal counted. */
  totalHours: z.number(),
  avgHours: z.number(),
});
export type OnlineTimeResponse = z.infer<typeof OnlineTimeResponse>;

// ---------------------------------------------------------------------------
// POST terminalStartUpRate (body: StatsRangeQuery)

export const StartUpDay = z.object({
  day: z.string(),
  /** Terminals with scheduled-on time that day (no timers: the whole day is scheduled). */
  scheduled: z.number(),
  /** Of those, terminals online during their scheduled time. */
  started: z.number(),
  /** started / scheduled, null when none was scheduled. */
  rate: z.number().nullable(),
});
export type StartUpDay = z.infer<typeof StartUpDay>;

export const StartUpOffice = z.object({
  officeId: z.number(),
  officeName: z.string(),
  /** Terminal-days over the range (a terminal scheduled on 3 days counts 3). */
  scheduled: z.number(),
  started: z.number(),
  rate: z.number().nullable(),
});
export type StartUpOffice = z.infer<typeof StartUpOffice>;

export const StartUpRateBody = StatsRangeQuery;
export const StartUpRateResponse = Envelope.extend({
  ...statsMetaShape,
  series: z.array(StartUpDay),
  /** Per child office of the chosen office (as calTerminalCount), each with everything below it. */
  offices: z.array(StartUpOffice),
  /** Over the whole range and office: terminal-days. */
  scheduled: z.number(),
  started: z.number(),
  rate: z.number().nullable(),
});
export type StartUpRateResponse = z.infer<typeof StartUpRateResponse>;

// ---------------------------------------------------------------------------
// GET statisticsLogin

export const LoginDay = z.object({
  day: z.string(),
  logins: z.number(),
  /** Distinct users who signed in that day. */
  users: z.number(),
});
export type LoginDay = z.infer<typeof LoginDay>;

export const LoginUserRow = z.object({
  userId: z.number(),
  username: z.string(),
  name: z.string().nullable(),
  officeId: z.number(),
  officeName: z.string().nullable(),
  logins: z.number(),
  /** Last day of the range with a sign-in. */
  lastDay: z.string(),
});
export type LoginUserRow = z.infer<typeof LoginUserRow>;

export const LoginStatsQuery = Paging.extend({
  ...statsRangeShape,
  /** Username or name contains this. */
  keyword: z.string().trim().max(100).optional(),
  sort: z.enum(["logins", "lastDay", "username"]).default("logins"),
  order,
})
  .strict()
  .superRefine(checkStatsRange);
export type LoginStatsQuery = z.infer<typeof LoginStatsQuery>;

/** Users with at least one sign-in in the range, paged; plus the per-day series. */
export const LoginStatsResponse = pageOf(LoginUserRow).extend({
  ...statsMetaShape,
  series: z.array(LoginDay),
  totalLogins: z.number(),
});
export type LoginStatsResponse = z.infer<typeof LoginStatsResponse>;

// ---------------------------------------------------------------------------
// GET statisticsResourcesCase

export const MaterialTypeCount = z.object({
  /** Material type (image, video, audio, document, web, stream). */
  type: z.string(),
  count: z.number(),
  bytes: z.number(),
});
export type MaterialTypeCount = z.infer<typeof MaterialTypeCount>;

export const StorageDay = z.object({
  day: z.string(),
  /** Library materials held at the end of the day. */
  count: z.number(),
  bytes: z.number(),
});
export type StorageDay = z.infer<typeof StorageDay>;

export const ResourcesCaseQuery = StatsRangeQuery;
export const ResourcesCaseResponse = Envelope.extend({
  ...statsMetaShape,
  /** Library materials now, by type (types without materials left out). */
  byType: z.array(MaterialTypeCount),
  /** Totals now. */
  count: z.number(),
  bytes: z.number(),
  /** Storage growth: one entry per day of the range (from the daily snapshots; zeros before the first). */
  growth: z.array(StorageDay),
});
export type ResourcesCaseResponse = z.infer<typeof ResourcesCaseResponse>;

// ---------------------------------------------------------------------------
// GET statisticsPublishProgramWidgetNum

export const PublishDay = z.object({
  day: z.string(),
  /** Publications made that day. */
  publications: z.number(),
  /** Distinct programs published that day. */
  programs: z.number(),
});
export type PublishDay = z.infer<typeof PublishDay>;

export const WidgetTypeCount = z.object({
  /** Widget type of the program format (text, clock, weather, button…). */
  type: z.string(),
  /** Widgets of that type in the programs published in the range (each program counted once). */
  widgets: z.number(),
  /** Published programs with at least one. */
  programs: z.number(),
});
export type WidgetTypeCount = z.infer<typeof WidgetTypeCount>;

export const PublishWidgetQuery = StatsRangeQuery;
export const PublishWidgetResponse = Envelope.extend({
  ...statsMetaShape,
  series: z.array(PublishDay),
  /** Over the range. */
  publications: z.number(),
  programs: z.number(),
  widgets: z.array(WidgetTypeCount),
});
export type PublishWidgetResponse = z.infer<typeof PublishWidgetResponse>;

// ---------------------------------------------------------------------------
// GET statisticsWidgetUse

export const WidgetUseRow = z.object({
  type: z.string(),
  /** Programs of the office (or range) whose current content uses the type. */
  programs: z.number(),
  /** Widgets of that type in those programs. */
  widgets: z.number(),
  /** From proof of play in the range (scene and media events of those widgets). */
  plays: z.number(),
  playSec: z.number(),
  playHours: z.number(),
});
export type WidgetUseRow = z.infer<typeof WidgetUseRow>;

export const WidgetUseQuery = StatsRangeQuery;
export const WidgetUseResponse = Envelope.extend({
  ...statsMetaShape,
  /** One row per widget type used or played, most programs first. */
  list: z.array(WidgetUseRow),
});
export type WidgetUseResponse = z.infer<typeof WidgetUseResponse>;

// ---------------------------------------------------------------------------
// GET statisticsWidgetClick

export const ClickDay = z.object({
  day: z.string(),
  /** Presses of interactive widgets on screens that day. */
  clicks: z.number(),
});
export type ClickDay = z.infer<typeof ClickDay>;

export const ClickRow = z.object({
  programId: z.number(),
  /** Null when the program was deleted since. */
  programName: z.string().nullable(),
  widgetId: z.string(),
  /** From the program's current content; null when the widget is gone. */
  widgetType: z.string().nullable(),
  widgetName: z.string().nullable(),
  clicks: z.number(),
  /** Distinct terminals pressed on, summed per day. */
  terminalDays: z.number(),
});
export type ClickRow = z.infer<typeof ClickRow>;

export const WidgetClickQuery = Paging.extend({
  ...statsRangeShape,
  /** Only this program's widgets. */
  programId: zId.optional(),
  sort: z.enum(["clicks", "program"]).default("clicks"),
  order,
})
  .strict()
  .superRefine(checkStatsRange);
export type WidgetClickQuery = z.infer<typeof WidgetClickQuery>;

/** Per program and widget, paged; plus the per-day series. */
export const WidgetClickResponse = pageOf(ClickRow).extend({
  ...statsMetaShape,
  series: z.array(ClickDay),
  totalClicks: z.number(),
});
export type WidgetClickResponse = z.infer<typeof WidgetClickResponse>;

// ---------------------------------------------------------------------------
// GET getTerminalByTerminalIds

export const TerminalByIdsQuery = z.strictObject({
  /** Comma list (or array) of terminal ids, at most 500. */
  ids: zIdList.refine((ids) => ids.length <= 500, "stats.tooManyIds"),
});
export type TerminalByIdsQuery = z.infer<typeof TerminalByIdsQuery>;

export const TerminalByIdRow = z.object({
  id: z.number(),
  name: z.string(),
  /** The enrolment code shown on the screen. */
  code: z.string(),
  officeId: z.number(),
  officeName: z.string().nullable(),
  status: z.enum(TERMINAL_VIEW_STATUS),
});
export type TerminalByIdRow = z.infer<typeof TerminalByIdRow>;

/** The terminals of the caller's range among `ids` (others are simply absent), in the order asked. */
export const TerminalByIdsResponse = Envelope.extend({ list: z.array(TerminalByIdRow) });
export type TerminalByIdsResponse = z.infer<typeof TerminalByIdsResponse>;

// ---------------------------------------------------------------------------
// POST refresh

/** Runs a roll-up pass now unless one ran in the last 30 s; answers when the roll-ups are up to date. */
export const StatsRefreshResponse = Envelope.extend({
  asOf: z.string().nullable(),
  /** False when a recent pass was reused (or another process was running one). */
  ran: z.boolean(),
});
export type StatsRefreshResponse = z.infer<typeof StatsRefreshResponse>;
