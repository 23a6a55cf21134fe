import { describe, expect, it } from "vitest";
import { TRIPLE_MS, triplePress } from "../src/keys";
import { effectiveVolume } from "../src/volume";

describe("the diagnostics gesture", () => {
  it("fires on three presses close together, then starts over", () => {
    let r = triplePress([], 0);
    expect(r.fire).toBe(false);
    r = triplePress(r.presses, 300);
    expect(r.fire).toBe(false);
    r = triplePress(r.presses, 600);
    expect(r).toEqual({ presses: [], fire: true });
  });

  it("forgets presses too far apart", () => {
    const r = triplePress([0, 100], 100 + TRIPLE_MS + 1);
    expect(r).toEqual({ presses: [100 + TRIPLE_MS + 1], fire: false });
  });
});

describe("screen volume", () => {
  it("scales each element's own volume", () => {
    expect(effectiveVolume(0.8, 50)).toBeCloseTo(0.4);
    expect(effectiveVolume(1, 100)).toBe(1);
    expect(effectiveVolume(0.5, 0)).toBe(0);
    expect(effectiveVolume(1, 150)).toBe(1);
  });
});
