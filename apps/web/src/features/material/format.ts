import type { MaterialType } from "@marquee/contracts";

/** A duration in milliseconds as h:mm:ss or m:ss. */
export function formatDuration(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms) || ms < 0) return "";
  const total = Math.round(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/** Width × height, when known. */
export function formatDimensions(width: number | null, height: number | null): string {
  return width && height ? `${width} × ${height}` : "";
}

/** Types that are files (with a size, an MD5 and a thumbnail that can be replaced). */
export const isFileType = (type: MaterialType) => type !== "web" && type !== "stream";
