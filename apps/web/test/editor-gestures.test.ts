import { describe, expect, it } from "vitest";
import { unionRect } from "../src/editor/geometry";
import {
  frameChanges,
  frameFromStyle,
  groupMove,
  groupResize,
  groupRotate,
  nearestAngle,
  parseTransform,
  wrapperTransform,
} from "../src/editor/gestures";

const prev = { x: 100, y: 50, w: 300, h: 200, rotation: 0 };

describe("reading a gesture's result off the DOM", () => {
  it("reads the renderer's own transform", () => {
    const f = frameFromStyle({ transform: wrapperTransform(prev), width: "300px", height: "200px" }, prev);
    expect(f).toEqual(prev);
  });

  it("rounds a drag to whole design pixels", () => {
    const f = frameFromStyle(
      { transform: "translate(140.6px, 79.2px) rotate(0deg)", width: "300px", height: "200px" },
      prev,
    );
    expect(f).toEqual({ ...prev, x: 141, y: 79 });
    expect(frameChanges(prev, f ?? prev)).toEqual({ x: 141, y: 79 });
  });

  it("reads a resize (size and the translate that keeps the opposite edge)", () => {
    const f = frameFromStyle(
      { transform: "translate(80px, 50px) rotate(0deg)", width: "320.4px", height: "199.6px" },
      prev,
    );
    expect(f).toEqual({ x: 80, y: 50, w: 320, h: 200, rotation: 0 });
  });

  it("reads a rotation, near the previous angle and within ±360", () => {
    const f = frameFromStyle(
      { transform: "translate(100px, 50px) rotate(-15.04deg)", width: "300px", height: "200px" },
      {
        ...prev,
        rotation: 350,
      },
    );
    expect(f?.rotation).toBe(345);
    expect(nearestAngle(-10, 350)).toBe(350);
    expect(nearestAngle(190, 0)).toBe(-170);
  });

  it("composes any list of translations, rotations and matrices", () => {
    const m = parseTransform("translate(10px, 20px) translateX(5px) rotate(90deg) translateY(0px)");
    expect(m?.e).toBeCloseTo(15);
    expect(m?.f).toBeCloseTo(20);
    expect(m?.b).toBeCloseTo(1);
    expect(parseTransform("matrix(1, 0, 0, 1, 7, 8)")).toMatchObject({ e: 7, f: 8 });
    expect(parseTransform("rotate(0.5turn)")?.a).toBeCloseTo(-1);
  });

  it("refuses transforms a widget never has", () => {
    expect(parseTransform("scale(2)")).toBeNull();
    expect(parseTransform("none")).toBeNull();
    expect(frameFromStyle({ transform: "skewX(10deg)", width: "1px", height: "1px" }, prev)).toBeNull();
  });
});

describe("group gestures through the proxy box", () => {
  const a = { x: 0, y: 0, w: 100, h: 50, rotation: 0 };
  const b = { x: 200, y: 100, w: 100, h: 100, rotation: 30 };

  it("boxes a group", () => {
    expect(unionRect([a, { x: 200, y: 100, w: 100, h: 100 }])).toEqual({ x: 0, y: 0, w: 300, h: 200 });
    expect(unionRect([])).toBeNull();
  });

  it("moves every member by the same distance", () => {
    expect(groupMove([a, b], 10, -5)).toEqual([
      { ...a, x: 10, y: -5 },
      { ...b, x: 210, y: 95 },
    ]);
  });

  it("scales positions and sizes with the box", () => {
    const from = { x: 0, y: 0, w: 300, h: 200 };
    const to = { x: 0, y: 0, w: 150, h: 100 };
    const [ra, rb] = groupResize([a, b], from, to);
    expect(ra).toEqual({ ...a, w: 50, h: 25 });
    expect(rb).toEqual({ ...b, x: 100, y: 50, w: 50, h: 50 });
  });

  it("turns the members about the box centre", () => {
    const [r] = groupRotate([{ x: 0, y: 0, w: 10, h: 10, rotation: 0 }], { x: 105, y: 5 }, 180);
    expect(r?.x).toBeCloseTo(200);
    expect(r?.y).toBeCloseTo(0);
    expect(r?.rotation).toBe(180);
  });
});
