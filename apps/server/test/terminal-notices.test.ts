import { describe, expect, it } from "vitest";
import { RecentNotices } from "../src/terminal/notices";

describe("the notices a socket saying hello may have missed", () => {
  it("answers a notice after the mark for that terminal only", () => {
    const notices = new RecentNotices();
    notices.note([1, 2]);
    const mark = notices.mark();
    expect(notices.missedSince(1, mark)).toBe(false);
    notices.note([2]);
    expect(notices.missedSince(1, mark)).toBe(false);
    expect(notices.missedSince(2, mark)).toBe(true);
    expect(notices.missedSince(3, mark)).toBe(false);
  });

  it("forgets old notices, and then counts a mark older than them as having missed one", () => {
    let now = 0;
    const notices = new RecentNotices(() => now, 1000);
    const old = notices.mark();
    notices.note([1]);
    const mid = notices.mark();
    now = 5000;
    notices.note([2]);
    // The notice of terminal 1 is forgotten: one kept by nothing but the map would grow for ever.
    expect(notices.size).toBe(1);
    expect(notices.missedSince(1, old)).toBe(true);
    expect(notices.missedSince(1, mid)).toBe(false);
    expect(notices.missedSince(2, mid)).toBe(true);
  });
});
