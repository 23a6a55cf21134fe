import type { PlanItem } from "@marquee/schedule";
import { makeItem } from "@marquee/schedule";
import { describe, expect, it } from "vitest";
import { newItemPlace, nextPlayOf, wallText } from "../src/features/playPlan/nextPlay";
import { instantOf } from "../src/features/playPlan/zone";

const TZ = "Asia/Shanghai";
const at = (date: string, hhmm: string) => {
  const [h, m] = hhmm.split(":").map(Number);
  return instantOf(date, (h ?? 0) * 60 + (m ?? 0), TZ);
};
const item = (over: Partial<PlanItem> = {}): PlanItem => ({
  id: "a",
  programId: 1,
  startDate: "2024-05-06",
  endDate: null,
  weekdays: [1, 2, 3, 4, 5, 6, 7],
  windows: [{ start: "08:00", end: "18:00" }],
  mode: { kind: "loop" },
  tier: "normal",
  ...over,
});

describe("a new plan item", () => {
  it("covers the present moment: every day, all day, from today", () => {
    const place = newItemPlace("2024-05-06");
    expect(place).toEqual({
      date: "2024-05-06",
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      window: { start: "00:00", end: "24:00" },
    });
    // "Make a plan for now" at 21:30, outside the old 08:00–18:00 default: it plays now.
    const made = makeItem({ items: [], defaultProgramId: null }, 1, place.date, place.weekdays, place.window);
    expect(nextPlayOf(made, at("2024-05-06", "21:30"), TZ)).toEqual({ kind: "now", until: null });
  });
});

describe("when an item plays next", () => {
  it("plays now until its window closes", () => {
    expect(nextPlayOf(item(), at("2024-05-06", "09:15"), TZ)).toEqual({
      kind: "now",
      until: at("2024-05-06", "18:00"),
    });
  });
  it("plays next at the start of its next window, on a later day when the weekdays say so", () => {
    expect(nextPlayOf(item(), at("2024-05-06", "19:00"), TZ)).toEqual({
      kind: "next",
      at: at("2024-05-07", "08:00"),
    });
    // Monday 2024-05-06; Saturdays only.
    expect(nextPlayOf(item({ weekdays: [6] }), at("2024-05-06", "09:00"), TZ)).toEqual({
      kind: "next",
      at: at("2024-05-11", "08:00"),
    });
    // A first day in the future.
    expect(nextPlayOf(item({ startDate: "2024-06-01" }), at("2024-05-06", "09:00"), TZ)).toEqual({
      kind: "next",
      at: at("2024-06-01", "08:00"),
    });
  });
  it("says so when its last day has passed", () => {
    expect(nextPlayOf(item({ endDate: "2024-05-05" }), at("2024-05-06", "09:00"), TZ)).toEqual({
      kind: "ended",
    });
  });
  it("reads an instant on the screen's clock", () => {
    expect(wallText(at("2024-05-07", "08:00"), TZ)).toBe("2024-05-07 08:00");
  });
});
