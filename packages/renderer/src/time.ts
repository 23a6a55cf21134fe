/** Time zones and time parts for the clock, date and countdown widgets. */

/**
 * The `timeZone` option of Intl for a widget's zone: undefined for "local"
 * (the screen's own zone), the zone when Intl knows it, null when it does not.
 */
export function zoneOption(zone: string): string | undefined | null {
  if (zone === "local") return undefined;
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return zone;
  } catch {
    return null;
  }
}

const partFormats = new Map<string, Intl.DateTimeFormat>();

/** Hours (0–23), minutes and seconds of an instant in a zone. */
export function timeParts(now: number, timeZone: string | undefined): { h: number; m: number; s: number } {
  const key = timeZone ?? "";
  let format = partFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat("en", {
      timeZone,
      hourCycle: "h23",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    partFormats.set(key, format);
  }
  const parts = format.formatToParts(now);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { h: get("hour") % 24, m: get("minute"), s: get("second") };
}

/** Whole days, hours, minutes and seconds of a duration (negative counts as zero). */
export function splitDuration(ms: number): { days: number; hours: number; minutes: number; seconds: number } {
  const total = Math.max(0, Math.floor(ms / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}
