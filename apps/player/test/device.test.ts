import { whyText } from "@marquee/terminal-protocol";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { downloadWindowReason, playVolume, ScreenClock, screenStateAt } from "../src/device";
import { MONDAY_10 } from "./fixtures";

const MIN = 60_000;
const everyDay = [1, 2, 3, 4, 5, 6, 7];

describe("screen state", () => {
  it("reads timers, brightness, rotation and the download window in the terminal's zone", () => {
    const settings = {
      timers: [{ weekdays: everyDay, on: "08:00", off: "10:30" }],
      brightness: 70,
      rotation: 90 as const,
      downloadWindow: { start: "22:00", end: "06:00" },
    };
    expect(screenStateAt(settings, MONDAY_10, "UTC")).toEqual({
      screenOn: true,
      brightness: 70,
      rotation: 90,
      downloadAllowed: false,
      ruleVolume: null,
      nextChangeAt: MONDAY_10 + 30 * MIN,
    });
    // 10:00 UTC is 11:00 in Rome: the screen is off there.
    expect(screenStateAt(settings, MONDAY_10, "Europe/Rome").screenOn).toBe(false);
    expect(screenStateAt({}, MONDAY_10, "UTC")).toMatchObject({
      screenOn: true,
      brightness: 100,
      rotation: 0,
      downloadAllowed: true,
      nextChangeAt: null,
    });
  });

  it("tells a volume rule in force from the screen's plain volume", () => {
    const volumes = [{ start: "09:00", end: "11:00", volume: 20 }];
    expect(screenStateAt({ volume: 60, volumes }, MONDAY_10, "UTC").ruleVolume).toBe(20);
    expect(screenStateAt({ volume: 60, volumes }, MONDAY_10 + 2 * 60 * MIN, "UTC").ruleVolume).toBeNull();
    expect(screenStateAt({ volume: 60 }, MONDAY_10, "UTC").ruleVolume).toBeNull();
  });

  it("plays at the rule's volume while one holds, the screen's own otherwise, nothing while off", () => {
    expect(playVolume(80, { screenOn: true, ruleVolume: 20 })).toBe(20);
    expect(playVolume(80, { screenOn: true, ruleVolume: null })).toBe(80);
    expect(playVolume(80, { screenOn: false, ruleVolume: 20 })).toBe(0);
  });

  it("says which window downloads wait for", () => {
    expect(whyText(downloadWindowReason({ downloadWindow: { start: "22:00", end: "06:00" } }))).toBe(
      "waiting for the download window (22:00–06:00)",
    );
  });
});

describe("ScreenClock", () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: MONDAY_10 });
  });
  afterEach(() => vi.useRealTimers());

  it("turns the screen off and on at the timers' minutes", () => {
    const seen: boolean[] = [];
    const clock = new ScreenClock((s) => seen.push(s.screenOn));
    clock.set({ timers: [{ weekdays: [1], on: "08:00", off: "10:30" }] }, "UTC");
    expect(clock.state.screenOn).toBe(true);
    vi.advanceTimersByTime(30 * MIN - 1);
    expect(clock.state.screenOn).toBe(true);
    vi.advanceTimersByTime(10);
    expect(clock.state.screenOn).toBe(false);
    // Monday only: on again next Monday at 08:00.
    vi.advanceTimersByTime(7 * 24 * 60 * MIN - 2.5 * 60 * MIN);
    expect(clock.state.screenOn).toBe(true);
    expect(seen).toEqual([false, true]);
    clock.stop();
  });

  it("catches a clock set right within a minute", () => {
    const clock = new ScreenClock(() => undefined);
    clock.set({ timers: [{ weekdays: everyDay, on: "08:00", off: "10:30" }] }, "UTC");
    // The device's clock jumps to 11:00 without the timers firing.
    vi.setSystemTime(MONDAY_10 + 60 * MIN);
    vi.advanceTimersByTime(60_000);
    expect(clock.state.screenOn).toBe(false);
    clock.stop();
  });

  it("tells only what changed", () => {
    let calls = 0;
    const clock = new ScreenClock(() => calls++);
    clock.set({}, "UTC");
    expect(calls).toBe(0);
    clock.set({ brightness: 50 }, "UTC");
    expect(calls).toBe(1);
    vi.advanceTimersByTime(10 * MIN);
    expect(calls).toBe(1);
    clock.stop();
  });
});
