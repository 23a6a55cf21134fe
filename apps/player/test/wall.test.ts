import { createProgram } from "@marquee/program";
import { describe, expect, it } from "vitest";
import {
  DRIFT_SEEK_MS,
  expectedVideoMs,
  keepVideoInStep,
  serverTime,
  type VideoLike,
  videoDrift,
  videoFix,
  wallPosition,
  wallTimeline,
} from "../src/wall";

/** Three main scenes of 4, 6 and 2 s, and a popup that a wall never times. */
function program() {
  const doc = createProgram({ width: 3840, height: 2160 });
  const base = doc.scenes[0];
  if (!base) throw new Error("no scene");
  const scene = (id: string, seconds: number, kind: "main" | "popup" = "main") => ({
    ...base,
    id,
    kind,
    duration: { ...base.duration, mode: "media" as const, seconds },
  });
  doc.scenes = [scene("a", 4), scene("p", 9, "popup"), scene("b", 6), scene("c", 2)];
  return doc;
}

describe("the wall's timeline", () => {
  const tl = wallTimeline(program());

  it("times the main scenes by their seconds, even those timed by their media elsewhere", () => {
    expect(tl.scenes).toEqual([
      { id: "a", ms: 4000 },
      { id: "b", ms: 6000 },
      { id: "c", ms: 2000 },
    ]);
    expect(tl.totalMs).toBe(12_000);
  });

  it("derives the scene, how far into it and the next change from the time since the start", () => {
    expect(wallPosition(tl, 0)).toEqual({ cycle: 0, index: 0, sceneId: "a", intoMs: 0, untilNextMs: 4000 });
    expect(wallPosition(tl, 3999)).toMatchObject({ index: 0, untilNextMs: 1 });
    expect(wallPosition(tl, 4000)).toMatchObject({ cycle: 0, index: 1, sceneId: "b", intoMs: 0 });
    expect(wallPosition(tl, 11_500)).toMatchObject({ cycle: 0, index: 2, sceneId: "c", intoMs: 1500 });
    // The second pass, and much later: the same answer whenever a screen joins.
    expect(wallPosition(tl, 12_000)).toMatchObject({ cycle: 1, index: 0, intoMs: 0 });
    expect(wallPosition(tl, 12_000 * 1000 + 4500)).toMatchObject({ cycle: 1000, index: 1, intoMs: 500 });
    // Before the start: the first scene, waiting for it.
    expect(wallPosition(tl, -250)).toMatchObject({ cycle: 0, index: 0, untilNextMs: 250 });
  });

  it("puts two screens with different clocks on the same scene at the same server instant", () => {
    const startAt = 1_800_000_000_000;
    const serverNow = startAt + 3999.5;
    // One screen's clock runs 120 ms ahead of the server's, the other's 80 ms behind; each knows its offset.
    const ahead = wallPosition(tl, serverTime(serverNow + 120, 120) - startAt);
    const behind = wallPosition(tl, serverTime(serverNow - 80, -80) - startAt);
    expect(ahead).toEqual(behind);
    // With an offset measured 3 ms wrong, it changes 3 ms late: the error is the offset's, no more.
    const wrong = wallPosition(tl, serverTime(serverNow + 120, 117) - startAt);
    expect(wrong?.index).toBe(1);
    expect(wrong?.intoMs).toBeCloseTo(2.5, 6);
  });
});

describe("videos in step", () => {
  it("expects a looping video to wrap and a single one to hold its last frame", () => {
    expect(expectedVideoMs(12_500, 5000, true)).toBe(2500);
    expect(expectedVideoMs(12_500, 5000, false)).toBe(5000);
  });

  it("measures drift the short way round a loop", () => {
    expect(videoDrift(4990, 10, 5000, true)).toBe(-20);
    expect(videoDrift(30, 4990, 5000, true)).toBe(40);
    expect(videoDrift(300, 200, 5000, false)).toBe(100);
  });

  it("leaves a video within a few ms alone, nudges its rate beyond, seeks when far", () => {
    expect(videoFix(5, 1000)).toEqual({ kind: "none", rate: 1 });
    const ahead = videoFix(60, 1000);
    const behind = videoFix(-60, 1000);
    expect(ahead.kind).toBe("rate");
    expect(ahead.kind === "rate" && ahead.rate).toBeLessThan(1);
    expect(behind.kind === "rate" && behind.rate).toBeGreaterThan(1);
    expect(videoFix(DRIFT_SEEK_MS + 1, 1000)).toEqual({ kind: "seek", toMs: 1000 });
  });

  it("corrects a video element: a seek when far off, a slower rate when a little ahead", () => {
    const v: VideoLike = {
      currentTime: 0,
      duration: 8,
      loop: true,
      playbackRate: 1,
      readyState: 4,
      paused: false,
    };
    expect(keepVideoInStep(v, 3000)).toEqual({ posMs: 0, durMs: 8000 });
    expect(v.currentTime).toBe(3);
    v.currentTime = 3.1;
    keepVideoInStep(v, 3000);
    expect(v.currentTime).toBe(3.1);
    expect(v.playbackRate).toBeLessThan(1);
    v.currentTime = 3.002;
    keepVideoInStep(v, 3000);
    expect(v.playbackRate).toBe(1);
    // Not ready: nothing read, nothing touched.
    expect(keepVideoInStep({ ...v, readyState: 1 }, 3000)).toBeNull();
  });
});
