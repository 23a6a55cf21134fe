import type { ProgramDoc } from "@marquee/program";

/**
 * A screen of a video wall keeps in step with the others by deriving
 * everything from the server's clock: the wall's program started at a server
 * instant, and at any moment the scene shown and the position of its videos
 * follow from (server time − start). Server time is this device's time less
 * the clock offset it measured over its socket, measured again every few
 * seconds (not only at the start). A video that drifts is brought back: a
 * small drift by a nudge of its playback rate, a large one by a seek.
 */

/** Clock probes while a wall plays: one round every this many ms. */
export const WALL_CLOCK_EVERY_MS = 5000;
/** Video positions are checked this often. */
export const WALL_VIDEO_CHECK_MS = 250;
/** Reports go to the server this often. */
export const WALL_REPORT_MS = 1000;
/** A video within this of its position plays at its rate. */
export const DRIFT_OK_MS = 8;
/** Beyond this it seeks; between the two its rate is nudged to catch up. */
export const DRIFT_SEEK_MS = 250;
/** A nudge closes the drift in about this long, within ±MAX_NUDGE of the normal rate. */
const CATCH_UP_MS = 500;
const MAX_NUDGE = 0.25;
/** A scene shorter than this is timed at this (a zero-second scene would spin). */
const MIN_SCENE_MS = 500;

export interface WallTimeline {
  scenes: Array<{ id: string; ms: number }>;
  totalMs: number;
}

/**
 * The main scenes of a program in turn, each for its seconds: a wall's
 * screens cannot wait for their media to end (they would end apart), so a
 * scene timed by its media is timed by its seconds here.
 */
export function wallTimeline(doc: Pick<ProgramDoc, "scenes">): WallTimeline {
  const scenes = doc.scenes
    .filter((s) => s.kind === "main")
    .map((s) => ({ id: s.id, ms: Math.max(MIN_SCENE_MS, Math.round(s.duration.seconds * 1000)) }));
  return { scenes, totalMs: scenes.reduce((sum, s) => sum + s.ms, 0) };
}

export interface WallPosition {
  /** The pass through the program (0 from the start). */
  cycle: number;
  /** The main scene shown (its index among the main scenes). */
  index: number;
  sceneId: string;
  /** How long the scene has been showing (ms). */
  intoMs: number;
  /** How long until the next change (ms). */
  untilNextMs: number;
}

/** Where a wall stands `elapsedMs` after its start (before it: its first scene, waiting). */
export function wallPosition(tl: WallTimeline, elapsedMs: number): WallPosition | null {
  if (!tl.scenes.length || tl.totalMs <= 0) return null;
  if (elapsedMs < 0) {
    const first = tl.scenes[0];
    return first ? { cycle: 0, index: 0, sceneId: first.id, intoMs: 0, untilNextMs: -elapsedMs } : null;
  }
  const cycle = Math.floor(elapsedMs / tl.totalMs);
  let at = elapsedMs - cycle * tl.totalMs;
  for (const [index, s] of tl.scenes.entries()) {
    if (at < s.ms) return { cycle, index, sceneId: s.id, intoMs: at, untilNextMs: s.ms - at };
    at -= s.ms;
  }
  // Floating point at the very end of a pass: the next pass's first scene.
  const first = tl.scenes[0];
  return first ? { cycle: cycle + 1, index: 0, sceneId: first.id, intoMs: 0, untilNextMs: first.ms } : null;
}

/** The server's time now, from this device's time and its offset (device minus server). */
export const serverTime = (deviceNow: number, offsetMs: number) => deviceNow - offsetMs;

/** Where a video should be `intoMs` into its scene: looping, or held on its last frame. */
export function expectedVideoMs(intoMs: number, durMs: number, loop: boolean): number {
  if (!(durMs > 0)) return intoMs;
  return loop ? intoMs % durMs : Math.min(intoMs, durMs);
}

/**
 * How far a video is from where it should be (ms, positive: ahead); for a
 * looping video the shorter way round the loop.
 */
export function videoDrift(posMs: number, expectedMs: number, durMs: number, loop: boolean): number {
  const d = posMs - expectedMs;
  if (!loop || !(durMs > 0)) return d;
  const wrapped = ((d % durMs) + durMs) % durMs;
  return wrapped > durMs / 2 ? wrapped - durMs : wrapped;
}

export type VideoFix =
  | { kind: "none"; rate: 1 }
  | { kind: "rate"; rate: number }
  | { kind: "seek"; toMs: number };

/** What to do with a video `driftMs` off its position. */
export function videoFix(driftMs: number, expectedMs: number): VideoFix {
  const abs = Math.abs(driftMs);
  if (abs <= DRIFT_OK_MS) return { kind: "none", rate: 1 };
  if (abs >= DRIFT_SEEK_MS) return { kind: "seek", toMs: expectedMs };
  const nudge = Math.max(-MAX_NUDGE, Math.min(MAX_NUDGE, driftMs / CATCH_UP_MS));
  return { kind: "rate", rate: 1 - nudge };
}

/** The video as the correction sees it (an HTMLVideoElement). */
export interface VideoLike {
  currentTime: number;
  duration: number;
  loop: boolean;
  playbackRate: number;
  readyState: number;
  paused: boolean;
}

/**
 * Brings one video to its position for a scene `intoMs` in; answers its
 * position and length (ms) as read, or null when it is not ready. A video
 * far off is sought there, or handed to `far` when given (VideoCues holds it
 * and starts it at an instant instead).
 */
export function keepVideoInStep(
  v: VideoLike,
  intoMs: number,
  far?: (expectedMs: number) => void,
): { posMs: number; durMs: number } | null {
  if (v.readyState < 2 || !Number.isFinite(v.duration) || v.duration <= 0) return null;
  const durMs = v.duration * 1000;
  const posMs = v.currentTime * 1000;
  const expected = expectedVideoMs(intoMs, durMs, v.loop);
  // A video held on its last frame is where it should be.
  if (!v.loop && expected >= durMs) return { posMs, durMs };
  const fix = videoFix(videoDrift(posMs, expected, durMs, v.loop), expected);
  if (fix.kind === "seek") {
    if (far) {
      far(fix.toMs);
      return null;
    }
    v.currentTime = fix.toMs / 1000;
    v.playbackRate = 1;
  } else if (v.playbackRate !== fix.rate) v.playbackRate = fix.rate;
  return { posMs, durMs };
}

/** The least time a video is held on its first frame before the instant it starts. */
export const CUE_MIN_LEAD_MS = 60;
/** The most (a device that cannot seek within it starts late and is nudged). */
export const CUE_MAX_LEAD_MS = 2400;
/** The lead is this many times the slowest recent seek, plus CUE_MARGIN_MS. */
const CUE_LEAD_FACTOR = 1.5;
const CUE_MARGIN_MS = 30;
/** How many recent seeks the lead is learnt from. */
const CUE_SEEKS_KEPT = 8;
/** A seek that ends with less than this before its instant is too late to start on time. */
const CUE_TOO_LATE_MS = 2;

/** A video element as the cues drive it. */
export interface CuedVideo extends VideoLike {
  pause(): void;
  play(): Promise<void> | undefined;
  addEventListener(type: "seeked", listener: () => void, options?: { once?: boolean }): void;
}

/**
 * How far into a run of a scene (`cycle:index`) the wall is now, in ms on the server's clock: negative
 * before that run starts (the scene coming next), null when it is neither showing nor next.
 */
export type SceneClock = (key: string) => number | null;

/** The key of a run of a scene, as the cues and the layers know it. */
export const runKey = (p: Pick<WallPosition, "cycle" | "index">) => `${p.cycle}:${p.index}`;

/** The wall's SceneClock from its timeline and the elapsed time since its start (server clock). */
export function sceneClock(tl: WallTimeline, elapsed: () => number): SceneClock {
  return (key) => {
    const at = elapsed();
    const now = wallPosition(tl, at);
    if (!now) return null;
    if (runKey(now) === key) return now.intoMs;
    const next = wallPosition(tl, at + now.untilNextMs);
    return next && runKey(next) === key ? -now.untilNextMs : null;
  };
}

type Cue =
  | {
      phase: "held";
      key: string;
      startIntoMs: number;
      askedAt: number;
      timer?: ReturnType<typeof setTimeout>;
    }
  | { phase: "playing"; key: string };

/**
 * Starts a wall's videos (and sounds) together. A medium does not play from
 * wherever it loaded and catch up: as soon as it knows its length it is
 * paused, sought to where its scene will be a little later (the lead, learnt
 * from how long this device's seeks take) or to its very start when its scene
 * is still to come (mounted ahead, hidden), held on that frame, and played at
 * that instant on the server's clock; from then on small drifts are nudged by
 * its rate (keepVideoInStep), and one far out of step is held and started
 * again. Every screen holds the same frame and starts it at the same server
 * instant, so a late loader costs a held frame, not a skew. A held medium is
 * not sampled: it is not playing.
 */
export class VideoCues {
  private readonly cues = new WeakMap<CuedVideo, Cue>();
  private readonly seeks: number[] = [];

  constructor(
    private readonly clock: SceneClock,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The hold before a start: 1.5 × the slowest recent seek and a margin, within the bounds. */
  lead(): number {
    const slowest = this.seeks.length ? Math.max(...this.seeks) : 100;
    return Math.round(
      Math.min(CUE_MAX_LEAD_MS, Math.max(CUE_MIN_LEAD_MS, slowest * CUE_LEAD_FACTOR + CUE_MARGIN_MS)),
    );
  }

  /**
   * One check of a medium of the run `key`: answers its position when it plays in its showing scene,
   * null while it is held (or its scene is still to come).
   */
  step(v: CuedVideo, key: string): { posMs: number; durMs: number } | null {
    const into = this.clock(key);
    if (into === null) return null;
    const cue = this.cues.get(v);
    if (!cue || cue.key !== key) {
      if (v.readyState < 1 || !Number.isFinite(v.duration) || v.duration <= 0) return null;
      this.hold(v, key, into);
      return null;
    }
    if (cue.phase === "held") {
      // A seek that never ended (the element stalled): asked again.
      if (cue.timer === undefined && this.now() - cue.askedAt > CUE_MAX_LEAD_MS + 1000)
        this.hold(v, key, into);
      return null;
    }
    if (into < 0) return null;
    return keepVideoInStep(v, into, () => this.hold(v, key, into));
  }

  private hold(v: CuedVideo, key: string, into: number) {
    const durMs = v.duration * 1000;
    const askedAt = this.now();
    // A run still to come starts at its start when there is time to seek before it, else a lead from now.
    const startIntoMs = Math.max(into + this.lead(), 0);
    const cue: Cue = { phase: "held", key, startIntoMs, askedAt };
    this.cues.set(v, cue);
    v.pause();
    v.playbackRate = 1;
    v.addEventListener(
      "seeked",
      () => {
        if (this.cues.get(v) !== cue) return;
        this.seeks.push(this.now() - askedAt);
        if (this.seeks.length > CUE_SEEKS_KEPT) this.seeks.shift();
        const now = this.clock(key);
        if (now === null) return;
        const wait = cue.startIntoMs - now;
        // Sought too late for its instant: held again, with the lead learnt from this seek.
        if (wait < CUE_TOO_LATE_MS) {
          this.hold(v, key, now);
          return;
        }
        cue.timer = setTimeout(() => this.start(v, cue), wait);
      },
      { once: true },
    );
    v.currentTime = expectedVideoMs(startIntoMs, durMs, v.loop) / 1000;
  }

  /**
   * At the instant (a timer is never early; it is late by a ms or two, which the rate's nudge takes up;
   * one that fired early after a new clock offset waits again), played.
   */
  private start(v: CuedVideo, cue: Cue & { phase: "held" }) {
    if (this.cues.get(v) !== cue) return;
    const now = this.clock(cue.key);
    if (now === null) return;
    if (now < cue.startIntoMs) {
      cue.timer = setTimeout(() => this.start(v, cue), cue.startIntoMs - now);
      return;
    }
    this.cues.set(v, { phase: "playing", key: cue.key });
    v.play()?.catch(() => undefined);
  }
}
