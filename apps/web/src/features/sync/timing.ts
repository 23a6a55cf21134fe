import { SYNC_OFFSET_WARN_MS, type SyncTerminal } from "@marquee/contracts";

/** The offset the console shows for a terminal: the one its syncStart ack measured, else its heartbeat's. */
export function shownOffset(r: Pick<SyncTerminal, "offsetMs" | "clockOffsetMs">): number | null {
  return r.offsetMs ?? r.clockOffsetMs;
}

/** Whether an offset is large enough to notice (over SYNC_OFFSET_WARN_MS either way). */
export const offsetHigh = (ms: number | null) => ms !== null && Math.abs(ms) > SYNC_OFFSET_WARN_MS;

/** "+12 ms" / "−75 ms". */
export const formatOffset = (ms: number) => `${ms > 0 ? "+" : ms < 0 ? "−" : ""}${Math.abs(ms)} ms`;

/**
 * Milliseconds left before the start, on the server's clock: the detail's
 * `serverNow` taken at `fetchedAt` (local clock) gives the skew between them.
 */
export function msToStart(startAtMs: number, serverNow: number, fetchedAt: number, now: number): number {
  return startAtMs - (serverNow + (now - fetchedAt));
}

/** "0:09" / "12:05" for a countdown; 0 once passed. */
export function formatCountdown(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}
