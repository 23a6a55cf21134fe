import { type PlanItem, resolveRange, type SchedulePlan } from "@marquee/schedule";
import type { TFunction } from "i18next";
import type { PendingItem } from "./AddItemModal";
import { instantOf, wallOf } from "./zone";

/** When an item of the plan being edited plays, as the resolver sees it on one clock. */
export type NextPlay =
  /** Until when it goes on playing without a break; null: past the days looked at. */
  | { kind: "now"; until: number | null }
  | { kind: "next"; at: number }
  /** Its last date has passed. */
  | { kind: "ended" }
  /** Not within the days looked at (an empty window, no weekday in its dates). */
  | { kind: "none" };

/** How far ahead an item's next play is looked for, from its first date or now. */
export const NEXT_PLAY_DAYS = 8;
const DAY_MS = 86_400_000;

/**
 * When `item` plays next from `now` on `timezone`'s clock, by the shared
 * resolver: the item alone in a plan (what else a screen holds may still
 * overrule it, as the preview strip shows for a chosen screen). Now, until the
 * end of its open window; else the start of its next window.
 */
export function nextPlayOf(item: PlanItem, now: number, timezone: string): NextPlay {
  const today = wallOf(now, timezone).date;
  if (item.endDate !== null && item.endDate < today) return { kind: "ended" };
  const from = Math.max(now, instantOf(item.startDate, 0, timezone));
  const alone: SchedulePlan = {
    planId: 0,
    name: "",
    source: "plan",
    publicationId: null,
    order: 0,
    items: [item],
    defaultProgramId: null,
  };
  const to = from + NEXT_PLAY_DAYS * DAY_MS;
  const segments = resolveRange({ plans: [alone], timezone }, from, to);
  const plays = (i: number) => segments[i]?.playing.some((c) => c.itemId === item.id) ?? false;
  const first = segments.findIndex((_, i) => plays(i));
  const seg = segments[first];
  if (!seg) return { kind: "none" };
  if (seg.from > now) return { kind: "next", at: seg.from };
  let last = first;
  while (plays(last + 1) && segments[last + 1]?.from === segments[last]?.to) last++;
  const until = segments[last]?.to ?? to;
  return { kind: "now", until: until >= to ? null : until };
}

/**
 * Where "Add an item" puts a new item: every day, all day, from today, so that
 * a plan made for now plays now; the operator narrows it afterwards.
 */
export function newItemPlace(today: string): PendingItem {
  return { date: today, weekdays: [1, 2, 3, 4, 5, 6, 7], window: { start: "00:00", end: "24:00" } };
}

/** An instant as `tz`'s clock shows it: "2024-05-06 08:00". */
export function wallText(at: number, tz: string): string {
  const { date, minutes } = wallOf(at, tz);
  const m = Math.round(minutes);
  return `${date} ${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
}

/** The line under an item's title: "Playing now, until 2024-05-06 18:00", "Next plays 2024-05-07 08:00", … */
export function nextPlayText(t: TFunction, next: NextPlay, tz: string): string {
  switch (next.kind) {
    case "now":
      return next.until === null
        ? t("playPlan.next.nowOn")
        : t("playPlan.next.nowUntil", { until: wallText(next.until, tz) });
    case "next":
      return t("playPlan.next.at", { at: wallText(next.at, tz) });
    case "ended":
      return t("playPlan.next.ended");
    case "none":
      return t("playPlan.next.none");
  }
}
