import { describe, expect, it } from "vitest";
import { type Candidate, resolveAt, resolveRange, type ScheduleInput, type Segment } from "../src";
import { fleet, item, message, plan, t } from "./fixtures";

const label = (cs: Candidate[]) => cs.map((c) => c.itemId ?? `default:${c.programId}`).join(",");
const iso = (ms: number) => new Date(ms).toISOString().slice(5, 16);
const table = (segs: Segment[]) =>
  segs.map(
    (s) =>
      `${iso(s.from)}–${iso(s.to)} ${s.tier ?? "-"} [${label(s.playing)}] over [${label(s.overruled)}] ${s.messages.map((m) => m.id).join(",")}`,
  );

describe("resolveRange", () => {
  const input: ScheduleInput = {
    plans: [
      plan(1, [
        item("base", { windows: [{ start: "09:00", end: "17:00" }] }),
        item("promo", { tier: "high", windows: [{ start: "12:00", end: "13:00" }] }),
      ]),
    ],
    timezone: "UTC",
  };

  it("covers the range with contiguous segments cut at every change", () => {
    const segs = resolveRange(input, t("2025-06-02T00:00:00Z"), t("2025-06-03T00:00:00Z"));
    expect(table(segs)).toEqual([
      "06-02T00:00–06-02T09:00 - [] over [] ",
      "06-02T09:00–06-02T12:00 normal [base] over [] ",
      "06-02T12:00–06-02T13:00 high [promo] over [base] ",
      "06-02T13:00–06-02T17:00 normal [base] over [] ",
      "06-02T17:00–06-03T00:00 - [] over [] ",
    ]);
  });

  it("cuts at the range's edges, including windows open before it starts", () => {
    const segs = resolveRange(input, t("2025-06-02T12:30:00Z"), t("2025-06-02T16:00:00Z"));
    expect(table(segs)).toEqual([
      "06-02T12:30–06-02T13:00 high [promo] over [base] ",
      "06-02T13:00–06-02T16:00 normal [base] over [] ",
    ]);
    // The candidates still tell their whole window.
    expect(segs[0]?.playing[0]?.windowStart).toBe(t("2025-06-02T12:00:00Z"));
  });

  it("merges adjacent segments that play the same, and splits on a message", () => {
    const backToBack: ScheduleInput = {
      plans: [
        plan(1, [
          item("split", {
            windows: [
              { start: "08:00", end: "12:00" },
              { start: "12:00", end: "18:00" },
            ],
          }),
        ]),
      ],
      messages: [message(4, { startAt: t("2025-06-02T15:00:00Z"), endAt: t("2025-06-02T15:30:00Z") })],
      timezone: "UTC",
    };
    const segs = resolveRange(backToBack, t("2025-06-02T07:00:00Z"), t("2025-06-02T19:00:00Z"));
    expect(table(segs)).toEqual([
      "06-02T07:00–06-02T08:00 - [] over [] ",
      "06-02T08:00–06-02T15:00 normal [split] over [] ",
      "06-02T15:00–06-02T15:30 normal [split] over [] 4",
      "06-02T15:30–06-02T18:00 normal [split] over [] ",
      "06-02T18:00–06-02T19:00 - [] over [] ",
    ]);
  });

  it("fills empty stretches with the default programs, one merged segment each", () => {
    const withDefault: ScheduleInput = {
      ...input,
      plans: [{ ...(input.plans[0] as ScheduleInput["plans"][number]), defaultProgramId: 9 }],
    };
    const segs = resolveRange(withDefault, t("2025-06-02T00:00:00Z"), t("2025-06-04T00:00:00Z"));
    const night = segs.find((s) => s.from === t("2025-06-02T17:00:00Z")) as Segment;
    expect(night.to).toBe(t("2025-06-03T09:00:00Z"));
    expect(night.tier).toBe("filler");
    expect(night.playing.map((c) => [c.itemId, c.programId, c.windowStart, c.windowEnd])).toEqual([
      [null, 9, night.from, night.to],
    ]);
    expect(segs).toHaveLength(9);
  });

  it("handles more than 32 items and messages, and a terminal with no plan", () => {
    const many: ScheduleInput = {
      plans: [
        plan(
          1,
          Array.from({ length: 70 }, (_, i) =>
            item(`i${i}`, {
              tier: i % 3 === 0 ? "high" : "normal",
              windows: [
                {
                  start: `${String(i % 24).padStart(2, "0")}:00`,
                  end: `${String((i + 3) % 24).padStart(2, "0")}:00`,
                },
              ],
            }),
          ),
        ),
      ],
      messages: Array.from({ length: 40 }, (_, i) =>
        message(i, {
          startAt: t("2025-06-02T00:00:00Z") + i * 1_800_000,
          endAt: t("2025-06-02T00:00:00Z") + (i + 5) * 1_800_000,
        }),
      ),
      timezone: "Asia/Shanghai",
    };
    const segs = resolveRange(many, t("2025-06-02T00:00:00Z"), t("2025-06-03T00:00:00Z"));
    const wrong = segs.filter((s) => {
      const r = resolveAt(many, s.from);
      return (
        label(r.playing) !== label(s.playing) ||
        label(r.overruled) !== label(s.overruled) ||
        r.messages.map((m) => m.id).join() !== s.messages.map((m) => m.id).join()
      );
    });
    expect(segs.length).toBeGreaterThan(40);
    expect(wrong).toEqual([]);
    const empty = resolveRange({ plans: [], messages: [message(1, {}, true)], timezone: "UTC" }, 0, 1000);
    expect(empty).toHaveLength(1);
    expect(empty[0]).toMatchObject({ from: 0, to: 1000, tier: null, playing: [], overruled: [] });
    expect(empty[0]?.messages.map((m) => m.id)).toEqual([1]);
  });

  it("returns nothing for an empty or reversed range", () => {
    expect(resolveRange(input, 1000, 1000)).toEqual([]);
    expect(resolveRange(input, 2000, 1000)).toEqual([]);
  });

  it("agrees with resolveAt everywhere (generated terminals across a DST change)", () => {
    const from = t("2025-03-29T00:00:00Z");
    const to = t("2025-04-01T00:00:00Z");
    // Disagreements are collected and checked once: thousands of expect() calls would be slow.
    const wrong: string[] = [];
    let checked = 0;
    for (const [n, terminal] of fleet(12, "2025-03-29", 11).entries()) {
      const segs = resolveRange(terminal, from, to);
      if (segs[0]?.from !== from || segs.at(-1)?.to !== to) wrong.push(`${n}: does not cover the range`);
      for (let i = 0; i < segs.length; i++) {
        const s = segs[i] as Segment;
        const where = `${n} ${terminal.timezone} ${iso(s.from)}`;
        if (i > 0 && s.from !== segs[i - 1]?.to) wrong.push(`${where}: gap`);
        for (const at of [s.from, s.to - 1]) {
          const r = resolveAt(terminal, at);
          checked++;
          if (label(r.playing) !== label(s.playing)) wrong.push(`${where}: playing ${label(r.playing)}`);
          if (label(r.overruled) !== label(s.overruled))
            wrong.push(`${where}: overruled ${label(r.overruled)}`);
          if (r.messages.map((m) => m.id).join() !== s.messages.map((m) => m.id).join())
            wrong.push(`${where}: messages`);
          // Nothing changes before `until`: it never skips past the end of a segment.
          if (s.to < to && (r.until === null || r.until > s.to)) wrong.push(`${where}: until ${r.until}`);
        }
        const next = segs[i + 1];
        if (
          next &&
          label(next.playing) === label(s.playing) &&
          label(next.overruled) === label(s.overruled) &&
          next.messages.map((m) => m.id).join() === s.messages.map((m) => m.id).join()
        ) {
          wrong.push(`${where}: not merged`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(300);
  });
});
