import type { DeviceSettings } from "@marquee/schedule";
import {
  type CommandArgs,
  type CommandName,
  type PlayerReason,
  playerReason,
  readCommandArgs,
} from "@marquee/terminal-protocol";

/**
 * The arguments of the commands a player obeys, checked by the protocol's
 * schemas (COMMAND_ARGS) before anything is done, so a bad command fails with
 * a reason an operator can act on.
 */

/** A checked argument, or why it was refused (a reason of PLAYER_REASONS: its code goes with the ack). */
export type Checked<T> = { ok: true; value: T } | { ok: false; reason: PlayerReason };

/**
 * Reads a command's arguments with its schema; a refusal names the first
 * argument that is wrong, in the words `reasons` gives for it.
 */
function read<N extends CommandName>(
  name: N,
  args: Record<string, unknown>,
  reasons: Partial<Record<keyof CommandArgs<N> & string, PlayerReason>>,
): Checked<CommandArgs<N>> {
  const r = readCommandArgs(name, args);
  if (r.success) return { ok: true, value: r.data };
  const field = String(r.error.issues[0]?.path[0] ?? "");
  return {
    ok: false,
    reason: reasons[field as keyof typeof reasons] ?? playerReason("argsInvalid", { command: name }),
  };
}

/** volume: {volume: 0..100} (a whole number). */
export function volumeArgs(args: Record<string, unknown>): Checked<number> {
  const r = read("volume", args, {
    volume: playerReason("argWholeRange", { name: "volume", min: 0, max: 100 }),
  });
  return r.ok ? { ok: true, value: r.value.volume } : r;
}

/** refresh: {reload?: boolean} — reload the page after acknowledging. */
export function refreshArgs(args: Record<string, unknown>): Checked<{ reload: boolean }> {
  const r = read("refresh", args, { reload: playerReason("argBoolean", { name: "reload" }) });
  return r.ok ? { ok: true, value: { reload: r.value.reload === true } } : r;
}

/** settings: {settings: DeviceSettings}. */
export function settingsArgs(args: Record<string, unknown>): Checked<DeviceSettings> {
  const r = read("settings", args, { settings: playerReason("argSettings", { name: "settings" }) });
  return r.ok ? { ok: true, value: r.value.settings } : r;
}

/** playProgram: {programId, until?: ISO instant | null}. */
export function playProgramArgs(
  args: Record<string, unknown>,
): Checked<{ programId: number; until: number | null }> {
  const reasons = {
    programId: playerReason("argProgramId", { name: "programId" }),
    until: playerReason("argDateTime", { name: "until" }),
  };
  const r = read("playProgram", args, reasons);
  if (!r.ok) return r;
  const { programId, until } = r.value;
  if (until === undefined || until === null) return { ok: true, value: { programId, until: null } };
  const at = Date.parse(until);
  return Number.isFinite(at)
    ? { ok: true, value: { programId, until: at } }
    : { ok: false, reason: reasons.until };
}

/** playMessage: {messageId}. */
export function playMessageArgs(args: Record<string, unknown>): Checked<number> {
  const r = read("playMessage", args, { messageId: playerReason("argMessageId", { name: "messageId" }) });
  return r.ok ? { ok: true, value: r.value.messageId } : r;
}

/** deleteFiles: {hashes?: md5[]} (none: every file the manifest does not need). */
export function deleteFilesArgs(args: Record<string, unknown>): Checked<string[] | null> {
  const r = read("deleteFiles", args, {
    hashes: playerReason("argHashes", { name: "hashes" }),
  });
  if (!r.ok) return r;
  return { ok: true, value: r.value.hashes ? [...new Set(r.value.hashes)] : null };
}

/** The largest package a web player takes: it is held in memory to be checked. */
const MAX_PACKAGE_BYTES = 1024 ** 3;

/** update: {packageId, version, url, sha256, size}. */
export function updateArgs(
  args: Record<string, unknown>,
): Checked<{ packageId: number; version: string; url: string; sha256: string; size: number }> {
  const reasons = {
    packageId: playerReason("argPackageId", { name: "packageId" }),
    version: playerReason("argText", { name: "version", min: 1, max: 40 }),
    url: playerReason("argPath", { name: "url" }),
    sha256: playerReason("argHex", { name: "sha256", digits: 64 }),
    size: playerReason("argBytes", { name: "size" }),
  };
  const r = read("update", args, reasons);
  if (!r.ok) return r;
  const { packageId, version, url, sha256, size } = r.value;
  if (!version.trim()) return { ok: false, reason: reasons.version };
  if (size > MAX_PACKAGE_BYTES) return { ok: false, reason: reasons.size };
  return { ok: true, value: { packageId, version: version.trim(), url, sha256: sha256.toLowerCase(), size } };
}

/** debug: {on, seconds?: 10..3600}. */
export function debugArgs(args: Record<string, unknown>): Checked<{ on: boolean; seconds: number | null }> {
  const r = read("debug", args, {
    on: playerReason("argBoolean", { name: "on" }),
    seconds: playerReason("argWholeRange", { name: "seconds", min: 10, max: 3600 }),
  });
  return r.ok ? { ok: true, value: { on: r.value.on, seconds: r.value.seconds ?? null } } : r;
}

/** syncStart: {programId, at: server-clock ms}. */
export function syncStartArgs(args: Record<string, unknown>): Checked<{ programId: number; at: number }> {
  const r = read("syncStart", args, {
    programId: playerReason("argProgramId", { name: "programId" }),
    at: playerReason("argInstant", { name: "at" }),
  });
  return r.ok ? { ok: true, value: { programId: r.value.programId, at: r.value.at } } : r;
}

/** The reason an unknown command fails with. */
export function unsupported(name: string): PlayerReason {
  return playerReason("unsupported", { command: name });
}

/** The kept volume, 0..100 (100 when none is kept or it is unreadable). */
export function parseVolume(text: string | null): number {
  if (text === null) return 100;
  const v = Number(text);
  return Number.isInteger(v) && v >= 0 && v <= 100 ? v : 100;
}
