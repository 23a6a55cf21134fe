/**
 * Canvas geometry of the editor: the fit scale, zoom steps, conversions
 * between on-screen and design pixels, and the hit test of the rubber band.
 * Pure functions; the components measure, these compute.
 */

export interface Point {
  x: number;
  y: number;
}
export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}
export interface Size {
  width: number;
  height: number;
}

/** Zoom limits of the toolbar and Ctrl+wheel (25–400 %). */
export const ZOOM_MIN = 0.25;
export const ZOOM_MAX = 4;
/** The zoom menu's choices and the steps of zoom in/out. */
export const ZOOM_STEPS = [0.25, 0.5, 0.75, 1, 1.5, 2, 3, 4] as const;
/** Space kept around the stage, in on-screen pixels. */
export const STAGE_PADDING = 40;

/** Clamps a zoom into the allowed range. */
export function clampZoom(zoom: number): number {
  return Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, zoom));
}

/** The scale at which the design fits the viewport with padding on every side (never 0 or negative). */
export function fitScale(viewport: Size, design: Size, padding = STAGE_PADDING): number {
  const w = Math.max(1, viewport.width - 2 * padding);
  const h = Math.max(1, viewport.height - 2 * padding);
  const s = Math.min(w / design.width, h / design.height);
  return Number.isFinite(s) && s > 0 ? s : 1;
}

/** The next step of zoom in (dir 1) or out (dir -1) from the current scale. */
export function stepZoom(current: number, dir: 1 | -1): number {
  const eps = 1e-3;
  if (dir > 0) return ZOOM_STEPS.find((z) => z > current + eps) ?? ZOOM_MAX;
  return [...ZOOM_STEPS].reverse().find((z) => z < current - eps) ?? ZOOM_MIN;
}

/** Ctrl+wheel zoom: proportional to the wheel distance, so trackpads and wheels both feel right. */
export function wheelZoom(current: number, deltaY: number): number {
  const factor = Math.exp(-Math.max(-100, Math.min(100, deltaY)) * 0.002);
  return clampZoom(Math.round(current * factor * 1000) / 1000);
}

/**
 * Where the stage sits in the scrollable surface: centred while it is smaller
 * than the viewport, with padding around it when it is larger (then it scrolls).
 */
export function stageLayout(
  viewport: Size,
  design: Size,
  scale: number,
  padding = STAGE_PADDING,
): { surfaceWidth: number; surfaceHeight: number; left: number; top: number; width: number; height: number } {
  const width = design.width * scale;
  const height = design.height * scale;
  const surfaceWidth = Math.max(viewport.width, width + 2 * padding);
  const surfaceHeight = Math.max(viewport.height, height + 2 * padding);
  return {
    surfaceWidth,
    surfaceHeight,
    left: Math.round((surfaceWidth - width) / 2),
    top: Math.round((surfaceHeight - height) / 2),
    width,
    height,
  };
}

/** A point on screen (client pixels) in design pixels, given where the stage's top-left is on screen. */
export function screenToDesign(client: Point, stageOrigin: Point, scale: number): Point {
  return { x: (client.x - stageOrigin.x) / scale, y: (client.y - stageOrigin.y) / scale };
}

/** A design point on screen (client pixels). */
export function designToScreen(design: Point, stageOrigin: Point, scale: number): Point {
  return { x: stageOrigin.x + design.x * scale, y: stageOrigin.y + design.y * scale };
}

/** The rectangle spanned by two corners, whichever way the pointer went. */
export function rectFromPoints(a: Point, b: Point): Rect {
  return { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), w: Math.abs(a.x - b.x), h: Math.abs(a.y - b.y) };
}

/** The axis-aligned box of a widget's frame rotated about its centre (as the renderer draws it). */
export function frameBounds(f: { x: number; y: number; w: number; h: number; rotation: number }): Rect {
  if (f.rotation % 360 === 0) return { x: f.x, y: f.y, w: f.w, h: f.h };
  const rad = (f.rotation * Math.PI) / 180;
  const cos = Math.abs(Math.cos(rad));
  const sin = Math.abs(Math.sin(rad));
  const w = f.w * cos + f.h * sin;
  const h = f.w * sin + f.h * cos;
  const cx = f.x + f.w / 2;
  const cy = f.y + f.h / 2;
  return { x: cx - w / 2, y: cy - h / 2, w, h };
}

/** Whether two rectangles overlap (touching edges do not count). */
export function intersects(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/**
 * The rubber band's selection: the widgets whose box meets the band (design
 * pixels), skipping locked and hidden ones, in the scene's order.
 */
export function hitTest(
  widgets: ReadonlyArray<{
    id: string;
    x: number;
    y: number;
    w: number;
    h: number;
    rotation: number;
    locked: boolean;
    hidden: boolean;
  }>,
  band: Rect,
): string[] {
  return widgets.filter((w) => !w.locked && !w.hidden && intersects(frameBounds(w), band)).map((w) => w.id);
}

/** Adds ids to a selection, or removes the ones already in it (Shift/Ctrl+click, Shift+band). */
export function toggleSelection(selected: readonly string[], ids: readonly string[]): string[] {
  const set = new Set(selected);
  const out = selected.filter((id) => !ids.includes(id));
  for (const id of ids) if (!set.has(id)) out.push(id);
  return out;
}

/**
 * Where an item dragged from `from` ends up when dropped before/after the item
 * at `over`, as the index of a list with the item taken out (scene.move's `to`);
 * null when nothing moves.
 */
export function dropIndex(from: number, over: number, after: boolean): number | null {
  const insertAt = after ? over + 1 : over;
  const to = from < insertAt ? insertAt - 1 : insertAt;
  return to === from ? null : to;
}

/** A list with the item at `from` moved to `to` (an index of the list with it taken out). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const out = list.slice();
  const [item] = out.splice(from, 1);
  if (item === undefined) return out;
  out.splice(Math.max(0, Math.min(to, out.length)), 0, item);
  return out;
}

/**
 * The scroll position that keeps the design point under `anchor` (a point of
 * the viewport, e.g. the pointer or the viewport's centre) in place when the
 * stage moves from one placement/scale to another.
 */
export function scrollForZoom(
  anchor: Point,
  scroll: Point,
  before: { left: number; top: number; scale: number },
  after: { left: number; top: number; scale: number },
): Point {
  const dx = (scroll.x + anchor.x - before.left) / before.scale;
  const dy = (scroll.y + anchor.y - before.top) / before.scale;
  return {
    x: Math.max(0, Math.round(dx * after.scale + after.left - anchor.x)),
    y: Math.max(0, Math.round(dy * after.scale + after.top - anchor.y)),
  };
}

/** The smallest rectangle holding all the given ones (null for none). */
export function unionRect(rects: readonly Rect[]): Rect | null {
  if (rects.length === 0) return null;
  const left = Math.min(...rects.map((r) => r.x));
  const top = Math.min(...rects.map((r) => r.y));
  const right = Math.max(...rects.map((r) => r.x + r.w));
  const bottom = Math.max(...rects.map((r) => r.y + r.h));
  return { x: left, y: top, w: right - left, h: bottom - top };
}
