import dayjs, { type Dayjs } from "dayjs";

/**
 * The countdown's target is an ISO 8601 instant with an offset
 * ("2030-01-02T09:00:00+08:00"): the date picker works in the operator's
 * zone, and the offset keeps the instant exact on a screen in another zone.
 */

/** The picker's value as an ISO date-time with the local offset, to the second. */
export function toOffsetIso(value: Dayjs): string {
  return value.format("YYYY-MM-DDTHH:mm:ssZ");
}

/** The picker's value of a stored instant; null when the text is not a date-time. */
export function fromIso(value: string): Dayjs | null {
  const d = dayjs(value);
  return d.isValid() ? d : null;
}
