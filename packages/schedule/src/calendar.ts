/**
 * Calendar arithmetic on day numbers (days since 1970-01-01), the unit the
 * resolver reasons in: a local date in any time zone is one day number, and
 * its weekday does not depend on the zone.
 */

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;
/** Minutes in a day. */
export const DAY_MIN = 1440;

const dayOfDate = new Map<string, number>();

/** Day number of a date "YYYY-MM-DD" (NaN when it is not one). */
export function dayOfIsoDate(date: string): number {
  let day = dayOfDate.get(date);
  if (day === undefined) {
    const t = Date.parse(`${date}T00:00:00Z`);
    day = Number.isNaN(t) ? Number.NaN : Math.floor(t / DAY_MS);
    // Plans name few distinct dates; the bound only guards against a caller feeding endless new ones.
    if (dayOfDate.size >= 20_000) dayOfDate.clear();
    dayOfDate.set(date, day);
  }
  return day;
}

/** "YYYY-MM-DD" of a day number. */
export function isoDateOfDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** ISO weekday of a day number: 1 = Monday … 7 = Sunday (1970-01-01 was a Thursday). */
export function isoWeekdayOfDay(day: number): number {
  return ((((day + 3) % 7) + 7) % 7) + 1;
}

/** "HH:MM" of minutes since midnight, 0 to 1440 (1440 reads "24:00"). */
export function timeOfMinutes(min: number): string {
  const h = Math.floor(min / 60);
  const m = min % 60;
  return `${h < 10 ? "0" : ""}${h}:${m < 10 ? "0" : ""}${m}`;
}
