import { TerminalStatus } from "@marquee/terminal-protocol";
import { describe, expect, it } from "vitest";
import { buildStatus, type StatusInput } from "../src/status";

const base: StatusInput = {
  version: "3.8.33",
  resolution: { width: 1920, height: 1080 },
  program: { id: 4, name: "Lobby" },
  storage: { used: 1234.6, quota: 10_000 },
  startedAt: 1_000,
  now: 61_500,
  online: true,
  connectionType: "ethernet",
  volume: 80,
  lastDownloadError: null,
  manifestVersion: "abc",
};

describe("buildStatus", () => {
  it("reports what the player knows, valid for the protocol", () => {
    const s = buildStatus(base);
    expect(s).toEqual({
      version: "3.8.33",
      resolution: { width: 1920, height: 1080 },
      programId: 4,
      programName: "Lobby",
      storageUsed: 1235,
      storageQuota: 10_000,
      uptimeSec: 61,
      network: "online (ethernet)",
      volume: 80,
      lastDownloadError: null,
      manifestVersion: "abc",
    });
    expect(TerminalStatus.safeParse(s).success).toBe(true);
  });

  it("fits odd values into the protocol's limits", () => {
    const s = buildStatus({
      ...base,
      resolution: { width: 1365.5, height: 0 },
      program: { id: 1, name: "x".repeat(300) },
      storage: null,
      online: false,
      volume: 140,
      lastDownloadError: "e".repeat(900),
      manifestVersion: "v".repeat(100),
      now: 0,
    });
    expect(TerminalStatus.safeParse(s).success).toBe(true);
    expect(s.resolution).toEqual({ width: 1366, height: 1 });
    expect(s.programName?.length).toBe(100);
    expect(s.storageUsed).toBe(0);
    expect(s.storageQuota).toBeNull();
    expect(s.network).toBe("offline");
    expect(s.volume).toBe(100);
    expect(s.uptimeSec).toBe(0);
    expect(s.lastDownloadError?.length).toBe(500);
    expect(s.manifestVersion?.length).toBe(64);
    expect(buildStatus({ ...base, program: null, connectionType: null }).network).toBe("online");
  });

  it("reports the device's time zone when it has one that fits", () => {
    expect(buildStatus({ ...base, timezone: "Europe/Rome" }).timezone).toBe("Europe/Rome");
    expect(TerminalStatus.safeParse(buildStatus({ ...base, timezone: "Asia/Shanghai" })).success).toBe(true);
    expect("timezone" in buildStatus({ ...base, timezone: null })).toBe(false);
    expect("timezone" in buildStatus({ ...base, timezone: "x".repeat(65) })).toBe(false);
  });

  it("reports the screen's state, its clock offset and its position, within the protocol's limits", () => {
    const s = buildStatus({
      ...base,
      screen: { screenOn: false, brightness: 40, rotation: 90 },
      clock: { offsetMs: -1234.6, rttMs: 48.2 },
      position: { lat: 45.46, lng: 9.19, accuracy: 12 },
    });
    expect(s).toMatchObject({
      screenOn: false,
      brightness: 40,
      rotation: 90,
      clockOffsetMs: -1235,
      rttMs: 48,
      position: { lat: 45.46, lng: 9.19, accuracy: 12 },
    });
    expect(TerminalStatus.safeParse(s).success).toBe(true);
    // A clock a day off is set wrong, not measured; an impossible fix is none.
    const odd = buildStatus({
      ...base,
      clock: { offsetMs: 2 * 86_400_000, rttMs: 5 },
      position: { lat: 91, lng: 0 },
    });
    expect(odd).toMatchObject({ clockOffsetMs: null, rttMs: null, position: null });
    expect(TerminalStatus.safeParse(odd).success).toBe(true);
    expect("clockOffsetMs" in buildStatus(base)).toBe(false);
  });

  it("reports how many files of its manifest the screen lacks (the offline runway)", () => {
    expect(buildStatus({ ...base, mediaMissing: 3 }).mediaMissing).toBe(3);
    expect(buildStatus({ ...base, mediaMissing: -1 }).mediaMissing).toBe(0);
    expect("mediaMissing" in buildStatus(base)).toBe(false);
    expect(TerminalStatus.safeParse(buildStatus({ ...base, mediaMissing: 0 })).success).toBe(true);
  });
});
