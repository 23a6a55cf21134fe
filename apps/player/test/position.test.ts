import { type Why, whyText } from "@marquee/terminal-protocol";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  currentPosition,
  type GeolocationLike,
  NO_GEOLOCATION,
  positionError,
  positionOf,
  watchPosition,
} from "../src/position";

describe("position", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it("words the Geolocation API's errors for an operator", () => {
    expect(whyText(positionError({ code: 1 }))).toBe(
      "this device does not allow geolocation (permission denied)",
    );
    expect(whyText(positionError({ code: 2, message: "no GPS" }))).toBe("position unavailable: no GPS");
    expect(whyText(positionError({ code: 2 }))).toBe("position unavailable");
    expect(whyText(positionError({ code: 3 }, 20_000))).toBe("no position within 20 s");
  });

  it("takes only plausible fixes", () => {
    expect(positionOf({ latitude: 45.1, longitude: 9.2, accuracy: 12.34 })).toEqual({
      lat: 45.1,
      lng: 9.2,
      accuracy: 12.3,
    });
    expect(positionOf({ latitude: 95, longitude: 0 })).toBeNull();
    expect(positionOf({ latitude: Number.NaN, longitude: 0 })).toBeNull();
    expect(positionOf({ latitude: 1, longitude: 2, accuracy: null })?.accuracy).toBeNull();
  });

  it("asks once with a timeout, and gives up even when the browser never answers", async () => {
    let options: PositionOptions | undefined;
    const silent: GeolocationLike = {
      getCurrentPosition: (_ok, _fail, o) => {
        options = o;
      },
      watchPosition: () => 1,
      clearWatch: () => undefined,
    };
    const r = currentPosition(silent, 20_000);
    expect(options?.timeout).toBe(20_000);
    await vi.advanceTimersByTimeAsync(21_000);
    const late = await r;
    expect(!late.ok && whyText(late.reason)).toBe("no position within 20 s");
    expect(late).toEqual({ ok: false, reason: { code: "positionTimeout", values: { seconds: 20 } } });
    expect(await currentPosition(null)).toEqual({ ok: false, reason: NO_GEOLOCATION });
  });

  it("watches until stopped", () => {
    const fixes: unknown[] = [];
    let cleared = 0;
    let push: PositionCallback = () => undefined;
    const geo: GeolocationLike = {
      getCurrentPosition: () => undefined,
      watchPosition: (ok) => {
        push = ok;
        return 4;
      },
      clearWatch: (id) => {
        if (id === 4) cleared++;
      },
    };
    const stop = watchPosition(
      geo,
      (p) => fixes.push(p),
      () => undefined,
    );
    push({ coords: { latitude: 1, longitude: 2, accuracy: 5 } } as GeolocationPosition);
    stop();
    expect(fixes).toEqual([{ lat: 1, lng: 2, accuracy: 5 }]);
    expect(cleared).toBe(1);
    const errors: Why[] = [];
    watchPosition(
      undefined,
      () => undefined,
      (e) => errors.push(e),
    );
    expect(errors).toEqual([NO_GEOLOCATION]);
  });
});
