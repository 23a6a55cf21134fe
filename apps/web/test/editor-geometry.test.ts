import { describe, expect, it } from "vitest";
import {
  clampZoom,
  designToScreen,
  dropIndex,
  fitScale,
  frameBounds,
  hitTest,
  moveItem,
  rectFromPoints,
  screenToDesign,
  scrollForZoom,
  stageLayout,
  stepZoom,
  toggleSelection,
  wheelZoom,
  ZOOM_MAX,
  ZOOM_MIN,
} from "../src/editor/geometry";

const widget = (id: string, x: number, y: number, w: number, h: number, extra = {}) => ({
  id,
  x,
  y,
  w,
  h,
  rotation: 0,
  locked: false,
  hidden: false,
  ...extra,
});

describe("editor canvas geometry", () => {
  it("fits the design into the viewport with padding, keeping its aspect ratio", () => {
    expect(fitScale({ width: 1000, height: 600 }, { width: 1920, height: 1080 }, 20)).toBeCloseTo(960 / 1920);
    expect(fitScale({ width: 1000, height: 400 }, { width: 1920, height: 1080 }, 20)).toBeCloseTo(360 / 1080);
    // A viewport not measured yet never gives 0 or a negative scale.
    expect(fitScale({ width: 0, height: 0 }, { width: 1920, height: 1080 })).toBeGreaterThan(0);
  });

  it("converts screen points to design pixels and back", () => {
    const origin = { x: 300, y: 120 };
    const d = screenToDesign({ x: 540, y: 240 }, origin, 0.5);
    expect(d).toEqual({ x: 480, y: 240 });
    expect(designToScreen(d, origin, 0.5)).toEqual({ x: 540, y: 240 });
  });

  it("centres a small stage and pads a large one so it scrolls", () => {
    const small = stageLayout({ width: 1000, height: 800 }, { width: 1920, height: 1080 }, 0.25);
    expect(small).toMatchObject({ surfaceWidth: 1000, surfaceHeight: 800, left: 260, top: 265, width: 480 });
    const big = stageLayout({ width: 1000, height: 800 }, { width: 1920, height: 1080 }, 1, 40);
    expect(big).toMatchObject({ surfaceWidth: 2000, surfaceHeight: 1160, left: 40, top: 40 });
  });

  it("steps and clamps the zoom between 25 % and 400 %", () => {
    expect(stepZoom(1, 1)).toBe(1.5);
    expect(stepZoom(1, -1)).toBe(0.75);
    expect(stepZoom(0.6, 1)).toBe(0.75);
    expect(stepZoom(0.6, -1)).toBe(0.5);
    expect(stepZoom(4, 1)).toBe(ZOOM_MAX);
    expect(stepZoom(0.25, -1)).toBe(ZOOM_MIN);
    expect(clampZoom(9)).toBe(4);
    expect(wheelZoom(1, -100)).toBeGreaterThan(1);
    expect(wheelZoom(1, 100)).toBeLessThan(1);
    expect(wheelZoom(4, -100)).toBe(4);
  });

  it("keeps the point under the pointer in place when zooming", () => {
    const anchor = { x: 200, y: 100 };
    const scroll = { x: 0, y: 0 };
    const before = { left: 40, top: 40, scale: 0.5 };
    const after = { left: 40, top: 40, scale: 1 };
    const next = scrollForZoom(anchor, scroll, before, after);
    // Design point under the pointer: ((200-40)/0.5, (100-40)/0.5) = (320, 120); scrolled to keep it at (200, 100).
    expect(next).toEqual({ x: 160, y: 60 });
  });

  it("boxes rotated frames about their centre", () => {
    const b = frameBounds({ x: 0, y: 0, w: 100, h: 20, rotation: 90 });
    expect(b.x).toBeCloseTo(40);
    expect(b.y).toBeCloseTo(-40);
    expect(b.w).toBeCloseTo(20);
    expect(b.h).toBeCloseTo(100);
  });

  it("selects with the rubber band every unlocked, visible widget it touches", () => {
    const widgets = [
      widget("a", 0, 0, 100, 100),
      widget("b", 150, 0, 100, 100),
      widget("c", 20, 20, 10, 10, { locked: true }),
      widget("d", 30, 30, 10, 10, { hidden: true }),
      widget("e", 400, 400, 10, 10),
    ];
    const band = rectFromPoints({ x: 160, y: 50 }, { x: 50, y: 5 });
    expect(band).toEqual({ x: 50, y: 5, w: 110, h: 45 });
    expect(hitTest(widgets, band)).toEqual(["a", "b"]);
    // A band that only touches an edge selects nothing.
    expect(hitTest(widgets, { x: 100, y: 0, w: 50, h: 10 })).toEqual([]);
  });

  it("toggles ids in a selection (Shift/Ctrl+click)", () => {
    expect(toggleSelection(["a", "b"], ["b"])).toEqual(["a"]);
    expect(toggleSelection(["a"], ["c"])).toEqual(["a", "c"]);
  });

  it("computes where a dragged row lands", () => {
    // Dragging the first of four below the third.
    expect(dropIndex(0, 2, true)).toBe(2);
    expect(moveItem(["a", "b", "c", "d"], 0, 2)).toEqual(["b", "c", "a", "d"]);
    // Dropping on itself or right after itself moves nothing.
    expect(dropIndex(1, 1, false)).toBeNull();
    expect(dropIndex(1, 0, true)).toBeNull();
    expect(dropIndex(3, 0, false)).toBe(0);
    expect(moveItem(["a", "b", "c", "d"], 3, 0)).toEqual(["d", "a", "b", "c"]);
  });
});
