/** Whether `tz` is an IANA time zone this runtime knows ("UTC", "Europe/Rome"…). */
export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}
