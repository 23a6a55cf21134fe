import type { Material } from "@marquee/contracts";
import type { MediaInfo } from "@marquee/renderer";

/** Pure helpers of the editor's render context (kept apart so they are tested without a browser). */

/** What the renderer knows of a material: files play from their file address, web/stream from theirs. */
export function mediaInfo(m: Material | undefined): MediaInfo | null {
  if (!m) return null;
  return {
    id: m.id,
    type: m.type,
    name: m.name,
    url: m.type === "web" || m.type === "stream" ? m.url : m.fileUrl,
    width: m.width,
    height: m.height,
    durationMs: m.durationMs,
  };
}

/** A cache of promises that forgets an entry after `ttlMs`, and at once when its load fails. */
export function ttlCache<T>(ttlMs: number, now: () => number = Date.now) {
  const entries = new Map<string, { at: number; value: Promise<T> }>();
  return (key: string, load: () => Promise<T>): Promise<T> => {
    const hit = entries.get(key);
    if (hit && now() - hit.at < ttlMs) return hit.value;
    const value = load();
    entries.set(key, { at: now(), value });
    value.catch(() => {
      if (entries.get(key)?.value === value) entries.delete(key);
    });
    return value;
  };
}
