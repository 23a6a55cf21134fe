import { STATS_MAX_DAYS } from "@marquee/contracts";
import dayjs, { type Dayjs } from "dayjs";
import { daysIn, isDay, presets } from "../statistics/filters";
import type { BehaviorRange } from "./api";

const DAY = "YYYY-MM-DD";

// The data statistics page's range rules and presets: one definition for both pages.
export { daysIn, presets } from "../statistics/filters";

/**
 * The range of the page's link (`from`, `to`, `office`): a range that is not
 * two real days in order within a year falls back to the last 30 days, so a
 * hand-edited link never reaches the server as a 400.
 */
export function readRange(params: URLSearchParams, today: Dayjs = dayjs()): BehaviorRange {
  const from = params.get("from");
  const to = params.get("to");
  const [a, b] = presets(today).last30;
  const range =
    isDay(from) && isDay(to) && from <= to && daysIn(from, to) <= STATS_MAX_DAYS
      ? { from, to }
      : { from: a.format(DAY), to: b.format(DAY) };
  const office = params.get("office");
  const officeId = office && /^\d{1,9}$/.test(office) && Number(office) > 0 ? Number(office) : undefined;
  return officeId === undefined ? range : { ...range, officeId };
}

/** The range written into the link (other parameters kept). */
export function writeRange(params: URLSearchParams, r: BehaviorRange): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set("from", r.from);
  next.set("to", r.to);
  if (r.officeId !== undefined) next.set("office", String(r.officeId));
  else next.delete("office");
  return next;
}

/** A picker's days, or null when longer than the server answers for. */
export function rangeOf(range: [Dayjs, Dayjs]): { from: string; to: string } | null {
  const from = range[0].format(DAY);
  const to = range[1].format(DAY);
  return daysIn(from, to) <= STATS_MAX_DAYS ? { from, to } : null;
}
