import { type Position, playerReason, type Why } from "@marquee/terminal-protocol";

/**
 * Where the screen is (terminal map): the position command asks
 * the browser's geolocation once; settings.autoPosition watches it and the
 * status carries the latest fix. Failures are worded for the operator.
 */

/** How long the position command waits for a fix. */
export const POSITION_TIMEOUT_MS = 20_000;

/** The part of the Geolocation API used here (navigator.geolocation; a fake in tests). */
export type GeolocationLike = Pick<Geolocation, "getCurrentPosition" | "watchPosition" | "clearWatch">;

export type PositionResult = { ok: true; position: Position } | { ok: false; reason: Why };

export const NO_GEOLOCATION = playerReason("noGeolocation");

/** An error of the Geolocation API in words an operator can act on. */
export function positionError(e: { code: number; message?: string }, timeoutMs = POSITION_TIMEOUT_MS): Why {
  switch (e.code) {
    case 1:
      return playerReason("geolocationDenied");
    case 2:
      return e.message
        ? playerReason("positionUnavailableWhy", { error: e.message })
        : playerReason("positionUnavailable");
    case 3:
      return playerReason("positionTimeout", { seconds: Math.round(timeoutMs / 1000) });
    default:
      return e.message || playerReason("positionUnavailable");
  }
}

/** A fix as the protocol takes it; null when it is not a plausible position. */
export function positionOf(c: {
  latitude: number;
  longitude: number;
  accuracy?: number | null;
}): Position | null {
  const { latitude: lat, longitude: lng } = c;
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180)
    return null;
  const accuracy =
    typeof c.accuracy === "number" && Number.isFinite(c.accuracy)
      ? Math.min(1_000_000, Math.max(0, Math.round(c.accuracy * 10) / 10))
      : null;
  return { lat, lng, accuracy };
}

/** One fix, or why there is none. */
export function currentPosition(
  geo: GeolocationLike | null | undefined,
  timeoutMs = POSITION_TIMEOUT_MS,
): Promise<PositionResult> {
  if (!geo) return Promise.resolve({ ok: false, reason: NO_GEOLOCATION });
  return new Promise((resolve) => {
    let settled = false;
    const settle = (r: PositionResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(guard);
      resolve(r);
    };
    // Some browsers never call back when the permission prompt is left open: the timeout holds anyway.
    const guard = setTimeout(
      () => settle({ ok: false, reason: positionError({ code: 3 }, timeoutMs) }),
      timeoutMs + 1000,
    );
    try {
      geo.getCurrentPosition(
        (p) => {
          const position = positionOf(p.coords);
          settle(
            position ? { ok: true, position } : { ok: false, reason: playerReason("positionUnavailable") },
          );
        },
        (e) => settle({ ok: false, reason: positionError(e, timeoutMs) }),
        { enableHighAccuracy: false, timeout: timeoutMs, maximumAge: 60_000 },
      );
    } catch (e) {
      settle({ ok: false, reason: e instanceof Error ? e.message : NO_GEOLOCATION });
    }
  });
}

/** Watches the position (autoPosition): `onFix` hears each plausible fix; answers the function that stops. */
export function watchPosition(
  geo: GeolocationLike | null | undefined,
  onFix: (p: Position) => void,
  onError: (reason: Why) => void,
): () => void {
  if (!geo) {
    onError(NO_GEOLOCATION);
    return () => undefined;
  }
  let id: number;
  try {
    id = geo.watchPosition(
      (p) => {
        const position = positionOf(p.coords);
        if (position) onFix(position);
      },
      (e) => onError(positionError(e)),
      { enableHighAccuracy: false, maximumAge: 5 * 60_000, timeout: 5 * 60_000 },
    );
  } catch (e) {
    onError(e instanceof Error ? e.message : NO_GEOLOCATION);
    return () => undefined;
  }
  return () => geo.clearWatch(id);
}
