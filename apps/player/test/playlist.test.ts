import { EMPTY_PLAY_STATE, type PlayState, resolveAt } from "@marquee/schedule";
import { type Manifest, whyText } from "@marquee/terminal-protocol";
import { describe, expect, it } from "vitest";
import {
  messageKey,
  messagesOnScreen,
  nextCheckIn,
  programProblems,
  programsOf,
  type Showing,
  type StepReason,
  scheduleInputOf,
  step,
} from "../src/playlist";
import { MONDAY_10, manifest, planItem, programDoc, scheduleMessage, schedulePlan } from "./fixtures";

const MIN = 60_000;

/** A screen following a manifest's schedule, as the controller drives it. */
class Screen {
  showing: Showing | null = null;
  state: PlayState = EMPTY_PLAY_STATE;
  private programs = programsOf(null).programs;
  private m: Manifest | null = null;

  constructor(m: Manifest) {
    this.load(m);
  }

  load(m: Manifest): void {
    this.m = m;
    this.programs = programsOf(m, this.programs).programs;
  }

  /** One scheduling step at `at`; answers the program id on screen. */
  go(reason: StepReason, at: number): number | null {
    const res = resolveAt(scheduleInputOf(this.m, this.programs), at);
    const r = step(reason, this.showing, res, this.programs, this.state, at);
    this.showing = r.showing;
    this.state = r.state;
    return this.showing?.item.id ?? null;
  }
}

const docs = (...ids: number[]) => ids.map((id) => ({ id, doc: programDoc(`P${id}`) }));

describe("programs of a manifest", () => {
  it("keeps valid programs by id, skips invalid ones with a reason, and keeps unchanged objects", () => {
    const noMain = programDoc();
    noMain.scenes = noMain.scenes.map((s) => ({ ...s, kind: "popup" as const }));
    const m = manifest([
      { id: 1, doc: programDoc("one") },
      { id: 2, doc: { width: "wide" } },
      { id: 3, doc: programDoc("three") },
      { id: 4, doc: noMain },
    ]);
    const first = programsOf(m);
    expect([...first.programs.keys()]).toEqual([1, 3]);
    expect(first.skipped.map((s) => s.id)).toEqual([2, 4]);
    expect(first.skipped[1]?.reason).toBe("scenes: program.mainSceneRequired");
    const again = programsOf(
      manifest([
        { id: 1, doc: programDoc("one") },
        { id: 3, doc: programDoc("new"), version: 2 },
      ]),
      first.programs,
    );
    expect(again.programs.get(1)).toBe(first.programs.get(1));
    expect(again.programs.get(3)).not.toBe(first.programs.get(3));
    expect(again.programs.get(3)?.version).toBe(2);
    expect(programsOf(null)).toEqual({ programs: new Map(), skipped: [] });
  });
});

describe("the schedule decides what plays", () => {
  it("plays a plan's high-tier item now over a normal one, and cuts in when its window opens", () => {
    const m = manifest(docs(1, 2), [], "v1", {
      schedule: [
        schedulePlan(1, [planItem("a", 1)]),
        schedulePlan(2, [planItem("b", 2, { tier: "high", windows: [{ start: "10:30", end: "11:00" }] })]),
      ],
    });
    const screen = new Screen(m);
    expect(screen.go("start", MONDAY_10)).toBe(1);
    expect(screen.go("ended", MONDAY_10 + MIN)).toBe(1);
    // At the boundary the high item cuts in at once, without waiting for the pass to end.
    expect(screen.go("tick", MONDAY_10 + 30 * MIN + 5)).toBe(2);
    expect(screen.showing?.candidate.tier).toBe("high");
    expect(screen.go("ended", MONDAY_10 + 31 * MIN)).toBe(2);
    // Once its window closes, the program on screen finishes its pass, then the normal one plays.
    expect(screen.go("tick", MONDAY_10 + 60 * MIN + 5)).toBe(2);
    expect(screen.go("ended", MONDAY_10 + 61 * MIN)).toBe(1);
  });

  it("lets a weaker program on screen finish its pass at a boundary of the same tier", () => {
    const m = manifest(docs(1, 2), [], "v1", {
      schedule: [schedulePlan(1, [planItem("a", 1), planItem("b", 2)])],
    });
    const screen = new Screen(m);
    const first = screen.go("start", MONDAY_10);
    expect(screen.go("tick", MONDAY_10 + MIN)).toBe(first);
    expect(screen.go("manifest", MONDAY_10 + MIN)).toBe(first);
    const second = screen.go("ended", MONDAY_10 + 2 * MIN);
    expect(second).not.toBe(first);
    expect([first, second].sort()).toEqual([1, 2]);
  });

  it("plays a times item its count, then yields; the count survives a manifest refresh", () => {
    const schedule = [
      schedulePlan(1, [
        planItem("twice", 2, { tier: "high", mode: { kind: "times", count: 2 } }),
        planItem("loop", 1, { tier: "normal" }),
      ]),
    ];
    const screen = new Screen(manifest(docs(1, 2), [], "v1", { schedule }));
    expect(screen.go("start", MONDAY_10)).toBe(2);
    // A new manifest (same schedule) leaves the program on screen and the count as they are.
    screen.load(manifest(docs(1, 2), [], "v2", { schedule }));
    expect(screen.go("manifest", MONDAY_10 + MIN)).toBe(2);
    expect(screen.go("ended", MONDAY_10 + 2 * MIN)).toBe(2);
    expect(screen.go("ended", MONDAY_10 + 3 * MIN)).toBe(1);
    expect(screen.go("ended", MONDAY_10 + 4 * MIN)).toBe(1);
    // Used up: the high tier does not cut in again at a boundary.
    expect(screen.go("tick", MONDAY_10 + 5 * MIN)).toBe(1);
  });

  it("skips items whose program is missing or invalid, reports them, and plays what it can", () => {
    const m = manifest([...docs(1), { id: 3, doc: { width: "wide" } }], [], "v1", {
      schedule: [
        schedulePlan(1, [
          planItem("gone", 99, { tier: "emergency" }),
          planItem("broken", 3, { tier: "high" }),
          planItem("ok", 1),
        ]),
      ],
    });
    const { programs, skipped } = programsOf(m);
    const problems = programProblems(m, programs, skipped);
    expect(whyText(problems.get(99) ?? "")).toBe("program #99 is not in the manifest");
    expect(whyText(problems.get(3) ?? "")).toMatch(/^program P3 \(#3\): \S/);
    expect(problems.has(1)).toBe(false);
    expect(scheduleInputOf(m, programs).plans[0]?.items.map((i) => i.id)).toEqual(["ok"]);
    expect(new Screen(m).go("start", MONDAY_10)).toBe(1);
  });

  it("plays the plan's default program in empty time, and nothing outside every window", () => {
    const withDefault = manifest(docs(1, 5), [], "v1", {
      schedule: [schedulePlan(1, [planItem("a", 1)], { defaultProgramId: 5 })],
    });
    const screen = new Screen(withDefault);
    expect(screen.go("start", MONDAY_10 + 3 * 60 * MIN)).toBe(5);
    expect(screen.showing?.candidate.tier).toBe("filler");
    const without = manifest(docs(1), [], "v1", { schedule: [schedulePlan(1, [planItem("a", 1)])] });
    expect(new Screen(without).go("start", MONDAY_10 + 3 * 60 * MIN)).toBeNull();
    expect(new Screen(manifest(docs(1))).go("start", MONDAY_10)).toBeNull();
  });

  it("looks again at the next boundary, and at least every minute", () => {
    const m = manifest(docs(1), [], "v1", {
      schedule: [schedulePlan(1, [planItem("a", 1, { windows: [{ start: "10:00", end: "10:00" }] })])],
    });
    const { programs } = programsOf(m);
    const res = resolveAt(scheduleInputOf(m, programs), MONDAY_10 + 30_000);
    expect(nextCheckIn(res, MONDAY_10 + 30_000)).toBeLessThanOrEqual(60_000);
    expect(nextCheckIn({ ...res, until: MONDAY_10 + 40_000 }, MONDAY_10 + 30_000)).toBe(10_000);
    expect(nextCheckIn({ ...res, until: null }, MONDAY_10)).toBe(60_000);
  });
});

describe("messages on screen", () => {
  const bottom = scheduleMessage(1, { position: "bottom" }, { startAt: MONDAY_10 - 2 * MIN });
  const newerBottom = scheduleMessage(2, { position: "bottom" }, { startAt: MONDAY_10 - MIN });
  const top = scheduleMessage(3, { position: "top" });
  const emergency = scheduleMessage(
    4,
    { kind: "notice", position: "full", priority: "emergency", repeat: 1, emergencyDisplay: "alone" },
    { startAt: MONDAY_10 - MIN, endAt: MONDAY_10 + 10 * MIN },
  );
  const m = manifest(docs(1), [], "v1", {
    schedule: [schedulePlan(1, [planItem("a", 1)])],
    messages: [bottom, newerBottom, top, emergency],
  });
  const { programs } = programsOf(m);
  const input = scheduleInputOf(m, programs);

  it("shows an emergency message alone, interrupting the program, until it has been shown its count", () => {
    const res = resolveAt(input, MONDAY_10);
    expect(res.interrupt?.id).toBe(4);
    const shown = messagesOnScreen(res, new Set());
    expect(shown.interrupt?.id).toBe(4);
    expect(shown.overlays.map((x) => x.id)).toEqual([4]);
    // Shown its count: the program comes back, with one message per band (the newest).
    const after = messagesOnScreen(res, new Set([messageKey(emergency)]));
    expect(after.interrupt).toBeNull();
    expect(after.overlays.map((x) => x.id).sort()).toEqual([2, 3]);
  });

  it("shows an emergency message over the program without the other messages, the program still playing", () => {
    const over = scheduleMessage(
      5,
      { kind: "notice", position: "bottom", priority: "emergency", emergencyDisplay: "over" },
      { startAt: MONDAY_10 - MIN / 2, endAt: MONDAY_10 + 10 * MIN },
    );
    const withOver = manifest(docs(1), [], "v2", {
      schedule: [schedulePlan(1, [planItem("a", 1)])],
      messages: [bottom, top, over],
    });
    const res = resolveAt(scheduleInputOf(withOver, programsOf(withOver).programs), MONDAY_10);
    expect(res.playing.map((c) => c.programId)).toEqual([1]);
    const shown = messagesOnScreen(res, new Set());
    expect(shown.interrupt).toBeNull();
    expect(shown.overlays.map((x) => x.id)).toEqual([5]);
    // A message saved before the choice existed shows over the program too.
    const { emergencyDisplay: _, ...old } = over.doc;
    const legacy = { ...over, doc: old as typeof over.doc };
    expect(messagesOnScreen({ ...res, messages: [legacy] }, new Set()).interrupt).toBeNull();
  });

  it("ends the interruption at the message's end time", () => {
    const later = resolveAt(input, MONDAY_10 + 10 * MIN);
    expect(later.interrupt).toBeNull();
    expect(messagesOnScreen(later, new Set()).interrupt).toBeNull();
    expect(resolveAt(input, MONDAY_10).until).toBeLessThanOrEqual(MONDAY_10 + 10 * MIN);
  });
});
