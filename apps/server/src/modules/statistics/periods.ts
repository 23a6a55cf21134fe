/**
 * Ranges of calendar days ("YYYY-MM-DD", both ends included) cut into the
 * periods the roll-ups hold: whole months, whole weeks (Monday to Sunday) and
 * the days left, so that a long range reads a few rows a terminal instead of
 * one a day.
 */

export const DAY_MS = 86_400_000;
export const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
/** The day `n` days after `day` (before it for a negative `n`). */
export const addDays = (day: string, n: number) => isoDay(dayMs(day) + n * DAY_MS);
/** The first day of the month `n` months after the one of `day`. */
const monthStart = (day: string, n = 0) => {
  const d = new Date(dayMs(day));
  return isoDay(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1));
};

/**
 * A range of days cut into the calendar months it holds whole (first days
 * of the first and the last month, or null) and the days before and after
 * them (both ends included): a roll-up's months are read for the whole
 * months, its days (or weeks, cutWeeks) for the rest.
 */
export function cutRange(
  from: string,
  to: string,
): { months: [string, string] | null; days: Array<[string, string]> } {
  const first = from.endsWith("-01") ? from : monthStart(from, 1);
  // The month of `to` is whole when the next day starts another month.
  const last = isoDay(dayMs(to) + DAY_MS).endsWith("-01") ? monthStart(to) : monthStart(to, -1);
  if (first > last) return { months: null, days: [[from, to]] };
  const days: Array<[string, string]> = [];
  if (from < first) days.push([from, isoDay(dayMs(first) - DAY_MS)]);
  const after = monthStart(last, 1);
  if (after <= to) days.push([after, to]);
  return { months: [first, last], days };
}

/**
 * Ranges of days cut further into the weeks (Monday to Sunday) they hold
 * whole (Mondays of the first and the last week) and the days before and
 * after them: the days either side of a range's whole months, read from a
 * week roll-up where there is one (stat_pop_reach_week, stat_terminal_week;
 * at most six days at each end of each range stay days).
 */
export function cutWeeks(ranges: Array<[string, string]>): {
  weeks: Array<[string, string]>;
  days: Array<[string, string]>;
} {
  const weeks: Array<[string, string]> = [];
  const days: Array<[string, string]> = [];
  // getUTCDay: 0 Sunday, 1 Monday.
  const weekday = (day: string) => new Date(dayMs(day)).getUTCDay();
  for (const [a, b] of ranges) {
    const firstMonday = addDays(a, (8 - weekday(a)) % 7);
    const lastSunday = addDays(b, -weekday(b));
    const lastMonday = addDays(lastSunday, -6);
    if (firstMonday > lastMonday) {
      days.push([a, b]);
      continue;
    }
    if (a < firstMonday) days.push([a, addDays(firstMonday, -1)]);
    weeks.push([firstMonday, lastMonday]);
    if (lastSunday < b) days.push([addDays(lastSunday, 1), b]);
  }
  return { weeks, days };
}
