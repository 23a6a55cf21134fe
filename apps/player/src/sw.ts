import { MEDIA_CACHE, MEDIA_PREFIX, PLAYER_BASE, SHELL_CACHE_PREFIX } from "./paths";
import { parseRange } from "./range";

/**
 * The player's Service Worker (/player/sw.js, scope /player/). It keeps the
 * app shell (the page and every built file, precached at install) so a
 * reload without network still starts, and answers /player/media/<hash>
 * from the media cache the page fills, with byte ranges for video and audio.
 * Everything else (the API, web pages in widgets) goes to the network.
 */

/** The built files to precache and the build's id (written by the build, see vite.config.ts). */
declare const __PRECACHE__: string[];
declare const __BUILD_ID__: string;

interface ExtendableEventLike extends Event {
  waitUntil(p: Promise<unknown>): void;
}
interface FetchEventLike extends ExtendableEventLike {
  request: Request;
  respondWith(r: Promise<Response> | Response): void;
}
/** The few parts of ServiceWorkerGlobalScope used here (the DOM library has no worker types). */
interface WorkerScope {
  location: Location;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: "install" | "activate", listener: (e: ExtendableEventLike) => void): void;
  addEventListener(type: "fetch", listener: (e: FetchEventLike) => void): void;
}

const sw = self as unknown as WorkerScope;
const SHELL = SHELL_CACHE_PREFIX + __BUILD_ID__;
/** How long a page load waits for the network before starting from the cache. */
const NAVIGATE_TIMEOUT_MS = 4000;

sw.addEventListener("install", (e) => {
  e.waitUntil(
    caches
      .open(SHELL)
      .then((c) => c.addAll([PLAYER_BASE, ...__PRECACHE__.map((f) => PLAYER_BASE + f)]))
      .then(() => sw.skipWaiting()),
  );
});

sw.addEventListener("activate", (e) => {
  e.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names.filter((n) => n.startsWith(SHELL_CACHE_PREFIX) && n !== SHELL).map((n) => caches.delete(n)),
        ),
      )
      .then(() => sw.clients.claim()),
  );
});

sw.addEventListener("fetch", (e) => {
  const req = e.request;
  const url = new URL(req.url);
  if (req.method !== "GET" || url.origin !== sw.location.origin || !url.pathname.startsWith(PLAYER_BASE))
    return;
  if (url.pathname.startsWith(MEDIA_PREFIX)) e.respondWith(media(req, url.pathname));
  else if (req.mode === "navigate") e.respondWith(page(req));
  else e.respondWith(shell(req));
});

/** The page: the network when it answers in time, else the cached page (the player then plays from cache). */
async function page(req: Request): Promise<Response> {
  try {
    const res = await fetch(req, { signal: AbortSignal.timeout(NAVIGATE_TIMEOUT_MS) });
    if (res.ok) return res;
  } catch {
    // offline or too slow: the cached page below
  }
  return (await caches.match(PLAYER_BASE, { cacheName: SHELL, ignoreSearch: true })) ?? Response.error();
}

/** Built files: from the shell cache, else the network. */
async function shell(req: Request): Promise<Response> {
  return (await caches.match(req, { cacheName: SHELL, ignoreSearch: true })) ?? fetch(req);
}

/** A cached media file, whole or the byte range asked. */
async function media(req: Request, path: string): Promise<Response> {
  const hit = await caches.match(path, { cacheName: MEDIA_CACHE });
  if (!hit) return new Response("not cached", { status: 404 });
  const range = req.headers.get("range");
  if (!range) return hit;
  const blob = await hit.blob();
  const r = parseRange(range, blob.size);
  if (!r) return new Response(null, { status: 416, headers: { "content-range": `bytes */${blob.size}` } });
  return new Response(blob.slice(r.start, r.end + 1), {
    status: 206,
    headers: {
      "content-type": hit.headers.get("content-type") ?? "application/octet-stream",
      "content-range": `bytes ${r.start}-${r.end}/${blob.size}`,
      "content-length": String(r.end - r.start + 1),
      "accept-ranges": "bytes",
    },
  });
}
