import dayjs, { type Dayjs } from "dayjs";

/** The longest range a chart answers for (a year, leap day included). */
export const MAX_RANGE_DAYS = 366;
const DAY = "YYYY-MM-DD";

export const STATS_TABS = ["terminals", "content", "interaction", "logins", "pop"] as const;
export type StatsTab = (typeof STATS_TABS)[number];

/**
 * The filters every chart of the page shares. Days are calendar days (both
 * ends included) as the server counts them in the platform's time zone.
 */
export interface StatsFilters {
  from: string;
  to: string;
  officeId?: number;
  groupId?: number;
}

export const isDay = (s: string | null): s is string =>
  // A day that does not exist (2026-02-30) would roll into the next month: the round trip catches it.
  !!s && /^\d{4}-\d{2}-\d{2}$/.test(s) && dayjs(s).format(DAY) === s;
const positiveInt = (s: string | null): number | undefined => {
  if (!s || !/^\d{1,10}$/.test(s)) return undefined;
  const n = Number(s);
  return n > 0 && n <= 2_147_483_647 ? n : undefined;
};

/** Days between two calendar days, both ends counted. */
export const daysIn = (from: string, to: string): number => dayjs(to).diff(dayjs(from), "day") + 1;

/** The ranges offered next to the picker, ending today. */
export function presets(
  today: Dayjs = dayjs(),
): Record<"last7" | "last30" | "thisMonth" | "last12Months", [Dayjs, Dayjs]> {
  const end = today.startOf("day");
  return {
    last7: [end.subtract(6, "day"), end],
    last30: [end.subtract(29, "day"), end],
    thisMonth: [end.startOf("month"), end],
    last12Months: [end.subtract(1, "year").add(1, "day"), end],
  };
}

/** The last 30 days: what a bare link opens. */
export function defaultFilters(today: Dayjs = dayjs()): StatsFilters {
  const [from, to] = presets(today).last30;
  return { from: from.format(DAY), to: to.format(DAY) };
}

/**
 * The filters of a link: a range that is not two real days in order, or is
 * longer than a year, falls back to the last 30 days (a hand-edited link
 * never reaches the server as a 400); a group without an office is dropped.
 */
export function readFilters(params: URLSearchParams, today: Dayjs = dayjs()): StatsFilters {
  const from = params.get("from");
  const to = params.get("to");
  const range =
    isDay(from) && isDay(to) && from <= to && daysIn(from, to) <= MAX_RANGE_DAYS
      ? { from, to }
      : defaultFilters(today);
  const officeId = positiveInt(params.get("office"));
  const groupId = officeId === undefined ? undefined : positiveInt(params.get("group"));
  return {
    ...range,
    ...(officeId !== undefined ? { officeId } : {}),
    ...(groupId !== undefined ? { groupId } : {}),
  };
}

export function readTab(params: URLSearchParams): StatsTab {
  const tab = params.get("tab");
  return (STATS_TABS as readonly string[]).includes(tab ?? "") ? (tab as StatsTab) : "terminals";
}

/** The filters and the tab written into a link (other parameters kept). */
export function writeFilters(params: URLSearchParams, f: StatsFilters, tab: StatsTab): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set("from", f.from);
  next.set("to", f.to);
  if (f.officeId !== undefined) next.set("office", String(f.officeId));
  else next.delete("office");
  if (f.groupId !== undefined && f.officeId !== undefined) next.set("group", String(f.groupId));
  else next.delete("group");
  next.set("tab", tab);
  return next;
}

/** A picker's range as calendar days; answers null when it is longer than allowed. */
export function rangeOf(range: [Dayjs, Dayjs]): { from: string; to: string } | null {
  const from = range[0].format(DAY);
  const to = range[1].format(DAY);
  return daysIn(from, to) <= MAX_RANGE_DAYS ? { from, to } : null;
}
