import {
  API_PREFIX,
  type ManifestMedia,
  type PlayerReason,
  playerReason,
  ReasonError,
  TERMINAL_PATHS,
  type Why,
} from "@marquee/terminal-protocol";
import { MEDIA_CACHE, MEDIA_PREFIX, mediaPath } from "./paths";

/**
 * The media files on this screen. The page downloads each file with the
 * token into Cache Storage ("marquee-media"); the Service Worker answers
 * /player/media/<hash> from there. Until a Service Worker controls the page
 * (its very first start), cached files are shown through object URLs. A
 * browser without Cache Storage (plain http on another host than localhost)
 * keeps files in memory only and says so.
 */

/** Why a screen without Cache Storage cannot keep media across restarts. */
export const NO_CACHE_REASON = "no offline cache: Cache Storage needs https (or localhost)";

/** A download that stops receiving bytes for this long is given up (and tried again later). */
export const STALL_MS = 60_000;

/** The screen has no room for a file. */
export class StorageFull extends ReasonError {
  constructor(m: ManifestMedia) {
    super(playerReason("fileNoStorage", { file: m.name, size: m.size }));
  }
}

/** A file that did not arrive whole. */
const shortFile = (m: ManifestMedia, done: number) =>
  new ReasonError(playerReason("fileShort", { file: m.name, done, size: m.size }));

/**
 * Why a file failed, naming it: the store's own reason (it names the file
 * already), or an exception's words after the file's name.
 */
export function fileFailure(file: string, why: Why): PlayerReason {
  return typeof why === "string" ? playerReason("fileFailed", { file, error: why }) : why;
}

/** The files on the screen, whatever holds them. */
export interface MediaStore {
  /** Whether files survive a restart. */
  readonly persistent: boolean;
  hashes(): Promise<string[]>;
  /** Downloads one file; `onBytes` hears each chunk's size. Throws with a reason. */
  download(
    m: ManifestMedia,
    auth: { origin: string; token: string },
    onBytes: (n: number) => void,
  ): Promise<void>;
  remove(hash: string): Promise<void>;
  /** The bytes a cached file takes; null when it is not here. */
  sizeOf(hash: string): Promise<number | null>;
  /** The address the renderer loads a cached file from; null when it is not here. */
  url(hash: string): string | null;
  /** Makes `url` answer synchronously for these files (object URLs when no Service Worker serves them). */
  prepare(hashes: readonly string[]): Promise<void>;
}

/** An abort signal that fires when `touch` was not called for STALL_MS. */
function stallGuard(m: ManifestMedia) {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const touch = () => {
    clearTimeout(timer);
    timer = setTimeout(
      () =>
        controller.abort(
          new ReasonError(playerReason("fileStalled", { file: m.name, seconds: STALL_MS / 1000 })),
        ),
      STALL_MS,
    );
  };
  touch();
  return { signal: controller.signal, touch, done: () => clearTimeout(timer) };
}

/** The file's bytes as a stream that counts what passes (and keeps the stall guard quiet). */
async function fetchFile(
  m: ManifestMedia,
  auth: { origin: string; token: string },
  onBytes: (n: number) => void,
  total: { bytes: number },
  guard: ReturnType<typeof stallGuard>,
): Promise<{ res: Response; body: ReadableStream<Uint8Array> }> {
  const res = await fetch(new URL(API_PREFIX + TERMINAL_PATHS.media + m.hash, auth.origin), {
    headers: { authorization: `Bearer ${auth.token}` },
    cache: "no-store",
    signal: guard.signal,
  });
  if (!res.ok || !res.body)
    throw new ReasonError(playerReason("fileHttp", { file: m.name, status: res.status }));
  const body = res.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, out) {
        guard.touch();
        total.bytes += chunk.byteLength;
        onBytes(chunk.byteLength);
        out.enqueue(chunk);
      },
    }),
  );
  return { res, body };
}

const headersOf = (m: ManifestMedia, res: Response) =>
  new Headers({
    "content-type": m.mime ?? res.headers.get("content-type") ?? "application/octet-stream",
    "accept-ranges": "bytes",
    // The size is checked after the download (a wrong one is deleted): deleteFiles reads it back.
    ...(m.size > 0 ? { "content-length": String(m.size) } : {}),
  });

/** Files in Cache Storage, served by the Service Worker when `controlled()` says it controls the page. */
export function cacheStore(controlled: () => boolean): MediaStore {
  const objectUrls = new Map<string, string>();
  const open = () => caches.open(MEDIA_CACHE);
  return {
    persistent: true,
    async hashes() {
      const keys = await (await open()).keys();
      return keys
        .map((r) => new URL(r.url).pathname)
        .filter((p) => p.startsWith(MEDIA_PREFIX))
        .map((p) => p.slice(MEDIA_PREFIX.length));
    },
    async download(m, auth, onBytes) {
      const estimate = await navigator.storage?.estimate?.().catch(() => null);
      if (
        estimate?.quota !== undefined &&
        estimate.usage !== undefined &&
        estimate.quota - estimate.usage < m.size
      )
        throw new StorageFull(m);
      const total = { bytes: 0 };
      const guard = stallGuard(m);
      const cache = await open();
      try {
        const { res, body } = await fetchFile(m, auth, onBytes, total, guard);
        await cache.put(mediaPath(m.hash), new Response(body, { headers: headersOf(m, res) }));
      } catch (e) {
        if (e instanceof DOMException && e.name === "QuotaExceededError") throw new StorageFull(m);
        throw guard.signal.aborted ? guard.signal.reason : e;
      } finally {
        guard.done();
      }
      if (m.size > 0 && total.bytes !== m.size) {
        await cache.delete(mediaPath(m.hash));
        throw shortFile(m, total.bytes);
      }
    },
    async sizeOf(hash) {
      const res = await (await open()).match(mediaPath(hash));
      if (!res) return null;
      const length = Number(res.headers.get("content-length"));
      return Number.isInteger(length) && length > 0 ? length : (await res.blob()).size;
    },
    async remove(hash) {
      await (await open()).delete(mediaPath(hash));
      const u = objectUrls.get(hash);
      if (u) URL.revokeObjectURL(u);
      objectUrls.delete(hash);
    },
    url(hash) {
      return controlled() ? mediaPath(hash) : (objectUrls.get(hash) ?? null);
    },
    async prepare(hashes) {
      if (controlled()) return;
      const cache = await open();
      for (const hash of hashes) {
        if (objectUrls.has(hash)) continue;
        const res = await cache.match(mediaPath(hash));
        if (res) objectUrls.set(hash, URL.createObjectURL(await res.blob()));
      }
    },
  };
}

/** Files in memory (no Cache Storage in this browser): they play, and are downloaded again after a restart. */
export function memoryMediaStore(): MediaStore {
  const files = new Map<string, string>();
  const sizes = new Map<string, number>();
  return {
    persistent: false,
    async hashes() {
      return [...files.keys()];
    },
    async sizeOf(hash) {
      return sizes.get(hash) ?? null;
    },
    async download(m, auth, onBytes) {
      const total = { bytes: 0 };
      const guard = stallGuard(m);
      let blob: Blob;
      try {
        const { res, body } = await fetchFile(m, auth, onBytes, total, guard);
        blob = await new Response(body, { headers: headersOf(m, res) }).blob();
      } catch (e) {
        throw guard.signal.aborted ? guard.signal.reason : e;
      } finally {
        guard.done();
      }
      if (m.size > 0 && total.bytes !== m.size) throw shortFile(m, total.bytes);
      files.set(m.hash, URL.createObjectURL(blob));
      sizes.set(m.hash, blob.size);
    },
    async remove(hash) {
      const u = files.get(hash);
      if (u) URL.revokeObjectURL(u);
      files.delete(hash);
      sizes.delete(hash);
    },
    url: (hash) => files.get(hash) ?? null,
    async prepare() {},
  };
}
