import { minutesOf, type PlanItem, type Tier, type TimeWindow } from "@marquee/schedule";

/**
 * The pure geometry of the plan timeline: minutes of the day ↔ pixels,
 * snapping, moving and resizing a daily window (including windows that cross
 * midnight), calendar dates and ISO weekdays, and where each window of a plan
 * lands on the shown days. Times are minutes since midnight (0–1440);
 * "absolute" minutes count from the first shown day's midnight.
 */

export const DAY_MIN = 1440;

/** The smallest step of a window's edges on the timeline. */
export const SNAP_STEPS = [5, 15] as const;
export type SnapStep = (typeof SNAP_STEPS)[number];

// ---- time ↔ pixels ----

export const minToPx = (min: number, pxPerHour: number) => (min * pxPerHour) / 60;
export const pxToMin = (px: number, pxPerHour: number) => (px * 60) / pxPerHour;

/** The nearest multiple of `step` (halves round up). */
export function snap(min: number, step: number): number {
  return Math.round(min / step) * step;
}

export const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
/** A modulo that is never negative. */
export const mod = (n: number, m: number) => ((n % m) + m) % m;

/** "HH:MM" of minutes 0–1440 (1440 is "24:00"). */
export function hhmm(min: number): string {
  const m = clamp(Math.round(min), 0, DAY_MIN);
  return `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
}

/** Minutes of a typed "H:MM"/"HH:MM" (24:00 only when `allow24`), or null when it is not a time. */
export function parseTime(text: string, allow24 = false): number | null {
  const m = /^\s*(\d{1,2})[:.h](\d{2})\s*$/.exec(text);
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (min > 59) return null;
  if (h === 24 && min === 0) return allow24 ? DAY_MIN : null;
  if (h > 23) return null;
  return h * 60 + min;
}

// ---- windows ----

/**
 * A window as a start and a length in minutes: an end at or before the start
 * crosses midnight (start equal to end is 24 hours), as the model says.
 */
export function windowSpan(w: TimeWindow): { start: number; length: number } {
  const start = minutesOf(w.start);
  const end = minutesOf(w.end);
  return { start, length: end > start ? end - start : end + DAY_MIN - start };
}

/** The window of a start (0–1439) and a length (1–1440): an end at midnight is written "24:00". */
export function spanToWindow(start: number, length: number): TimeWindow {
  const s = mod(start, DAY_MIN);
  const len = clamp(length, 1, DAY_MIN);
  const end = s + len;
  if (end === DAY_MIN) return { start: hhmm(s), end: "24:00" };
  return { start: hhmm(s), end: hhmm(mod(end, DAY_MIN)) };
}

/** Whether a window runs into the next day. */
export function crossesMidnight(w: TimeWindow): boolean {
  const { start, length } = windowSpan(w);
  return start + length > DAY_MIN;
}

/** What a move did to the item's days, for the user to read. */
export type DayEffect = "none" | "weekday" | "ignored";

/**
 * Whether an item plays on one day of the week only (one weekday, or one
 * date): moving its window to another day moves the item there. An item of
 * several days keeps its days, and only the time of the window moves.
 */
export function playsOneDay(item: Pick<PlanItem, "weekdays" | "startDate" | "endDate">): boolean {
  return item.weekdays.length === 1 || item.startDate === item.endDate;
}

/**
 * Moves window `index` of an item by `delta` minutes (snapped to `step`; the
 * length is kept). A move past midnight changes the day: the item follows when
 * it plays one day (its weekday, and its date when it has one date);
 * otherwise the window keeps its days and only its time of day changes.
 */
export function moveWindow(
  item: PlanItem,
  index: number,
  delta: number,
  step: number,
): { item: PlanItem; effect: DayEffect } {
  const w = item.windows[index];
  if (!w) return { item, effect: "none" };
  const { start, length } = windowSpan(w);
  const moved = snap(start + delta, step);
  const dayShift = Math.floor(moved / DAY_MIN);
  const windows = item.windows.map((x, i) => (i === index ? spanToWindow(moved, length) : x));
  if (dayShift === 0) return { item: { ...item, windows }, effect: "none" };
  if (!playsOneDay(item)) return { item: { ...item, windows }, effect: "ignored" };
  return { item: shiftDays({ ...item, windows }, dayShift), effect: "weekday" };
}

/** An item of one day moved `days` days: its weekday, and its dates when it has a single date. */
export function shiftDays(item: PlanItem, days: number): PlanItem {
  const oneDate = item.startDate === item.endDate;
  if (oneDate) {
    const date = addDays(item.startDate, days);
    return { ...item, startDate: date, endDate: date, weekdays: [isoWeekday(date)] };
  }
  return { ...item, weekdays: item.weekdays.map((d) => shiftWeekday(d, days)) };
}

/**
 * Resizes window `index` by dragging one edge to `at` (minutes from the
 * midnight that starts the window's day; past 1440 is the next day). The other
 * edge stays; the window keeps at least one step and at most 24 hours, and its
 * start stays on its day.
 */
export function resizeWindow(
  item: PlanItem,
  index: number,
  edge: "start" | "end",
  at: number,
  step: number,
): PlanItem {
  const w = item.windows[index];
  if (!w) return item;
  const { start, length } = windowSpan(w);
  const end = start + length;
  let next: TimeWindow;
  if (edge === "end") {
    const e = clamp(snap(at, step), start + step, start + DAY_MIN);
    next = spanToWindow(start, e - start);
  } else {
    const s = clamp(snap(at, step), Math.max(0, end - DAY_MIN), Math.min(end - step, DAY_MIN - step));
    next = spanToWindow(s, end - s);
  }
  return { ...item, windows: item.windows.map((x, i) => (i === index ? next : x)) };
}

/** A window drawn by dragging on an empty slot from `a` to `b` (minutes of one day, either order). */
export function drawnWindow(a: number, b: number, step: number): TimeWindow {
  let s = clamp(snap(Math.min(a, b), step), 0, DAY_MIN - step);
  let e = clamp(snap(Math.max(a, b), step), 0, DAY_MIN);
  // A click, or a drag shorter than a step: an hour from there.
  if (e - s < step) {
    s = clamp(snap(Math.min(a, b), step), 0, DAY_MIN - 60);
    e = s + 60;
  }
  return spanToWindow(s, e - s);
}

// ---- dates and weekdays ----

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Milliseconds of a YYYY-MM-DD at 00:00 UTC (calendar arithmetic only, no time zone). */
export function dateMs(date: string): number {
  const m = DATE_RE.exec(date);
  if (!m) return Number.NaN;
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
}

export const isoDateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function addDays(date: string, days: number): string {
  return isoDateOf(dateMs(date) + days * 86_400_000);
}

/** ISO weekday of a date: 1 = Monday … 7 = Sunday. */
export function isoWeekday(date: string): number {
  const d = new Date(dateMs(date)).getUTCDay();
  return d === 0 ? 7 : d;
}

/** A weekday `days` days later (or earlier), 1–7. */
export function shiftWeekday(weekday: number, days: number): number {
  return mod(weekday - 1 + days, 7) + 1;
}

/** The Monday of the week of `date`. */
export function weekStart(date: string): string {
  return addDays(date, 1 - isoWeekday(date));
}

/** `count` consecutive dates from `first`. */
export function datesFrom(first: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addDays(first, i));
}

/** Whether an item plays on a date (its date range and weekdays). */
export function itemOnDate(
  item: Pick<PlanItem, "startDate" | "endDate" | "weekdays">,
  date: string,
): boolean {
  if (date < item.startDate) return false;
  if (item.endDate !== null && date > item.endDate) return false;
  return item.weekdays.includes(isoWeekday(date));
}

// ---- block layout ----

/** One piece of a window drawn in one day's column. */
export interface Block {
  itemId: string;
  itemIndex: number;
  windowIndex: number;
  tier: Tier;
  /** The column (0-based index of the shown days) the piece is drawn in. */
  day: number;
  /** The column of the day the window starts on (one less for the part after midnight; -1 before the first shown day). */
  startDay: number;
  /** Minutes of the day, 0–1440. */
  top: number;
  bottom: number;
  /** The piece goes on from the previous day / into the next day (no handle on that edge). */
  fromPrevDay: boolean;
  toNextDay: boolean;
  /** Side-by-side placement of overlapping pieces in the column. */
  lane: number;
  lanes: number;
}

/**
 * Every piece of every window on the shown days. A window belongs to the day
 * it starts on; one crossing midnight is drawn as two pieces, the second at
 * the top of the next day (also when the day it starts on is the day before
 * the first shown day).
 */
export function layoutDays(items: readonly PlanItem[], days: readonly string[]): Block[][] {
  const columns: Block[][] = days.map(() => []);
  if (days.length === 0) return columns;
  const first = days[0] as string;
  for (let d = -1; d < days.length; d++) {
    const date = addDays(first, d);
    items.forEach((item, itemIndex) => {
      if (!itemOnDate(item, date)) return;
      item.windows.forEach((w, windowIndex) => {
        const { start, length } = windowSpan(w);
        const end = start + length;
        const base = {
          itemId: item.id,
          itemIndex,
          windowIndex,
          tier: item.tier,
          startDay: d,
          lane: 0,
          lanes: 1,
        };
        if (d >= 0)
          columns[d]?.push({
            ...base,
            day: d,
            top: start,
            bottom: Math.min(end, DAY_MIN),
            fromPrevDay: false,
            toNextDay: end > DAY_MIN,
          });
        if (end > DAY_MIN && d + 1 < days.length)
          columns[d + 1]?.push({
            ...base,
            day: d + 1,
            top: 0,
            bottom: end - DAY_MIN,
            fromPrevDay: true,
            toNextDay: false,
          });
      });
    });
  }
  return columns.map(assignLanes);
}

/** Places overlapping pieces side by side: each group of pieces that overlap shares its lanes. */
export function assignLanes(blocks: readonly Block[]): Block[] {
  const sorted = [...blocks].sort(
    (a, b) =>
      a.top - b.top || b.bottom - a.bottom || a.itemIndex - b.itemIndex || a.windowIndex - b.windowIndex,
  );
  const out: Block[] = [];
  let group: Block[] = [];
  let laneEnds: number[] = [];
  let groupEnd = -1;
  const close = () => {
    for (const b of group) out.push({ ...b, lanes: laneEnds.length });
    group = [];
    laneEnds = [];
  };
  for (const b of sorted) {
    if (b.top >= groupEnd) close();
    groupEnd = Math.max(groupEnd, b.bottom);
    let lane = laneEnds.findIndex((end) => end <= b.top);
    if (lane === -1) lane = laneEnds.length;
    laneEnds[lane] = b.bottom;
    group.push({ ...b, lane });
  }
  close();
  return out;
}
