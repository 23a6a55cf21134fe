import { CANVAS_PRESETS, LIMITS } from "@marquee/program";
import { describe, expect, it } from "vitest";
import {
  canvasLabel,
  editProgramUrl,
  fitBox,
  isCanvasSize,
  newProgramUrl,
  PRESET_SIZES,
} from "../src/features/program/canvas";

describe("program canvas", () => {
  it("knows every preset of the model", () => {
    expect([...PRESET_SIZES.keys()]).toEqual(CANVAS_PRESETS.map((p) => p.key));
    expect(PRESET_SIZES.get("portraitUhd")).toEqual({ width: 2160, height: 3840 });
  });
  it("accepts whole sizes within the limits only", () => {
    expect(isCanvasSize(1920, 1080)).toBe(true);
    expect(isCanvasSize(LIMITS.canvasMin, LIMITS.canvasMax)).toBe(true);
    expect(isCanvasSize(LIMITS.canvasMin - 1, 1080)).toBe(false);
    expect(isCanvasSize(1920, LIMITS.canvasMax + 1)).toBe(false);
    expect(isCanvasSize(1920.5, 1080)).toBe(false);
    expect(isCanvasSize(null, 1080)).toBe(false);
    expect(isCanvasSize(1920, undefined)).toBe(false);
  });
  it("draws a canvas in proportion inside a box", () => {
    expect(fitBox(1920, 1080, 72, 72)).toEqual({ width: 72, height: 41 });
    expect(fitBox(1080, 1920, 72, 72)).toEqual({ width: 41, height: 72 });
    expect(fitBox(3840, 2160, 160, 90)).toEqual({ width: 160, height: 90 });
    expect(fitBox(0, 1080, 72, 50)).toEqual({ width: 72, height: 50 });
  });
  it("writes sizes and the editor's addresses", () => {
    expect(canvasLabel(1280, 720)).toBe("1280×720");
    expect(editProgramUrl(42)).toBe("/programEditor?id=42");
    const url = new URL(newProgramUrl("Hall & lobby", 1080, 1920), "http://x");
    expect(url.pathname).toBe("/programEditor");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      new: "1",
      name: "Hall & lobby",
      w: "1080",
      h: "1920",
    });
  });
});
