import type { Announcement } from "@marquee/contracts";

/** Shown only while start < now < end and colseTipOn is 1; times are epoch seconds (spec §3, §4). */
export function isAnnouncementLive(a: Announcement, nowMs: number): boolean {
  if (a.colseTipOn !== 1 || a.announcemenStartTime === null || a.announcemenEndTime === null) return false;
  return a.announcemenStartTime * 1000 < nowMs && nowMs < a.announcemenEndTime * 1000;
}

/**
 * What the shell's notification says in a console language: the Chinese
 * texts for Chinese readers (simplified and traditional), the English ones
 * for everyone else. An empty title falls back to `fallbackTitle`.
 */
export function announcementTextFor(
  a: Announcement,
  language: string,
  fallbackTitle: string,
): { title: string; content: string } {
  const chinese = language.startsWith("zh");
  const title = chinese ? a.announcementTitleCh : a.announcementTitleEn;
  return {
    title: title || fallbackTitle,
    content: chinese ? a.announcementContentCh : a.announcementContentEn,
  };
}

/** A stable hash of what the user saw: the texts and the times (FNV-1a, hex). */
export function announcementHash(a: Announcement): string {
  const text = [
    a.announcementTitleCh,
    a.announcementTitleEn,
    a.announcementContentCh,
    a.announcementContentEn,
    a.announcemenStartTime,
    a.announcemenEndTime,
  ].join("\u0001");
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, "0");
}

/** Where "never remind again" is remembered, per user id. */
export const dismissalKey = (userId: number) => `marquee.announcement.dismissed.${userId}`;

export interface DismissalStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/**
 * Whether to show the announcement now. An empty end time clears the stored
 * dismissal; a changed text or time makes it show again.
 */
export function shouldShowAnnouncement(
  a: Announcement,
  userId: number,
  nowMs: number,
  store: DismissalStore,
): boolean {
  const key = dismissalKey(userId);
  if (a.announcemenEndTime === null) store.removeItem(key);
  if (!isAnnouncementLive(a, nowMs)) return false;
  return store.getItem(key) !== announcementHash(a);
}

export function dismissAnnouncement(a: Announcement, userId: number, store: DismissalStore): void {
  store.setItem(dismissalKey(userId), announcementHash(a));
}
