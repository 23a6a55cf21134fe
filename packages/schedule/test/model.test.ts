import { describe, expect, it } from "vitest";
import { DEFAULT_MESSAGE, IsoDate, MessageDoc, PlanDoc, PlanItem, TimeWindow } from "../src";
import { item } from "./fixtures";

/** The message keys of a failed parse. */
function errors(result: { success: boolean; error?: { issues: { message: string }[] } }): string[] {
  return result.success ? [] : (result.error?.issues.map((i) => i.message) ?? []);
}

describe("model validation", () => {
  it("accepts a well-formed plan", () => {
    const doc = {
      items: [item("a"), item("b", { tier: "high", mode: { kind: "times", count: 3 } })],
      defaultProgramId: 4,
    };
    expect(PlanDoc.safeParse(doc).success).toBe(true);
  });

  it("refuses duplicate item ids", () => {
    expect(errors(PlanDoc.safeParse({ items: [item("a"), item("a")], defaultProgramId: null }))).toEqual([
      "schedule.idDuplicate",
    ]);
  });

  it("refuses an end date before the start date, and accepts a one-day item", () => {
    expect(errors(PlanItem.safeParse(item("a", { startDate: "2025-06-02", endDate: "2025-06-01" })))).toEqual(
      ["schedule.endBeforeStart"],
    );
    expect(PlanItem.safeParse(item("a", { startDate: "2025-06-02", endDate: "2025-06-02" })).success).toBe(
      true,
    );
  });

  it("refuses bad times and dates", () => {
    expect(errors(TimeWindow.safeParse({ start: "25:00", end: "26:00" }))).toEqual([
      "schedule.timeInvalid",
      "schedule.timeInvalid",
    ]);
    expect(errors(TimeWindow.safeParse({ start: "9:00", end: "10:00" }))).toEqual(["schedule.timeInvalid"]);
    expect(errors(TimeWindow.safeParse({ start: "24:00", end: "10:00" }))).toEqual(["schedule.timeInvalid"]);
    expect(TimeWindow.safeParse({ start: "00:00", end: "24:00" }).success).toBe(true);
    expect(errors(IsoDate.safeParse("2025-02-30"))).toEqual(["schedule.dateInvalid"]);
    expect(IsoDate.safeParse("2024-02-29").success).toBe(true);
    const bad = PlanDoc.safeParse({
      items: [item("a", { windows: [{ start: "10:60", end: "11:00" }] })],
      defaultProgramId: null,
    });
    expect(errors(bad)).toEqual(["schedule.timeInvalid"]);
  });

  it("requires weekdays and windows, without repeats", () => {
    expect(errors(PlanItem.safeParse(item("a", { weekdays: [] })))).toEqual(["schedule.weekdaysRequired"]);
    expect(errors(PlanItem.safeParse(item("a", { weekdays: [1, 1] })))).toEqual([
      "schedule.weekdaysDuplicate",
    ]);
    expect(errors(PlanItem.safeParse(item("a", { windows: [] })))).toEqual(["schedule.windowsRequired"]);
    expect(PlanItem.safeParse(item("a", { weekdays: [0] })).success).toBe(false);
  });

  it("checks a message's look", () => {
    expect(MessageDoc.safeParse({ ...DEFAULT_MESSAGE, text: "Hello" }).success).toBe(true);
    expect(errors(MessageDoc.safeParse({ ...DEFAULT_MESSAGE, text: "  " }))).toEqual([
      "schedule.textRequired",
    ]);
    expect(errors(MessageDoc.safeParse({ ...DEFAULT_MESSAGE, text: "x", color: "red" }))).toEqual([
      "schedule.colorInvalid",
    ]);
  });
});
