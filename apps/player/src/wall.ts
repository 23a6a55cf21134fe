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
 * position and length (ms) as read, or null when it is not ready.
 */
export function keepVideoInStep(v: VideoLike, intoMs: number): { posMs: number; durMs: number } | null {
  if (v.readyState < 2 || !Number.isFinite(v.duration) || v.duration <= 0) return null;
  const durMs = v.duration * 1000;
  const posMs = v.currentTime * 1000;
  const expected = expectedVideoMs(intoMs, durMs, v.loop);
  // A video held on its last frame is where it should be.
  if (!v.loop && expected >= durMs) return { posMs, durMs };
  const fix = videoFix(videoDrift(posMs, expected, durMs, v.loop), expected);
  if (fix.kind === "seek") {
    v.currentTime = fix.toMs / 1000;
    v.playbackRate = 1;
  } else if (v.playbackRate !== fix.rate) v.playbackRate = fix.rate;
  return { posMs, durMs };
}
