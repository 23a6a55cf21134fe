import type { Announcement } from "@marquee/contracts";
import dayjs, { type Dayjs } from "dayjs";
import { isAnnouncementLive } from "../message/announcement";

/**
 * Whether the shell shows the announcement at `nowMs`, and why not (spec §4:
 * only while start < now < end and colseTipOn is 1). The decision itself is
 * the shell's own (isAnnouncementLive); this only names the reason.
 */
export type AnnouncementStatus =
  | { kind: "live"; endsAt: number }
  | { kind: "off" }
  | { kind: "noStart" }
  | { kind: "noEnd" }
  | { kind: "notYet"; startsAt: number }
  | { kind: "ended"; endedAt: number };

export function announcementStatus(a: Announcement, nowMs: number): AnnouncementStatus {
  const start = a.announcemenStartTime === null ? null : a.announcemenStartTime * 1000;
  const end = a.announcemenEndTime === null ? null : a.announcemenEndTime * 1000;
  if (isAnnouncementLive(a, nowMs)) return { kind: "live", endsAt: end as number };
  if (a.colseTipOn !== 1) return { kind: "off" };
  if (start === null) return { kind: "noStart" };
  if (end === null) return { kind: "noEnd" };
  if (nowMs <= start) return { kind: "notYet", startsAt: start };
  return { kind: "ended", endedAt: end };
}

/** The announcement form: texts, the time window and the switch. */
export interface AnnouncementFormValues {
  announcementTitleCh: string;
  announcementTitleEn: string;
  announcementContentCh: string;
  announcementContentEn: string;
  /** [start, end]; either may be empty. */
  range: [Dayjs | null, Dayjs | null] | null;
  colseTipOn: boolean;
}

const seconds = (d: Dayjs | null | undefined) => (d ? Math.floor(d.valueOf() / 1000) : null);

/**
 * The announcement the form describes, as the server stores it and the shell
 * reads it; also the body of announcementManagerSave (times in epoch seconds,
 * null when empty).
 */
export function toAnnouncement(v: Partial<AnnouncementFormValues>): Announcement {
  return {
    announcemenStartTime: seconds(v.range?.[0]),
    announcemenEndTime: seconds(v.range?.[1]),
    colseTipOn: v.colseTipOn ? 1 : 0,
    announcementTitleCh: (v.announcementTitleCh ?? "").trim(),
    announcementTitleEn: (v.announcementTitleEn ?? "").trim(),
    announcementContentCh: v.announcementContentCh ?? "",
    announcementContentEn: v.announcementContentEn ?? "",
  };
}

/** The form's values for a stored announcement. */
export function fromAnnouncement(a: Announcement): AnnouncementFormValues {
  const at = (s: number | null) => (s === null ? null : dayjs(s * 1000));
  const start = at(a.announcemenStartTime);
  const end = at(a.announcemenEndTime);
  return {
    announcementTitleCh: a.announcementTitleCh,
    announcementTitleEn: a.announcementTitleEn,
    announcementContentCh: a.announcementContentCh,
    announcementContentEn: a.announcementContentEn,
    range: start || end ? [start, end] : null,
    colseTipOn: a.colseTipOn === 1,
  };
}

/** Which fields of the form a server field error names. */
export function formFieldOf(serverField: string): keyof AnnouncementFormValues | null {
  if (serverField === "announcemenStartTime" || serverField === "announcemenEndTime") return "range";
  const direct = [
    "announcementTitleCh",
    "announcementTitleEn",
    "announcementContentCh",
    "announcementContentEn",
    "colseTipOn",
  ] as const;
  return (direct as readonly string[]).includes(serverField)
    ? (serverField as keyof AnnouncementFormValues)
    : null;
}
