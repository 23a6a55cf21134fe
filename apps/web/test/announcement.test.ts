import type { Announcement } from "@marquee/contracts";
import { describe, expect, it } from "vitest";
import {
  announcementHash,
  dismissAnnouncement,
  dismissalKey,
  isAnnouncementLive,
  shouldShowAnnouncement,
} from "../src/features/message/announcement";

const now = Date.UTC(2026, 10, 22, 12);
const a: Announcement = {
  announcemenStartTime: now / 1000 - 60,
  announcemenEndTime: now / 1000 + 3600,
  colseTipOn: 1,
  announcementTitleCh: "维护",
  announcementTitleEn: "Maintenance",
  announcementContentCh: "今晚",
  announcementContentEn: "Tonight",
};

class Store {
  readonly map = new Map<string, string>();
  getItem(k: string) {
    return this.map.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.map.set(k, v);
  }
  removeItem(k: string) {
    this.map.delete(k);
  }
}

describe("announcement visibility (spec §4)", () => {
  it("shows only while start < now < end and colseTipOn is 1 (times in seconds, now in ms)", () => {
    expect(isAnnouncementLive(a, now)).toBe(true);
    expect(isAnnouncementLive({ ...a, colseTipOn: 0 }, now)).toBe(false);
    expect(isAnnouncementLive(a, (a.announcemenEndTime ?? 0) * 1000)).toBe(false);
    expect(isAnnouncementLive(a, (a.announcemenStartTime ?? 0) * 1000)).toBe(false);
    expect(isAnnouncementLive({ ...a, announcemenEndTime: null }, now)).toBe(false);
  });

  it("never reminds again per user, until the text or the times change", () => {
    const store = new Store();
    expect(shouldShowAnnouncement(a, 7, now, store)).toBe(true);
    dismissAnnouncement(a, 7, store);
    expect(store.getItem(dismissalKey(7))).toBe(announcementHash(a));
    expect(shouldShowAnnouncement(a, 7, now, store)).toBe(false);
    expect(shouldShowAnnouncement(a, 8, now, store)).toBe(true);
    expect(shouldShowAnnouncement({ ...a, announcementContentEn: "Tomorrow" }, 7, now, store)).toBe(true);
    expect(
      shouldShowAnnouncement({ ...a, announcemenEndTime: (a.announcemenEndTime ?? 0) + 60 }, 7, now, store),
    ).toBe(true);
  });

  it("clears the stored dismissal when the end time is empty", () => {
    const store = new Store();
    dismissAnnouncement(a, 7, store);
    expect(shouldShowAnnouncement({ ...a, announcemenEndTime: null }, 7, now, store)).toBe(false);
    expect(store.getItem(dismissalKey(7))).toBeNull();
    expect(shouldShowAnnouncement(a, 7, now, store)).toBe(true);
  });
});
