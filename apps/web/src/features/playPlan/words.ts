import type { PlanItem, PlayMode, Tier, TimeWindow } from "@marquee/schedule";
import { sortWeekdays } from "@marquee/schedule";
import type { TFunction } from "i18next";
import { crossesMidnight, isoWeekday, windowSpan } from "./timeline";

/** How the plan screens word weekdays, windows, dates, modes and tiers in the reader's language. */

export const weekdayShort = (t: TFunction, day: number) => t(`playPlan.weekdays.short.${day}`);
export const weekdayLong = (t: TFunction, day: number) => t(`playPlan.weekdays.long.${day}`);
export const tierName = (t: TFunction, tier: Tier) => t(`playPlan.tiers.${tier}`);

/** "Every day", "Mon–Fri", "Weekend", or the days one by one. */
export function weekdaysText(t: TFunction, weekdays: readonly number[]): string {
  const days = sortWeekdays(weekdays);
  const key = days.join("");
  if (key === "1234567") return t("playPlan.weekdays.every");
  if (key === "12345") return t("playPlan.weekdays.workdays");
  if (key === "67") return t("playPlan.weekdays.weekend");
  return days.map((d) => weekdayShort(t, d)).join(", ");
}

/** "08:00–09:00", "22:00–02:00 (+1 day)", "all day". */
export function windowText(t: TFunction, w: TimeWindow): string {
  const { length } = windowSpan(w);
  if (length === 1440 && w.start === "00:00") return t("playPlan.window.allDay");
  const text = `${w.start}–${w.end}`;
  if (length === 1440) return t("playPlan.window.fullDayFrom", { time: text });
  return crossesMidnight(w) ? t("playPlan.window.nextDay", { time: text }) : text;
}

/** "from 2024-05-01" or "2024-05-01 → 2024-06-30". */
export function datesText(t: TFunction, item: Pick<PlanItem, "startDate" | "endDate">): string {
  if (item.endDate === null) return t("playPlan.dates.from", { date: item.startDate });
  if (item.endDate === item.startDate) return t("playPlan.dates.on", { date: item.startDate });
  return t("playPlan.dates.range", { from: item.startDate, to: item.endDate });
}

export function modeText(t: TFunction, mode: PlayMode): string {
  if (mode.kind === "times") return t("playPlan.mode.timesText", { count: mode.count });
  if (mode.kind === "interval") return t("playPlan.mode.intervalText", { minutes: mode.everyMin });
  return t("playPlan.mode.loopText");
}

/** A conflict's day: "Mon 2024-05-06" for a date; a weekday number as its name. */
export function dayText(t: TFunction, day: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(day)) return `${weekdayShort(t, isoWeekday(day))} ${day}`;
  const n = Number(day);
  if (Number.isInteger(n) && n >= 1 && n <= 7) return weekdayLong(t, n);
  return day;
}
