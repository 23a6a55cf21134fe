import { describe, expect, it } from "vitest";
import { parseVolume, refreshArgs, unsupported, volumeArgs } from "../src/commands";

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
      expect(volumeArgs(bad)).toEqual({ ok: false, reason: "volume must be a whole number from 0 to 100" });
  });

  it("takes refresh with an optional reload flag", () => {
    expect(refreshArgs({})).toEqual({ ok: true, value: { reload: false } });
    expect(refreshArgs({ reload: true })).toEqual({ ok: true, value: { reload: true } });
    expect(refreshArgs({ reload: "yes" }).ok).toBe(false);
  });

  it("names an unknown command", () => {
    expect(unsupported("reboot")).toBe("unsupported command reboot");
  });

  it("reads the kept volume, 100 when none or damaged", () => {
    expect(parseVolume(null)).toBe(100);
    expect(parseVolume("35")).toBe(35);
    expect(parseVolume("abc")).toBe(100);
    expect(parseVolume("300")).toBe(100);
  });
});
