import { describe, expect, it } from "vitest";
import { type Candidate, resolveAt, resolveRange, type ScheduleInput, type Segment } from "../src";
import { item, message, plan, t } from "./fixtures";

/**
 * resolveRange puts its events (window and message bounds) in time order, equal
 * times by the order of their rows, with a bucket sort; these cases reach its
 * less usual paths: many distinct instants close together (crowded buckets:
 * sorted by a comparator instead), and rows that open at the same instant.
 */

const label = (cs: Candidate[]) => cs.map((c) => c.itemId ?? `default:${c.programId}`).join(",");
const ids = (s: { messages: { id: number }[] }) => s.messages.map((m) => m.id).join(",");

/** What disagrees between the range's segments and resolveAt at each segment's first and last millisecond. */
function disagreements(input: ScheduleInput, from: number, to: number): string[] {
  const segs = resolveRange(input, from, to);
  const wrong: string[] = [];
  if (segs[0]?.from !== from || segs.at(-1)?.to !== to) wrong.push("does not cover the range");
  for (let i = 0; i < segs.length; i++) {
    const s = segs[i] as Segment;
    if (i > 0 && s.from !== segs[i - 1]?.to) wrong.push(`${s.from}: gap`);
    for (const at of [s.from, s.to - 1]) {
      const r = resolveAt(input, at);
      if (label(r.playing) !== label(s.playing)) wrong.push(`${at}: playing ${label(s.playing)}`);
      if (label(r.overruled) !== label(s.overruled)) wrong.push(`${at}: overruled ${label(s.overruled)}`);
      if (ids(r) !== ids(s)) wrong.push(`${at}: messages ${ids(s)}, not ${ids(r)}`);
    }
  }
  return wrong;
}

describe("resolveRange's event order", () => {
  it("sorts many distinct instants that lie close together in a long range", () => {
    // 200 messages starting about a second apart, ending a few minutes later, in a year's
    // range: their 400 bounds fall into one or two buckets of the sort.
    const base = t("2025-06-02T10:00:00Z");
    const messages = Array.from({ length: 200 }, (_, k) =>
      message(k + 1, {
        startAt: base + ((k * 37) % 200) * 1000 + k,
        endAt: base + 201_000 + ((k * 53) % 200) * 977,
      }),
    );
    const input: ScheduleInput = {
      plans: [plan(1, [item("day", { windows: [{ start: "09:00", end: "17:00" }] })])],
      messages,
      timezone: "Europe/Rome",
    };
    const from = t("2025-01-01T00:00:00Z");
    const to = t("2026-01-01T00:00:00Z");
    expect(disagreements(input, from, to)).toEqual([]);
    // Every distinct bound cuts a segment: 400 bounds, all different, around 2025-06-02 10:00.
    const around = resolveRange(input, base - 60_000, base + 600_000);
    expect(around.length).toBe(401);
  });

  it("lets the first of two windows of one item that open together speak for it", () => {
    const input: ScheduleInput = {
      plans: [
        plan(1, [
          item("twice", {
            windows: [
              { start: "09:00", end: "12:00" },
              { start: "09:00", end: "17:00" },
            ],
          }),
        ]),
      ],
      timezone: "America/New_York",
    };
    // A week (the usual buckets) and a year (the same instants crowded together) agree.
    for (const to of [t("2025-06-09T04:00:00Z"), t("2026-06-02T04:00:00Z")]) {
      const segs = resolveRange(input, t("2025-06-02T04:00:00Z"), to);
      const first = segs.find((s) => s.playing.length > 0);
      expect(first?.playing[0]?.rule?.window).toEqual({ start: "09:00", end: "12:00" });
      // Once it closes, the segment goes on unchanged (same item): the window that spoke stays.
      expect(first?.to).toBe(t("2025-06-02T21:00:00Z"));
    }
  });

  it("keeps the order of equal instants at the range's edges (windows clipped to its start)", () => {
    const items = Array.from({ length: 40 }, (_, k) =>
      item(`i${k}`, {
        tier: k % 3 === 0 ? "high" : "normal",
        windows: [{ start: `${String(8 + (k % 4)).padStart(2, "0")}:00`, end: "18:00" }],
      }),
    );
    const input: ScheduleInput = { plans: [plan(1, items)], timezone: "Asia/Kolkata" };
    expect(disagreements(input, t("2025-06-02T06:07:08.009Z"), t("2025-06-05T06:07:08.009Z"))).toEqual([]);
  });
});
