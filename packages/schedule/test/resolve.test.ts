import { describe, expect, it } from "vitest";
import { type Candidate, resolveAt, type ScheduleInput } from "../src";
import { item, message, plan, t } from "./fixtures";

const ids = (cs: Candidate[]) => cs.map((c) => c.itemId);
const utc = (...plans: ScheduleInput["plans"]): ScheduleInput => ({ plans, timezone: "UTC" });

// 2025-06-02 is a Monday; 2025-06-06 a Friday.

describe("resolveAt: tiers (rule 2)", () => {
  const input = utc(
    plan(1, [
      item("base", { windows: [{ start: "09:00", end: "17:00" }] }),
      item("promo", { tier: "high", windows: [{ start: "12:00", end: "13:00" }] }),
    ]),
  );

  it("plays the stronger tier where windows overlap and overrules the weaker", () => {
    const r = resolveAt(input, t("2025-06-02T12:30:00Z"));
    expect(r.tier).toBe("high");
    expect(ids(r.playing)).toEqual(["promo"]);
    expect(ids(r.overruled)).toEqual(["base"]);
    expect(ids(r.active)).toEqual(["promo", "base"]);
  });

  it("gives the time back to the weaker tier outside the stronger window", () => {
    for (const at of ["2025-06-02T11:59:59Z", "2025-06-02T13:00:00Z"]) {
      const r = resolveAt(input, t(at));
      expect(r.tier).toBe("normal");
      expect(ids(r.playing)).toEqual(["base"]);
      expect(r.overruled).toEqual([]);
    }
  });

  it("rotates a tier's items in plan order, then item order, across plans", () => {
    const two = utc(
      plan(1, [item("late-a"), item("late-b")], { order: 5 }),
      plan(2, [item("early")], { order: 1 }),
      plan(3, [item("filler", { tier: "filler" })], { order: 0 }),
    );
    const r = resolveAt(two, t("2025-06-02T10:00:00Z"));
    expect(ids(r.playing)).toEqual(["early", "late-a", "late-b"]);
    expect(r.playing.map((c) => c.planId)).toEqual([2, 1, 1]);
    expect(ids(r.overruled)).toEqual(["filler"]);
  });

  it("keeps the given order between plans of equal order", () => {
    const r = resolveAt(
      utc(plan(7, [item("x")], { order: 0 }), plan(3, [item("y")], { order: 0 })),
      t("2025-06-02T10:00:00Z"),
    );
    expect(r.playing.map((c) => c.planId)).toEqual([7, 3]);
  });
});

describe("resolveAt: dates and weekdays (rule 1)", () => {
  const input = utc(
    plan(1, [
      item("mon-wed", { startDate: "2025-06-02", endDate: "2025-06-04", weekdays: [1, 2, 3] }),
      item("odd", { startDate: "2025-06-02", endDate: "2025-06-04", weekdays: [1, 3] }),
    ]),
  );
  const at = (iso: string) => ids(resolveAt(input, t(iso)).playing);

  it("includes the first and the last day", () => {
    expect(at("2025-06-02T09:00:00Z")).toEqual(["mon-wed", "odd"]);
    expect(at("2025-06-04T16:59:59Z")).toEqual(["mon-wed", "odd"]);
  });

  it("opens the window at its start and closes it at its end", () => {
    expect(at("2025-06-02T08:59:59.999Z")).toEqual([]);
    expect(at("2025-06-04T17:00:00Z")).toEqual([]);
  });

  it("plays nothing before the start date or after the end date", () => {
    expect(at("2025-06-01T10:00:00Z")).toEqual([]);
    expect(at("2025-06-05T10:00:00Z")).toEqual([]);
  });

  it("skips a day whose weekday is not in the set", () => {
    expect(at("2025-06-03T10:00:00Z")).toEqual(["mon-wed"]);
  });

  it("reports the rule that made the item active", () => {
    const r = resolveAt(input, t("2025-06-03T10:00:00Z"));
    expect(r.playing[0]?.rule).toEqual({
      startDate: "2025-06-02",
      endDate: "2025-06-04",
      weekdays: [1, 2, 3],
      window: { start: "09:00", end: "17:00" },
    });
    expect(r.playing[0]?.windowStart).toBe(t("2025-06-03T09:00:00Z"));
    expect(r.playing[0]?.windowEnd).toBe(t("2025-06-03T17:00:00Z"));
  });
});

describe("resolveAt: windows crossing midnight", () => {
  const input = utc(
    plan(1, [
      item("friday-night", {
        weekdays: [5],
        endDate: "2025-06-06",
        windows: [{ start: "22:00", end: "02:00" }],
      }),
    ]),
  );
  const at = (iso: string) => ids(resolveAt(input, t(iso)).playing);

  it("belongs to the day it starts: Friday 22:00–02:00 plays on Saturday 01:00", () => {
    expect(at("2025-06-06T23:00:00Z")).toEqual(["friday-night"]);
    const r = resolveAt(input, t("2025-06-07T01:00:00Z"));
    expect(ids(r.playing)).toEqual(["friday-night"]);
    expect(r.playing[0]?.windowStart).toBe(t("2025-06-06T22:00:00Z"));
    expect(r.playing[0]?.windowEnd).toBe(t("2025-06-07T02:00:00Z"));
  });

  it("does not play on Friday 01:00 when Thursday is not one of its days", () => {
    expect(at("2025-06-06T01:00:00Z")).toEqual([]);
  });

  it("ends at its end time the next day", () => {
    expect(at("2025-06-07T02:00:00Z")).toEqual([]);
  });

  it("reads 00:00–24:00 as the whole day and start = end as 24 hours", () => {
    const r = resolveAt(
      utc(
        plan(1, [
          item("day", { weekdays: [1], windows: [{ start: "00:00", end: "24:00" }] }),
          item("round", { weekdays: [1], windows: [{ start: "06:00", end: "06:00" }] }),
        ]),
      ),
      t("2025-06-03T05:59:00Z"),
    );
    // Tuesday 05:59: the Monday whole-day window is over, the Monday 06:00–06:00 one is not.
    expect(ids(r.playing)).toEqual(["round"]);
    const monday = resolveAt(
      utc(plan(1, [item("day", { windows: [{ start: "00:00", end: "24:00" }] })])),
      t("2025-06-02T23:59:59Z"),
    );
    expect(monday.playing[0]?.windowEnd).toBe(t("2025-06-03T00:00:00Z"));
  });
});

describe("resolveAt: the terminal's time zone", () => {
  const plans = [
    plan(1, [
      item("day", { windows: [{ start: "09:00", end: "17:00" }] }),
      item("evening", { windows: [{ start: "17:00", end: "23:00" }] }),
    ]),
  ];
  const at = t("2025-06-02T10:00:00Z");
  const playing = (timezone: string) => ids(resolveAt({ plans, timezone }, at).playing);

  it("gives different answers at one instant in Rome, New York and Shanghai", () => {
    expect(playing("Europe/Rome")).toEqual(["day"]); // 12:00
    expect(playing("America/New_York")).toEqual([]); // 06:00
    expect(playing("Asia/Shanghai")).toEqual(["evening"]); // 18:00
  });

  it("computes window instants in that zone", () => {
    const r = resolveAt({ plans, timezone: "America/New_York" }, at);
    expect(r.until).toBe(t("2025-06-02T13:00:00Z")); // 09:00 EDT
  });

  it("reads an unknown zone as UTC", () => {
    expect(playing("Not/AZone")).toEqual(["day"]); // 10:00 UTC
  });
});

describe("resolveAt: a DST change in Europe/Rome", () => {
  const rome = (...items: ReturnType<typeof item>[]): ScheduleInput => ({
    plans: [plan(1, items)],
    timezone: "Europe/Rome",
  });

  it("has a 23-hour day when clocks go forward", () => {
    const r = resolveAt(
      rome(
        item("all", {
          startDate: "2025-03-30",
          endDate: "2025-03-30",
          windows: [{ start: "00:00", end: "24:00" }],
        }),
      ),
      t("2025-03-30T12:00:00Z"),
    );
    const c = r.playing[0] as Candidate;
    expect(c.windowStart).toBe(t("2025-03-29T23:00:00Z"));
    expect(c.windowEnd - c.windowStart).toBe(23 * 3_600_000);
  });

  it("starts a window whose start falls in the gap at the end of the gap", () => {
    const input = rome(
      item("gap", {
        startDate: "2025-03-30",
        endDate: "2025-03-30",
        windows: [{ start: "02:30", end: "03:30" }],
      }),
    );
    expect(resolveAt(input, t("2025-03-30T00:59:00Z")).playing).toEqual([]); // 01:59 CET
    const r = resolveAt(input, t("2025-03-30T01:00:00Z")); // 03:00 CEST
    expect(r.playing[0]?.windowStart).toBe(t("2025-03-30T01:00:00Z"));
    expect(r.playing[0]?.windowEnd).toBe(t("2025-03-30T01:30:00Z"));
    expect(resolveAt(input, t("2025-03-30T00:00:00Z")).until).toBe(t("2025-03-30T01:00:00Z"));
  });

  it("takes the first occurrence of an ambiguous time when clocks go back", () => {
    const input = rome(
      item("back", {
        startDate: "2025-10-26",
        endDate: "2025-10-26",
        windows: [{ start: "02:30", end: "04:00" }],
      }),
    );
    const r = resolveAt(input, t("2025-10-26T01:30:00Z"));
    expect(r.playing[0]?.windowStart).toBe(t("2025-10-26T00:30:00Z")); // 02:30 CEST
    expect(r.playing[0]?.windowEnd).toBe(t("2025-10-26T03:00:00Z")); // 04:00 CET
  });

  it("keeps local times on both sides of the change", () => {
    const input = rome(item("nine", { windows: [{ start: "09:00", end: "10:00" }] }));
    expect(resolveAt(input, t("2025-03-29T08:30:00Z")).playing).toHaveLength(1); // 09:30 CET
    expect(resolveAt(input, t("2025-03-31T07:30:00Z")).playing).toHaveLength(1); // 09:30 CEST
    expect(resolveAt(input, t("2025-03-31T08:30:00Z")).playing).toHaveLength(0); // 10:30 CEST
  });
});

describe("resolveAt: default programs (rule 3)", () => {
  const input = utc(
    plan(1, [item("day")], { defaultProgramId: 99 }),
    plan(2, [], { defaultProgramId: 98, order: 0 }),
    plan(3, [], { defaultProgramId: null }),
  );

  it("plays the plans' default programs, in plan order, when no item is active", () => {
    const r = resolveAt(input, t("2025-06-02T18:00:00Z"));
    expect(r.tier).toBe("filler");
    expect(r.playing.map((c) => [c.planId, c.programId, c.itemId, c.tier, c.rule])).toEqual([
      [2, 98, null, "filler", null],
      [1, 99, null, "filler", null],
    ]);
    expect(r.playing[0]?.windowStart).toBe(t("2025-06-02T17:00:00Z"));
    expect(r.playing[0]?.windowEnd).toBe(t("2025-06-03T09:00:00Z"));
    expect(r.why.map((w) => w.kind)).toEqual(["default", "default"]);
  });

  it("does not play them while an item is active", () => {
    const r = resolveAt(input, t("2025-06-02T10:00:00Z"));
    expect(r.playing.every((c) => c.itemId !== null)).toBe(true);
    expect(r.overruled.every((c) => c.itemId !== null)).toBe(true);
    expect(r.why.some((w) => w.kind === "default")).toBe(false);
    // They stand by at the end of `active`, for pickNext to fall back to.
    expect(r.active.at(-1)?.itemId).toBeNull();
  });

  it("fills the whole horizon when no item ever plays", () => {
    const at = t("2025-06-02T10:00:00Z");
    const r = resolveAt(utc(plan(1, [], { defaultProgramId: 5 })), at);
    expect(r.playing[0]?.windowStart).toBe(at - 8 * 86_400_000);
    expect(r.playing[0]?.windowEnd).toBe(at + 8 * 86_400_000);
    expect(r.until).toBeNull();
  });

  it("says nothing plays when there is neither an item nor a default", () => {
    const r = resolveAt(utc(plan(1, [item("day")])), t("2025-06-02T20:00:00Z"));
    expect(r.tier).toBeNull();
    expect(r.playing).toEqual([]);
    expect(r.why).toEqual([{ kind: "nothing" }]);
  });
});

describe("resolveAt: messages (rule 4)", () => {
  const normal = message(1, { startAt: t("2025-06-02T09:00:00Z"), endAt: t("2025-06-02T11:00:00Z") });
  const alarm = message(2, { startAt: t("2025-06-02T10:00:00Z"), endAt: t("2025-06-02T10:30:00Z") }, true);
  const newer = message(3, { startAt: t("2025-06-02T10:05:00Z"), endAt: null }, true);
  const input: ScheduleInput = { ...utc(plan(1, [item("day")])), messages: [normal, alarm, newer] };

  it("interrupts with the newest active emergency message and lists emergencies first", () => {
    const r = resolveAt(input, t("2025-06-02T10:10:00Z"));
    expect(r.interrupt?.id).toBe(3);
    expect(r.messages.map((m) => m.id)).toEqual([3, 2, 1]);
    expect(r.why.at(-1)).toEqual({ kind: "interrupt", message: newer });
    // The programs still resolve underneath.
    expect(ids(r.playing)).toEqual(["day"]);
  });

  it("does not interrupt with a normal message", () => {
    const r = resolveAt(input, t("2025-06-02T09:30:00Z"));
    expect(r.messages.map((m) => m.id)).toEqual([1]);
    expect(r.interrupt).toBeNull();
    expect(r.why.some((w) => w.kind === "interrupt")).toBe(false);
  });

  it("shows a message from its start (inclusive) to its end (exclusive)", () => {
    expect(resolveAt(input, t("2025-06-02T10:00:00Z")).interrupt?.id).toBe(2);
    expect(resolveAt(input, t("2025-06-02T11:00:00Z")).messages.map((m) => m.id)).toEqual([3]);
    expect(resolveAt(input, t("2025-06-02T08:59:59Z")).messages).toEqual([]);
  });

  it("treats an open start as always begun", () => {
    const r = resolveAt({ ...input, messages: [message(9, {}, true)] }, t("2001-01-01T00:00:00Z"));
    expect(r.interrupt?.id).toBe(9);
  });
});

describe("resolveAt: why", () => {
  const input = utc(
    plan(1, [item("base")], { name: "Everyday" }),
    plan(2, [item("sale", { tier: "high", windows: [{ start: "10:00", end: "12:00" }] })], { name: "Sale" }),
    plan(3, [item("alert", { tier: "emergency", windows: [{ start: "10:30", end: "11:00" }] })], {
      name: "Alert",
    }),
  );

  it("names who plays and who overruled whom", () => {
    const r = resolveAt(input, t("2025-06-02T10:45:00Z"));
    expect(r.why.map((w) => w.kind)).toEqual(["plays", "overrules", "overrules"]);
    const lines = r.why.map((w) =>
      w.kind === "plays"
        ? `${w.candidate.planName}/${w.candidate.itemId} plays`
        : w.kind === "overrules"
          ? `${w.winner.planName}/${w.winner.itemId} > ${w.loser.planName}/${w.loser.itemId} (${w.loser.tier})`
          : w.kind,
    );
    expect(lines).toEqual([
      "Alert/alert plays",
      "Alert/alert > Sale/sale (high)",
      "Alert/alert > Everyday/base (normal)",
    ]);
  });

  it("has one plays line per item in the rotation and no overrules when alone", () => {
    const r = resolveAt(utc(plan(1, [item("a"), item("b")])), t("2025-06-02T10:00:00Z"));
    expect(r.why).toEqual([
      { kind: "plays", candidate: r.playing[0] },
      { kind: "plays", candidate: r.playing[1] },
    ]);
  });
});

describe("resolveAt: until", () => {
  const input = utc(plan(1, [item("day", { endDate: "2025-06-05" })]));

  it("is the next window start or end", () => {
    expect(resolveAt(input, t("2025-06-02T08:00:00Z")).until).toBe(t("2025-06-02T09:00:00Z"));
    expect(resolveAt(input, t("2025-06-02T09:00:00Z")).until).toBe(t("2025-06-02T17:00:00Z"));
    expect(resolveAt(input, t("2025-06-02T18:00:00Z")).until).toBe(t("2025-06-03T09:00:00Z"));
  });

  it("counts message boundaries", () => {
    const withMessage = {
      ...input,
      messages: [message(1, { startAt: t("2025-06-02T12:00:00Z"), endAt: t("2025-06-02T12:10:00Z") })],
    };
    expect(resolveAt(withMessage, t("2025-06-02T10:00:00Z")).until).toBe(t("2025-06-02T12:00:00Z"));
    expect(resolveAt(withMessage, t("2025-06-02T12:05:00Z")).until).toBe(t("2025-06-02T12:10:00Z"));
  });

  it("is null when nothing changes within 8 days", () => {
    expect(resolveAt(input, t("2025-06-05T18:00:00Z")).until).toBeNull();
    const later = utc(plan(1, [item("later", { startDate: "2025-06-20" })]));
    expect(resolveAt(later, t("2025-06-02T10:00:00Z")).until).toBeNull();
    expect(resolveAt(later, t("2025-06-13T10:00:00Z")).until).toBe(t("2025-06-20T09:00:00Z"));
  });

  it("refuses an instant that is not a number", () => {
    expect(() => resolveAt(input, Number.NaN)).toThrow(RangeError);
  });
});
