/**
 * The end of a direct-manipulation gesture. During a drag/resize/rotate the
 * canvas writes the wrappers' `transform` (and width/height) straight onto the
 * DOM; at the end these functions read them back as design-pixel frames, keep
 * the ones that changed, and give the exact transform the renderer draws, so
 * the DOM the gesture left behind agrees with the next render.
 */

/** A 2D affine matrix as CSS writes it: matrix(a, b, c, d, e, f). */
export interface Matrix {
  a: number;
  b: number;
  c: number;
  d: number;
  e: number;
  f: number;
}

export interface Frame {
  x: number;
  y: number;
  w: number;
  h: number;
  rotation: number;
}

const IDENTITY: Matrix = { a: 1, b: 0, c: 0, d: 1, e: 0, f: 0 };

function multiply(m: Matrix, n: Matrix): Matrix {
  return {
    a: m.a * n.a + m.c * n.b,
    b: m.b * n.a + m.d * n.b,
    c: m.a * n.c + m.c * n.d,
    d: m.b * n.c + m.d * n.d,
    e: m.a * n.e + m.c * n.f + m.e,
    f: m.b * n.e + m.d * n.f + m.f,
  };
}

function length(v: string): number | null {
  const m = /^(-?[\d.]+(?:e-?\d+)?)(px)?$/i.exec(v.trim());
  return m ? Number(m[1]) : null;
}

function angle(v: string): number | null {
  const m = /^(-?[\d.]+(?:e-?\d+)?)(deg|rad|turn|grad)?$/i.exec(v.trim());
  if (!m) return null;
  const n = Number(m[1]);
  switch ((m[2] ?? "deg").toLowerCase()) {
    case "rad":
      return (n * 180) / Math.PI;
    case "turn":
      return n * 360;
    case "grad":
      return n * 0.9;
    default:
      return n;
  }
}

function rotation(deg: number): Matrix {
  const r = (deg * Math.PI) / 180;
  const cos = Math.cos(r);
  const sin = Math.sin(r);
  return { a: cos, b: sin, c: -sin, d: cos, e: 0, f: 0 };
}

/**
 * The matrix of a CSS transform made of translations, rotations and matrices
 * (what the renderer and the gesture library write); null for anything else
 * (scale, skew, 3D rotations), which a widget never has.
 */
export function parseTransform(transform: string): Matrix | null {
  let m = IDENTITY;
  const re = /([a-zA-Z0-9]+)\(([^)]*)\)/g;
  let consumed = "";
  for (const match of transform.matchAll(re)) {
    consumed += match[0];
    const name = (match[1] as string).toLowerCase();
    const args = (match[2] as string).split(",").map((s) => s.trim());
    let step: Matrix | null = null;
    if (name === "translate" || name === "translate3d") {
      const x = length(args[0] ?? "0");
      const y = args[1] === undefined ? 0 : length(args[1]);
      if (x !== null && y !== null) step = { ...IDENTITY, e: x, f: y };
    } else if (name === "translatex") {
      const x = length(args[0] ?? "");
      if (x !== null) step = { ...IDENTITY, e: x };
    } else if (name === "translatey") {
      const y = length(args[0] ?? "");
      if (y !== null) step = { ...IDENTITY, f: y };
    } else if (name === "rotate" || name === "rotatez") {
      const deg = angle(args[0] ?? "");
      if (deg !== null) step = rotation(deg);
    } else if (name === "matrix" && args.length === 6) {
      const [a, b, c, d, e, f] = args.map(Number) as [number, number, number, number, number, number];
      if ([a, b, c, d, e, f].every(Number.isFinite)) step = { a, b, c, d, e, f };
    }
    if (!step) return null;
    m = multiply(m, step);
  }
  // Anything that is not a function list ("none", garbage) is not a transform we wrote.
  if (transform.replace(/\s+/g, "") !== consumed.replace(/\s+/g, "") && transform.trim() !== "") return null;
  return m;
}

/** The angle equal to `deg` (mod 360) that is closest to `near`, so 350° dragged a little stays near 350°. */
export function nearestAngle(deg: number, near: number): number {
  let d = deg;
  while (d - near > 180) d -= 360;
  while (near - d > 180) d += 360;
  return d;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * The design-pixel frame a wrapper shows after a gesture. Its transform is a
 * rotation about the box centre followed by a translation, which is exactly
 * translate(e, f) rotate(atan2(b, a)). Positions and sizes are rounded to whole
 * pixels, the rotation to a tenth of a degree and kept within ±360.
 */
export function frameFromStyle(
  style: { transform: string; width: string; height: string },
  previous: Frame,
): Frame | null {
  const m = parseTransform(style.transform);
  if (!m) return null;
  const w = length(style.width);
  const h = length(style.height);
  const deg = (Math.atan2(m.b, m.a) * 180) / Math.PI;
  let r = round1(nearestAngle(deg, previous.rotation));
  if (r > 360) r -= 360;
  if (r < -360) r += 360;
  if (Object.is(r, -0)) r = 0;
  return {
    x: Math.round(m.e),
    y: Math.round(m.f),
    w: Math.max(1, Math.round(w ?? previous.w)),
    h: Math.max(1, Math.round(h ?? previous.h)),
    rotation: r,
  };
}

/** The transform the renderer's wrapper contract gives a frame. */
export function wrapperTransform(f: Pick<Frame, "x" | "y" | "rotation">): string {
  return `translate(${f.x}px, ${f.y}px) rotate(${f.rotation}deg)`;
}

/** The fields of `next` that differ from `prev` (empty when nothing changed). */
export function frameChanges(prev: Frame, next: Frame): Partial<Frame> {
  const out: Partial<Frame> = {};
  for (const k of ["x", "y", "w", "h", "rotation"] as const) if (prev[k] !== next[k]) out[k] = next[k];
  return out;
}

/** The box a group gesture works on: design pixels, unrotated. */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The frames of a group moved by (dx, dy). */
export function groupMove(frames: readonly Frame[], dx: number, dy: number): Frame[] {
  return frames.map((f) => ({ ...f, x: f.x + dx, y: f.y + dy }));
}

/**
 * The frames of a group whose box was resized from `from` to `to`: every
 * centre keeps its place relative to the box, and sizes scale with it.
 */
export function groupResize(frames: readonly Frame[], from: Box, to: Box): Frame[] {
  const sx = from.w > 0 ? to.w / from.w : 1;
  const sy = from.h > 0 ? to.h / from.h : 1;
  return frames.map((f) => {
    const w = Math.max(1, f.w * sx);
    const h = Math.max(1, f.h * sy);
    const cx = to.x + (f.x + f.w / 2 - from.x) * sx;
    const cy = to.y + (f.y + f.h / 2 - from.y) * sy;
    return { ...f, x: cx - w / 2, y: cy - h / 2, w, h };
  });
}

/** The frames of a group turned by `deg` about a centre: each widget orbits it and turns as much. */
export function groupRotate(
  frames: readonly Frame[],
  center: { x: number; y: number },
  deg: number,
): Frame[] {
  const r = (deg * Math.PI) / 180;
  const cos = Math.cos(r);
  const sin = Math.sin(r);
  return frames.map((f) => {
    const dx = f.x + f.w / 2 - center.x;
    const dy = f.y + f.h / 2 - center.y;
    const cx = center.x + dx * cos - dy * sin;
    const cy = center.y + dx * sin + dy * cos;
    return { ...f, x: cx - f.w / 2, y: cy - f.h / 2, rotation: f.rotation + deg };
  });
}
