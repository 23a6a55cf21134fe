import { describe, expect, it } from "vitest";
import { wallCrop } from "../src/wall";

/** The crop of each cell of a wall: the canvas spans the visible extent, the inner bezels hide pixels. */
describe("wallCrop", () => {
  const wall = {
    rows: 2,
    cols: 3,
    bezelMm: { top: 5, right: 10, bottom: 5, left: 10 },
    screenWidthMm: 1200,
    screenHeightMm: 675,
  };
  const canvas = { width: 5760, height: 2160 };

  it("tiles the canvas with gaps the width of two bezels between neighbours", () => {
    // Across: 3 × 1200 + 2 × 20 = 3640 mm on 5760 px; down: 2 × 675 + 10 = 1360 mm on 2160 px.
    const sx = 5760 / 3640;
    const sy = 2160 / 1360;
    const a = wallCrop(wall, canvas, { row: 0, col: 0 });
    const b = wallCrop(wall, canvas, { row: 0, col: 1 });
    const c = wallCrop(wall, canvas, { row: 1, col: 2 });
    expect(a).toEqual({ x: 0, y: 0, width: 1200 * sx, height: 675 * sy });
    expect(b.x - (a.x + a.width)).toBeCloseTo(20 * sx, 9);
    expect(c.x + c.width).toBeCloseTo(5760, 9);
    expect(c.y + c.height).toBeCloseTo(2160, 9);
    expect(c.y).toBeCloseTo(685 * sy, 9);
  });

  it("without bezels cuts the canvas into equal tiles", () => {
    const flat = { ...wall, bezelMm: { top: 0, right: 0, bottom: 0, left: 0 } };
    expect(wallCrop(flat, { width: 5760, height: 2160 }, { row: 1, col: 1 })).toEqual({
      x: 1920,
      y: 1080,
      width: 1920,
      height: 1080,
    });
  });

  it("is proportional to a program of another size than the wall's", () => {
    const big = wallCrop(wall, canvas, { row: 1, col: 1 });
    const half = wallCrop(wall, { width: 2880, height: 1080 }, { row: 1, col: 1 });
    expect(half.x).toBeCloseTo(big.x / 2, 9);
    expect(half.height).toBeCloseTo(big.height / 2, 9);
  });
});
