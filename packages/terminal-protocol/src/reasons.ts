import { z } from "zod";

/**
 * The reasons a player makes (a command's ack, a delivery report, an event),
 * each with the English sentence it is written in: the player makes the code
 * with the sentence's variable parts ({{name}} here) as values, and sends it
 * beside the sentence (`reason`, `message`: for older servers and logs).
 */
export const PLAYER_REASONS = {
  unsupported: "unsupported command {{command}}",
  argsInvalid: "{{command}} arguments are not valid",
  argWholeRange: "{{name}} must be a whole number from {{min}} to {{max}}",
  argBoolean: "{{name}} must be true or false",
  argSettings: "{{name}} are not valid device settings",
  argProgramId: "{{name}} must be a program id",
  argMessageId: "{{name}} must be a message id",
  argPackageId: "{{name}} must be a package id",
  argDateTime: "{{name}} must be an ISO date and time",
  argHashes: "{{name}} must be a list of file hashes (32 hexadecimal digits)",
  argText: "{{name}} must be a text of {{min}} to {{max}} characters",
  argPath: "{{name}} must be a path",
  argHex: "{{name}} must be {{digits}} hexadecimal digits",
  argBytes: "{{name}} must be a whole number of bytes up to 1 GB",
  argInstant: "{{name}} must be an instant in milliseconds",
  notRegistered: "not registered",
  notAuthorised: "this screen is not authorised",
  manifestLate: "manifest: the manifest could not be fetched in time",
  manifestRefused: "manifest: token refused",
  manifestFailed: "manifest: {{error}}",
  manifestDownloading: "manifest {{version}}: files downloading",
  programNotInManifest: "program {{id}} is not in this screen's manifest",
  programCannotPlay: "program {{name}} (#{{id}}) cannot be played",
  programInvalid: "program {{name}} (#{{id}}): {{error}}",
  programDownloading: "program {{name}} (#{{id}}): {{files}} file(s) not downloaded yet",
  programNotShown: "program {{id}} is not on screen yet",
  programNotReady: "program {{id}} is not ready in time: {{error}}",
  untilPast: "until is already past",
  startPassed: "the start time has passed ({{seconds}} s ago)",
  emergency: "an emergency message ({{name}}) covers the screen",
  messageNotInManifest: "message {{id}} is not in this screen's manifest",
  messageNotShown: "message {{id}} is not shown yet",
  messageDownloading: "message {{id}}: the manifest is still downloading",
  messageStartsAt: "message {{id}} starts at {{at}}",
  messageEnded: "message {{id}} has ended",
  messageDisplaced: "message {{id}} is not shown: another message holds its place",
  busyNotCleared: "the screen was busy downloading: the cache was not cleared in time",
  notCleared: "the cache was not cleared",
  busyNotDeleted: "the screen was busy downloading: no file was deleted in time",
  nothingShownYet: "nothing is shown yet",
  nothingShown: "nothing is shown",
  noCanvas: "no 2D canvas",
  screenshotTooLarge: "the screenshot does not fit in 5 MB",
  screenshotRefused: "screenshot upload refused: {{error}}",
  noGeolocation: "this device does not allow geolocation",
  geolocationDenied: "this device does not allow geolocation (permission denied)",
  positionUnavailable: "position unavailable",
  positionUnavailableWhy: "position unavailable: {{error}}",
  positionTimeout: "no position within {{seconds}} s",
  packageLate: "package download did not finish in time",
  packageHttp: "package download failed: HTTP {{status}}",
  packageFailed: "package download failed: {{error}}",
  packageAddress: "the package address must be a path under {{prefix}}: {{url}}",
  packageMemory: "not enough memory to check a package of {{size}} bytes",
  packageTooLarge: "size mismatch: the package is larger than {{size}} bytes",
  packageShort: "size mismatch: received {{done}} of {{size}} bytes",
  packageChecksum: "checksum mismatch: expected SHA-256 {{expected}}, got {{got}}",
  downloadWindow: "waiting for the download window ({{start}}–{{end}})",
  downloadWindowClosed: "waiting for the download window",
  fileHttp: "{{file}}: HTTP {{status}}",
  fileShort: "{{file}}: received {{done}} of {{size}} bytes",
  fileFailed: "{{file}}: {{error}}",
  fileNoStorage: "{{file}}: not enough storage ({{size}} bytes needed)",
  fileStalled: "{{file}}: no data for {{seconds}} s",
  programMissing: "program #{{id}} is not in the manifest",
  programSkipped: "program {{name}} (#{{id}}) skipped: {{error}}",
  programMissingSkipped: "program #{{id}} is not in the manifest: skipped",
  widgetError: "{{name}} (#{{id}}) {{scene}}/{{widget}}: {{error}}",
} as const;
export type PlayerReasonCode = keyof typeof PLAYER_REASONS;

/**
 * Why a command or a delivery failed, as a code with values: the console
 * translates it (terminal.reason.<code> in every language). It is kept in the
 * text columns that held the English sentence, as JSON text (encodeReason);
 * a reason stored before, or a screen's own words, stays plain text and is
 * shown as it is (decodeReason).
 */
/** The reasons the server makes. */
export const SERVER_REASON_CODES = [
  /** The terminal is waiting for authorisation. */
  "pending",
  "disabled",
  /** Not connected when the command was given. */
  "offline",
  /** The table said online but no server process held the connection. */
  "undelivered",
  /** The server stopped before the terminal answered. */
  "stopped",
  /** The server process that sent it stopped (the sweep ended it). */
  "orphaned",
  /** The terminal reported a failure without a reason. */
  "noReason",
  /** No answer within {seconds}. */
  "timeout",
] as const;
/** Every reason code: the server's (SERVER_REASON_CODES) and the player's (PLAYER_REASONS). */
export const REASON_CODES = [
  ...SERVER_REASON_CODES,
  ...(Object.keys(PLAYER_REASONS) as PlayerReasonCode[]),
] as readonly [ServerReasonCode | PlayerReasonCode, ...(ServerReasonCode | PlayerReasonCode)[]];
export type ServerReasonCode = (typeof SERVER_REASON_CODES)[number];
export type ReasonCode = ServerReasonCode | PlayerReasonCode;

/** A reason's variable parts (a program's name, an argument's name, a number). */
export const ReasonValues = z.record(z.string().max(40), z.union([z.string().max(500), z.number()]));
export const Reason = z.object({
  code: z.enum(REASON_CODES),
  values: ReasonValues.optional(),
});
export type Reason = z.infer<typeof Reason>;

/** A reason as stored and sent in a text field. */
export function encodeReason(code: ReasonCode, values?: Reason["values"]): string {
  return JSON.stringify(values ? { code, values } : { code });
}

/** A stored reason: its code and values, or the plain text it was written as (null stays null). */
export function decodeReason(text: string | null | undefined): Reason | string | null {
  if (text === null || text === undefined) return null;
  if (!text.startsWith('{"code":')) return text;
  try {
    const r = Reason.safeParse(JSON.parse(text));
    return r.success ? r.data : text;
  } catch {
    return text;
  }
}

const isReasonCode = (code: string): code is ReasonCode => (REASON_CODES as readonly string[]).includes(code);

/**
 * What a terminal sent (its words and, from newer players, a code with
 * values) as stored: the coded reason when the code is known and it fits in
 * the 500 characters a reason is kept in, else the words.
 */
export function storedReason(
  text: string | null | undefined,
  code: string | undefined,
  values: Reason["values"] | undefined,
): string | null {
  if (code !== undefined && isReasonCode(code)) {
    const coded = encodeReason(code, values);
    if (coded.length <= 500) return coded;
  }
  return text ?? null;
}

/** The English sentence of a player's reason with its values. */
export function playerReasonText(
  code: PlayerReasonCode,
  values: Record<string, string | number> = {},
): string {
  return PLAYER_REASONS[code].replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k] ?? ""));
}

/** A reason a player made: a code of PLAYER_REASONS with the variable parts of its sentence. */
export interface PlayerReason {
  code: PlayerReasonCode;
  values?: Record<string, string | number>;
}
/** Why something failed on a player: a reason it made, or words of its own (an exception's message, a server's answer). */
export type Why = PlayerReason | string;

export function playerReason(code: PlayerReasonCode, values?: Record<string, string | number>): PlayerReason {
  return values ? { code, values } : { code };
}

/** The English words of a reason (for older servers, logs and the screen's own views). */
export function whyText(why: Why): string {
  return typeof why === "string" ? why : playerReasonText(why.code, why.values);
}

const cut = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

/** The values as a frame carries them: each text within the 500 characters ReasonValues takes. */
const frameValues = (values: Record<string, string | number>) =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [k, typeof v === "string" ? cut(v, 500) : v]));

/** A reason as an ack or a delivery item carries it: the words and, for a reason the player made, its code and values. */
export function reasonFields(
  why: Why,
  max = 500,
): { reason: string; reasonCode?: PlayerReasonCode; reasonValues?: Record<string, string | number> } {
  const reason = cut(whyText(why), max);
  if (typeof why === "string") return { reason };
  return why.values
    ? { reason, reasonCode: why.code, reasonValues: frameValues(why.values) }
    : { reason, reasonCode: why.code };
}

/** An event's message as its frame carries it: the words and, for one the player made, its code and values. */
export function messageFields(why: Why): {
  message: string;
  messageCode?: PlayerReasonCode;
  messageValues?: Record<string, string | number>;
} {
  const { reason, reasonCode, reasonValues } = reasonFields(why, 1000);
  return {
    message: reason,
    ...(reasonCode ? { messageCode: reasonCode } : {}),
    ...(reasonValues ? { messageValues: reasonValues } : {}),
  };
}

/** An error that carries a reason the player made (its message is the English words). */
export class ReasonError extends Error {
  constructor(readonly why: PlayerReason) {
    super(whyText(why));
    this.name = "ReasonError";
  }
}

/** Why an exception was thrown: the reason it carries, else its message. */
export function whyOf(e: unknown): Why {
  if (e instanceof ReasonError) return e.why;
  return e instanceof Error ? e.message : String(e);
}
