import type { MediaInfo } from "@marquee/renderer";
import { API_PREFIX, Manifest, type ManifestMedia, TERMINAL_PATHS } from "@marquee/terminal-protocol";

/**
 * The manifest (what to play and the media it needs): fetching it with its
 * ETag, telling which files to download and which to forget, and turning its
 * media into what the renderer asks for.
 */

const LINKED_TYPES = new Set(["web", "stream"]);
const MEDIA_TYPES = new Set<MediaInfo["type"]>(["image", "video", "audio", "document", "web", "stream"]);

/** A file the player downloads (web pages and streams are played from their own address). */
export function isFile(m: ManifestMedia): boolean {
  return !LINKED_TYPES.has(m.type) && /^[A-Za-z0-9_-]{1,128}$/.test(m.hash);
}

/** The files of a manifest, once per hash. */
export function filesOf(manifest: Manifest | null): ManifestMedia[] {
  if (!manifest) return [];
  const byHash = new Map<string, ManifestMedia>();
  for (const m of manifest.media) if (isFile(m) && !byHash.has(m.hash)) byHash.set(m.hash, m);
  return [...byHash.values()];
}

/**
 * What to do with the cache: the wanted files it lacks (to download) and the
 * cached hashes nothing wants any more (to delete).
 */
export function diffMedia(
  wanted: readonly ManifestMedia[],
  cached: Iterable<string>,
): { download: ManifestMedia[]; remove: string[] } {
  const have = new Set(cached);
  const want = new Set(wanted.map((m) => m.hash));
  const seen = new Set<string>();
  const download: ManifestMedia[] = [];
  for (const m of wanted)
    if (!have.has(m.hash) && !seen.has(m.hash)) {
      seen.add(m.hash);
      download.push(m);
    }
  return { download, remove: [...have].filter((h) => !want.has(h)) };
}

/**
 * The renderer's view of a manifest's media by material id: files at their
 * cached address (`fileUrl`), web pages and streams at their own address.
 */
export function mediaLookup(
  manifest: Manifest | null,
  fileUrl: (hash: string) => string | null,
): (materialId: number) => MediaInfo | null {
  const map = new Map<number, MediaInfo>();
  for (const m of manifest?.media ?? []) {
    const type = m.type as MediaInfo["type"];
    if (!MEDIA_TYPES.has(type)) continue;
    map.set(m.materialId, {
      id: m.materialId,
      type,
      name: m.name,
      url: LINKED_TYPES.has(type) ? m.url : isFile(m) ? fileUrl(m.hash) : null,
      width: m.width,
      height: m.height,
      durationMs: m.durationMs,
    });
  }
  return (id) => map.get(id) ?? null;
}

/** A manifest read back from storage or the network; null when it does not match the protocol. */
export function parseManifest(value: unknown): Manifest | null {
  const r = Manifest.safeParse(value);
  return r.success ? r.data : null;
}

/** What GET /t/manifest answered. */
export type ManifestFetch =
  | { kind: "same" }
  | { kind: "new"; manifest: Manifest; etag: string | null }
  | { kind: "refused" };

/** GET /t/manifest with the token and the ETag held; throws with a reason when it cannot tell. */
export async function fetchManifest(
  fetchFn: typeof fetch,
  origin: string,
  token: string,
  etag: string | null,
): Promise<ManifestFetch> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (etag) headers["if-none-match"] = etag;
  const res = await fetchFn(new URL(API_PREFIX + TERMINAL_PATHS.manifest, origin), {
    headers,
    cache: "no-store",
  });
  if (res.status === 304) return { kind: "same" };
  if (res.status === 401) return { kind: "refused" };
  if (!res.ok) throw new Error(`manifest: HTTP ${res.status}`);
  const manifest = parseManifest(await res.json());
  if (!manifest) throw new Error("manifest: unexpected answer");
  return { kind: "new", manifest, etag: res.headers.get("etag") };
}
