/** How long ago something happened, as a translation key and its values (the list's "last seen"). */
export type Ago =
  | { key: "never" }
  | { key: "justNow" }
  | { key: "secondsAgo" | "minutesAgo" | "hoursAgo" | "daysAgo"; values: { n: number } };

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Relative time of an ISO date against `now` (ms); a clock slightly ahead of ours still reads "just now". */
export function relativeTime(iso: string | null, now: number): Ago {
  if (!iso) return { key: "never" };
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return { key: "never" };
  const sec = Math.floor((now - at) / 1000);
  if (sec < 10) return { key: "justNow" };
  if (sec < MINUTE) return { key: "secondsAgo", values: { n: sec } };
  if (sec < HOUR) return { key: "minutesAgo", values: { n: Math.floor(sec / MINUTE) } };
  if (sec < DAY) return { key: "hoursAgo", values: { n: Math.floor(sec / HOUR) } };
  return { key: "daysAgo", values: { n: Math.floor(sec / DAY) } };
}

/** Days, hours and minutes of an uptime in seconds (the details' reported status). */
export function splitUptime(totalSec: number): { d: number; h: number; m: number } {
  const sec = Math.max(0, Math.floor(totalSec));
  return {
    d: Math.floor(sec / DAY),
    h: Math.floor((sec % DAY) / HOUR),
    m: Math.floor((sec % HOUR) / MINUTE),
  };
}
