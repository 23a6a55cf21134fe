import { isTimeZone } from "@marquee/schedule";
import { z } from "zod";
import { Envelope, Paging, pageOf, zBool, zId, zIdList } from "./common";
import { COMMAND_STATES } from "./log";

/**
 * Alarms (spec §7 "Alarms and logs"): raised by rules (a terminal
 * offline too long, its storage nearly full) and by the events terminals
 * report (download failed, playback error, fault). At most one open alarm per
 * terminal and kind; a repeat counts up.
 */
export const ALARM_KINDS = [
  "offline",
  "storageLow",
  "downloadFailed",
  "playbackError",
  "fault",
  // Offline runway (issue 24): a terminal's runway is shorter than the rules' limit.
  "runwayLow",
] as const;
export type AlarmKind = (typeof ALARM_KINDS)[number];
/** The kinds a terminal's event raises (the others are raised by the periodic rules). */
export const ALARM_EVENT_KINDS = ["downloadFailed", "playbackError", "fault"] as const;
export type AlarmEventKind = (typeof ALARM_EVENT_KINDS)[number];
export const ALARM_STATES = ["open", "cleared"] as const;
export type AlarmState = (typeof ALARM_STATES)[number];

/** The system setting `alarmRules`: when alarms are raised and whether the responsible users are told. */
export const AlarmRules = z.strictObject({
  /** A terminal offline for this many minutes raises `offline`; 0: never. */
  offlineMinutes: z.number().int().min(0).max(10_080).default(10),
  /** A terminal whose storage is this full (percent of its quota) raises `storageLow`; 0: never. */
  storageLowPercent: z.number().int().min(0).max(100).default(90),
  /** A terminal whose offline runway (docs/runway.md) is under this many hours raises `runwayLow`; 0: never. */
  runwayHours: z.number().int().min(0).max(168).default(0),
  /** Which reported events raise alarms. */
  events: z
    .array(z.enum(ALARM_EVENT_KINDS))
    .max(ALARM_EVENT_KINDS.length)
    .default([...ALARM_EVENT_KINDS]),
  /** A notice to the responsible users when an alarm is raised (not on its repeats). */
  notify: z.boolean().default(true),
});
export type AlarmRules = z.infer<typeof AlarmRules>;
export const DEFAULT_ALARM_RULES: AlarmRules = AlarmRules.parse({});

/** An alarm as the console lists it. */
export const AlarmRow = z.object({
  id: z.number(),
  terminalId: z.number(),
  terminalName: z.string(),
  deviceId: z.string(),
  officeId: z.number(),
  officeName: z.string().nullable(),
  kind: z.enum(ALARM_KINDS),
  state: z.enum(ALARM_STATES),
  /** What the terminal said (events), or the rule's finding in English (the console words it from `detail`). */
  message: z.string(),
  /** offline: { since, minutes }; storageLow: { used, quota, percent, threshold }; runwayLow: { until, reason, name, hours }. */
  detail: z.record(z.string(), z.unknown()).nullable(),
  count: z.number(),
  raisedAt: z.string(),
  lastAt: z.string(),
  clearedAt: z.string().nullable(),
  /** Null while open, or when the rule itself cleared it (the terminal came back, storage was freed). */
  clearedBy: z.number().nullable(),
  clearedByName: z.string().nullable(),
  clearNote: z.string().nullable(),
});
export type AlarmRow = z.infer<typeof AlarmRow>;

const time = z.coerce.date().refine((d) => !Number.isNaN(d.getTime()), "validation.format");
/** The range is read as "raised or repeated within it": an alarm counts when [raisedAt, lastAt] meets it. */
const inOrder = (q: { beginTime?: Date; endTime?: Date }) =>
  q.beginTime === undefined || q.endTime === undefined || q.beginTime <= q.endTime;
const RANGE_ISSUE = { message: "log.timeRange", path: ["endTime"] };
const timezone = z.string().max(64).refine(isTimeZone, "schedule.timezoneInvalid");

/** The filters of the alarm list, shared by the list and "export all". */
const alarmFilters = {
  state: z.enum(ALARM_STATES).optional(),
  kind: z.enum(ALARM_KINDS).optional(),
  /** Terminal name or device id, in part. */
  keyword: z.string().trim().max(100).optional(),
  /** Terminals of this office (and, unless includeChildren is false, the offices below it). */
  officeId: zId.optional(),
  includeChildren: zBool.optional(),
  beginTime: time.optional(),
  endTime: time.optional(),
};

/** GET abnormalAlarm/abnormalAlarmList: newest activity first, paged on the server. */
export const AlarmListQuery = Paging.extend(alarmFilters).strict().refine(inOrder, RANGE_ISSUE);
export type AlarmListQuery = z.infer<typeof AlarmListQuery>;
export type AlarmFilter = Omit<z.output<typeof AlarmListQuery>, "pageNo" | "pageSize">;
export const AlarmListResponse = pageOf(AlarmRow);

/** GET abnormalAlarm/abnormalAlarmClearDeail?id= */
export const AlarmDetailQuery = z.strictObject({ id: zId });
export const AlarmEvent = z.object({ id: z.number(), kind: z.string(), message: z.string(), at: z.string() });
export const AlarmCommand = z.object({
  id: z.string(),
  name: z.string(),
  state: z.enum(COMMAND_STATES),
  reason: z.string().nullable(),
  createDate: z.string(),
  doneDate: z.string().nullable(),
});
export const AlarmTerminal = z.object({
  id: z.number(),
  name: z.string(),
  deviceId: z.string(),
  officeId: z.number(),
  officeName: z.string().nullable(),
  state: z.enum(["pending", "authorised", "disabled"]),
  online: z.boolean(),
  fault: z.string().nullable(),
  model: z.string(),
  version: z.string(),
  ip: z.string().nullable(),
  lastSeenAt: z.string().nullable(),
  storageUsed: z.number().nullable(),
  storageQuota: z.number().nullable(),
});
export const AlarmDetailResponse = Envelope.extend({
  alarm: AlarmRow,
  terminal: AlarmTerminal,
  /** The terminal's events around the alarm (from a day before it was raised), newest first. */
  events: z.array(AlarmEvent),
  /** The terminal's latest commands, newest first. */
  commands: z.array(AlarmCommand),
});
export type AlarmDetailResponse = z.infer<typeof AlarmDetailResponse>;

/** POST abnormalAlarm/abnormalAlarmCleanUp: clears the open ones of `ids` (cleared ones stay as they are). */
export const AlarmCleanUpBody = z.strictObject({
  ids: zIdList.pipe(z.array(z.number()).max(1000)),
  note: z.string().trim().max(500).optional(),
});
export const AlarmCleanUpResponse = Envelope.extend({ cleared: z.number() });

/** POST abnormalAlarm/allAbnormalAlarmExport: every alarm the filters find, as .xlsx; times in `timezone`. */
export const AlarmExportAllBody = z
  .strictObject({ ...alarmFilters, timezone: timezone.optional() })
  .refine(inOrder, RANGE_ISSUE);
/** POST abnormalAlarm/onlyAbnormalAlarmExport: the alarms chosen, as .xlsx. */
export const AlarmExportSelectedBody = z.strictObject({
  ids: zIdList.pipe(z.array(z.number()).max(1000)),
  timezone: timezone.optional(),
});

/** GET abnormalAlarm/askIsHaveAbnormalAlarm: the header's bell. */
export const AlarmAskResponse = Envelope.extend({
  /** Open alarms in the caller's range. */
  count: z.number(),
  latest: z
    .object({
      id: z.number(),
      kind: z.enum(ALARM_KINDS),
      terminalName: z.string(),
      message: z.string(),
      lastAt: z.string(),
    })
    .nullable(),
});
export type AlarmAskResponse = z.infer<typeof AlarmAskResponse>;
