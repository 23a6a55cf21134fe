import { DeviceSettings, ScheduleMessage, SchedulePlan } from "@marquee/schedule";
import { z } from "zod";
import { ReasonValues } from "./reasons";

/**
 * The terminal protocol (ARCHITECTURE.md "Terminals"): how a screen
 * enrols, keeps one WebSocket, reports, and obeys. Bulk data (manifest, media,
 * screenshots) goes over HTTP. Every frame is JSON with a `type`; both sides
 * validate with these schemas, and a frame that fails gets an `error` frame
 * back (the socket stays open).
 */

/** Version of the frames; `hello` carries it and the server refuses versions it does not speak. */
export const PROTOCOL_VERSION = 1;

/** Paths under /apm-web. */
export const TERMINAL_PATHS = {
  register: "/t/register",
  ws: "/t/ws",
  manifest: "/t/manifest",
  media: "/t/media/", // + hash
  screenshot: "/t/screenshot",
} as const;

/** Heartbeat interval by default; a terminal missing two beats is offline. */
export const DEFAULT_HEARTBEAT_SEC = 30;
export const MISSED_BEATS_OFFLINE = 2;
/** A command not acknowledged in this time fails with reason "timeout" (a command may set its own). */
export const DEFAULT_COMMAND_TIMEOUT_MS = 30_000;
/** WebSocket close code: the token is unknown, revoked or the terminal disabled (do not reconnect with it). */
export const CLOSE_REFUSED = 4401;
/** WebSocket close code: another connection of the same terminal took over. */
export const CLOSE_REPLACED = 4409;

/** Where a terminal stands with its operator. */
export const TERMINAL_STATES = ["pending", "authorised", "disabled"] as const;
export type TerminalState = (typeof TERMINAL_STATES)[number];

export const Resolution = z.object({
  width: z.number().int().min(1).max(20_000),
  height: z.number().int().min(1).max(20_000),
});

/** POST /t/register: a device introduces itself (first run, or after its token was lost). */
export const RegisterBody = z.strictObject({
  /** A stable id the device generated (kept in its storage). */
  deviceId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  model: z.string().trim().min(1).max(100),
  version: z.string().trim().min(1).max(40),
  resolution: Resolution,
  name: z.string().trim().max(100).optional(),
});
export type RegisterBody = z.infer<typeof RegisterBody>;

export const RegisterResponse = z.object({
  code: z.number(),
  msg: z.string(),
  terminalId: z.number(),
  /** Bearer token for every /t/* call and the WebSocket (`?token=`); shown once. */
  token: z.string(),
  state: z.enum(TERMINAL_STATES),
  /** What the screen shows while pending: the operator types it to authorise this screen. */
  enrolCode: z.string(),
});
export type RegisterResponse = z.infer<typeof RegisterResponse>;

/** A device's position (WGS84), with the accuracy it claims in metres. */
export const Position = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  accuracy: z.number().min(0).max(1_000_000).nullable().optional(),
});
export type Position = z.infer<typeof Position>;

/** What a terminal reports with every heartbeat (and in hello). */
export const TerminalStatus = z.object({
  version: z.string().max(40),
  resolution: Resolution,
  /** The program on screen now, if any. */
  programId: z.number().int().nullable(),
  programName: z.string().max(100).nullable(),
  storageUsed: z.number().int().min(0),
  storageQuota: z.number().int().min(0).nullable(),
  uptimeSec: z.number().int().min(0),
  network: z.string().max(40),
  volume: z.number().int().min(0).max(100),
  lastDownloadError: z.string().max(500).nullable(),
  /** Manifest version the terminal has applied. */
  manifestVersion: z.string().max(64).nullable(),
  /** The device's IANA time zone (plans are read in it unless an operator set the terminal's). */
  timezone: z.string().max(64).optional(),
  /** Where the device is (geolocation, when it is allowed and autoPosition is on). */
  position: Position.nullable().optional(),
  /** The device's clock minus the server's, in ms, as the clock frames measured it. */
  clockOffsetMs: z.number().int().min(-86_400_000).max(86_400_000).nullable().optional(),
  /** Round trip of the best clock probe, in ms. */
  rttMs: z.number().int().min(0).max(600_000).nullable().optional(),
  /** The screen is on (not blacked out by a timer). */
  screenOn: z.boolean().optional(),
  brightness: z.number().int().min(0).max(100).optional(),
  rotation: z.number().int().optional(),
  // Offline runway (issue 24): what the screen holds of its manifest.
  /** Files of the manifest on screen that the screen does not hold (0: every medium complete). */
  mediaMissing: z.number().int().min(0).max(1_000_000).optional(),
});
export type TerminalStatus = z.infer<typeof TerminalStatus>;

// ---- terminal → server ----

export const HelloFrame = z.object({
  type: z.literal("hello"),
  v: z.number().int(),
  status: TerminalStatus,
  /**
   * The terminal takes a manifest carried by a `sync` or its welcome (see INLINE_MANIFEST_MAX_BYTES);
   * without it the server only names the version, and the terminal fetches GET /t/manifest.
   */
  takesManifest: z.boolean().optional(),
});
export const HeartbeatFrame = z.object({ type: z.literal("heartbeat"), status: TerminalStatus });
export const AckFrame = z.object({
  type: z.literal("ack"),
  id: z.string().min(1).max(64),
  ok: z.boolean(),
  /** Why it failed, in words an operator can act on (English, for older servers and logs). */
  reason: z.string().max(500).nullable().optional(),
  /** The same reason as a code (PLAYER_REASONS): the console translates it. */
  reasonCode: z.string().max(64).optional(),
  /** The variable parts of the coded reason. */
  reasonValues: ReasonValues.optional(),
  /** A small result (e.g. the screenshot's id). */
  data: z.record(z.string(), z.unknown()).optional(),
});
/** Something the operator should know (becomes an alarm in Terminals II). */
export const EventFrame = z.object({
  type: z.literal("event"),
  kind: z.enum(["fault", "downloadFailed", "playbackError", "storageLow", "info"]),
  /** What happened, in words (English, for older servers and logs). */
  message: z.string().max(1000),
  /** The same message as a code (PLAYER_REASONS) and its variable parts: the console translates it. */
  messageCode: z.string().max(64).optional(),
  messageValues: ReasonValues.optional(),
  at: z.number().int(),
});
/** Proof of play: what played, when, how long. */
export const PopItem = z.object({
  programId: z.number().int(),
  sceneId: z.string().max(40),
  widgetId: z.string().max(40).nullable(),
  materialId: z.number().int().nullable(),
  kind: z.enum(["scene", "media", "click"]),
  at: z.number().int(),
  ms: z.number().int().min(0),
});
export const PopFrame = z.object({ type: z.literal("pop"), items: z.array(PopItem).max(1000) });

/** Where a publication stands on this screen (the player reports each change). */
export const DELIVERY_STATES = ["downloading", "downloaded", "playing", "failed"] as const;
export const DeliveryItem = z.object({
  publicationId: z.number().int().positive(),
  state: z.enum(DELIVERY_STATES),
  /** Files of this publication held / needed (downloading). */
  done: z.number().int().min(0).max(1_000_000).optional(),
  total: z.number().int().min(0).max(1_000_000).optional(),
  /** Why it failed, in words an operator can act on (failed; English, for older servers and logs). */
  reason: z.string().max(500).nullable().optional(),
  /** The same reason as a code (PLAYER_REASONS) and its variable parts: the console translates it. */
  reasonCode: z.string().max(64).optional(),
  reasonValues: ReasonValues.optional(),
});
export type DeliveryItem = z.infer<typeof DeliveryItem>;
export const DeliveryFrame = z.object({
  type: z.literal("delivery"),
  /** The manifest these states are about. */
  manifestVersion: z.string().max(64),
  items: z.array(DeliveryItem).max(1000),
});

/** How far a long command (update) has come: written to the command's data.progress. */
export const ProgressFrame = z.object({
  type: z.literal("progress"),
  id: z.string().min(1).max(64),
  done: z.number().int().min(0),
  total: z.number().int().min(0),
  /** A step in words (downloading, verifying, installing). */
  note: z.string().max(200).optional(),
});
/** Log lines of the player while debugging is on (debug command). */
export const LogLine = z.object({
  at: z.number().int(),
  level: z.enum(["debug", "info", "warn", "error"]),
  text: z.string().max(4000),
});
export type LogLine = z.infer<typeof LogLine>;
export const LogFrame = z.object({ type: z.literal("log"), lines: z.array(LogLine).min(1).max(200) });
/** A clock probe: the server answers at once with its time (NTP-like offset estimate over the socket). */
export const ClockProbeFrame = z.object({ type: z.literal("clock"), t0: z.number() });

/**
 * Video walls: what a screen of a wall did, on its own clock (`at`, ms) with the clock offset it used
 * (device minus server): a scene change (the `index`th main scene of the program's `cycle`th pass), or
 * the position of its video then. The server compares the screens of a wall (their skew).
 */
export const WallSample = z.object({
  kind: z.enum(["scene", "video"]),
  cycle: z.number().int().min(0),
  index: z.number().int().min(0),
  at: z.number(),
  /** video: its position (ms) and its length (ms; a looping video wraps). */
  posMs: z.number().min(0).optional(),
  durMs: z.number().min(0).optional(),
});
export type WallSample = z.infer<typeof WallSample>;
export const WallFrame = z.object({
  type: z.literal("wall"),
  wallId: z.number().int(),
  /** The wall's start instant (server clock, ms): samples of another start are another run. */
  startAt: z.number(),
  offsetMs: z.number(),
  samples: z.array(WallSample).min(1).max(200),
});
export type WallFrame = z.infer<typeof WallFrame>;

export const TerminalFrame = z.discriminatedUnion("type", [
  HelloFrame,
  HeartbeatFrame,
  AckFrame,
  EventFrame,
  PopFrame,
  DeliveryFrame,
  ProgressFrame,
  LogFrame,
  ClockProbeFrame,
  // Video walls (issue 24).
  WallFrame,
]);
export type TerminalFrame = z.infer<typeof TerminalFrame>;

// ---- the manifest (GET /t/manifest) ----

export const ManifestMedia = z.object({
  /** Content hash (MD5) of the file; the path is /t/media/<hash>. */
  hash: z.string(),
  size: z.number().int().min(0),
  mime: z.string().nullable(),
  /** The material it is, so the renderer can map materialId → cached file. */
  materialId: z.number().int(),
  type: z.string(),
  name: z.string(),
  url: z.string().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  durationMs: z.number().nullable(),
});
export type ManifestMedia = z.infer<typeof ManifestMedia>;

export const ManifestProgram = z.object({
  id: z.number().int(),
  name: z.string(),
  version: z.number().int(),
  /** The program document (validated by @marquee/program on the player). */
  doc: z.unknown(),
});

/** A publication the manifest carries (for delivery reports). */
export const ManifestPublication = z.object({
  id: z.number().int(),
  kind: z.enum(["program", "plan", "message"]),
  contentId: z.number().int(),
  name: z.string(),
  /** Hashes of the files this publication needs (a subset of `media`). */
  hashes: z.array(z.string()),
});
export type ManifestPublication = z.infer<typeof ManifestPublication>;

/** A screen's cell of a video wall: the wall and the rectangle of the program it shows (program px). */
export const WallCell = z.object({
  wallId: z.number().int(),
  crop: z.object({
    x: z.number(),
    y: z.number(),
    width: z.number().positive(),
    height: z.number().positive(),
  }),
});
export type WallCell = z.infer<typeof WallCell>;

/**
 * How long a player keeps showing the last weather and exchange rates it had from the server's feeds when
 * it cannot reach them (offline), in seconds; after that the widget says "no data". The server's offline
 * runway counts these widgets as data going stale that long after the screen's last contact.
 */
export const FEED_KEEP_SEC = { weather: 3 * 3600, rates: 24 * 3600 } as const;

export const Manifest = z.object({
  version: z.string(),
  terminalId: z.number().int(),
  /** The name an operator gave the screen: the player shows it (a rename reaches it with the next sync). */
  terminalName: z.string().default(""),
  /** The terminal's IANA time zone: plans' days and windows are read in it. */
  timezone: z.string().default("UTC"),
  /** Every program the schedule names (the player resolves which plays when with @marquee/schedule). */
  programs: z.array(ManifestProgram),
  media: z.array(ManifestMedia),
  /** The resolver's input: published plans, published programs and assigned programs as one-item plans. */
  schedule: z.array(SchedulePlan).default([]),
  messages: z.array(ScheduleMessage).default([]),
  publications: z.array(ManifestPublication).default([]),
  /** The terminal's settings, its strategy's merged under its own: applied locally. */
  settings: DeviceSettings.default({}),
  /**
   * A program an operator asked to play now (doProgramPlayNow, synchronized broadcast): it plays
   * above the schedule (below an emergency message) until `until`, from `startAt` when given
   * (server clock, ms). Its program is in `programs`.
   */
  playNow: z
    .object({
      programId: z.number().int(),
      until: z.string().nullable(),
      startAt: z.number().nullable().default(null),
      /** Video walls: this screen is a cell of a wall and shows only its crop of the program (program px). */
      wall: WallCell.nullable().optional(),
    })
    .nullable()
    .default(null),
  generatedAt: z.string(),
});
export type Manifest = z.infer<typeof Manifest>;

/** Whether a manifest's play-now plays at `at` (server clock, ms): started, and not past its `until`. */
export function playNowPlaysAt(
  playNow: Manifest["playNow"],
  at: number,
): playNow is NonNullable<Manifest["playNow"]> {
  if (!playNow) return false;
  if (playNow.startAt !== null && playNow.startAt > at) return false;
  return playNow.until === null || !(Date.parse(playNow.until) <= at);
}

// ---- server → terminal ----

/**
 * The largest manifest (its JSON, in bytes) the server sends inside a `sync`
 * or a welcome. A fleet told of a publication then holds it with no HTTP
 * round trip; a bigger one is only named, and fetched (GET /t/manifest).
 */
export const INLINE_MANIFEST_MAX_BYTES = 64 * 1024;

export const WelcomeFrame = z.object({
  type: z.literal("welcome"),
  terminalId: z.number(),
  state: z.enum(TERMINAL_STATES),
  heartbeatSec: z.number().int().min(5).max(3600),
  /** The manifest version the server holds for this terminal (fetch it if different). */
  manifestVersion: z.string().nullable(),
  /**
   * That manifest itself, when the hello reported another version and it is small enough
   * (INLINE_MANIFEST_MAX_BYTES): the terminal takes it as if fetched, with the version as its ETag.
   */
  manifest: Manifest.optional(),
  enrolCode: z.string(),
});
/** The terminal's state changed (authorised by an operator, disabled…). */
export const StateFrame = z.object({ type: z.literal("state"), state: z.enum(TERMINAL_STATES) });
/**
 * A new manifest is ready: the manifest itself when small enough (INLINE_MANIFEST_MAX_BYTES), taken
 * as if fetched; else only its version, and the terminal fetches GET /t/manifest.
 */
export const SyncFrame = z.object({
  type: z.literal("sync"),
  manifestVersion: z.string(),
  manifest: Manifest.optional(),
});
export const CommandFrame = z.object({
  type: z.literal("command"),
  id: z.string().min(1).max(64),
  name: z.string().min(1).max(40),
  args: z.record(z.string(), z.unknown()),
  timeoutMs: z.number().int().min(1000).max(3_600_000),
});
export const ErrorFrame = z.object({
  type: z.literal("error"),
  code: z.enum(["malformed", "unknown", "version", "state"]),
  message: z.string(),
});

/**
 * The answer to a clock probe: `t0` echoed, `server` the server's clock when it
 * answered. The player takes offset = t1 - rtt/2 - server (its clock minus the
 * server's), keeping the probe with the smallest round trip.
 */
export const ClockReplyFrame = z.object({ type: z.literal("clock"), t0: z.number(), server: z.number() });

export const ServerFrame = z.discriminatedUnion("type", [
  WelcomeFrame,
  StateFrame,
  SyncFrame,
  CommandFrame,
  ErrorFrame,
  ClockReplyFrame,
]);
export type ServerFrame = z.infer<typeof ServerFrame>;
export type CommandFrame = z.infer<typeof CommandFrame>;

/** Parses a frame's text; null when it is not JSON or not a known frame (the caller answers with an error frame). */
export function parseFrame<T extends z.ZodType>(schema: T, text: string): z.infer<T> | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const r = schema.safeParse(value);
  return r.success ? r.data : null;
}
