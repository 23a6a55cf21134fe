import { TERMINAL_VIEW_STATUS } from "@marquee/contracts";
import { describe, expect, it } from "vitest";
import { STATUS_COLORS, STATUS_TILES, tileActive, tileFilter } from "../src/features/terminal/status";
import { relativeTime, splitUptime } from "../src/features/terminal/time";

describe("terminal status tiles", () => {
  it("has a tile and a distinct colour for the total and every status the server counts", () => {
    expect(STATUS_TILES).toEqual(["total", "online", "offline", "fault", "unauthorised", "disabled"]);
    expect(new Set(STATUS_TILES.map((t) => STATUS_COLORS[t])).size).toBe(STATUS_TILES.length);
    for (const s of TERMINAL_VIEW_STATUS) expect(STATUS_TILES).toContain(s);
  });

  it("filters by a tile's status, and a second click or 'total' shows every status again", () => {
    expect(tileFilter("offline", undefined)).toBe("offline");
    expect(tileFilter("fault", "offline")).toBe("fault");
    expect(tileFilter("offline", "offline")).toBeUndefined();
    expect(tileFilter("total", "online")).toBeUndefined();
  });

  it("marks 'total' chosen while no status filters the list", () => {
    expect(tileActive("total", undefined)).toBe(true);
    expect(tileActive("total", "online")).toBe(false);
    expect(tileActive("online", "online")).toBe(true);
    expect(tileActive("offline", "online")).toBe(false);
  });
});

describe("relative time", () => {
  const now = Date.parse("2025-03-10T12:00:00Z");
  const ago = (sec: number) => new Date(now - sec * 1000).toISOString();

  it("says never for a screen that was never seen or a date it cannot read", () => {
    expect(relativeTime(null, now)).toEqual({ key: "never" });
    expect(relativeTime("not a date", now)).toEqual({ key: "never" });
  });

  it("says just now under 10 s, also for a clock slightly ahead", () => {
    expect(relativeTime(ago(0), now)).toEqual({ key: "justNow" });
    expect(relativeTime(ago(9), now)).toEqual({ key: "justNow" });
    expect(relativeTime(ago(-30), now)).toEqual({ key: "justNow" });
  });

  it("counts seconds, minutes, hours and days, rounding down", () => {
    expect(relativeTime(ago(10), now)).toEqual({ key: "secondsAgo", values: { n: 10 } });
    expect(relativeTime(ago(59), now)).toEqual({ key: "secondsAgo", values: { n: 59 } });
    expect(relativeTime(ago(60), now)).toEqual({ key: "minutesAgo", values: { n: 1 } });
    expect(relativeTime(ago(3599), now)).toEqual({ key: "minutesAgo", values: { n: 59 } });
    expect(relativeTime(ago(3600), now)).toEqual({ key: "hoursAgo", values: { n: 1 } });
    expect(relativeTime(ago(86_399), now)).toEqual({ key: "hoursAgo", values: { n: 23 } });
    expect(relativeTime(ago(86_400 * 3 + 5), now)).toEqual({ key: "daysAgo", values: { n: 3 } });
  });

  it("splits an uptime into days, hours and minutes", () => {
    expect(splitUptime(0)).toEqual({ d: 0, h: 0, m: 0 });
    expect(splitUptime(86_400 * 2 + 3600 * 5 + 60 * 7 + 59)).toEqual({ d: 2, h: 5, m: 7 });
    expect(splitUptime(-5)).toEqual({ d: 0, h: 0, m: 0 });
  });
});
