import { createProgram } from "@marquee/program";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  type CuedVideo,
  DRIFT_SEEK_MS,
  expectedVideoMs,
  keepVideoInStep,
  type SceneClock,
  serverTime,
  VideoCues,
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

/** A video element as far as the cues see it: a seek ends when the test says so. */
class FakeVideo implements CuedVideo {
  currentTime = 0;
  duration = 6;
  loop = true;
  playbackRate = 1;
  readyState = 1;
  paused = false;
  plays = 0;
  private seeked: Array<() => void> = [];
  pause() {
    this.paused = true;
  }
  play() {
    this.paused = false;
    this.plays++;
    return Promise.resolve();
  }
  addEventListener(_type: "seeked", listener: () => void) {
    this.seeked.push(listener);
  }
  endSeek() {
    const list = this.seeked;
    this.seeked = [];
    for (const l of list) l();
  }
}

describe("videos started together (VideoCues)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A scene run "0:0" that started at the fake clock's 0 (and "0:1" due at `nextAt`), and cues on that clock. */
  function setup(nextAt = 60_000) {
    const start = Date.now();
    let showing = "0:0";
    const clock: SceneClock = (key) => {
      const t = Date.now() - start;
      if (t >= nextAt) showing = "0:1";
      if (key === showing) return showing === "0:0" ? t : t - nextAt;
      return key === "0:1" && showing === "0:0" ? t - nextAt : null;
    };
    return { into: () => Date.now() - start, clock, cues: new VideoCues(clock, () => Date.now()) };
  }

  it("holds a new video on the frame of a later instant and plays it exactly then", () => {
    const { into, cues } = setup();
    const v = new FakeVideo();
    vi.advanceTimersByTime(40);
    const lead = cues.lead();
    expect(cues.step(v, "0:0")).toBeNull();
    expect(v.paused).toBe(true);
    expect(v.currentTime * 1000).toBeCloseTo(40 + lead, 6);
    vi.advanceTimersByTime(20);
    v.endSeek();
    // Held: not sampled, not playing, until its instant.
    v.readyState = 4;
    expect(cues.step(v, "0:0")).toBeNull();
    vi.advanceTimersByTime(lead - 20 - 1);
    expect(v.plays).toBe(0);
    vi.advanceTimersByTime(1);
    expect(v.plays).toBe(1);
    expect(into()).toBe(40 + lead);
    // Then it is in step and read like any playing video.
    v.currentTime = into() / 1000;
    expect(cues.step(v, "0:0")).toEqual({ posMs: 40 + lead, durMs: 6000 });
  });

  it("holds a video of the scene coming next at its first frame and starts it at the change", () => {
    const { cues } = setup(1000);
    const v = new FakeVideo();
    v.currentTime = 2.5;
    vi.advanceTimersByTime(100);
    expect(cues.step(v, "0:1")).toBeNull();
    expect(v.paused).toBe(true);
    expect(v.currentTime).toBe(0);
    v.endSeek();
    vi.advanceTimersByTime(899);
    expect(v.plays).toBe(0);
    vi.advanceTimersByTime(1);
    expect(v.plays).toBe(1);
  });

  it("holds again with a longer lead when the seek ended after the instant", () => {
    const { into, cues } = setup();
    const v = new FakeVideo();
    const first = cues.lead();
    cues.step(v, "0:0");
    vi.advanceTimersByTime(first + 200);
    v.endSeek();
    expect(v.plays).toBe(0);
    // Learnt from the slow seek: the next hold leads by 1.5 × it and a margin.
    expect(cues.lead()).toBe(Math.round((first + 200) * 1.5 + 30));
    expect(v.currentTime * 1000).toBeCloseTo(into() + cues.lead(), 6);
    v.endSeek();
    vi.advanceTimersByTime(cues.lead());
    expect(v.plays).toBe(1);
  });

  it("holds a playing video that fell far out of step instead of seeking it while it plays", () => {
    const { into, cues } = setup();
    const v = new FakeVideo();
    const lead = cues.lead();
    cues.step(v, "0:0");
    v.endSeek();
    vi.advanceTimersByTime(lead);
    expect(v.plays).toBe(1);
    v.readyState = 4;
    vi.advanceTimersByTime(1000);
    v.currentTime = (into() - DRIFT_SEEK_MS - 50) / 1000;
    expect(cues.step(v, "0:0")).toBeNull();
    expect(v.paused).toBe(true);
  });

  it("never starts a video whose scene has gone", () => {
    const { cues } = setup(1000);
    const v = new FakeVideo();
    // Held at 900 ms for an instant after the change at 1000 ms: "0:0" is no longer showing then.
    vi.advanceTimersByTime(900);
    cues.step(v, "0:0");
    v.endSeek();
    vi.advanceTimersByTime(5000);
    expect(v.plays).toBe(0);
  });
});
