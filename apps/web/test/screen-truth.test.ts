import type { ScreenshotTruth } from "@marquee/contracts";
import { createScene, createWidget } from "@marquee/program";
import { describe, expect, it } from "vitest";
import { DIFF_THRESHOLD_PCT, diffShare, liveRects, markOf } from "../src/features/terminal/screenTruth";

// Screen truth (issue 24): the "looks right / differs" mark of a screen's screenshot in the terminal details.

const truth = (over: Partial<ScreenshotTruth> = {}): ScreenshotTruth => ({
  code: 0,
  msg: "",
  terminalId: 1,
  shotId: 9,
  url: "/apm-web/a/api/terminal/screenshot?id=1&shot=9",
  at: "2026-11-30T10:00:01.000Z",
  shownAt: "2026-11-30T10:00:00.000Z",
  verdict: "expected",
  reason: null,
  shown: { programId: 3, programName: "Sale", sceneId: "s1", screenOn: true },
  expected: { programIds: [3], programNames: ["Sale"], screenOn: true },
  program: { id: 3, name: "Sale", doc: {} },
  ...over,
});

/** A `w`×`h` RGBA picture of one colour. */
const solid = (w: number, h: number, rgb: [number, number, number]) => {
  const a = new Uint8ClampedArray(w * h * 4);
  for (let i = 0; i < w * h; i++) a.set([...rgb, 255], i * 4);
  return a;
};

describe("the mark of a screenshot", () => {
  it("is 'checking' until the pixels are compared, then 'looks right' under the threshold and 'differs' over it", () => {
    expect(markOf(truth(), null)).toEqual({ state: "checking" });
    expect(markOf(truth(), { kind: "measured", percent: 1.2 })).toEqual({
      state: "looksRight",
      percent: 1.2,
    });
    expect(markOf(truth(), { kind: "measured", percent: DIFF_THRESHOLD_PCT + 0.1 })).toMatchObject({
      state: "differs",
      percent: DIFF_THRESHOLD_PCT + 0.1,
    });
  });

  it("differs with the server's reason when the schedule expected another program, whatever the pixels", () => {
    const t = truth({ verdict: "differs", reason: "Expected Morning, showing Sale", program: null });
    expect(markOf(t, { kind: "measured", percent: 0 })).toEqual({
      state: "differs",
      percent: null,
      reason: "Expected Morning, showing Sale",
    });
  });

  it("cannot be compared when the scene is only live widgets, or the expected picture could not be drawn", () => {
    expect(markOf(truth(), { kind: "uncomparable" })).toEqual({ state: "cannotCompare", reason: null });
    expect(markOf(truth(), { kind: "failed", message: "boom" })).toEqual({
      state: "cannotCompare",
      reason: "boom",
    });
  });

  it("cannot be checked for an older player; looks right with nothing to draw when the schedule agrees", () => {
    expect(markOf(truth({ verdict: "unknown", reason: "older player", program: null }), null)).toEqual({
      state: "unknown",
      reason: "older player",
    });
    expect(markOf(truth({ program: null }), null)).toEqual({ state: "looksRight", percent: null });
  });
});

describe("the pixel comparison", () => {
  it("counts pixels beyond the colour tolerance, and none of those under a mask", () => {
    const a = solid(10, 10, [200, 0, 0]);
    const b = solid(10, 10, [200, 0, 0]);
    // JPEG-like noise within the tolerance does not count.
    for (let i = 0; i < 100; i++) b[i * 4 + 1] = 20;
    expect(diffShare(a, b, 10, 10)).toEqual({ percent: 0, contentPercent: 0, compared: 100 });
    // The left half is another colour: 50 %; masked, it is not compared.
    for (let y = 0; y < 10; y++) for (let x = 0; x < 5; x++) b.set([0, 0, 255], (y * 10 + x) * 4);
    expect(diffShare(a, b, 10, 10).percent).toBe(50);
    expect(diffShare(a, b, 10, 10, [{ x: 0, y: 0, w: 5, h: 10 }])).toMatchObject({
      percent: 0,
      compared: 50,
    });
  });

  it("differs when a dark scene's little content is wrong, though under the threshold of the whole", () => {
    // 100×100 black with a line of "text" of 200 pixels: the screen shows other text at another place.
    const expected = solid(100, 100, [0, 0, 0]);
    const shown = solid(100, 100, [0, 0, 0]);
    for (let x = 10; x < 110; x++) {
      expected.set([255, 255, 255], (10 * 100 + (x % 100)) * 4);
      expected.set([255, 255, 255], (11 * 100 + (x % 100)) * 4);
      shown.set([255, 255, 255], (80 * 100 + (x % 100)) * 4);
      shown.set([255, 255, 255], (81 * 100 + (x % 100)) * 4);
    }
    const d = diffShare(shown, expected, 100, 100);
    expect(d.percent).toBe(4);
    expect(d.contentPercent).toBe(100);
    // 2 % of the whole would pass alone; the content says it differs.
    expect(markOf(truth(), { kind: "measured", percent: 2, contentPercent: d.contentPercent })).toMatchObject(
      {
        state: "differs",
      },
    );
    // The same picture: nothing differs.
    expect(diffShare(expected, expected, 100, 100)).toEqual({
      percent: 0,
      contentPercent: 0,
      compared: 10_000,
    });
  });

  it("masks web pages, streams, videos and a video background; a scene of only those leaves nothing to compare", () => {
    const size = { width: 1920, height: 1080 };
    const scene = createScene("1");
    scene.widgets = [
      { ...createWidget("web", size), x: 0, y: 0, w: 960, h: 1080 },
      { ...createWidget("stream", size), x: 960, y: 0, w: 960, h: 1080 },
      { ...createWidget("text", size), x: 100, y: 100, w: 10, h: 10, hidden: true },
    ];
    const rects = liveRects(scene, 1920, 1080);
    expect(rects).toEqual([
      { x: 0, y: 0, w: 960, h: 1080 },
      { x: 960, y: 0, w: 960, h: 1080 },
    ]);
    const a = solid(192, 108, [0, 0, 0]);
    const scaled = rects.map((r) => ({ x: r.x / 10, y: r.y / 10, w: r.w / 10, h: r.h / 10 }));
    expect(diffShare(a, solid(192, 108, [255, 255, 255]), 192, 108, scaled).compared).toBe(0);
    const bg = {
      ...createScene("2"),
      background: { kind: "video" as const, materialId: 1, fit: "cover" as const, color: "#000000" },
    };
    expect(liveRects(bg, 1920, 1080)).toEqual([{ x: 0, y: 0, w: 1920, h: 1080 }]);
  });
});
