import type { DeviceSettings } from "@marquee/schedule";
import { parseSettings } from "./device";

/**
 * The arguments of the commands a player obeys, checked before anything is
 * done, so a bad command fails with a reason an operator can act on.
 */

/** A checked argument, or why it was refused. */
export type Checked<T> = { ok: true; value: T } | { ok: false; reason: string };

/** The commands this player obeys. */
export const SUPPORTED_COMMANDS = [
  "refresh",
  "screenshot",
  "volume",
  "settings",
  "reboot",
  "clear",
  "playProgram",
  "playMessage",
  "programs",
  "deleteFiles",
  "update",
  "position",
  "debug",
  "syncStart",
] as const;

const isId = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v) && v > 0;
const HASH = /^[a-f0-9]{32}$/;

/** volume: {volume: 0..100} (a whole number). */
export function volumeArgs(args: Record<string, unknown>): Checked<number> {
  const v = args.volume;
  if (typeof v !== "number" || !Number.isInteger(v) || v < 0 || v > 100)
    return { ok: false, reason: "volume must be a whole number from 0 to 100" };
  return { ok: true, value: v };
}

/** refresh: {reload?: boolean} — reload the page after acknowledging. */
export function refreshArgs(args: Record<string, unknown>): Checked<{ reload: boolean }> {
  const r = args.reload;
  if (r !== undefined && typeof r !== "boolean") return { ok: false, reason: "reload must be true or false" };
  return { ok: true, value: { reload: r === true } };
}

/** settings: {settings: DeviceSettings}. */
export function settingsArgs(args: Record<string, unknown>): Checked<DeviceSettings> {
  const settings = parseSettings(args.settings);
  return settings
    ? { ok: true, value: settings }
    : { ok: false, reason: "settings are not valid device settings" };
}

/** playProgram: {programId, until?: ISO instant | null}. */
export function playProgramArgs(
  args: Record<string, unknown>,
): Checked<{ programId: number; until: number | null }> {
  if (!isId(args.programId)) return { ok: false, reason: "programId must be a program id" };
  if (args.until === undefined || args.until === null)
    return { ok: true, value: { programId: args.programId, until: null } };
  const until = typeof args.until === "string" ? Date.parse(args.until) : Number.NaN;
  if (!Number.isFinite(until)) return { ok: false, reason: "until must be an ISO date and time" };
  return { ok: true, value: { programId: args.programId, until } };
}

/** playMessage: {messageId}. */
export function playMessageArgs(args: Record<string, unknown>): Checked<number> {
  return isId(args.messageId)
    ? { ok: true, value: args.messageId }
    : { ok: false, reason: "messageId must be a message id" };
}

/** deleteFiles: {hashes?: md5[]} (none: every file the manifest does not need). */
export function deleteFilesArgs(args: Record<string, unknown>): Checked<string[] | null> {
  const h = args.hashes;
  if (h === undefined || h === null) return { ok: true, value: null };
  if (!Array.isArray(h) || h.length > 10_000 || !h.every((x) => typeof x === "string" && HASH.test(x)))
    return { ok: false, reason: "hashes must be a list of file hashes (32 hexadecimal digits)" };
  return { ok: true, value: [...new Set(h as string[])] };
}

/** update: {packageId, version, url, sha256, size}. */
export function updateArgs(
  args: Record<string, unknown>,
): Checked<{ packageId: number; version: string; url: string; sha256: string; size: number }> {
  const { packageId, version, url, sha256, size } = args;
  if (!isId(packageId)) return { ok: false, reason: "packageId must be a package id" };
  if (typeof version !== "string" || !version.trim() || version.length > 40)
    return { ok: false, reason: "version must be a text of 1 to 40 characters" };
  if (typeof url !== "string" || !url || url.length > 500) return { ok: false, reason: "url must be a path" };
  if (typeof sha256 !== "string" || !/^[a-f0-9]{64}$/i.test(sha256))
    return { ok: false, reason: "sha256 must be 64 hexadecimal digits" };
  // The package is held in memory to be checked: a web player takes up to 1 GB.
  if (typeof size !== "number" || !Number.isInteger(size) || size < 0 || size > 1024 ** 3)
    return { ok: false, reason: "size must be a whole number of bytes up to 1 GB" };
  return { ok: true, value: { packageId, version: version.trim(), url, sha256: sha256.toLowerCase(), size } };
}

/** debug: {on, seconds?: 10..3600}. */
export function debugArgs(args: Record<string, unknown>): Checked<{ on: boolean; seconds: number | null }> {
  if (typeof args.on !== "boolean") return { ok: false, reason: "on must be true or false" };
  const s = args.seconds;
  if (s === undefined || s === null) return { ok: true, value: { on: args.on, seconds: null } };
  if (typeof s !== "number" || !Number.isInteger(s) || s < 10 || s > 3600)
    return { ok: false, reason: "seconds must be a whole number from 10 to 3600" };
  return { ok: true, value: { on: args.on, seconds: s } };
}

/** syncStart: {programId, at: server-clock ms}. */
export function syncStartArgs(args: Record<string, unknown>): Checked<{ programId: number; at: number }> {
  if (!isId(args.programId)) return { ok: false, reason: "programId must be a program id" };
  if (!isId(args.at)) return { ok: false, reason: "at must be an instant in milliseconds" };
  return { ok: true, value: { programId: args.programId, at: args.at } };
}

/** The reason an unknown command fails with. */
export function unsupported(name: string): string {
  return `unsupported command ${name}`;
}

/** The kept volume, 0..100 (100 when none is kept or it is unreadable). */
export function parseVolume(text: string | null): number {
  if (text === null) return 100;
  const v = Number(text);
  return Number.isInteger(v) && v >= 0 && v <= 100 ? v : 100;
}
