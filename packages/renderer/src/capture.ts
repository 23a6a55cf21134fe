/**
 * A picture of a rendered element, drawn into a canvas from the DOM (browsers
 * give pages no way to read their own pixels): the player's screenshot
 * command, and the console's expected picture of a screen (issue 24, screen
 * truth), so both sides of that comparison are drawn the same way. It
 * paints in document order, siblings by z-index: backgrounds and borders,
 * images, video frames, canvases (PDF pages), SVG (clocks, QR codes, icons),
 * and text word by word at the places the browser laid it out, each rotated
 * and clipped as its boxes are. Web pages in frames cannot be read and are
 * drawn as a plain box; a cross-origin picture that would taint the canvas is
 * drawn as a grey box.
 */

/** Source and destination rectangles for drawImage. */
export interface Placement {
  sx: number;
  sy: number;
  sw: number;
  sh: number;
  dx: number;
  dy: number;
  dw: number;
  dh: number;
}

/** Where a picture of natural size `nw`×`nh` lands in a `w`×`h` box (origin at its top left) for a CSS object-fit. */
export function placeFit(fit: string, nw: number, nh: number, w: number, h: number): Placement {
  const full = { sx: 0, sy: 0, sw: nw, sh: nh };
  if (nw <= 0 || nh <= 0 || w <= 0 || h <= 0) return { ...full, dx: 0, dy: 0, dw: 0, dh: 0 };
  if (fit === "fill") return { ...full, dx: 0, dy: 0, dw: w, dh: h };
  let scale: number;
  if (fit === "cover") scale = Math.max(w / nw, h / nh);
  else if (fit === "none") scale = 1;
  else if (fit === "scale-down") scale = Math.min(1, w / nw, h / nh);
  else scale = Math.min(w / nw, h / nh); // contain
  const dw = nw * scale;
  const dh = nh * scale;
  // Centred (object-position's default); what overflows the box is cut from the source.
  const cutW = Math.max(0, dw - w) / scale;
  const cutH = Math.max(0, dh - h) / scale;
  return {
    sx: cutW / 2,
    sy: cutH / 2,
    sw: nw - cutW,
    sh: nh - cutH,
    dx: Math.max(0, (w - dw) / 2),
    dy: Math.max(0, (h - dh) / 2),
    dw: Math.min(w, dw),
    dh: Math.min(h, dh),
  };
}

/** The rotation (radians) of a computed CSS transform ("none", "matrix(a, b, …)", "matrix3d(…)"). */
export function rotationOf(transform: string): number {
  const m = /^matrix(3d)?\(([^)]+)\)$/.exec(transform.trim());
  if (!m?.[2]) return 0;
  const v = m[2].split(",").map(Number);
  const a = v[0] ?? 1;
  const b = v[1] ?? 0;
  return Number.isFinite(a) && Number.isFinite(b) ? Math.atan2(b, a) : 0;
}

/** Whether a computed colour paints anything. */
export function isPainted(color: string): boolean {
  const c = color.replace(/\s/g, "");
  return c !== "" && c !== "transparent" && !/^rgba\(.*,0(\.0+)?\)$/.test(c);
}

/** The words of a text with their offsets, for measuring each where the browser put it. */
export function wordsOf(text: string): Array<{ word: string; start: number; end: number }> {
  const out: Array<{ word: string; start: number; end: number }> = [];
  for (const m of text.matchAll(/\S+/g)) out.push({ word: m[0], start: m.index, end: m.index + m[0].length });
  return out;
}

/** How the element in hand sits on the canvas: centre and size in canvas pixels, rotation, opacity. */
interface Frame {
  cx: number;
  cy: number;
  w: number;
  h: number;
  angle: number;
  alpha: number;
}

const MAX_WORDS = 20_000;

class Painter {
  private words = 0;
  private readonly clean = new Map<string, boolean>();
  private readonly svgs = new Map<Element, HTMLImageElement | null>();

  constructor(
    private readonly ctx: CanvasRenderingContext2D,
    private readonly origin: DOMRect,
    /** Canvas pixels per CSS pixel of the screen. */
    private readonly k: number,
  ) {}

  /** Loads every SVG under the root as an image first (drawing is synchronous). */
  async prepare(root: Element): Promise<void> {
    const loads = [...root.querySelectorAll("svg")]
      .filter((svg) => !svg.parentElement?.closest("svg"))
      .map(async (svg) => this.svgs.set(svg, await svgImage(svg)));
    await Promise.all(loads);
  }

  paint(el: Element, parentAngle: number, parentAlpha: number): void {
    const cs = getComputedStyle(el);
    if (cs.display === "none" || cs.visibility === "hidden") return;
    const alpha = parentAlpha * Number(cs.opacity || "1");
    if (alpha <= 0) return;
    const angle = parentAngle + rotationOf(cs.transform);
    const f = this.frameOf(el, angle, alpha);
    const { ctx } = this;
    ctx.save();
    ctx.globalAlpha = alpha;
    this.box(f, cs);
    const clips = cs.overflow !== "visible" || el instanceof HTMLIFrameElement;
    if (clips) this.clip(f);
    if (el instanceof HTMLImageElement) {
      if (el.complete && el.naturalWidth > 0)
        this.picture(el, el.currentSrc || el.src, el.naturalWidth, el.naturalHeight, f, cs.objectFit);
    } else if (el instanceof HTMLVideoElement) {
      if (el.readyState >= 2)
        this.picture(el, el.currentSrc || el.src, el.videoWidth, el.videoHeight, f, cs.objectFit);
    } else if (el instanceof HTMLCanvasElement) {
      this.picture(el, null, el.width, el.height, f, "fill");
    } else if (el instanceof HTMLIFrameElement) {
      this.solid(f, "#e8e8e8");
    } else if (el instanceof SVGSVGElement) {
      const img = this.svgs.get(el);
      if (img) this.picture(img, null, img.naturalWidth || f.w, img.naturalHeight || f.h, f, "fill");
    } else {
      for (const child of ordered(el)) {
        if (child.nodeType === Node.TEXT_NODE) this.text(child as Text, cs, angle);
        else if (child instanceof Element) this.paint(child, angle, alpha);
      }
    }
    ctx.restore();
  }

  private frameOf(el: Element, angle: number, alpha: number): Frame {
    const r = el.getBoundingClientRect();
    const cx = ((r.left + r.right) / 2 - this.origin.left) * this.k;
    const cy = ((r.top + r.bottom) / 2 - this.origin.top) * this.k;
    if (Math.abs(Math.sin(angle)) < 1e-3)
      return { cx, cy, w: r.width * this.k, h: r.height * this.k, angle: 0, alpha };
    // Rotated: the box is the element's own size at the scale its rectangle shows.
    const ow = el instanceof HTMLElement ? el.offsetWidth : r.width;
    const oh = el instanceof HTMLElement ? el.offsetHeight : r.height;
    const c = Math.abs(Math.cos(angle));
    const s = Math.abs(Math.sin(angle));
    const scale = ow * c + oh * s > 0 ? r.width / (ow * c + oh * s) : 1;
    return { cx, cy, w: ow * scale * this.k, h: oh * scale * this.k, angle, alpha };
  }

  /** Moves the context to the frame's top left corner, rotated. */
  private enter(f: Frame): void {
    this.ctx.translate(f.cx, f.cy);
    this.ctx.rotate(f.angle);
    this.ctx.translate(-f.w / 2, -f.h / 2);
  }

  private box(f: Frame, cs: CSSStyleDeclaration): void {
    const { ctx } = this;
    const radius = Number.parseFloat(cs.borderTopLeftRadius) * this.scaleOf(f, cs) || 0;
    ctx.save();
    this.enter(f);
    if (isPainted(cs.backgroundColor)) {
      ctx.fillStyle = cs.backgroundColor;
      ctx.beginPath();
      shape(ctx, 0, 0, f.w, f.h, radius);
      ctx.fill();
    }
    const border = Number.parseFloat(cs.borderTopWidth) * this.scaleOf(f, cs);
    if (border > 0 && cs.borderTopStyle !== "none" && isPainted(cs.borderTopColor)) {
      ctx.strokeStyle = cs.borderTopColor;
      ctx.lineWidth = border;
      ctx.beginPath();
      shape(ctx, border / 2, border / 2, f.w - border, f.h - border, radius);
      ctx.stroke();
    }
    ctx.restore();
  }

  /** Canvas pixels per CSS pixel of the element (its own transforms included). */
  private scaleOf(f: Frame, cs: CSSStyleDeclaration): number {
    const w = Number.parseFloat(cs.width);
    return w > 0 ? f.w / w : this.k;
  }

  private clip(f: Frame): void {
    const { ctx } = this;
    ctx.translate(f.cx, f.cy);
    ctx.rotate(f.angle);
    ctx.beginPath();
    ctx.rect(-f.w / 2, -f.h / 2, f.w, f.h);
    ctx.clip();
    ctx.rotate(-f.angle);
    ctx.translate(-f.cx, -f.cy);
  }

  private solid(f: Frame, color: string): void {
    this.ctx.save();
    this.enter(f);
    this.ctx.fillStyle = color;
    this.ctx.fillRect(0, 0, f.w, f.h);
    this.ctx.restore();
  }

  private picture(
    src: CanvasImageSource,
    url: string | null,
    nw: number,
    nh: number,
    f: Frame,
    fit: string,
  ): void {
    if (!this.isClean(src, url)) {
      this.solid(f, "#808080");
      return;
    }
    const p = placeFit(fit || "fill", nw, nh, f.w, f.h);
    if (p.dw <= 0 || p.dh <= 0) return;
    this.ctx.save();
    this.enter(f);
    try {
      this.ctx.drawImage(src, p.sx, p.sy, p.sw, p.sh, p.dx, p.dy, p.dw, p.dh);
    } catch {
      // A picture that cannot be drawn (still decoding, gone) is left out.
    }
    this.ctx.restore();
  }

  /** Whether drawing this source keeps the canvas readable (same origin or CORS-approved). */
  private isClean(src: CanvasImageSource, url: string | null): boolean {
    if (!url || url.startsWith("blob:") || url.startsWith("data:")) return true;
    const known = this.clean.get(url);
    if (known !== undefined) return known;
    const probe = document.createElement("canvas");
    probe.width = 1;
    probe.height = 1;
    const p = probe.getContext("2d");
    let ok = false;
    try {
      p?.drawImage(src, 0, 0, 1, 1);
      p?.getImageData(0, 0, 1, 1);
      ok = true;
    } catch {
      ok = false;
    }
    this.clean.set(url, ok);
    return ok;
  }

  private text(node: Text, cs: CSSStyleDeclaration, angle: number): void {
    const words = wordsOf(node.data);
    if (words.length === 0 || this.words > MAX_WORDS || !isPainted(cs.color)) return;
    const { ctx } = this;
    const parent = node.parentElement;
    const pr = parent?.getBoundingClientRect();
    const ownWidth = parent instanceof HTMLElement ? parent.offsetWidth : 0;
    // The text's scale on the canvas: the parent's rendered width against its layout width (rotation aside).
    const c = Math.abs(Math.cos(angle));
    const s = Math.abs(Math.sin(angle));
    const shown =
      pr && ownWidth > 0 ? pr.width / (ownWidth * c + (parent as HTMLElement).offsetHeight * s || 1) : 1;
    const size = Number.parseFloat(cs.fontSize) * shown * this.k;
    ctx.save();
    ctx.font = `${cs.fontStyle} ${cs.fontWeight} ${size}px ${cs.fontFamily}`;
    ctx.fillStyle = cs.color;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    const range = document.createRange();
    for (const w of words) {
      if (++this.words > MAX_WORDS) break;
      range.setStart(node, w.start);
      range.setEnd(node, w.end);
      const r = range.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      const cx = ((r.left + r.right) / 2 - this.origin.left) * this.k;
      const cy = ((r.top + r.bottom) / 2 - this.origin.top) * this.k;
      ctx.save();
      ctx.translate(cx, cy);
      ctx.rotate(angle);
      ctx.fillText(w.word, 0, 0);
      ctx.restore();
    }
    ctx.restore();
  }
}

/** A rectangle path, rounded where the browser can (roundRect is Chromium 99+). */
function shape(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, r: number): void {
  if (r > 0 && typeof ctx.roundRect === "function") ctx.roundRect(x, y, w, h, r);
  else ctx.rect(x, y, w, h);
}

/** Children in paint order: document order, positioned siblings by z-index (stable). */
function ordered(el: Element): ChildNode[] {
  const children = [...el.childNodes];
  const z = (n: ChildNode) => {
    if (!(n instanceof Element)) return 0;
    const cs = getComputedStyle(n);
    const v = cs.position === "static" ? 0 : Number.parseInt(cs.zIndex, 10);
    return Number.isFinite(v) ? v : 0;
  };
  const keyed = children.map((n, i) => ({ n, i, z: z(n) }));
  keyed.sort((a, b) => a.z - b.z || a.i - b.i);
  return keyed.map((k) => k.n);
}

/** An inline SVG as an image (its currentColor resolved), or null when it will not load. */
function svgImage(svg: SVGSVGElement): Promise<HTMLImageElement | null> {
  const r = svg.getBoundingClientRect();
  const clone = svg.cloneNode(true) as SVGSVGElement;
  clone.setAttribute("xmlns", "http://www.w3.org/2000/svg");
  if (!clone.getAttribute("width")) clone.setAttribute("width", String(Math.max(1, Math.round(r.width))));
  if (!clone.getAttribute("height")) clone.setAttribute("height", String(Math.max(1, Math.round(r.height))));
  clone.style.color = getComputedStyle(svg).color;
  const url = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(clone))}`;
  return new Promise((resolve) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => resolve(null);
    img.src = url;
  });
}

/**
 * Draws `root` as shown into a new `width`×`height` canvas (black under it):
 * `width`×`height` stand for the root's whole box.
 */
export async function drawElement(root: Element, width: number, height: number): Promise<HTMLCanvasElement> {
  const origin = root.getBoundingClientRect();
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(width));
  canvas.height = Math.max(1, Math.round(height));
  const ctx = canvas.getContext("2d");
  if (!ctx) throw new Error("no 2D canvas");
  ctx.fillStyle = "#000";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  if (origin.width <= 0 || origin.height <= 0) return canvas;
  const painter = new Painter(ctx, origin, canvas.width / origin.width);
  await painter.prepare(root);
  painter.paint(root, 0, 1);
  return canvas;
}
