import { DeviceSettings } from "@marquee/schedule";
import { z } from "zod";

/**
 * How a screenshot was taken: asked for by an operator (manual), by a timer
 * (scheduled) or by monitoring (monitor). A screenshot command may carry its
 * kind in its arguments; a terminal uploading a picture of its own accord
 * names it in the upload (scheduled when it does not).
 */
export const SCREENSHOT_KINDS = ["manual", "scheduled", "monitor"] as const;
export type ScreenshotKind = (typeof SCREENSHOT_KINDS)[number];

/** A row id as a command carries it (a JSON number, never a text). */
const zRowId = z.number().int().positive().max(2_147_483_647);
const zHash = z.string().regex(/^[a-f0-9]{32}$/);

/**
 * The commands a terminal obeys, each with the schema of its arguments: the
 * one list of command names (the server sends them, the player and fleet-sim
 * obey them, the console offers them).
 * - refresh {reload?}: fetch the manifest again (reload: reload the player);
 * - screenshot {kind?}: upload a screenshot, ack {screenshotMd5};
 * - volume {volume}: set the playback volume;
 * - settings {settings: DeviceSettings}: keep and apply the terminal's settings (they also ride in the manifest);
 * - reboot {}: ack, then restart (a web player reloads its page);
 * - clear {}: drop every cached program and file and show the idle screen until a new manifest arrives;
 * - playProgram {programId, until?}: fetch the manifest (which carries `playNow`) and play it now, ack when on screen;
 * - playMessage {messageId}: fetch the manifest (which carries the message) and show it, ack when on screen;
 * - programs {}: ack {programs: [{id, name, version, ready}], current: programId|null}: what it holds;
 * - deleteFiles {hashes?}: delete these cached files, or (no hashes) every file the manifest no longer needs; ack {deleted, freedBytes};
 * - update {packageId, version, url, sha256, size}: download the package (progress frames), check it, install, ack {version};
 *   a web player verifies the download and reloads into the build the server serves;
 * - position {}: ack {lat, lng, accuracy} from the device's geolocation, or fail with why not;
 * - debug {on, seconds?}: stream its log lines as `log` frames while on;
 * - syncStart {programId, at}: play the program from server-clock instant `at`; ack {offsetMs, rttMs, startsInMs} once scheduled.
 */
export const COMMAND_ARGS = {
  /** Fetch the manifest again; `reload` also reloads the player (a new player build). */
  refresh: z.strictObject({ reload: z.boolean().optional() }),
  /** `kind`: how the picture is filed in the history (manual when absent). */
  screenshot: z.strictObject({ kind: z.enum(SCREENSHOT_KINDS).optional() }),
  /** The playback volume to set, 0 to 100. */
  volume: z.strictObject({ volume: z.number().int().min(0).max(100) }),
  settings: z.strictObject({ settings: DeviceSettings }),
  reboot: z.strictObject({}),
  clear: z.strictObject({}),
  /** `until`: an ISO instant (null or absent: until the schedule takes over). */
  playProgram: z.strictObject({ programId: zRowId, until: z.string().nullable().optional() }),
  playMessage: z.strictObject({ messageId: zRowId }),
  programs: z.strictObject({}),
  /** No hashes: every file the manifest does not need. */
  deleteFiles: z.strictObject({ hashes: z.array(zHash).max(10_000).nullable().optional() }),
  update: z.strictObject({
    packageId: zRowId,
    version: z.string().min(1).max(40),
    url: z.string().min(1).max(500),
    sha256: z.string().regex(/^[a-f0-9]{64}$/i),
    size: z.number().int().min(0),
  }),
  position: z.strictObject({}),
  debug: z.strictObject({
    on: z.boolean(),
    seconds: z.number().int().min(10).max(3600).nullable().optional(),
  }),
  /** `at`: the server-clock instant (ms) the program starts at. */
  syncStart: z.strictObject({ programId: z.number().int().positive(), at: z.number().int().positive() }),
} as const satisfies Record<string, z.ZodObject>;

export type CommandName = keyof typeof COMMAND_ARGS;
/** The arguments of one command, as its schema reads them. */
export type CommandArgs<N extends CommandName> = z.infer<(typeof COMMAND_ARGS)[N]>;

/** The command names, in the order of COMMAND_ARGS. */
export const COMMAND_NAMES = Object.keys(COMMAND_ARGS) as [CommandName, ...CommandName[]];

/** Whether a command's name is one the protocol knows. */
export function isCommandName(name: string): name is CommandName {
  return Object.hasOwn(COMMAND_ARGS, name);
}

/**
 * A command's arguments as a terminal reads them: checked by the command's
 * schema, with keys it does not know left aside (a newer server may send more).
 */
export function readCommandArgs<N extends CommandName>(
  name: N,
  args: Record<string, unknown>,
): z.ZodSafeParseResult<CommandArgs<N>> {
  return (COMMAND_ARGS[name] as z.ZodObject).strip().safeParse(args) as z.ZodSafeParseResult<CommandArgs<N>>;
}
