import { DeviceSettings, DeviceTimer, ScheduleMessage, TimeOfDay, VolumeRule } from "@marquee/schedule";
import { TERMINAL_STATES } from "@marquee/terminal-protocol";
import { z } from "zod";
import { Envelope, zId, zIdList } from "./common";
import { CommandOutcome, TERMINAL_VIEW_STATUS } from "./terminal";

/**
 * Terminal settings and commands (spec §7 "Terminal settings"):
 * /apm-web/a/api/terminalSet/*.
 *
 * The spec names the calls but not their methods: every call that acts on
 * terminals or takes a list of ids is a POST with a JSON body; the calls that
 * only read one terminal or a result (getRltScreenShoot, onlyScreenShoot,
 * onlyProgramList, doProgramPlaySet, getApkUpdateInfo,
 * getAutoScanTerminalInfo) are GETs with a query. getRltMonitor,
 * getCurTerminalProgram and getCurTerminalMessage read but take a body (ids
 * or a filter), so they are POSTs too.
 *
 * Every call checks every terminal id against the caller's data range: one id
 * outside it (or missing) and the whole call answers 404 and sends nothing.
 * The calls that send commands answer one CommandOutcome per terminal
 * (`list`), at once: "offline" for a terminal connected nowhere, "sent"
 * for the others, whose rows then move on to done / failed (with the
 * terminal's reason) / timeout as acks arrive; poll them with
 * GET /a/api/terminal/commandResults?ids=<outcome ids>, and send the failed
 * ones again with POST terminalSet/retry.
 */

/** The answer of every call that sends a command: one outcome per terminal. */
export const TerminalSetOutcomesResponse = Envelope.extend({ list: z.array(CommandOutcome) });
export type TerminalSetOutcomesResponse = z.infer<typeof TerminalSetOutcomesResponse>;

/** POST reboot, refreshTerminalPrograms, screenShoot, doClearProgram, getRltPrograms, removeTerminals: terminal ids (array or comma list). */
export const TerminalSetIdsBody = z.strictObject({ ids: zIdList });

/** Query of the calls about one terminal. */
export const TerminalSetIdQuery = z.strictObject({ id: zId });

// ---- terminalSet ----

/**
 * A change to terminals' own settings: a field left out stays as it is, a
 * field set to null is cleared (the terminal falls back to its strategy's
 * value, else the player's default). downloadWindow null clears the window
 * (downloads any time).
 */
export const DeviceSettingsPatch = z.strictObject({
  volume: z.number().int().min(0).max(100).nullable().optional(),
  brightness: z.number().int().min(0).max(100).nullable().optional(),
  rotation: z
    .union([z.literal(0), z.literal(90), z.literal(180), z.literal(270)])
    .nullable()
    .optional(),
  heartbeatSec: z.number().int().min(10).max(3600).nullable().optional(),
  downloadWindow: z.strictObject({ start: TimeOfDay, end: TimeOfDay }).nullable().optional(),
  timers: z.array(DeviceTimer).max(28).nullable().optional(),
  volumes: z.array(VolumeRule).max(48).nullable().optional(),
  autoPosition: z.boolean().nullable().optional(),
});
export type DeviceSettingsPatch = z.infer<typeof DeviceSettingsPatch>;

/**
 * POST terminalSet: merge `settings` into each terminal's own settings, then
 * send each the settings it now obeys (its strategy's under its own) with a
 * `settings` command; the manifest carries them too, so an offline terminal
 * gets them when it returns. Answers TerminalSetOutcomesResponse.
 * Permission terminal:device:settings.
 */
export const TerminalSetBody = z.strictObject({ ids: zIdList, settings: DeviceSettingsPatch });

// ---- screenshots ----

/** A stored screenshot: `url` to show (GET /a/api/terminal/screenshot…), `at` when it was taken (ISO). */
export const ScreenshotRef = z.object({ url: z.string(), at: z.string().nullable() });
export type ScreenshotRef = z.infer<typeof ScreenshotRef>;

/** GET onlyScreenShoot?id: the latest stored screenshot, without asking the terminal; null when there is none. */
export const OnlyScreenshotResponse = Envelope.extend({
  terminalId: z.number(),
  screenshot: ScreenshotRef.nullable(),
});

/**
 * GET getRltScreenShoot?id: asks the terminal for a screenshot and waits (up
 * to about 15 s) for it. `screenshot` is the new picture when the command was
 * done; otherwise null, and `outcome` says why (offline, failed with the
 * terminal's reason, timeout, or still sent when the wait ran out).
 * Permission terminal:device:screenshot. (POST screenShoot {ids} asks many
 * without waiting: TerminalSetOutcomesResponse.)
 */
export const RltScreenshotResponse = Envelope.extend({
  terminalId: z.number(),
  screenshot: ScreenshotRef.nullable(),
  outcome: CommandOutcome,
});

// ---- monitor ----

/** At most this many terminals in one getRltMonitor answer (`truncated` says when there were more). */
export const MONITOR_MAX = 200;

/**
 * POST getRltMonitor: live view of terminals: by `ids`, or all those of an
 * office or a group (in the caller's range; with what lies below unless
 * includeChildren is false), at most MONITOR_MAX. One of the three is required.
 * Permission terminal:device:view.
 */
export const RltMonitorBody = z
  .strictObject({
    ids: zIdList.optional(),
    officeId: zId.optional(),
    groupId: zId.optional(),
    includeChildren: z.boolean().optional(),
  })
  .refine((b) => b.ids !== undefined || b.officeId !== undefined || b.groupId !== undefined, {
    message: "validation.required",
    path: ["ids"],
  });

/** What the settings make of the present moment in the terminal's time zone (deviceStateAt). */
export const DeviceStateNow = z.object({
  screenOn: z.boolean(),
  /** null: the settings say nothing about volume (the player keeps its own). */
  volume: z.number().nullable(),
  brightness: z.number(),
  rotation: z.number(),
  downloadAllowed: z.boolean(),
  /** When any of the above next changes (ISO), null if never. */
  nextChangeAt: z.string().nullable(),
});
export type DeviceStateNow = z.infer<typeof DeviceStateNow>;

export const MonitorItem = z.object({
  id: z.number(),
  name: z.string(),
  state: z.enum(TERMINAL_STATES),
  status: z.enum(TERMINAL_VIEW_STATUS),
  online: z.boolean(),
  fault: z.string().nullable(),
  lastSeenAt: z.string().nullable(),
  /** What it reported last (null before its first status). */
  reported: z
    .object({
      version: z.string(),
      programId: z.number().nullable(),
      programName: z.string().nullable(),
      volume: z.number(),
      storageUsed: z.number(),
      storageQuota: z.number().nullable(),
      screenOn: z.boolean().nullable(),
      brightness: z.number().nullable(),
      rotation: z.number().nullable(),
      clockOffsetMs: z.number().nullable(),
      rttMs: z.number().nullable(),
      network: z.string(),
      uptimeSec: z.number(),
      manifestVersion: z.string().nullable(),
      lastDownloadError: z.string().nullable(),
    })
    .nullable(),
  screenshotUrl: z.string().nullable(),
  /** The time zone its settings and plans are read in. */
  timezone: z.string(),
  strategyId: z.number().nullable(),
  strategyName: z.string().nullable(),
  /** Set on the terminal itself. */
  ownSettings: DeviceSettings,
  /** What it obeys: the strategy's under its own. */
  settings: DeviceSettings,
  /** What those settings make of now. */
  now: DeviceStateNow,
});
export type MonitorItem = z.infer<typeof MonitorItem>;
export const RltMonitorResponse = Envelope.extend({ list: z.array(MonitorItem), truncated: z.boolean() });

// ---- programs on the terminal ----

/**
 * GET onlyProgramList?id: what the terminal last said it holds (the latest
 * done `programs` command; `reportedAt` null when it never answered one)
 * beside what its manifest says it should hold. One row per program of
 * either side: `expected` it should hold it, `held` it reported it,
 * `missing` expected but not held ready (or held at another version).
 * Permission terminal:device:view.
 */
export const ProgramListRow = z.object({
  id: z.number(),
  name: z.string(),
  expected: z.boolean(),
  held: z.boolean(),
  /** The manifest's version of it (null: not expected). */
  expectedVersion: z.number().nullable(),
  /** The version it reported (null: not held). */
  heldVersion: z.number().nullable(),
  /** Reported with all its files. */
  ready: z.boolean(),
  missing: z.boolean(),
});
export type ProgramListRow = z.infer<typeof ProgramListRow>;
export const OnlyProgramListResponse = Envelope.extend({
  terminalId: z.number(),
  reportedAt: z.string().nullable(),
  /** The program it said was on screen when it answered. */
  current: z.number().nullable(),
  list: z.array(ProgramListRow),
});

/** POST getCurTerminalProgram {ids}: per terminal, what is on screen and what should be. */
export const CurProgramItem = z.object({
  terminalId: z.number(),
  terminalName: z.string(),
  online: z.boolean(),
  /** On screen, as the terminal last reported it. */
  playing: z.object({ programId: z.number().nullable(), programName: z.string().nullable() }).nullable(),
  /**
   * What should play now: a play-now program above all (source "playNow"), else
   * the schedule's (the resolver, as GET terminal/whatPlays answers it), else none.
   */
  expected: z.object({
    source: z.enum(["playNow", "schedule", "none"]),
    programIds: z.array(z.number()),
    programNames: z.array(z.string()),
    /** The schedule's tier that plays (null for play-now or none). */
    tier: z.string().nullable(),
  }),
  /** The program on screen is one of those expected (null when it reported nothing). */
  matches: z.boolean().nullable(),
  timezone: z.string(),
});
export type CurProgramItem = z.infer<typeof CurProgramItem>;
export const CurProgramResponse = Envelope.extend({ list: z.array(CurProgramItem) });

// ---- messages on the terminal ----

/** POST getCurTerminalMessage {id}: the messages on that terminal now. Permission terminal:device:view. */
export const CurMessageBody = z.strictObject({ id: zId });
export const CurMessageItem = z.object({
  id: z.number(),
  name: z.string(),
  /** The publication that carries it (null for a play-now message). */
  publicationId: z.number().nullable(),
  /** Shown because of doMessagePlayNow. */
  playNow: z.boolean(),
  startAt: z.string().nullable(),
  endAt: z.string().nullable(),
  emergency: z.boolean(),
  doc: ScheduleMessage.shape.doc,
});
export type CurMessageItem = z.infer<typeof CurMessageItem>;
export const CurMessageResponse = Envelope.extend({ terminalId: z.number(), list: z.array(CurMessageItem) });

/**
 * POST deleteTerminalMessage {id, messageId}: stop one message on one terminal:
 * drop it from the terminal's play-now messages, and withdraw the terminal from
 * the message's publications that reach it. `removed` says which were done.
 * 404 when the message is not on that terminal. Permission terminal:device:command.
 */
export const DeleteTerminalMessageBody = z.strictObject({ id: zId, messageId: zId });
export const DeleteTerminalMessageResponse = Envelope.extend({
  removed: z.object({ playNow: z.boolean(), publicationIds: z.array(z.number()) }),
});

// ---- play now ----

/** How long a play-now lasts, in minutes (up to 7 days); left out: until stopped. */
export const zPlayMinutes = z.coerce
  .number()
  .int()
  .min(1)
  .max(7 * 24 * 60);

/**
 * POST doProgramPlayNow: play a program now on terminals, above their
 * schedule (below an emergency message), for `minutes` or until stopped;
 * `programId` null stops it. The program must be of the caller's tenant and
 * playable (approved when review is on). Answers the `playProgram` outcomes
 * (a `refresh` when stopping); the command waits up to 5 minutes for the
 * download. Permission terminal:device:command.
 */
export const ProgramPlayNowBody = z.strictObject({
  ids: zIdList,
  programId: zId.nullable(),
  minutes: zPlayMinutes.optional(),
});

/**
 * POST doMessagePlayNow: show a published message (publish messages) now on
 * terminals for `minutes` or until stopped (deleteTerminalMessage). The
 * message must be of the caller's tenant and playable. Answers the
 * `playMessage` outcomes. Permission terminal:device:command.
 */
export const MessagePlayNowBody = z.strictObject({
  ids: zIdList,
  messageId: zId,
  minutes: zPlayMinutes.optional(),
});

/**
 * GET doProgramPlaySet?ids[&keyword]: per terminal its play-now program and
 * messages, and the programs the caller may play now (for the picker: playable
 * programs of the caller's range, at most 200, matching `keyword`).
 * Permission terminal:device:view.
 */
export const PlaySetQuery = z.strictObject({ ids: zIdList, keyword: z.string().max(100).optional() });
export const PlayNowState = z.object({
  terminalId: z.number(),
  terminalName: z.string(),
  program: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** ISO; null: until stopped. */
  until: z.string().nullable(),
  /** Server-clock start (synchronized broadcast), ms; null: at once. */
  startAt: z.number().nullable(),
  messages: z.array(z.object({ id: z.number(), name: z.string(), until: z.string().nullable() })),
});
export type PlayNowState = z.infer<typeof PlayNowState>;
export const PlaySetResponse = Envelope.extend({
  list: z.array(PlayNowState),
  programs: z.array(z.object({ id: z.number(), name: z.string() })),
});

// ---- files, removal ----

/**
 * POST deleteFileByTerminalIds: delete cached files on terminals: these
 * (MD5 hashes), or without `hashes` every file their manifest no longer
 * needs. Answers the `deleteFiles` outcomes (ack data {deleted, freedBytes}).
 * Permission terminal:device:command.
 */
export const DeleteFilesBody = z.strictObject({
  ids: zIdList,
  hashes: z
    .array(z.string().regex(/^[a-f0-9]{32}$/))
    .max(10_000)
    .optional(),
});

/**
 * POST removeTerminals {ids}: delete terminals (as POST terminal/delete does;
 * their sockets close, their tokens are refused). Permission terminal:device:delete.
 */
export const RemoveTerminalsResponse = Envelope.extend({ removed: z.number() });

// ---- player update packages ----

export const PlayerPackage = z.object({
  id: z.number(),
  name: z.string(),
  version: z.string(),
  model: z.string().nullable(),
  md5: z.string(),
  sha256: z.string(),
  size: z.number(),
  notes: z.string().nullable(),
  createDate: z.string(),
});
export type PlayerPackage = z.infer<typeof PlayerPackage>;

/**
 * POST sendDedicatedApk, multipart/form-data: `file` (the package; at most the
 * upload limit setting) and these fields. Stores it, and when `ids` are given
 * sends `update` to them (each ack waits up to 30 minutes; progress frames
 * show in getApkUpdateInfo). Answers {package, list}. Permission terminal:device:upgrade.
 */
export const SendApkFields = z.strictObject({
  version: z.string().trim().min(1).max(40),
  /** The players it is for: a model, or "web". */
  model: z.string().trim().max(64).optional(),
  notes: z.string().trim().max(500).optional(),
  /** Terminals to update now (comma list). */
  ids: zIdList.optional(),
});
export const SendApkResponse = Envelope.extend({ package: PlayerPackage, list: z.array(CommandOutcome) });

/**
 * POST pushDedicatedApk {packageId, ids}: sends a package uploaded before to
 * terminals, exactly as sendDedicatedApk sends a new one (`update`, 30 minutes
 * per ack, progress in getApkUpdateInfo). Every terminal must be in the
 * caller's range and the package the caller's tenant's (404 otherwise, nothing
 * sent); a terminal of another tenant than the package's is refused (400).
 * Answers {package, list}, as sendDedicatedApk. Permission terminal:device:upgrade.
 *
 * A call of its own rather than a JSON body on sendDedicatedApk: that route
 * reads its multipart stream itself (the file is never held whole), so it has
 * no body schema; this one has a plain JSON body that the route's schema
 * validates like every other call, and neither route needs to branch on the
 * content type.
 */
export const PushApkBody = z.strictObject({ packageId: zId, ids: zIdList });

/**
 * GET getApkUpdateInfo?packageId | ?commandIds: the update's progress per
 * terminal: the latest `update` command of that package per terminal of the
 * caller's range (or the commands given, a comma list), with its progress
 * (from the terminal's progress frames) and the version the terminal reports
 * now; plus the packages of the caller's tenant, newest first (the picker).
 * With neither: only the packages. Permission terminal:device:upgrade.
 */
export const ApkUpdateInfoQuery = z.strictObject({
  packageId: zId.optional(),
  commandIds: z
    .string()
    .max(20_000)
    .regex(/^[A-Za-z0-9_-]{1,64}(,[A-Za-z0-9_-]{1,64})*$/)
    .transform((v) => [...new Set(v.split(","))])
    .optional(),
});
export const ApkUpdateItem = z.object({
  commandId: z.string(),
  terminalId: z.number(),
  terminalName: z.string(),
  packageId: z.number().nullable(),
  targetVersion: z.string().nullable(),
  state: CommandOutcome.shape.state,
  reason: z.string().nullable(),
  progress: z.object({ done: z.number(), total: z.number(), note: z.string().nullable() }).nullable(),
  /** The version the terminal reports now. */
  version: z.string(),
  online: z.boolean(),
  createDate: z.string(),
  doneDate: z.string().nullable(),
});
export type ApkUpdateItem = z.infer<typeof ApkUpdateItem>;
export const ApkUpdateInfoResponse = Envelope.extend({
  list: z.array(ApkUpdateItem),
  packages: z.array(PlayerPackage),
});

// ---- scanning for new terminals ----

/** A terminal waiting for authorisation (state pending), as a scan finds it. */
export const ScannedTerminal = z.object({
  id: z.number(),
  enrolCode: z.string(),
  model: z.string(),
  width: z.number(),
  height: z.number(),
  version: z.string(),
  ip: z.string().nullable(),
  online: z.boolean(),
  /** When it registered (ISO). */
  createDate: z.string(),
  lastSeenAt: z.string().nullable(),
});
export type ScannedTerminal = z.infer<typeof ScannedTerminal>;

/**
 * POST autoScanTerminal {}: starts a scan. Answers `scanId` (pass it to
 * getAutoScanTerminalInfo), `since` (ISO) and the waiting terminals found now.
 * Platform users see every pending terminal; others those connecting from
 * their own address ("on your network": the same site behind one NAT).
 * Permission terminal:device:authorize; then authorise with POST terminal/authorize.
 */
export const AutoScanBody = z.strictObject({});
export const AutoScanResponse = Envelope.extend({
  scanId: z.string(),
  since: z.string(),
  list: z.array(ScannedTerminal),
});
/** GET getAutoScanTerminalInfo?scanId: the waiting terminals online now or seen since the scan began. */
export const AutoScanInfoQuery = z.strictObject({ scanId: z.string().regex(/^s[0-9a-z]{1,12}$/) });
export const AutoScanInfoResponse = Envelope.extend({
  scanId: z.string(),
  since: z.string(),
  list: z.array(ScannedTerminal),
});

// ---- retry ----

/**
 * POST retry {commandIds}: sends again each given command (of a terminal in
 * the caller's range) that ended failed, timeout or offline, with the same
 * name and args; others are left alone. Answers the new outcomes. The
 * permission follows the command (screenshot: terminal:device:screenshot;
 * update: upgrade; settings: settings; else command). 404 when a command is
 * unknown or of a terminal outside the range.
 */
export const TerminalSetRetryBody = z.strictObject({
  commandIds: z.union([
    z
      .array(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/))
      .min(1)
      .max(1000),
    z
      .string()
      .max(70_000)
      .regex(/^[A-Za-z0-9_-]{1,64}(,[A-Za-z0-9_-]{1,64})*$/)
      .transform((v) => v.split(",")),
  ]),
});
