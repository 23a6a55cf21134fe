import {
  type Background,
  type FIT_MODES,
  type ProgramDoc,
  paintOrder,
  type Scene,
  type Widget,
  type WidgetOf,
} from "@marquee/program";
import sharp, { type Sharp } from "sharp";
import type { MediaStorage } from "../../platform/storage";
import type { MaterialRow } from "../material/repo";

/** Width of a program's thumbnail in pixels; the height follows the canvas ratio. */
export const THUMB_WIDTH = 480;

type Fit = (typeof FIT_MODES)[number];
/** A picture ready to embed: a PNG data address and its size in thumbnail pixels. */
interface Picture {
  href: string;
  width: number;
  height: number;
}
interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c] ?? c,
  );

/** A document colour as SVG fill and opacity (#rgb, #rgba, #rrggbb, #rrggbbaa); null for transparent. */
export function svgColor(color: string): { fill: string; opacity: number } | null {
  if (color === "transparent") return null;
  let hex = color.slice(1);
  if (hex.length <= 4) hex = [...hex].map((c) => c + c).join("");
  const alpha = hex.length === 8 ? Number.parseInt(hex.slice(6), 16) / 255 : 1;
  if (alpha === 0) return null;
  return { fill: `#${hex.slice(0, 6)}`, opacity: Math.round(alpha * 1000) / 1000 };
}

const paint = (color: string) => {
  const c = svgColor(color);
  return c ? `fill="${c.fill}" fill-opacity="${c.opacity}"` : null;
};

/** How a text is measured: its font size, the average advance of a narrow character (a share of it), spacing. */
export interface Measure {
  size: number;
  narrow: number;
  spacing: number;
}

/** Wide (CJK, full-width) characters take about a font size; others `narrow` of one. */
const charWidth = (ch: string, m: Measure) =>
  (/[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/.test(ch)
    ? m.size
    : m.size * m.narrow) + m.spacing;

/** Breaks text into lines that fit `width` (estimated widths; wide characters break anywhere). */
export function wrapLines(text: string, m: Measure, width: number, maxLines: number): string[] {
  const out: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = "";
    let lineWidth = 0;
    for (const token of paragraph.match(/[\u1100-\uffff]|\S+|\s+/g) ?? [""]) {
      const w = [...token].reduce((s, ch) => s + charWidth(ch, m), 0);
      if (lineWidth + w > width && line.trim() !== "") {
        out.push(line.trimEnd());
        line = token.trimStart();
        lineWidth = [...line].reduce((s, ch) => s + charWidth(ch, m), 0);
      } else {
        line += token;
        lineWidth += w;
      }
      if (out.length >= maxLines) return out;
    }
    out.push(line.trimEnd());
    if (out.length >= maxLines) return out;
  }
  return out;
}

/** Plain text of the editor's small rich-text HTML (line breaks kept). */
export const htmlText = (html: string) =>
  html
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<\/(p|div)>/gi, "\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .trim();

/**
 * Draws the first main scene of a program as a small WebP image (the list's
 * thumbnail): backgrounds, then the visible widgets in paint order. Media are
 * drawn from the stored files (images) and thumbnails (videos); text widgets
 * as text; the other widgets as a labelled box. One SVG, rendered by sharp.
 */
export class ThumbnailRenderer {
  private readonly images = new Map<string, Promise<Picture | null>>();
  private clipCount = 0;

  constructor(
    private readonly doc: ProgramDoc,
    private readonly media: ReadonlyMap<number, MaterialRow>,
    private readonly storage: MediaStorage,
  ) {}

  /** Pixels of the thumbnail per design pixel. */
  private get scale() {
    return THUMB_WIDTH / this.doc.width;
  }

  async render(): Promise<Buffer> {
    const { doc } = this;
    const width = THUMB_WIDTH;
    const height = Math.max(1, Math.round((THUMB_WIDTH * doc.height) / doc.width));
    const canvas: Box = { x: 0, y: 0, w: doc.width, h: doc.height };
    const scene = doc.scenes.find((s) => s.kind === "main") as Scene | undefined;
    const parts = [await this.background(doc.background, canvas)];
    if (scene) {
      parts.push(await this.background(scene.background, canvas));
      for (const w of paintOrder(scene)) if (!w.hidden) parts.push(await this.widget(w));
    }
    const svg = [
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${doc.width} ${doc.height}" preserveAspectRatio="none">`,
      ...parts,
      "</svg>",
    ].join("\n");
    return sharp(Buffer.from(svg), { limitInputPixels: false })
      .resize(width, height, { fit: "fill" })
      .webp({ quality: 80 })
      .toBuffer();
  }

  /** A PNG data address of a material's picture (an image's file, a video's thumbnail), sized for `box` and `fit`. */
  private picture(materialId: number | null | undefined, box: Box, fit: Fit): Promise<Picture | null> {
    const m = materialId ? this.media.get(materialId) : undefined;
    const md5 = m?.type === "image" ? m.md5 : m?.type === "video" ? m.thumbMd5 : null;
    if (!m || !md5) return Promise.resolve(null);
    const pw = Math.max(1, Math.ceil(box.w * this.scale));
    const ph = Math.max(1, Math.ceil(box.h * this.scale));
    const key = `${md5}:${pw}x${ph}:${fit}`;
    let found = this.images.get(key);
    if (!found) {
      found = (async () => {
        // sharp reads a path: the stored file (local) or a temporary download (bucket).
        const local = await this.storage.localFile(md5);
        try {
          const img = sharp(local.path, {
            failOn: "error",
            limitInputPixels: 100_000_000,
          }).rotate();
          let sized: Sharp;
          if (fit === "none") {
            const meta = await img.metadata();
            const nw = Math.max(1, Math.min(4000, Math.round(meta.autoOrient.width * this.scale)));
            const nh = Math.max(1, Math.min(4000, Math.round(meta.autoOrient.height * this.scale)));
            sized = img.resize(nw, nh, { fit: "fill" });
          } else {
            const mode = fit === "contain" ? "inside" : fit === "cover" ? "outside" : "fill";
            sized = img.resize(pw, ph, { fit: mode, withoutEnlargement: fit !== "fill" });
          }
          const { data, info } = await sized.png().toBuffer({ resolveWithObject: true });
          return {
            href: `data:image/png;base64,${data.toString("base64")}`,
            width: info.width,
            height: info.height,
          };
        } finally {
          await local.release();
        }
      })().catch(() => null);
      this.images.set(key, found);
    }
    return found;
  }

  /** An <image> of a material placed in `box` with the widget's fit (for "none": natural size, centred). */
  private async image(
    materialId: number | null | undefined,
    box: Box,
    fit: Fit,
    extra = "",
  ): Promise<string | null> {
    const pic = await this.picture(materialId, box, fit);
    if (!pic) return null;
    const { href } = pic;
    if (fit === "none") {
      const w = pic.width / this.scale;
      const h = pic.height / this.scale;
      const x = box.x + (box.w - w) / 2;
      const y = box.y + (box.h - h) / 2;
      return `<image x="${x}" y="${y}" width="${w}" height="${h}" preserveAspectRatio="none" href="${href}"${extra}/>`;
    }
    const ratio = fit === "contain" ? "xMidYMid meet" : fit === "cover" ? "xMidYMid slice" : "none";
    return `<image x="${box.x}" y="${box.y}" width="${box.w}" height="${box.h}" preserveAspectRatio="${ratio}" href="${href}"${extra}/>`;
  }

  private async background(b: Background, box: Box): Promise<string> {
    const color = paint(b.color);
    const fill = color ? `<rect x="${box.x}" y="${box.y}" width="${box.w}" height="${box.h}" ${color}/>` : "";
    if (b.kind === "color") return fill;
    return fill + ((await this.image(b.materialId, box, b.fit)) ?? "");
  }

  /** A group clipped to the widget's frame (with rounded corners) and turned by its rotation. */
  private frame(w: Widget, inner: string, radius = 0, opacity = 1): string {
    const id = `c${this.clipCount++}`;
    const cx = w.x + w.w / 2;
    const cy = w.y + w.h / 2;
    const turn = w.rotation ? ` transform="rotate(${w.rotation} ${cx} ${cy})"` : "";
    const fade = opacity < 1 ? ` opacity="${opacity}"` : "";
    return [
      `<g${turn}${fade}>`,
      `<clipPath id="${id}"><rect x="${w.x}" y="${w.y}" width="${w.w}" height="${w.h}" rx="${radius}"/></clipPath>`,
      `<g clip-path="url(#${id})">${inner}</g>`,
      "</g>",
    ].join("");
  }

  private box(w: Widget): string {
    const size = Math.max(8, Math.min(w.h * 0.3, w.w / Math.max(4, w.type.length * 0.6)));
    const radius = Math.min(w.w, w.h) * 0.08;
    return this.frame(
      w,
      `<rect x="${w.x}" y="${w.y}" width="${w.w}" height="${w.h}" rx="${radius}" fill="#ffffff" fill-opacity="0.18" stroke="#ffffff" stroke-opacity="0.55" stroke-width="${Math.max(1, 2 / this.scale)}"/>` +
        `<text x="${w.x + w.w / 2}" y="${w.y + w.h / 2 + size * 0.35}" font-family="sans-serif" font-size="${size}" fill="#ffffff" text-anchor="middle">${esc(w.type)}</text>`,
    );
  }

  private text(
    w: Widget,
    text: string,
    s: {
      fontFamily: string;
      fontSize: number;
      color: string;
      background: string;
      bold?: boolean;
      italic?: boolean;
      underline?: boolean;
      align?: "left" | "center" | "right" | "justify";
      valign?: "top" | "middle" | "bottom";
      lineHeight?: number;
      letterSpacing?: number;
    },
    oneLine = false,
  ): string {
    const lineHeight = s.fontSize * (s.lineHeight ?? 1.2);
    const lines = oneLine
      ? [text.replace(/\s+/g, " ")]
      : wrapLines(
          text,
          { size: s.fontSize, narrow: s.bold ? 0.64 : 0.58, spacing: s.letterSpacing ?? 0 },
          w.w,
          Math.max(1, Math.floor(w.h / lineHeight)),
        );
    const valign = oneLine ? "middle" : (s.valign ?? "top");
    const block = lines.length * lineHeight;
    const top = valign === "top" ? w.y : valign === "bottom" ? w.y + w.h - block : w.y + (w.h - block) / 2;
    const anchor = s.align === "center" ? "middle" : s.align === "right" ? "end" : "start";
    const x = s.align === "center" ? w.x + w.w / 2 : s.align === "right" ? w.x + w.w : w.x;
    const bg = paint(s.background);
    const fg = paint(s.color);
    const attrs = [
      `font-family="${esc(s.fontFamily)}, sans-serif"`,
      `font-size="${s.fontSize}"`,
      `text-anchor="${anchor}"`,
      fg ?? 'fill="none"',
      s.bold ? 'font-weight="bold"' : "",
      s.italic ? 'font-style="italic"' : "",
      s.underline ? 'text-decoration="underline"' : "",
      s.letterSpacing ? `letter-spacing="${s.letterSpacing}"` : "",
    ].join(" ");
    const spans = lines
      .map(
        (line, i) =>
          `<tspan x="${x}" y="${top + i * lineHeight + (lineHeight - s.fontSize) / 2 + s.fontSize * 0.82}">${esc(line)}</tspan>`,
      )
      .join("");
    return this.frame(
      w,
      (bg ? `<rect x="${w.x}" y="${w.y}" width="${w.w}" height="${w.h}" ${bg}/>` : "") +
        `<text xml:space="preserve" ${attrs}>${spans}</text>`,
    );
  }

  private async widget(w: Widget): Promise<string> {
    switch (w.type) {
      case "image": {
        const p = w.props;
        const img = await this.image(p.materialId, w, p.fit);
        return img ? this.frame(w, img, p.borderRadius, p.opacity) : this.box(w);
      }
      case "carousel": {
        const img = await this.image(w.props.materialIds[0], w, w.props.fit);
        return img ? this.frame(w, img) : this.box(w);
      }
      case "video": {
        const img = await this.image(w.props.materialId, w, w.props.fit);
        return img ? this.frame(w, img) : this.box(w);
      }
      case "text": {
        const p = w.props;
        return this.text(w, p.html ? htmlText(p.html) : p.text, p);
      }
      case "marquee":
        return this.text(w, w.props.text, w.props, true);
      case "button":
        return this.button(w);
      default:
        return this.box(w);
    }
  }

  private button(w: WidgetOf<"button">): string {
    const p = w.props;
    const bg = paint(p.background);
    return (
      (bg
        ? this.frame(w, `<rect x="${w.x}" y="${w.y}" width="${w.w}" height="${w.h}" ${bg}/>`, p.borderRadius)
        : "") +
      this.text(
        w,
        p.label,
        {
          fontFamily: "sans-serif",
          fontSize: p.fontSize,
          color: p.color,
          background: "transparent",
          align: "center",
        },
        true,
      )
    );
  }
}

/** Renders a program's thumbnail (see ThumbnailRenderer). */
export function renderThumbnail(
  doc: ProgramDoc,
  media: ReadonlyMap<number, MaterialRow>,
  storage: MediaStorage,
): Promise<Buffer> {
  return new ThumbnailRenderer(doc, media, storage).render();
}
