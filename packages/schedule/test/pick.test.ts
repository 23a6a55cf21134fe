import { describe, expect, it } from "vitest";
import {
  EMPTY_PLAY_STATE,
  type PlayState,
  pickNext,
  type Resolution,
  resolveAt,
  type ScheduleInput,
} from "../src";
import { item, plan, t } from "./fixtures";

const utc = (...plans: ScheduleInput["plans"]): ScheduleInput => ({ plans, timezone: "UTC" });

/** Deeply frozen: pickNext must not change the state it is given. */
function frozen(s: PlayState): PlayState {
  Object.freeze(s.rotation);
  Object.freeze(s.counts);
  Object.freeze(s.slots);
  return Object.freeze(s);
}

/** Picks `n` times at `now` (or at the instants given), resolving each time like the player does. */
function run(input: ScheduleInput, nows: number[], start: PlayState = EMPTY_PLAY_STATE) {
  let state = start;
  const picked: (string | null)[] = [];
  for (const now of nows) {
    const res = resolveAt(input, now);
    const out = pickNext(res, frozen(state), now);
    picked.push(out.next ? (out.next.itemId ?? `default:${out.next.programId}`) : null);
    state = out.state;
  }
  return { picked, state };
}

const times = (n: number, at: number) => Array.from({ length: n }, () => at);
const ten = t("2025-06-02T10:00:00Z");

describe("pickNext", () => {
  it("rotates the looping items of the playing tier in order, across plans", () => {
    const input = utc(plan(2, [item("b1"), item("b2")], { order: 2 }), plan(1, [item("a1")], { order: 1 }));
    const { picked, state } = run(input, times(5, ten));
    expect(picked).toEqual(["a1", "b1", "b2", "a1", "b1"]);
    expect(state.rotation.normal).toBe(2);
  });

  it("plays a `times` item its count, then yields to the next tier", () => {
    const input = utc(
      plan(1, [
        item("twice", { tier: "high", mode: { kind: "times", count: 2 } }),
        item("loop-a"),
        item("loop-b"),
      ]),
    );
    const { picked, state } = run(input, times(5, ten));
    expect(picked).toEqual(["twice", "twice", "loop-a", "loop-b", "loop-a"]);
    expect(Object.values(state.counts)).toEqual([2]);
    expect(Object.keys(state.counts)).toEqual([`1:twice:${t("2025-06-02T09:00:00Z")}`]);
  });

  it("falls back to the default program once the only active item has used up its plays", () => {
    const input = utc(
      plan(1, [item("twice", { mode: { kind: "times", count: 2 } })], { defaultProgramId: 99 }),
    );
    const { picked } = run(input, times(4, ten));
    expect(picked).toEqual(["twice", "twice", "default:99", "default:99"]);
  });

  it("plays a `times` item before the loops of its own tier, and again in its next window", () => {
    const input = utc(
      plan(1, [item("once", { mode: { kind: "times", count: 1 }, weekdays: [1, 2] }), item("loop")]),
    );
    const monday = run(input, times(3, ten));
    expect(monday.picked).toEqual(["once", "loop", "loop"]);
    const tuesday = run(input, [t("2025-06-03T10:00:00Z")], monday.state);
    expect(tuesday.picked).toEqual(["once"]);
    // Monday's count was dropped: its window is over.
    expect(Object.keys(tuesday.state.counts)).toEqual([`1:once:${t("2025-06-03T09:00:00Z")}`]);
  });

  it("cuts in an interval item once per slot", () => {
    const input = utc(plan(1, [item("every30", { mode: { kind: "interval", everyMin: 30 } }), item("loop")]));
    const at = (hm: string) => t(`2025-06-02T${hm}:00Z`);
    const { picked, state } = run(input, [
      at("09:05"),
      at("09:10"),
      at("09:20"),
      at("09:31"),
      at("09:40"),
      at("10:01"),
    ]);
    expect(picked).toEqual(["every30", "loop", "loop", "every30", "loop", "every30"]);
    expect(Object.values(state.slots)).toEqual([2]);
  });

  it("loops the default programs when no item is active", () => {
    const input = utc(plan(1, [], { defaultProgramId: 7 }), plan(2, [], { defaultProgramId: 8 }));
    expect(run(input, times(3, ten)).picked).toEqual(["default:7", "default:8", "default:7"]);
  });

  it("returns nothing when nothing is active, or when everything active is used up", () => {
    expect(run(utc(plan(1, [item("day")])), [t("2025-06-02T20:00:00Z")]).picked).toEqual([null]);
    const input = utc(plan(1, [item("once", { mode: { kind: "times", count: 1 } })]));
    expect(run(input, times(2, ten)).picked).toEqual(["once", null]);
  });

  it("does not change the state it is given and drops keys of past windows", () => {
    const res: Resolution = resolveAt(utc(plan(1, [item("loop")])), ten);
    const old: PlayState = frozen({
      rotation: { high: 3 },
      counts: { "1:gone:0": 4 },
      slots: { "1:gone:0": 1 },
    });
    const { next, state } = pickNext(res, old, ten);
    expect(next?.itemId).toBe("loop");
    expect(state).toEqual({ rotation: { high: 3, normal: 1 }, counts: {}, slots: {} });
    expect(old.counts).toEqual({ "1:gone:0": 4 });
  });
});
