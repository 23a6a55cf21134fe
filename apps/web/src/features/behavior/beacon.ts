import {
  API_PREFIX,
  isBehaviorPage,
  PAGE_VIEW_MAX_AGE_MS,
  PAGE_VIEWS_MAX,
  type PageView,
} from "@marquee/contracts";
import type { PageRoute } from "../../router/routes";
import { useSession } from "../../stores/session";

/** Page views wait this long for company before they are sent. */
export const BEACON_INTERVAL_MS = 15_000;
/** Views kept while sending fails or waits; the oldest go first beyond this. */
const QUEUE_MAX = 200;
/** Views about to pass the server's 24 h are not sent (the server would refuse the whole batch). */
const SEND_MAX_AGE_MS = PAGE_VIEW_MAX_AGE_MS - 10 * 60_000;
const CALL = `${API_PREFIX}/a/api/behavior/pageViews`;

/**
 * Sends one batch. The session cookie rides along; the call carries the
 * console's cross-site header, which navigator.sendBeacon cannot set, so it is
 * a fetch with keepalive (it outlives the page on pagehide). The answer is not
 * read: a failed send is dropped, never retried and never shown.
 */
function post(views: PageView[]): void {
  try {
    void fetch(CALL, {
      method: "POST",
      keepalive: true,
      credentials: "include",
      headers: { "Content-Type": "application/json", "X-Requested-With": "XMLHttpRequest" },
      body: JSON.stringify({ views }),
    }).catch(() => undefined);
  } catch {
    // No fetch (or keepalive refused): the views are lost, which is acceptable for statistics.
  }
}

export interface Beacon {
  /** Queues a view of `page` (a route name) now. */
  record(page: string): void;
  /** Sends what is queued, in batches of at most PAGE_VIEWS_MAX. */
  flush(): void;
  /** Forgets what is queued (the session is gone: a send would be refused with 401). */
  drop(): void;
  /** Views waiting (for tests). */
  pending(): number;
}

/** A queue of page views sent every BEACON_INTERVAL_MS while there are any, and at once when the page goes away. */
export function createBeacon(
  send: (views: PageView[]) => void = post,
  now: () => number = Date.now,
  intervalMs = BEACON_INTERVAL_MS,
  /** Whether a session is there to send with; without one the queue is dropped, not sent. */
  canSend: () => boolean = () => true,
): Beacon {
  let queue: PageView[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (!canSend()) {
      queue = [];
      return;
    }
    const fresh = queue.filter((v) => now() - Date.parse(v.at) < SEND_MAX_AGE_MS);
    queue = [];
    for (let i = 0; i < fresh.length; i += PAGE_VIEWS_MAX) send(fresh.slice(i, i + PAGE_VIEWS_MAX));
  };
  return {
    record(page) {
      if (!isBehaviorPage(page)) return;
      queue.push({ page, at: new Date(now()).toISOString() });
      if (queue.length > QUEUE_MAX) queue = queue.slice(-QUEUE_MAX);
      if (queue.length >= PAGE_VIEWS_MAX) flush();
      else if (!timer) timer = setTimeout(flush, intervalMs);
    },
    flush,
    drop() {
      if (timer) clearTimeout(timer);
      timer = null;
      queue = [];
    },
    pending: () => queue.length,
  };
}

/** The route name a path shows: the page's own name, else the page it shows (menu management), else a static page's. */
export function pageNameOf(path: string, pages: readonly PageRoute[]): string | null {
  const page = pages.find((p) => p.path === path);
  const names = page ? [page.name, page.component ?? ""] : [path.replace(/^\//, "")];
  return names.find(isBehaviorPage) ?? null;
}

let beacon: Beacon | null = null;
let lastPath: string | null = null;

function theBeacon(): Beacon {
  if (!beacon) {
    const b = createBeacon(undefined, undefined, undefined, () => useSession.getState().user !== null);
    beacon = b;
    window.addEventListener("pagehide", () => b.flush());
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "hidden") b.flush();
    });
  }
  return beacon;
}

/** Sends what is queued now, while the session still holds: signing out calls it before the server's logout. */
export function flushPageViews(): void {
  beacon?.flush();
}

/** Forgets what is queued: the session has ended (signed out, or the server said so), so a send would answer 401. */
export function dropPageViews(): void {
  beacon?.drop();
  lastPath = null;
}

/**
 * Called by the router each time a page is shown: records its route name
 * (never the URL, its query or ids) for a signed-in user. The same path shown
 * again by a re-render counts once. Signing out sends what is queued before
 * the session ends (flushPageViews); what is left when the sign-in or sign-out
 * page shows is dropped, as no session would take it.
 */
export function recordPageView(path: string, pages: readonly PageRoute[]): void {
  if (path === "/logout" || path === "/login") {
    dropPageViews();
    return;
  }
  if (path === lastPath || !useSession.getState().user) return;
  lastPath = path;
  const name = pageNameOf(path, pages);
  if (name) theBeacon().record(name);
}
