import { SESSION_TTL_MS } from "@marquee/contracts";

/**
 * When the session cookie runs out, as far as the console can tell. The cookie is HttpOnly, so the
 * console cannot look at it; but the server pushes its expiry two hours on with every answer it gives
 * (README, "Session cookie"), so it runs out two hours after the last answer. The time of the last
 * answer is kept in local storage: every tab of this origin shares the cookie, and so this time.
 */
const LAST_ANSWER_KEY = "marquee.lastAnswer";

/** The server writes a session's expiry at most once a minute, so it may end up to this long before its cookie. */
export const SERVER_EARLY_MS = 60_000;

/** Notes an answer of the server (any answer but "logout" pushed the cookie on). */
export function noteAnswer(at: number = Date.now()): void {
  try {
    localStorage.setItem(LAST_ANSWER_KEY, String(at));
  } catch {
    // storage full or refused: the expiry is then learnt from the server's "logout" answer
  }
}

/** When the server last answered, or null when this browser does not know. */
export function lastAnswerAt(): number | null {
  const raw = Number(localStorage.getItem(LAST_ANSWER_KEY));
  return Number.isFinite(raw) && raw > 0 ? raw : null;
}

/** Whether the cookie has run out by `now`. */
export function sessionExpired(now: number = Date.now()): boolean {
  const last = lastAnswerAt();
  return last !== null && now >= last + SESSION_TTL_MS;
}

/**
 * Why a call was answered "logout": the two hours ran out (`expired`, counting the minute the server may
 * be early), or the server ended a session that was still running (`ended`: signed out in another window,
 * a password change, an account disabled).
 */
export function logoutReason(now: number = Date.now()): "expired" | "ended" {
  const last = lastAnswerAt();
  return last !== null && now >= last + SESSION_TTL_MS - SERVER_EARLY_MS ? "expired" : "ended";
}

/**
 * Calls `onExpired` once when the cookie runs out. When the timer fires it reads the last answer again,
 * since another tab's calls may have pushed the cookie on meanwhile. Answers a function that stops it.
 */
export function watchExpiry(onExpired: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    const last = lastAnswerAt();
    if (last === null) return;
    const wait = last + SESSION_TTL_MS - Date.now();
    if (wait <= 0) onExpired();
    else timer = setTimeout(arm, wait);
  };
  arm();
  return () => clearTimeout(timer);
}
