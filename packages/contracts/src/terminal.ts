import { RUNWAY_REASONS } from "@marquee/schedule";
import { COMMAND_ARGS, SCREENSHOT_KINDS, TERMINAL_STATES, TerminalStatus } from "@marquee/terminal-protocol";

export {
  COMMAND_ARGS,
  COMMAND_NAMES,
  decodeReason,
  REASON_CODES,
  type Reason,
  type ReasonCode,
  SCREENSHOT_KINDS,
  type ScreenshotKind,
} from "@marquee/terminal-protocol";

import { z } from "zod";
import { Envelope, Paging, pageOf, zBool, zId, zIdList } from "./common";

/**
 * Terminal monitoring: the operator's calls under /apm-web/a/api/terminal/
 * (spec §7 "Terminals"). "Status" as the console shows it: online, offline,
 * fault (online with an uncleared fault), unauthorised (pending).
 */
export const TERMINAL_VIEW_STATUS = ["online", "offline", "fault", "unauthorised", "disabled"] as const;
export type TerminalViewStatus = (typeof TERMINAL_VIEW_STATUS)[number];

/**
 * A terminal's offline runway (issue 24, docs/runway.md): until when it plays correctly without the
 * network (`until` null: beyond 7 days), what ends it, and whether it holds an older manifest.
 */
export { RUNWAY_REASONS };
export const TerminalRunway = z.object({
  until: z.string().nullable(),
  reason: z.enum(RUNWAY_REASONS),
  name: z.string().nullable(),
  behind: z.boolean(),
  at: z.string(),
});
export type TerminalRunway = z.infer<typeof TerminalRunway>;

export const TerminalSummary = z.object({
  id: z.number(),
  name: z.string(),
  officeId: z.number(),
  officeName: z.string().nullable(),
  groupId: z.number().nullable(),
  groupName: z.string().nullable(),
  state: z.enum(TERMINAL_STATES),
  status: z.enum(TERMINAL_VIEW_STATUS),
  online: z.boolean(),
  fault: z.string().nullable(),
  model: z.string(),
  version: z.string(),
  width: z.number(),
  height: z.number(),
  ip: z.string().nullable(),
  enrolCode: z.string(),
  programName: z.string().nullable(),
  lastSeenAt: z.string().nullable(),
  screenshotUrl: z.string().nullable(),
  createDate: z.string(),
  // Offline runway (issue 24, docs/runway.md).
  runway: TerminalRunway.optional(),
});
export type TerminalSummary = z.infer<typeof TerminalSummary>;

/** GET list / search / screen: server-side paging with filters. */
export const TerminalListQuery = Paging.extend({
  /** Name, enrolment code, model or address contains this. */
  keyword: z.string().max(100).optional(),
  officeId: zId.optional(),
  /** Include the offices below officeId and the groups below groupId (default true). */
  includeChildren: zBool.optional(),
  groupId: zId.optional(),
  status: z.enum(TERMINAL_VIEW_STATUS).optional(),
  sort: z.enum(["name", "lastSeen", "createDate", "status"]).default("name"),
  order: z.enum(["asc", "desc"]).default("asc"),
  /** Offline runway (issue 24): only terminals whose runway ends within this many hours ("runway under 24 h"). */
  runwayUnderHours: z.coerce.number().int().min(1).max(168).optional(),
}).strict();
export const TerminalListResponse = pageOf(TerminalSummary);

export const TerminalStatusCount = Envelope.extend({
  total: z.number(),
  online: z.number(),
  offline: z.number(),
  fault: z.number(),
  unauthorised: z.number(),
  disabled: z.number(),
});

/**
 * A node of the office tree (treeDataNew, findOfficeChild) or group tree (groupTree), with terminal counts
 * that include everything below the node: `total` terminals, `online` the authorised ones connected now
 * (a faulty one is still connected).
 */
export const TerminalTreeNode: z.ZodType<TerminalTreeNodeT> = z.lazy(() =>
  z.object({
    id: z.number(),
    name: z.string(),
    kind: z.enum(["office", "group"]),
    total: z.number(),
    online: z.number(),
    children: z.array(TerminalTreeNode),
    /** Set by findOfficeChild, which answers one level: whether this node has children to ask for. */
    hasChildren: z.boolean().optional(),
  }),
);
export interface TerminalTreeNodeT {
  id: number;
  name: string;
  kind: "office" | "group";
  total: number;
  online: number;
  children: TerminalTreeNodeT[];
  hasChildren?: boolean;
}
export const TerminalTreeResponse = Envelope.extend({
  tree: z.array(TerminalTreeNode),
});

/** findTerminalStatusArray: the live status of the terminals on screen (polled by the console). */
export const TerminalStatusArrayQuery = z.strictObject({ ids: zIdList });
export const TerminalLiveStatus = z.object({
  id: z.number(),
  status: z.enum(TERMINAL_VIEW_STATUS),
  online: z.boolean(),
  lastSeenAt: z.string().nullable(),
  programName: z.string().nullable(),
  screenshotUrl: z.string().nullable(),
});
export const TerminalStatusArrayResponse = Envelope.extend({
  list: z.array(TerminalLiveStatus),
});

/** A command's outcome on one terminal. */
export const CommandOutcome = z.object({
  id: z.string(),
  terminalId: z.number(),
  terminalName: z.string(),
  name: z.string(),
  state: z.enum(["queued", "sent", "done", "failed", "timeout", "offline"]),
  reason: z.string().nullable(),
  data: z.record(z.string(), z.unknown()).nullable(),
  createDate: z.string(),
  doneDate: z.string().nullable(),
});
export type CommandOutcome = z.infer<typeof CommandOutcome>;

/** GET terminalDetails?id: everything about one screen. */
export const TerminalDetails = Envelope.extend({
  terminal: TerminalSummary,
  /** The last status it reported (hardware and software, storage, uptime, network, volume…). */
  reported: TerminalStatus.nullable(),
  programIds: z.array(z.number()),
  programs: z.array(z.object({ id: z.number(), name: z.string(), state: z.string() })),
  recentCommands: z.array(CommandOutcome),
  recentEvents: z.array(z.object({ kind: z.string(), message: z.string(), at: z.string() })),
});

/** POST authorize: claim a pending terminal by the code on its screen, into an office and group. */
export const TerminalAuthorizeBody = z.strictObject({
  enrolCode: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{6}$/),
  officeId: zId,
  groupId: zId.optional(),
  name: z.string().trim().min(1).max(100).optional(),
});

/** POST updateTerminalOffice: move terminals to an office (and a group of it). */
export const UpdateTerminalOfficeBody = z.strictObject({
  ids: zIdList,
  officeId: zId,
  groupId: zId.optional(),
});
/** POST updateTerminalGroup: put terminals in a group (or none). */
export const UpdateTerminalGroupBody = z.strictObject({ ids: zIdList, groupId: zId.nullable() });
export const SaveTerminalGroupBody = z.strictObject({
  id: zId.optional(),
  officeId: zId,
  parentId: zId.nullable().optional(),
  name: z.string().trim().min(1).max(64),
});
export const DeleteTerminalGroupBody = z.strictObject({ id: zId });
/** POST update: rename, disable/enable. */
export const UpdateTerminalBody = z.strictObject({
  id: zId,
  name: z.string().trim().min(1).max(100).optional(),
  disabled: zBool.optional(),
});
/** POST setPrograms: what a terminal plays until play plans take over. */
export const SetTerminalProgramsBody = z.strictObject({ ids: zIdList, programIds: z.array(zId).max(50) });

/** Commands an operator sends through POST command (the others go through their own calls, which prepare the server's side first). */
export const BASIC_COMMANDS = ["refresh", "screenshot", "volume", "reboot", "programs", "position"] as const;

/** POST command: a basic command to terminals; answers one outcome per terminal. */
export const TerminalCommandBody = z
  .strictObject({
    ids: zIdList,
    name: z.enum(BASIC_COMMANDS),
    args: z.record(z.string(), z.unknown()).default({}),
  })
  .superRefine((body, ctx) => {
    const schema = COMMAND_ARGS[body.name];
    for (const issue of schema.safeParse(body.args).error?.issues ?? [])
      ctx.addIssue({ ...issue, path: ["args", ...issue.path] } as Parameters<typeof ctx.addIssue>[0]);
  });
export const CommandOutcomesResponse = Envelope.extend({
  list: z.array(CommandOutcome),
});
/** GET commandResults: the outcomes of the commands given (a comma list of command ids), live. */
export const CommandResultsQuery = z.strictObject({
  ids: z
    .string()
    .max(20_000)
    .regex(/^[A-Za-z0-9_-]{1,64}(,[A-Za-z0-9_-]{1,64})*$/)
    .transform((v) => [...new Set(v.split(","))]),
});

/** GET terminalStatusCount: counts of the caller's range, or of an office / a group (each with what lies below). */
export const TerminalCountQuery = z.strictObject({ officeId: zId.optional(), groupId: zId.optional() });
/** GET groupTree?officeId: the groups of one office. */
export const TerminalGroupTreeQuery = z.strictObject({ officeId: zId });

/** GET screenshot?id&v: the latest screenshot; `v` (the start of its hash, see screenshotUrl) only makes a new address. */
export const TerminalScreenshotQuery = z.strictObject({
  id: zId,
  /** One screenshot of the terminal's history (ScreenshotHistoryItem.id) instead of the latest. */
  shot: zId.optional(),
  v: z
    .string()
    .regex(/^[0-9a-f]{1,32}$/)
    .optional(),
});

/**
 * GET /a/api/fileInfosa/findScreenshotBytreeIdAndType (spec §7): the
 * screenshots taken of the screens under a node of the terminal tree, newest
 * first. `treeId` is an office (`treeType` office, the default) or a group
 * (`treeType` group) of the caller's range, 404 otherwise; with
 * `includeChildren` (default true) the offices or groups below it count too.
 * `type` keeps one kind (every kind when absent); `terminalId` one screen (of
 * the caller's range, 404 otherwise), and then `treeId` may be left out: the
 * screen's pictures wherever in the caller's range it stood. One of the two
 * is required (400 on treeId).
 * A screenshot belongs to the office its screen had when it was taken.
 * Permission terminal:device:view.
 */
export const ScreenshotHistoryQuery = Paging.extend({
  treeId: zId.optional(),
  treeType: z.enum(["office", "group"]).default("office"),
  type: z.enum(SCREENSHOT_KINDS).optional(),
  terminalId: zId.optional(),
  includeChildren: zBool.optional(),
}).strict();
export const ScreenshotHistoryItem = z.object({
  id: z.number(),
  terminalId: z.number(),
  /** The screen's name; null when the caller may not read it (the screen moved to another tenant). */
  terminalName: z.string().nullable(),
  type: z.enum(SCREENSHOT_KINDS),
  /** The picture (GET /a/api/terminal/screenshot?id=…&shot=…). */
  url: z.string(),
  at: z.string(),
});
export type ScreenshotHistoryItem = z.infer<typeof ScreenshotHistoryItem>;
export const ScreenshotHistoryResponse = pageOf(ScreenshotHistoryItem);

/** GET findTerminalStatus?id: the live status of one terminal. */
export const TerminalStatusResponse = Envelope.extend({
  terminal: TerminalLiveStatus,
});

/** A terminal group as saveTerminalGroup answers it. */
export const TerminalGroup = z.object({
  id: z.number(),
  officeId: z.number(),
  parentId: z.number().nullable(),
  name: z.string(),
});
export const SaveTerminalGroupResponse = Envelope.extend({
  group: TerminalGroup,
});

/** POST authorize and POST update answer the terminal as it now is. */
export const TerminalResponse = Envelope.extend({ terminal: TerminalSummary });

/**
 * GET programPublishInfo?id: what the terminal is set to play (its programs, in order) and what it reports
 * playing: the programs POST setPrograms sets on it.
 */
export const ProgramPublishInfoResponse = Envelope.extend({
  terminalId: z.number(),
  programs: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      state: z.string(),
      version: z.number(),
      width: z.number(),
      height: z.number(),
    }),
  ),
  /** The program on screen, as the terminal last reported it. */
  playing: z.object({ programId: z.number().nullable(), programName: z.string().nullable() }).nullable(),
  /** The manifest version the terminal last reported having applied. */
  manifestVersion: z.string().nullable(),
});

// ---- Screen truth (issue 24): a screen's own screenshot against what the server expected then ----

/** GET /a/api/terminal/screenshotTruth: one screenshot of a terminal (the latest when `shot` is absent). */
export const ScreenshotTruthQuery = z.strictObject({
  id: zId,
  shot: zId.optional(),
});

/**
 * The server's side of the "looks right / differs" mark: which programs the schedule (or a play-now, a
 * wall, a synchronized broadcast) allowed at the picture's instant, and whether what the screen said it
 * showed is one of them. `expected`: the same program (the console then compares the pixels);
 * `differs`: another program, nothing, or the screen on/off against its timer, with the reason;
 * `unknown`: an older player that did not say what it showed.
 */
export const ScreenshotTruth = Envelope.extend({
  terminalId: z.number(),
  shotId: z.number(),
  url: z.string(),
  at: z.string(),
  shownAt: z.string().nullable(),
  verdict: z.enum(["expected", "differs", "unknown"]),
  /** The reason of `differs` / `unknown`, in the caller's language. */
  reason: z.string().nullable(),
  shown: z.object({
    programId: z.number().nullable(),
    programName: z.string().nullable(),
    sceneId: z.string().nullable(),
    screenOn: z.boolean().nullable(),
  }),
  expected: z.object({
    programIds: z.array(z.number()),
    programNames: z.array(z.string()),
    screenOn: z.boolean(),
  }),
  /** The design of the program shown (its doc, as in the manifest), for the console's rendering; null when not expected. */
  program: z.object({ id: z.number(), name: z.string(), doc: z.unknown() }).nullable(),
});
export type ScreenshotTruth = z.infer<typeof ScreenshotTruth>;
