import { zoneClock } from "@marquee/schedule";
import { addDays, DAY_MIN } from "./timeline";

/**
 * Wall-clock time in a terminal's time zone: the preview shows the days of the
 * timeline as the terminal lives them, whatever the browser's zone. The
 * arithmetic is the resolver's own (ZoneClock of @marquee/schedule): an
 * unknown zone reads as UTC, a wall time skipped by a clock change lands just
 * after it.
 */

const DAY_MS = 86_400_000;

/** The instant at which `tz`'s clock shows `minutes` after midnight of `date`. */
export function instantOf(date: string, minutes: number, tz: string): number {
  const [y, m, d] = date.split("-").map(Number);
  const day = Math.floor(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1) / DAY_MS);
  return zoneClock(tz).instantOf(day, minutes);
}

/** The date and the minutes since midnight that `tz`'s clock shows at an instant. */
export function wallOf(at: number, tz: string): { date: string; minutes: number } {
  const wall = zoneClock(tz).wallOf(at);
  const day = Math.floor(wall / DAY_MS);
  return { date: new Date(day * DAY_MS).toISOString().slice(0, 10), minutes: (wall - day * DAY_MS) / 60_000 };
}

/** A piece of a stretch of time inside one shown day, in minutes of that day (0–1440). */
export interface DayPiece<T> {
  day: number;
  top: number;
  bottom: number;
  value: T;
}

/**
 * Cuts stretches of time (instants, e.g. the resolver's segments) into pieces
 * per shown day of `tz`'s calendar; what lies outside the shown days is left out.
 */
export function piecesByDay<T extends { from: number; to: number }>(
  stretches: readonly T[],
  days: readonly string[],
  tz: string,
): DayPiece<T>[][] {
  const out: DayPiece<T>[][] = days.map(() => []);
  const index = new Map(days.map((d, i) => [d, i]));
  for (const s of stretches) {
    let cursor = s.from;
    // Each turn ends a piece at the stretch's end or at a local midnight: at most a few turns per day.
    for (let guard = 0; cursor < s.to && guard < 400; guard++) {
      const w = wallOf(cursor, tz);
      const nextMidnight = instantOf(addDays(w.date, 1), 0, tz);
      const end = Math.min(s.to, nextMidnight);
      const day = index.get(w.date);
      if (day !== undefined) {
        const bottom = end === nextMidnight ? DAY_MIN : Math.min(DAY_MIN, wallOf(end, tz).minutes);
        if (bottom > w.minutes) out[day]?.push({ day, top: w.minutes, bottom, value: s });
      }
      if (end <= cursor) break;
      cursor = end;
    }
  }
  return out;
}
