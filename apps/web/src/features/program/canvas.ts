import { CANVAS_PRESETS, type CanvasPresetKey, LIMITS } from "@marquee/program";

/** The preset sizes by key, for the choice cards and the size filter. */
export const PRESET_SIZES: ReadonlyMap<CanvasPresetKey, { width: number; height: number }> = new Map(
  CANVAS_PRESETS.map((p) => [p.key, { width: p.width, height: p.height }]),
);

/** Whether one side of a canvas is whole pixels between LIMITS.canvasMin and LIMITS.canvasMax. */
export function isCanvasSide(v: number | null | undefined): boolean {
  return typeof v === "number" && Number.isInteger(v) && v >= LIMITS.canvasMin && v <= LIMITS.canvasMax;
}

/** Whether the editor accepts this canvas. */
export function isCanvasSize(width: number | null | undefined, height: number | null | undefined): boolean {
  return isCanvasSide(width) && isCanvasSide(height);
}

/** The size of a box that draws a canvas of this ratio as large as fits in maxWidth × maxHeight. */
export function fitBox(
  width: number,
  height: number,
  maxWidth: number,
  maxHeight: number,
): { width: number; height: number } {
  if (!(width > 0 && height > 0)) return { width: maxWidth, height: maxHeight };
  const scale = Math.min(maxWidth / width, maxHeight / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** "1920×1080": how a canvas size is written on cards and in the table. */
export const canvasLabel = (width: number, height: number) => `${width}×${height}`;

/** The editor's address for an existing program. */
export const editProgramUrl = (id: number) => `/programEditor?id=${id}`;

/** The editor's address for a new program: the editor creates it with this name and size. */
export function newProgramUrl(name: string, width: number, height: number): string {
  const q = new URLSearchParams({ new: "1", name, w: String(width), h: String(height) });
  return `/programEditor?${q.toString()}`;
}
