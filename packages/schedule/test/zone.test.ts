import { describe, expect, it } from "vitest";
import {
  instantOfLocal,
  isTimeZone,
  localDateOf,
  localTimeOf,
  timeZoneOrUtc,
  utcOffsetMinutes,
} from "../src";
import { random, t } from "./fixtures";

const formats = new Map<string, Intl.DateTimeFormat>();

/** What Intl says the local date and time are: the reference the fast clock must match. */
function intl(tz: string, at: number): string {
  let format = formats.get(tz);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", {
      timeZone: tz,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    });
    formats.set(tz, format);
  }
  const parts = format.formatToParts(at);
  const v = (type: string) => parts.find((p) => p.type === type)?.value;
  return `${v("year")}-${v("month")}-${v("day")} ${v("hour")}:${v("minute")}`;
}

describe("time zones", () => {
  it("reads local dates and times as Intl does, around the year and across DST changes", () => {
    const rnd = random(3);
    const zones = [
      "Europe/Rome",
      "America/New_York",
      "Asia/Shanghai",
      "Australia/Lord_Howe",
      "Asia/Kolkata",
      "America/Sao_Paulo",
    ];
    const from = t("2018-01-01T00:00:00Z");
    const span = t("2027-01-01T00:00:00Z") - from;
    const wrong: string[] = [];
    const check = (tz: string, at: number) => {
      const mine = `${localDateOf(tz, at)} ${localTimeOf(tz, at)}`;
      const theirs = intl(tz, at);
      if (mine !== theirs) wrong.push(`${tz} ${new Date(at).toISOString()}: ${mine} / ${theirs}`);
    };
    for (let i = 0; i < 1500; i++)
      check(zones[i % zones.length] as string, from + Math.floor((rnd() * span) / 60_000) * 60_000);
    // Every 5 minutes around changes: Rome, New York, and Lord Howe's half-hour shift.
    const changes: [string, string][] = [
      ["Europe/Rome", "2025-03-30T01:00:00Z"],
      ["Europe/Rome", "2025-10-26T01:00:00Z"],
      ["America/New_York", "2025-03-09T07:00:00Z"],
      ["America/New_York", "2025-11-02T06:00:00Z"],
      ["Australia/Lord_Howe", "2025-04-05T15:00:00Z"],
      ["Australia/Lord_Howe", "2025-10-04T15:30:00Z"],
    ];
    for (const [tz, iso] of changes) {
      for (let m = -180; m <= 180; m += 5) {
        check(tz, t(iso) + m * 60_000);
        check(tz, t(iso) + m * 60_000 - 1);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("maps a local time back to its instant, skipping gaps and taking the first of repeated times", () => {
    expect(instantOfLocal("Europe/Rome", "2025-06-02", "12:00")).toBe(t("2025-06-02T10:00:00Z"));
    expect(instantOfLocal("Europe/Rome", "2025-03-30", "02:30")).toBe(t("2025-03-30T01:00:00Z"));
    expect(instantOfLocal("Europe/Rome", "2025-10-26", "02:30")).toBe(t("2025-10-26T00:30:00Z"));
    expect(instantOfLocal("Europe/Rome", "2025-10-26", "03:00")).toBe(t("2025-10-26T02:00:00Z"));
    expect(instantOfLocal("America/New_York", "2025-03-09", "02:15")).toBe(t("2025-03-09T07:00:00Z"));
    expect(instantOfLocal("Asia/Shanghai", "2025-06-02", "24:00")).toBe(t("2025-06-02T16:00:00Z"));
  });

  it("tells offsets, and reads an unknown zone as UTC", () => {
    expect(utcOffsetMinutes("Europe/Rome", t("2025-07-01T00:00:00Z"))).toBe(120);
    expect(utcOffsetMinutes("Europe/Rome", t("2025-01-01T00:00:00Z"))).toBe(60);
    expect(utcOffsetMinutes("Asia/Kolkata", t("2025-01-01T00:00:00Z"))).toBe(330);
    expect(isTimeZone("Nowhere/Atlantis")).toBe(false);
    expect(timeZoneOrUtc("Nowhere/Atlantis")).toBe("UTC");
    expect(localTimeOf("Nowhere/Atlantis", t("2025-06-02T10:07:00Z"))).toBe("10:07");
  });
});
