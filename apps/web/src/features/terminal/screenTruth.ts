import type { ScreenshotTruth } from "@marquee/contracts";
import type { Scene } from "@marquee/program";

/**
 * Screen truth (issue 24, docs/fidelity.md "A screen's own screenshot"): the
 * "looks right / differs" mark of a screen's screenshot. The server says
 * whether the program shown is one the schedule allowed at the picture's
 * instant; for an allowed program the console draws the expected scene and
 * compares the pixels here.
 */

/** Widgets whose pixels cannot be known in advance: masked out of the comparison. */
export const LIVE_WIDGETS: ReadonlySet<string> = new Set(["web", "stream", "video"]);
/** A colour channel may differ by this much (0–255) before a pixel counts as different (JPEG, scaling, text). */
export const CHANNEL_TOLERANCE = 48;
/** Above this share of differing pixels (%) the picture "differs". */
export const DIFF_THRESHOLD_PCT = 3;

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The rectangles (design pixels) a scene's live widgets (and a video background) cover: masked out. */
export function liveRects(scene: Scene, width: number, height: number): Rect[] {
  if (scene.background.kind === "video") return [{ x: 0, y: 0, w: width, h: height }];
  const out: Rect[] = [];
  for (const w of scene.widgets) {
    if (w.hidden || !LIVE_WIDGETS.has(w.type)) continue;
    // A turned widget: its bounding box.
    const a = (w.rotation * Math.PI) / 180;
    const bw = Math.abs(w.w * Math.cos(a)) + Math.abs(w.h * Math.sin(a));
    const bh = Math.abs(w.w * Math.sin(a)) + Math.abs(w.h * Math.cos(a));
    out.push({ x: w.x + w.w / 2 - bw / 2, y: w.y + w.h / 2 - bh / 2, w: bw, h: bh });
  }
  return out;
}

/**
 * Above this share (%) of the content's pixels differing, the picture "differs" even when the share of the
 * whole is small: a dark scene with one line of text is 98 % background, and the wrong text would be under
 * DIFF_THRESHOLD_PCT of the whole.
 */
export const CONTENT_DIFF_THRESHOLD_PCT = 25;

/** Whether two pixels (RGBA offsets `i` in `a` and `j` in `b`) differ by more than `tolerance` in a channel. */
function apart(a: Uint8ClampedArray, i: number, b: Uint8ClampedArray, j: number, tolerance: number): boolean {
  return (
    Math.abs((a[i] ?? 0) - (b[j] ?? 0)) > tolerance ||
    Math.abs((a[i + 1] ?? 0) - (b[j + 1] ?? 0)) > tolerance ||
    Math.abs((a[i + 2] ?? 0) - (b[j + 2] ?? 0)) > tolerance
  );
}

/** The RGBA offset of the most frequent colour of `b` (colours counted in steps of 16 per channel). */
function backgroundOf(b: Uint8ClampedArray, pixels: number): number {
  const counts = new Map<number, { n: number; at: number }>();
  let best = { n: 0, at: 0 };
  for (let p = 0; p < pixels; p++) {
    const i = p * 4;
    const key = (((b[i] ?? 0) >> 4) << 8) | (((b[i + 1] ?? 0) >> 4) << 4) | ((b[i + 2] ?? 0) >> 4);
    const c = counts.get(key) ?? { n: 0, at: i };
    c.n++;
    counts.set(key, c);
    if (c.n > best.n) best = c;
  }
  return best.at;
}

/**
 * The share of pixels (%) that differ between two RGBA pictures of `width`×`height` (`a` the screen's, `b`
 * the expected one), outside the masks: of all pixels compared (`percent`), and of the content's pixels
 * (`contentPercent`: those where either picture is not the expected picture's background colour).
 */
export function diffShare(
  a: Uint8ClampedArray,
  b: Uint8ClampedArray,
  width: number,
  height: number,
  masks: readonly Rect[] = [],
  tolerance = CHANNEL_TOLERANCE,
): { percent: number; contentPercent: number; compared: number } {
  const masked = new Uint8Array(width * height);
  for (const m of masks) {
    const x0 = Math.max(0, Math.floor(m.x));
    const y0 = Math.max(0, Math.floor(m.y));
    const x1 = Math.min(width, Math.ceil(m.x + m.w));
    const y1 = Math.min(height, Math.ceil(m.y + m.h));
    for (let y = y0; y < y1; y++) masked.fill(1, y * width + x0, y * width + Math.max(x0, x1));
  }
  const bg = backgroundOf(b, width * height);
  let compared = 0;
  let content = 0;
  let differ = 0;
  for (let p = 0; p < width * height; p++) {
    if (masked[p]) continue;
    compared++;
    const i = p * 4;
    if (apart(a, i, b, bg, tolerance) || apart(b, i, b, bg, tolerance)) content++;
    if (apart(a, i, b, i, tolerance)) differ++;
  }
  return {
    percent: compared ? (differ / compared) * 100 : 0,
    contentPercent: content ? (differ / content) * 100 : 0,
    compared,
  };
}

/** The comparison of the pixels: measured, impossible (only live widgets), failed, or not done yet. */
export type PixelResult =
  | { kind: "measured"; percent: number; contentPercent?: number }
  | { kind: "uncomparable" }
  | { kind: "failed"; message: string }
  | null;

export type TruthMark =
  | { state: "checking" }
  | { state: "looksRight"; percent: number | null }
  | { state: "differs"; percent: number | null; reason: string | null }
  | { state: "cannotCompare"; reason: string | null }
  | { state: "unknown"; reason: string | null };

/** The mark of a screenshot from the server's verdict and the console's pixel comparison. */
export function markOf(truth: ScreenshotTruth, pixels: PixelResult): TruthMark {
  if (truth.verdict === "unknown") return { state: "unknown", reason: truth.reason };
  if (truth.verdict === "differs") return { state: "differs", percent: null, reason: truth.reason };
  // The schedule agrees and there is no program to draw (the screen dark or empty as expected).
  if (!truth.program) return { state: "looksRight", percent: null };
  if (pixels === null) return { state: "checking" };
  if (pixels.kind === "uncomparable") return { state: "cannotCompare", reason: null };
  if (pixels.kind === "failed") return { state: "cannotCompare", reason: pixels.message };
  return pixels.percent <= DIFF_THRESHOLD_PCT && (pixels.contentPercent ?? 0) <= CONTENT_DIFF_THRESHOLD_PCT
    ? { state: "looksRight", percent: pixels.percent }
    : { state: "differs", percent: pixels.percent, reason: null };
}
