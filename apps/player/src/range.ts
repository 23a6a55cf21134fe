/**
 * Byte ranges for the Service Worker: media elements ask for parts of a file
 * (seeking, and Safari always), and a cached file must answer them with 206.
 */

/** The byte range (inclusive) a `Range` header asks of a file of `size` bytes; null when unsatisfiable. */
export function parseRange(header: string, size: number): { start: number; end: number } | null {
  const m = /^bytes=(\d*)-(\d*)/.exec(header.trim());
  if (!m || size <= 0) return null;
  const [, from = "", to = ""] = m;
  if (from === "" && to === "") return null;
  if (from === "") {
    const suffix = Number(to);
    if (suffix === 0) return null;
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === "" ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || end < start) return null;
  return { start, end };
}
