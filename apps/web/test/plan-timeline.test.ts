import type { PlanItem } from "@marquee/schedule";
import { describe, expect, it } from "vitest";
import {
  addDays,
  assignLanes,
  type Block,
  crossesMidnight,
  DAY_MIN,
  datesFrom,
  drawnWindow,
  hhmm,
  isoWeekday,
  itemOnDate,
  layoutDays,
  minToPx,
  moveWindow,
  parseTime,
  pxToMin,
  resizeWindow,
  shiftWeekday,
  snap,
  spanToWindow,
  weekStart,
  windowSpan,
} from "../src/features/playPlan/timeline";

const item = (over: Partial<PlanItem> = {}): PlanItem => ({
  id: "a",
  programId: 1,
  startDate: "2024-01-01",
  endDate: null,
  weekdays: [1, 2, 3, 4, 5, 6, 7],
  windows: [{ start: "08:00", end: "09:00" }],
  mode: { kind: "loop" },
  tier: "normal",
  ...over,
});

// 2024-05-06 is a Monday.
const WEEK = datesFrom("2024-05-06", 7);

describe("time and pixels", () => {
  it("converts minutes to pixels and back at any scale", () => {
    expect(minToPx(90, 40)).toBe(60);
    expect(pxToMin(60, 40)).toBe(90);
    expect(minToPx(DAY_MIN, 44)).toBe(24 * 44);
    expect(pxToMin(minToPx(437, 104), 104)).toBeCloseTo(437);
  });
  it("snaps to the nearest step", () => {
    expect(snap(7, 5)).toBe(5);
    expect(snap(8, 5)).toBe(10);
    expect(snap(22, 15)).toBe(15);
    expect(snap(23, 15)).toBe(30);
    expect(snap(-8, 15)).toBe(-15);
  });
  it("writes and reads HH:MM, 24:00 only as an end", () => {
    expect(hhmm(0)).toBe("00:00");
    expect(hhmm(605)).toBe("10:05");
    expect(hhmm(DAY_MIN)).toBe("24:00");
    expect(parseTime("8:30")).toBe(510);
    expect(parseTime("08.30")).toBe(510);
    expect(parseTime("8h30")).toBe(510);
    expect(parseTime("24:00")).toBeNull();
    expect(parseTime("24:00", true)).toBe(DAY_MIN);
    expect(parseTime("25:00", true)).toBeNull();
    expect(parseTime("12:60")).toBeNull();
    expect(parseTime("noon")).toBeNull();
  });
});

describe("windows", () => {
  it("reads a window as a start and a length, across midnight and whole days", () => {
    expect(windowSpan({ start: "08:00", end: "09:30" })).toEqual({ start: 480, length: 90 });
    expect(windowSpan({ start: "22:00", end: "02:00" })).toEqual({ start: 1320, length: 240 });
    expect(windowSpan({ start: "00:00", end: "24:00" })).toEqual({ start: 0, length: DAY_MIN });
    expect(windowSpan({ start: "10:00", end: "10:00" })).toEqual({ start: 600, length: DAY_MIN });
    expect(crossesMidnight({ start: "22:00", end: "02:00" })).toBe(true);
    expect(crossesMidnight({ start: "23:00", end: "24:00" })).toBe(false);
  });
  it("writes a start and a length back, an end at midnight as 24:00", () => {
    expect(spanToWindow(480, 90)).toEqual({ start: "08:00", end: "09:30" });
    expect(spanToWindow(1380, 60)).toEqual({ start: "23:00", end: "24:00" });
    expect(spanToWindow(1320, 240)).toEqual({ start: "22:00", end: "02:00" });
    expect(spanToWindow(0, DAY_MIN)).toEqual({ start: "00:00", end: "24:00" });
    expect(spanToWindow(600, DAY_MIN)).toEqual({ start: "10:00", end: "10:00" });
    expect(spanToWindow(-60, 30)).toEqual({ start: "23:00", end: "23:30" });
  });
});

describe("moving a window", () => {
  it("moves within the day, snapped, keeping its length", () => {
    const r = moveWindow(item(), 0, 37, 15);
    expect(r.item.windows[0]).toEqual({ start: "08:30", end: "09:30" });
    expect(r.effect).toBe("none");
  });
  it("runs past midnight when moved late, still on its day", () => {
    const r = moveWindow(item({ windows: [{ start: "21:00", end: "23:00" }] }), 0, 120, 15);
    expect(r.item.windows[0]).toEqual({ start: "23:00", end: "01:00" });
    expect(r.item.weekdays).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(r.effect).toBe("none");
  });
  it("moves an item of one weekday to the day it is dropped on, wrapping the week", () => {
    const sunday = item({ weekdays: [7], windows: [{ start: "10:00", end: "11:00" }] });
    const r = moveWindow(sunday, 0, DAY_MIN + 60, 15);
    expect(r.item.weekdays).toEqual([1]);
    expect(r.item.windows[0]).toEqual({ start: "11:00", end: "12:00" });
    expect(r.effect).toBe("weekday");
    const back = moveWindow(item({ weekdays: [1] }), 0, -DAY_MIN, 15);
    expect(back.item.weekdays).toEqual([7]);
  });
  it("moves an item of one date with its date", () => {
    const once = item({ startDate: "2024-05-10", endDate: "2024-05-10", weekdays: [5] });
    const r = moveWindow(once, 0, 2 * DAY_MIN, 15);
    expect(r.item.startDate).toBe("2024-05-12");
    expect(r.item.endDate).toBe("2024-05-12");
    expect(r.item.weekdays).toEqual([7]);
  });
  it("keeps the days of an item of several days and only moves the time", () => {
    const workdays = item({ weekdays: [1, 2, 3, 4, 5] });
    const r = moveWindow(workdays, 0, DAY_MIN + 120, 15);
    expect(r.item.weekdays).toEqual([1, 2, 3, 4, 5]);
    expect(r.item.windows[0]).toEqual({ start: "10:00", end: "11:00" });
    expect(r.effect).toBe("ignored");
  });
  it("touches only the window moved", () => {
    const two = item({
      windows: [
        { start: "08:00", end: "09:00" },
        { start: "18:00", end: "19:00" },
      ],
    });
    expect(moveWindow(two, 1, -60, 5).item.windows).toEqual([
      { start: "08:00", end: "09:00" },
      { start: "17:00", end: "18:00" },
    ]);
  });
});

describe("resizing a window", () => {
  it("drags the end past midnight into the next day", () => {
    const r = resizeWindow(item({ windows: [{ start: "22:00", end: "23:00" }] }), 0, "end", DAY_MIN + 95, 15);
    expect(r.windows[0]).toEqual({ start: "22:00", end: "01:30" });
  });
  it("drags the end of a crossing window back before midnight", () => {
    const r = resizeWindow(item({ windows: [{ start: "22:00", end: "02:00" }] }), 0, "end", 23 * 60, 15);
    expect(r.windows[0]).toEqual({ start: "22:00", end: "23:00" });
  });
  it("ends exactly at midnight as 24:00", () => {
    const r = resizeWindow(item(), 0, "end", DAY_MIN, 15);
    expect(r.windows[0]).toEqual({ start: "08:00", end: "24:00" });
  });
  it("keeps at least one step and at most 24 hours", () => {
    expect(resizeWindow(item(), 0, "end", 400, 15).windows[0]).toEqual({ start: "08:00", end: "08:15" });
    expect(resizeWindow(item(), 0, "end", 3000, 15).windows[0]).toEqual({ start: "08:00", end: "08:00" });
    expect(resizeWindow(item(), 0, "start", 600, 5).windows[0]).toEqual({ start: "08:55", end: "09:00" });
  });
  it("moves the start, keeping the end, and stays on its day", () => {
    expect(resizeWindow(item(), 0, "start", 7 * 60 + 20, 15).windows[0]).toEqual({
      start: "07:15",
      end: "09:00",
    });
    expect(resizeWindow(item(), 0, "start", -90, 15).windows[0]).toEqual({ start: "00:00", end: "09:00" });
    const crossing = item({ windows: [{ start: "22:00", end: "02:00" }] });
    expect(resizeWindow(crossing, 0, "start", 23 * 60 + 30, 15).windows[0]).toEqual({
      start: "23:30",
      end: "02:00",
    });
    expect(resizeWindow(crossing, 0, "start", DAY_MIN + 60, 15).windows[0]).toEqual({
      start: "23:45",
      end: "02:00",
    });
  });
  it("draws a window on an empty slot in either direction, a click making an hour", () => {
    expect(drawnWindow(600, 540, 15)).toEqual({ start: "09:00", end: "10:00" });
    expect(drawnWindow(542, 700, 5)).toEqual({ start: "09:00", end: "11:40" });
    expect(drawnWindow(542, 544, 15)).toEqual({ start: "09:00", end: "10:00" });
    expect(drawnWindow(1430, 1430, 15)).toEqual({ start: "23:00", end: "24:00" });
  });
});

describe("days and weekdays", () => {
  it("maps dates to ISO weekdays, Monday first", () => {
    expect(WEEK.map(isoWeekday)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(isoWeekday("2024-02-29")).toBe(4);
  });
  it("finds the Monday of a week, across months and years", () => {
    expect(weekStart("2024-05-12")).toBe("2024-05-06");
    expect(weekStart("2024-05-06")).toBe("2024-05-06");
    expect(weekStart("2025-01-01")).toBe("2024-12-30");
    expect(addDays("2024-02-28", 2)).toBe("2024-03-01");
  });
  it("shifts weekdays around the week", () => {
    expect(shiftWeekday(7, 1)).toBe(1);
    expect(shiftWeekday(1, -1)).toBe(7);
    expect(shiftWeekday(3, 14)).toBe(3);
  });
  it("tells whether an item plays on a date (range inclusive, weekdays)", () => {
    const it_ = item({ startDate: "2024-05-07", endDate: "2024-05-10", weekdays: [2, 4] });
    expect(WEEK.filter((d) => itemOnDate(it_, d))).toEqual(["2024-05-07", "2024-05-09"]);
    expect(itemOnDate(item({ startDate: "2024-05-09" }), "2024-05-08")).toBe(false);
  });
});

describe("blocks of a week", () => {
  it("places each window on each day it plays", () => {
    const cols = layoutDays([item({ weekdays: [1, 3] })], WEEK);
    expect(cols.map((c) => c.length)).toEqual([1, 0, 1, 0, 0, 0, 0]);
    expect(cols[0]?.[0]).toMatchObject({ top: 480, bottom: 540, day: 0, startDay: 0, fromPrevDay: false });
  });
  it("splits a window crossing midnight into two blocks, the second on the next day", () => {
    const cols = layoutDays([item({ weekdays: [5], windows: [{ start: "22:00", end: "02:00" }] })], WEEK);
    expect(cols[4]).toEqual([
      expect.objectContaining({ top: 1320, bottom: DAY_MIN, toNextDay: true, startDay: 4 }),
    ]);
    expect(cols[5]).toEqual([
      expect.objectContaining({ top: 0, bottom: 120, fromPrevDay: true, startDay: 4 }),
    ]);
  });
  it("shows the morning part of a window that starts the day before the first shown day", () => {
    const sunday = item({ weekdays: [7], windows: [{ start: "23:00", end: "01:00" }] });
    const cols = layoutDays([sunday], WEEK);
    expect(cols[0]).toEqual([
      expect.objectContaining({ top: 0, bottom: 60, fromPrevDay: true, startDay: -1 }),
    ]);
    expect(cols[6]).toEqual([expect.objectContaining({ top: 1380, bottom: DAY_MIN, toNextDay: true })]);
  });
  it("leaves out days outside the item's dates, and the next-day part past the last shown day", () => {
    const ended = item({ weekdays: [7], windows: [{ start: "23:00", end: "01:00" }], endDate: "2024-05-04" });
    expect(layoutDays([ended], WEEK).flat()).toEqual([]);
    const sunday = item({
      weekdays: [7],
      windows: [{ start: "23:00", end: "01:00" }],
      startDate: "2024-05-12",
    });
    expect(layoutDays([sunday], WEEK).flat()).toEqual([expect.objectContaining({ day: 6, toNextDay: true })]);
    const day = layoutDays([item({ windows: [{ start: "23:00", end: "01:00" }] })], ["2024-05-08"]);
    expect(day[0]?.map((b) => [b.top, b.bottom])).toEqual([
      [0, 60],
      [1380, DAY_MIN],
    ]);
  });
  it("puts overlapping blocks side by side and lets the others use the whole width", () => {
    const cols = layoutDays(
      [
        item({ id: "a", windows: [{ start: "08:00", end: "10:00" }] }),
        item({ id: "b", windows: [{ start: "09:00", end: "11:00" }] }),
        item({ id: "c", windows: [{ start: "10:00", end: "12:00" }] }),
        item({ id: "d", windows: [{ start: "14:00", end: "15:00" }] }),
      ],
      ["2024-05-06"],
    );
    const byId = Object.fromEntries((cols[0] ?? []).map((b) => [b.itemId, [b.lane, b.lanes]]));
    expect(byId).toEqual({ a: [0, 2], b: [1, 2], c: [0, 2], d: [0, 1] });
  });
  it("gives lanes without gaps to touching blocks", () => {
    const base = { itemIndex: 0, windowIndex: 0, tier: "normal", day: 0, startDay: 0 } as const;
    const b = (itemId: string, top: number, bottom: number): Block => ({
      ...base,
      itemId,
      top,
      bottom,
      fromPrevDay: false,
      toNextDay: false,
      lane: 0,
      lanes: 1,
    });
    const out = assignLanes([b("x", 0, 60), b("y", 60, 120)]);
    expect(out.map((x) => x.lanes)).toEqual([1, 1]);
  });
});
