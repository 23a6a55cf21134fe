import { describe, expect, it } from "vitest";
import { planConflicts } from "../src";
import { item } from "./fixtures";

// 2025-06-02 is a Monday.

describe("planConflicts", () => {
  it("flags two items of one tier whose windows overlap, with the first day and the overlap", () => {
    const c = planConflicts([
      item("a", { startDate: "2025-06-02", windows: [{ start: "09:00", end: "12:00" }], weekdays: [3] }),
      item("b", { startDate: "2025-06-01", windows: [{ start: "11:00", end: "13:00" }], weekdays: [3, 5] }),
    ]);
    expect(c).toEqual([{ a: "a", b: "b", tier: "normal", day: "2025-06-04", from: "11:00", to: "12:00" }]);
  });

  it("does not flag items of different tiers: the stronger tier decides", () => {
    expect(planConflicts([item("a"), item("b", { tier: "high" })])).toEqual([]);
  });

  it("does not flag windows that only touch", () => {
    expect(
      planConflicts([
        item("a", { windows: [{ start: "09:00", end: "12:00" }] }),
        item("b", { windows: [{ start: "12:00", end: "13:00" }] }),
      ]),
    ).toEqual([]);
  });

  it("sees a window crossing midnight spill into the next day", () => {
    const friday = item("friday", { weekdays: [5], windows: [{ start: "22:00", end: "02:00" }] });
    const saturday = item("saturday", { weekdays: [6], windows: [{ start: "01:00", end: "03:00" }] });
    expect(planConflicts([friday, saturday])).toEqual([
      { a: "friday", b: "saturday", tier: "normal", day: "2025-01-04", from: "01:00", to: "02:00" },
    ]);
    // The other way round: the later item spills back onto nothing.
    const sunday = item("sunday", { weekdays: [7], windows: [{ start: "01:00", end: "03:00" }] });
    expect(planConflicts([friday, sunday])).toEqual([]);
  });

  it("sees a spill past the last day of the first item into the first day of the second", () => {
    const c = planConflicts([
      item("night", { endDate: "2025-06-10", windows: [{ start: "22:00", end: "02:00" }] }),
      item("early", { startDate: "2025-06-11", windows: [{ start: "00:00", end: "06:00" }] }),
    ]);
    expect(c).toEqual([
      { a: "night", b: "early", tier: "normal", day: "2025-06-11", from: "00:00", to: "02:00" },
    ]);
  });

  it("tells an overlap that runs past midnight from its start", () => {
    const c = planConflicts([
      item("a", { windows: [{ start: "21:00", end: "03:00" }] }),
      item("b", { windows: [{ start: "22:00", end: "02:00" }] }),
    ]);
    expect(c[0]).toMatchObject({ day: "2025-01-01", from: "22:00", to: "02:00" });
  });

  it("finds the first shared day of open-ended items years apart", () => {
    const c = planConflicts([
      item("old", { startDate: "2020-01-01", endDate: null, weekdays: [2] }),
      item("new", { startDate: "2030-05-01", endDate: null, weekdays: [2, 4] }),
    ]);
    // 2030-05-01 is a Wednesday: the first Tuesday is the 7th.
    expect(c).toEqual([
      { a: "old", b: "new", tier: "normal", day: "2030-05-07", from: "09:00", to: "17:00" },
    ]);
  });

  it("does not flag disjoint weekdays or disjoint dates", () => {
    expect(planConflicts([item("a", { weekdays: [1, 2] }), item("b", { weekdays: [3, 4] })])).toEqual([]);
    expect(
      planConflicts([
        item("a", { startDate: "2025-01-01", endDate: "2025-01-31" }),
        item("b", { startDate: "2025-02-01", endDate: null }),
      ]),
    ).toEqual([]);
    // Overlapping dates, but the shared days fall on weekdays one of them skips.
    expect(
      planConflicts([
        item("a", { startDate: "2025-06-02", endDate: "2025-06-04", weekdays: [1, 2, 3] }),
        item("b", { startDate: "2025-06-04", endDate: "2025-06-08", weekdays: [4, 5, 6, 7] }),
      ]),
    ).toEqual([]);
  });

  it("reports each pair once, in item order", () => {
    const c = planConflicts([
      item("a", {
        windows: [
          { start: "08:00", end: "10:00" },
          { start: "12:00", end: "14:00" },
        ],
      }),
      item("b", { windows: [{ start: "09:00", end: "13:00" }] }),
      item("c", { windows: [{ start: "13:30", end: "15:00" }] }),
    ]);
    expect(c.map((x) => [x.a, x.b, x.from, x.to])).toEqual([
      ["a", "b", "09:00", "10:00"],
      ["a", "c", "13:30", "14:00"],
    ]);
  });

  it("handles 500 items", () => {
    const items = Array.from({ length: 500 }, (_, i) =>
      item(`x${i}`, {
        weekdays: [1 + (i % 7)],
        windows: [
          { start: `${String(i % 24).padStart(2, "0")}:00`, end: `${String(i % 24).padStart(2, "0")}:30` },
        ],
      }),
    );
    // Same weekday and hour: i ≡ j (mod 168).
    const c = planConflicts(items);
    expect(c).toHaveLength(countPairs(500, 168));
    expect(c.every((x) => (Number(x.a.slice(1)) - Number(x.b.slice(1))) % 168 === 0)).toBe(true);
  });
});

/** Pairs i < j < n with i ≡ j (mod m). */
function countPairs(n: number, m: number): number {
  let pairs = 0;
  for (let r = 0; r < m; r++) {
    const k = Math.floor((n - 1 - r) / m) + 1;
    pairs += (k * (k - 1)) / 2;
  }
  return pairs;
}
