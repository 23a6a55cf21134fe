import { type Announcement, AnnouncementSaveBody } from "@marquee/contracts";
import dayjs from "dayjs";
import { describe, expect, it } from "vitest";
import {
  announcementStatus,
  formFieldOf,
  fromAnnouncement,
  toAnnouncement,
} from "../src/features/announcement/preview";
import { announcementTextFor, isAnnouncementLive } from "../src/features/message/announcement";

const now = Date.UTC(2026, 4, 1, 9, 30);
const sec = (ms: number) => Math.floor(ms / 1000);
const base: Announcement = {
  announcemenStartTime: sec(now) - 3600,
  announcemenEndTime: sec(now) + 7200,
  colseTipOn: 1,
  announcementTitleCh: "系统维护",
  announcementTitleEn: "Maintenance",
  announcementContentCh: "今晚 22:00 停机一小时",
  announcementContentEn: "Down for one hour at 22:00 tonight",
};

describe("the announcement preview's verdict", () => {
  it("shows exactly when the shell would, and names why not", () => {
    expect(announcementStatus(base, now)).toEqual({ kind: "live", endsAt: (sec(now) + 7200) * 1000 });
    expect(announcementStatus({ ...base, colseTipOn: 0 }, now)).toEqual({ kind: "off" });
    expect(announcementStatus({ ...base, announcemenStartTime: null }, now)).toEqual({ kind: "noStart" });
    expect(announcementStatus({ ...base, announcemenEndTime: null }, now)).toEqual({ kind: "noEnd" });
    const later = { ...base, announcemenStartTime: sec(now) + 60 };
    expect(announcementStatus(later, now)).toEqual({ kind: "notYet", startsAt: (sec(now) + 60) * 1000 });
    const past = { ...base, announcemenEndTime: sec(now) - 60 };
    expect(announcementStatus(past, now)).toEqual({ kind: "ended", endedAt: (sec(now) - 60) * 1000 });
    // The switch is named first: an announcement that is off says so, whatever its times.
    expect(announcementStatus({ ...past, colseTipOn: 0 }, now).kind).toBe("off");
  });

  it("agrees with the shell at the edges of the window (start < now < end)", () => {
    const start = (base.announcemenStartTime as number) * 1000;
    const end = (base.announcemenEndTime as number) * 1000;
    for (const at of [start - 1, start, start + 1, end - 1, end, end + 1]) {
      expect(announcementStatus(base, at).kind === "live", `at ${at - start}`).toBe(
        isAnnouncementLive(base, at),
      );
    }
    expect(announcementStatus(base, start).kind).toBe("notYet");
    expect(announcementStatus(base, end).kind).toBe("ended");
  });

  it("previews the text each console language gets", () => {
    expect(announcementTextFor(base, "zh_CN", "公告")).toEqual({
      title: "系统维护",
      content: "今晚 22:00 停机一小时",
    });
    expect(announcementTextFor(base, "zh_TW", "公告").title).toBe("系统维护");
    expect(announcementTextFor(base, "fr", "Annonce")).toEqual({
      title: "Maintenance",
      content: "Down for one hour at 22:00 tonight",
    });
    expect(announcementTextFor({ ...base, announcementTitleEn: "" }, "ru", "Объявление").title).toBe(
      "Объявление",
    );
  });
});

describe("the announcement form", () => {
  it("sends epoch seconds and the switch as 1/0, which the server's contract accepts", () => {
    const start = dayjs("2026-05-01T08:00:30");
    const end = dayjs("2026-05-02T18:00:00");
    const a = toAnnouncement({
      announcementTitleCh: "  维护 ",
      announcementTitleEn: " Maintenance ",
      announcementContentCh: "内容",
      announcementContentEn: "Body\nsecond line",
      range: [start, end],
      colseTipOn: true,
    });
    expect(a).toEqual({
      announcemenStartTime: sec(start.valueOf()),
      announcemenEndTime: sec(end.valueOf()),
      colseTipOn: 1,
      announcementTitleCh: "维护",
      announcementTitleEn: "Maintenance",
      announcementContentCh: "内容",
      announcementContentEn: "Body\nsecond line",
    });
    expect(AnnouncementSaveBody.safeParse(a).success).toBe(true);
  });

  it("sends empty times as null and reads them back as an empty window", () => {
    const a = toAnnouncement({ range: [dayjs("2026-05-01T08:00:00"), null], colseTipOn: false });
    expect(a).toMatchObject({ announcemenEndTime: null, colseTipOn: 0 });
    expect(AnnouncementSaveBody.safeParse(a).success).toBe(true);
    expect(toAnnouncement({})).toMatchObject({ announcemenStartTime: null, announcemenEndTime: null });
    expect(
      fromAnnouncement({ ...base, announcemenStartTime: null, announcemenEndTime: null }).range,
    ).toBeNull();
  });

  it("reads a stored announcement into the form and back unchanged", () => {
    const v = fromAnnouncement(base);
    expect(v.colseTipOn).toBe(true);
    expect(v.range?.[0]?.valueOf()).toBe((base.announcemenStartTime as number) * 1000);
    expect(toAnnouncement(v)).toEqual(base);
  });

  it("puts the server's field errors on the form's fields", () => {
    expect(formFieldOf("announcemenEndTime")).toBe("range");
    expect(formFieldOf("announcemenStartTime")).toBe("range");
    expect(formFieldOf("announcementTitleEn")).toBe("announcementTitleEn");
    expect(formFieldOf("body")).toBeNull();
  });
});
