import { reasonFields, whyText } from "@marquee/terminal-protocol";
import { describe, expect, it } from "vitest";
import {
  type Checked,
  debugArgs,
  deleteFilesArgs,
  parseVolume,
  playMessageArgs,
  playProgramArgs,
  refreshArgs,
  settingsArgs,
  syncStartArgs,
  unsupported,
  updateArgs,
  volumeArgs,
} from "../src/commands/args";

/** A checked argument with the refusal in its English words (as the ack's `reason` carries it). */
const worded = <T>(c: Checked<T>) => (c.ok ? c : { ok: false, reason: whyText(c.reason) });

describe("command arguments", () => {
  it("takes a whole volume from 0 to 100", () => {
    expect(volumeArgs({ volume: 0 })).toEqual({ ok: true, value: 0 });
    expect(volumeArgs({ volume: 100 })).toEqual({ ok: true, value: 100 });
    for (const bad of [
      {},
      { volume: "50" },
      { volume: 101 },
      { volume: -1 },
      { volume: 5.5 },
      { volume: null },
    ])
      expect(worded(volumeArgs(bad))).toEqual({
        ok: false,
        reason: "volume must be a whole number from 0 to 100",
      });
  });

  it("takes refresh with an optional reload flag", () => {
    expect(refreshArgs({})).toEqual({ ok: true, value: { reload: false } });
    expect(refreshArgs({ reload: true })).toEqual({ ok: true, value: { reload: true } });
    expect(refreshArgs({ reload: "yes" }).ok).toBe(false);
  });

  it("names an unknown command", () => {
    expect(whyText(unsupported("reboot"))).toBe("unsupported command reboot");
  });

  it("reads the kept volume, 100 when none or damaged", () => {
    expect(parseVolume(null)).toBe(100);
    expect(parseVolume("35")).toBe(35);
    expect(parseVolume("abc")).toBe(100);
    expect(parseVolume("300")).toBe(100);
  });

  it("takes settings the schema accepts", () => {
    expect(settingsArgs({ settings: { brightness: 50, rotation: 90 } })).toEqual({
      ok: true,
      value: { brightness: 50, rotation: 90 },
    });
    for (const bad of [{}, { settings: { rotation: 45 } }, { settings: { colour: "red" } }])
      expect(worded(settingsArgs(bad))).toEqual({
        ok: false,
        reason: "settings are not valid device settings",
      });
  });

  it("takes play now with a program or a message, and an optional end", () => {
    expect(playProgramArgs({ programId: 3 })).toEqual({ ok: true, value: { programId: 3, until: null } });
    expect(playProgramArgs({ programId: 3, until: "2026-03-02T11:00:00Z" })).toEqual({
      ok: true,
      value: { programId: 3, until: Date.parse("2026-03-02T11:00:00Z") },
    });
    expect(playProgramArgs({ programId: 0 }).ok).toBe(false);
    expect(worded(playProgramArgs({ programId: 3, until: "later" }))).toEqual({
      ok: false,
      reason: "until must be an ISO date and time",
    });
    expect(playMessageArgs({ messageId: 2 })).toEqual({ ok: true, value: 2 });
    expect(playMessageArgs({ messageId: "2" }).ok).toBe(false);
  });

  it("takes file hashes to delete, or none for every unneeded file", () => {
    const h = "a".repeat(32);
    expect(deleteFilesArgs({})).toEqual({ ok: true, value: null });
    expect(deleteFilesArgs({ hashes: [h, h] })).toEqual({ ok: true, value: [h] });
    expect(deleteFilesArgs({ hashes: ["../x"] }).ok).toBe(false);
    expect(deleteFilesArgs({ hashes: "all" }).ok).toBe(false);
  });

  it("takes an update package, a debug switch and a sync start", () => {
    const pkg = { packageId: 1, version: "3.9.0", url: "/apm-web/t/p/1", sha256: "A".repeat(64), size: 10 };
    expect(updateArgs(pkg)).toEqual({ ok: true, value: { ...pkg, sha256: "a".repeat(64) } });
    expect(worded(updateArgs({ ...pkg, sha256: "xyz" }))).toEqual({
      ok: false,
      reason: "sha256 must be 64 hexadecimal digits",
    });
    expect(updateArgs({ ...pkg, size: -1 }).ok).toBe(false);
    expect(debugArgs({ on: true })).toEqual({ ok: true, value: { on: true, seconds: null } });
    expect(worded(debugArgs({ on: true, seconds: 5 }))).toEqual({
      ok: false,
      reason: "seconds must be a whole number from 10 to 3600",
    });
    expect(debugArgs({}).ok).toBe(false);
    expect(syncStartArgs({ programId: 4, at: 1_772_000_000_000 })).toEqual({
      ok: true,
      value: { programId: 4, at: 1_772_000_000_000 },
    });
    expect(syncStartArgs({ programId: 4, at: "noon" }).ok).toBe(false);
  });
});

describe("a refused command's reason", () => {
  const refusals = [
    volumeArgs({ volume: 101 }),
    refreshArgs({ reload: "yes" }),
    settingsArgs({ settings: { brightness: 140 } }),
    playProgramArgs({ programId: "x" }),
    playProgramArgs({ programId: 1, until: "tomorrow" }),
    playMessageArgs({}),
    deleteFilesArgs({ hashes: ["x"] }),
    updateArgs({ packageId: 1, version: "1", url: "/p", sha256: "x", size: 1 }),
    updateArgs({ packageId: 1, version: " ", url: "/p", sha256: "a".repeat(64), size: 1 }),
    debugArgs({ on: true, seconds: 5 }),
    syncStartArgs({ programId: 1 }),
  ];

  it("is made as its code and the argument's name, and sent with the words of that code", () => {
    const codes = refusals.map((r) => {
      if (r.ok) throw new Error("accepted");
      const fields = reasonFields(r.reason);
      expect(fields.reason).toBe(whyText(r.reason));
      expect(fields.reasonCode).toBe(r.reason.code);
      return [r.reason.code, r.reason.values?.name];
    });
    expect(codes).toEqual([
      ["argWholeRange", "volume"],
      ["argBoolean", "reload"],
      ["argSettings", "settings"],
      ["argProgramId", "programId"],
      ["argDateTime", "until"],
      ["argMessageId", "messageId"],
      ["argHashes", "hashes"],
      ["argHex", "sha256"],
      ["argText", "version"],
      ["argWholeRange", "seconds"],
      ["argInstant", "at"],
    ]);
    expect(reasonFields(unsupported("teleport"))).toEqual({
      reason: "unsupported command teleport",
      reasonCode: "unsupported",
      reasonValues: { command: "teleport" },
    });
  });
});
