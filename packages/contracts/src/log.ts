import { isTimeZone } from "@marquee/schedule";
import { z } from "zod";
import { Envelope, Paging, pageOf } from "./common";

/**
 * How a logged call ended: ok, fail; pending while it runs (its row is written before the change);
 * interrupted when the server process running it died first (the change may or may not be made).
 */
export const AUDIT_RESULTS = ["ok", "fail", "pending", "interrupted"] as const;
export type AuditResult = (typeof AUDIT_RESULTS)[number];

/** A row of the system log (the audit trail). */
export const AuditLogRow = z.object({
  id: z.number(),
  officeId: z.number().nullable(),
  userId: z.number().nullable(),
  username: z.string().nullable(),
  action: z.string(),
  method: z.string(),
  path: z.string(),
  target: z.string().nullable(),
  result: z.enum(AUDIT_RESULTS),
  status: z.number(),
  ip: z.string().nullable(),
  durationMs: z.number(),
  createDate: z.string(),
  /** The API token the call was made with; null for a console session. */
  tokenId: z.number().nullable(),
});
export type AuditLogRow = z.infer<typeof AuditLogRow>;

/** GET detailsFunc: one row in full. */
export const AuditLogDetail = AuditLogRow.extend({
  userAgent: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditLogDetail = z.infer<typeof AuditLogDetail>;

const time = z.coerce.date().refine((d) => !Number.isNaN(d.getTime()), "validation.format");
/** Audit row ids (bigint in the database, within JavaScript's safe integers). */
const logId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** A time range is read from beginTime to endTime, both included; an end before the start is refused. */
const inOrder = (q: { beginTime?: Date; endTime?: Date }) =>
  q.beginTime === undefined || q.endTime === undefined || q.beginTime <= q.endTime;
const RANGE_ISSUE = { message: "log.timeRange", path: ["endTime"] };

/** The filters of the system log, shared by the list and the export. */
const logFilters = {
  username: z.string().trim().max(64).optional(),
  action: z.string().trim().max(120).optional(),
  result: z.enum(AUDIT_RESULTS).optional(),
  beginTime: time.optional(),
  endTime: time.optional(),
};

/**
 * GET /a/api/log/ajaxScrollLog: filtered, newest first. Pages by `pageNo`, or,
 * for infinite scroll, by `lastId`: the rows older than that id (then
 * `pageNo` is not used).
 */
export const LogListQuery = Paging.extend({ ...logFilters, lastId: logId.optional() })
  .strict()
  .refine(inOrder, RANGE_ISSUE);
export type LogListQuery = z.infer<typeof LogListQuery>;

/**
 * The names of what audit rows' targets name, by auditNameKey ("terminal:3"
 * → "Lobby"): those the caller may read; others read by their id.
 */
export const AuditTargetNames = z.record(z.string(), z.string());

/** The page, plus the cursor of the next one (`lastId`, null at the end) and the names its targets name. */
export const LogListResponse = pageOf(AuditLogRow).extend({
  /** `total` is the database's estimate (a large total: the console shows "about N"); false: it is exact. */
  totalEstimated: z.boolean(),
  lastId: z.number().nullable(),
  hasMore: z.boolean(),
  names: AuditTargetNames,
});

/** GET /a/api/log/detailsFunc?id= */
export const LogDetailsQuery = z.strictObject({ id: logId });
export const LogDetailsResponse = Envelope.extend({ log: AuditLogDetail, names: AuditTargetNames });

/** GET /a/api/log/actions: the actions found in the caller's log, for the filter. */
export const LogActionsResponse = Envelope.extend({ list: z.array(z.string()) });

/**
 * POST /a/sys/log/logExport: the filtered rows as .xlsx; times are written in
 * `timezone` (the browser's), UTC when not given.
 */
export const LogExportBody = z
  .strictObject({
    ...logFilters,
    timezone: z.string().max(64).refine(isTimeZone, "schedule.timezoneInvalid").optional(),
  })
  .refine(inOrder, RANGE_ISSUE);
export type LogExportBody = z.infer<typeof LogExportBody>;

/** What became of a command on a terminal (terminal_commands.state). */
export const COMMAND_STATES = ["queued", "sent", "done", "failed", "timeout", "offline"] as const;

/**
 * GET sysSetting/ajaxScrollCmd: the commands sent to terminals in the caller's
 * range, newest first, `size` at a time after `lastId` (a command id).
 */
export const CommandLogQuery = z
  .strictObject({
    lastId: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, "validation.format")
      .optional(),
    size: z.coerce.number().int().min(1).max(100).default(20),
    /** Terminal name or device id, in part. */
    keyword: z.string().trim().max(100).optional(),
    /** The command's name (refresh, screenshot, volume…). */
    name: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_.-]{1,40}$/, "validation.format")
      .optional(),
    state: z.enum(COMMAND_STATES).optional(),
    beginTime: time.optional(),
    endTime: time.optional(),
  })
  .refine(inOrder, RANGE_ISSUE);
export type CommandLogQuery = z.infer<typeof CommandLogQuery>;

export const CommandLogRow = z.object({
  id: z.string(),
  terminalId: z.number(),
  terminalName: z.string(),
  deviceId: z.string(),
  officeId: z.number(),
  name: z.string(),
  args: z.record(z.string(), z.unknown()),
  state: z.enum(COMMAND_STATES),
  reason: z.string().nullable(),
  data: z.record(z.string(), z.unknown()).nullable(),
  createdBy: z.number().nullable(),
  createdByName: z.string().nullable(),
  createDate: z.string(),
  doneDate: z.string().nullable(),
});
export type CommandLogRow = z.infer<typeof CommandLogRow>;

export const CommandLogResponse = Envelope.extend({
  list: z.array(CommandLogRow),
  /** The cursor of the next slice; null when there is no more. */
  lastId: z.string().nullable(),
  hasMore: z.boolean(),
});
