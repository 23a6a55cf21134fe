import { describe, expect, it } from "vitest";
import { DeviceSettings, deviceStateAt, mergeDeviceSettings } from "../src";

// 2026-11-23 is a Monday.
const at = (iso: string) => Date.parse(iso);

describe("deviceStateAt", () => {
  it("is always on at full brightness with no settings", () => {
    const s = deviceStateAt({}, at("2026-11-23T12:00:00Z"), "UTC");
    expect(s).toEqual({
      screenOn: true,
      volume: null,
      brightness: 100,
      rotation: 0,
      downloadAllowed: true,
      nextChangeAt: null,
    });
  });

  it("turns the screen off outside its timers on their weekdays, in the terminal's zone", () => {
    const settings = { timers: [{ weekdays: [1, 2, 3, 4, 5], on: "08:00", off: "18:00" }] };
    // 09:00 in Rome is 08:00 UTC.
    expect(deviceStateAt(settings, at("2026-11-23T08:00:00Z"), "Europe/Rome").screenOn).toBe(true);
    expect(deviceStateAt(settings, at("2026-11-23T06:59:00Z"), "Europe/Rome").screenOn).toBe(false);
    const evening = deviceStateAt(settings, at("2026-11-23T16:30:00Z"), "Europe/Rome");
    expect(evening.screenOn).toBe(true);
    expect(evening.nextChangeAt).toBe(at("2026-11-23T17:00:00Z"));
    // Saturday: off all day; the next change is Monday 08:00 local.
    const saturday = deviceStateAt(settings, at("2026-11-28T12:00:00Z"), "Europe/Rome");
    expect(saturday.screenOn).toBe(false);
    expect(saturday.nextChangeAt).toBe(at("2026-11-30T07:00:00Z"));
  });

  it("keeps a timer crossing midnight on into the next day", () => {
    const settings = { timers: [{ weekdays: [5], on: "20:00", off: "02:00" }] };
    // Friday 2026-11-27 23:00 and Saturday 01:30: on; Saturday 02:00: off; Thursday night 01:00: off.
    expect(deviceStateAt(settings, at("2026-11-27T23:00:00Z"), "UTC").screenOn).toBe(true);
    expect(deviceStateAt(settings, at("2026-11-28T01:30:00Z"), "UTC").screenOn).toBe(true);
    expect(deviceStateAt(settings, at("2026-11-28T02:00:00Z"), "UTC").screenOn).toBe(false);
    expect(deviceStateAt(settings, at("2026-11-27T01:00:00Z"), "UTC").screenOn).toBe(false);
  });

  it("plays at the hourly volume, else the set volume", () => {
    const settings = { volume: 40, volumes: [{ start: "22:00", end: "07:00", volume: 5 }] };
    expect(deviceStateAt(settings, at("2026-11-23T23:00:00Z"), "UTC").volume).toBe(5);
    expect(deviceStateAt(settings, at("2026-11-24T06:59:00Z"), "UTC").volume).toBe(5);
    const day = deviceStateAt(settings, at("2026-11-24T12:00:00Z"), "UTC");
    expect(day.volume).toBe(40);
    expect(day.nextChangeAt).toBe(at("2026-11-24T22:00:00Z"));
  });

  it("allows downloads only in the window", () => {
    const settings = { downloadWindow: { start: "01:00", end: "05:00" } };
    expect(deviceStateAt(settings, at("2026-11-23T03:00:00Z"), "UTC").downloadAllowed).toBe(true);
    expect(deviceStateAt(settings, at("2026-11-23T12:00:00Z"), "UTC").downloadAllowed).toBe(false);
  });
});

describe("mergeDeviceSettings", () => {
  it("lets the terminal's own fields win over its strategy's", () => {
    const merged = mergeDeviceSettings(
      { volume: 30, brightness: 50, timers: [{ weekdays: [1], on: "08:00", off: "09:00" }] },
      { volume: 80 },
    );
    expect(merged).toEqual({
      volume: 80,
      brightness: 50,
      timers: [{ weekdays: [1], on: "08:00", off: "09:00" }],
    });
  });

  it("refuses settings out of range", () => {
    expect(DeviceSettings.safeParse({ rotation: 45 }).success).toBe(false);
    expect(DeviceSettings.safeParse({ heartbeatSec: 5 }).success).toBe(false);
    expect(DeviceSettings.safeParse({ timers: [{ weekdays: [8], on: "08:00", off: "09:00" }] }).success).toBe(
      false,
    );
  });
});
