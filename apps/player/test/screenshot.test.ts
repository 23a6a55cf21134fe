import { describe, expect, it } from "vitest";
import { isPainted, placeFit, rotationOf, wordsOf } from "../src/screenshot";

describe("screenshot geometry", () => {
  it("places pictures as CSS object-fit does", () => {
    // 200×100 picture in a 100×100 box
    expect(placeFit("fill", 200, 100, 100, 100)).toEqual({
      sx: 0,
      sy: 0,
      sw: 200,
      sh: 100,
      dx: 0,
      dy: 0,
      dw: 100,
      dh: 100,
    });
    expect(placeFit("contain", 200, 100, 100, 100)).toEqual({
      sx: 0,
      sy: 0,
      sw: 200,
      sh: 100,
      dx: 0,
      dy: 25,
      dw: 100,
      dh: 50,
    });
    expect(placeFit("cover", 200, 100, 100, 100)).toEqual({
      sx: 50,
      sy: 0,
      sw: 100,
      sh: 100,
      dx: 0,
      dy: 0,
      dw: 100,
      dh: 100,
    });
    expect(placeFit("none", 50, 50, 100, 100)).toEqual({
      sx: 0,
      sy: 0,
      sw: 50,
      sh: 50,
      dx: 25,
      dy: 25,
      dw: 50,
      dh: 50,
    });
    expect(placeFit("scale-down", 50, 50, 100, 100)).toEqual(placeFit("none", 50, 50, 100, 100));
    expect(placeFit("scale-down", 400, 200, 100, 100)).toEqual(placeFit("contain", 400, 200, 100, 100));
    expect(placeFit("none", 300, 300, 100, 100)).toEqual({
      sx: 100,
      sy: 100,
      sw: 100,
      sh: 100,
      dx: 0,
      dy: 0,
      dw: 100,
      dh: 100,
    });
    expect(placeFit("contain", 0, 0, 100, 100).dw).toBe(0);
  });

  it("reads rotations from computed transforms", () => {
    expect(rotationOf("none")).toBe(0);
    expect(rotationOf("matrix(0.5, 0, 0, 0.5, 10, 20)")).toBe(0);
    expect(rotationOf("matrix(0, 1, -1, 0, 0, 0)")).toBeCloseTo(Math.PI / 2);
    expect(rotationOf("matrix3d(0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1)")).toBeCloseTo(Math.PI / 2);
  });

  it("knows transparent colours", () => {
    expect(isPainted("rgba(0, 0, 0, 0)")).toBe(false);
    expect(isPainted("transparent")).toBe(false);
    expect(isPainted("rgb(255, 0, 0)")).toBe(true);
    expect(isPainted("rgba(255, 0, 0, 0.5)")).toBe(true);
  });

  it("splits text into words with their offsets", () => {
    expect(wordsOf("  Hello  world\n!")).toEqual([
      { word: "Hello", start: 2, end: 7 },
      { word: "world", start: 9, end: 14 },
      { word: "!", start: 15, end: 16 },
    ]);
    expect(wordsOf("   ")).toEqual([]);
  });
});
