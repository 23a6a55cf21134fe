/**
 * The arguments of the commands a player obeys, checked before anything is
 * done, so a bad command fails with a reason an operator can act on.
 */

/** A checked argument, or why it was refused. */
export type Checked<T> = { ok: true; value: T } | { ok: false; reason: string };

/** The commands this player obeys. */
export const SUPPORTED_COMMANDS = ["refresh", "screenshot", "volume"] as const;

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
