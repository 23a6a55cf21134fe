import {
  type Candidate,
  hidesProgram,
  type ScheduleMessage,
  type Tier,
  type TimeWindow,
  type Why,
} from "@marquee/schedule";
import type { TFunction } from "i18next";

/**
 * The resolver's "why" lines in the reader's language: what plays on a screen now, from which plan,
 * by which rule, over what.
 */

export interface WhyContext {
  t: TFunction;
  /** A program's name (the answer carries the names of the programs it names). */
  programName: (id: number) => string;
  /** An instant (ms) as the reader reads dates and times. */
  formatInstant: (ms: number) => string;
}

/** Weekdays as runs: every day, "Mon–Fri", "Mon, Wed, Sat"; three or more consecutive days make a run. */
export function weekdaysText(days: readonly number[], t: TFunction): string {
  const sorted = [...new Set(days)].filter((d) => d >= 1 && d <= 7).sort((a, b) => a - b);
  if (sorted.length === 7) return t("publish.why.everyDay");
  const name = (d: number) => t(`publish.weekdays.${d}`);
  const runs: number[][] = [];
  for (const d of sorted) {
    const run = runs.at(-1);
    if (run && run.at(-1) === d - 1) run.push(d);
    else runs.push([d]);
  }
  return runs
    .flatMap((run) =>
      run.length >= 3 ? [`${name(run[0] ?? 1)}–${name(run.at(-1) ?? 7)}`] : run.map((d) => name(d)),
    )
    .join(t("publish.why.listSeparator"));
}

/** A daily window: "08:00–18:00", the whole day, or one that ends the next day. */
export function windowText(w: TimeWindow, t: TFunction): string {
  if ((w.start === "00:00" && w.end === "24:00") || w.start === w.end) return t("publish.why.allDay");
  if (w.end !== "24:00" && w.end < w.start) return t("publish.why.overnight", { start: w.start, end: w.end });
  return `${w.start}–${w.end}`;
}

/** An item's days: one day, from a day on, or a range. */
export function datesText(rule: NonNullable<Candidate["rule"]>, t: TFunction): string {
  if (rule.endDate === null) return t("publish.why.fromDate", { start: rule.startDate });
  if (rule.endDate === rule.startDate) return t("publish.why.onDate", { date: rule.startDate });
  return t("publish.why.dateRange", { start: rule.startDate, end: rule.endDate });
}

/** The rule that made an item active: its days, weekdays and window. */
export function ruleText(rule: NonNullable<Candidate["rule"]>, t: TFunction): string {
  return [datesText(rule, t), weekdaysText(rule.weekdays, t), windowText(rule.window, t)].join(
    t("publish.why.ruleSeparator"),
  );
}

/**
 * Whether a rule leaves nothing out: open-ended, every day, all day (a program published on its own
 * or assigned to the screen); its dates say nothing then, since it plays now.
 */
export function isAlways(rule: Candidate["rule"]): boolean {
  if (!rule) return true;
  const w = rule.window;
  const allDay = (w.start === "00:00" && w.end === "24:00") || w.start === w.end;
  return rule.endDate === null && new Set(rule.weekdays).size === 7 && allDay;
}

/** Where a candidate comes from: a plan, a program published on its own, or a program assigned to the screen. */
export function sourceText(c: Pick<Candidate, "source" | "planName">, t: TFunction): string {
  return t(`publish.why.source.${c.source}`, { name: c.planName });
}

export const tierText = (tier: Tier, t: TFunction) => t(`publish.tiers.${tier}`);

/** An emergency message: it interrupts the programs when shown alone, else it shows over them. */
function interruptText(m: ScheduleMessage, ctx: WhyContext): string {
  const key = hidesProgram(m.doc) ? "interrupt" : "over";
  return m.endAt === null
    ? ctx.t(`publish.why.${key}`, { name: m.name })
    : ctx.t(`publish.why.${key}Until`, { name: m.name, until: ctx.formatInstant(m.endAt) });
}

/** One "why" line as a sentence. */
export function whySentence(why: Why, ctx: WhyContext): string {
  const { t } = ctx;
  switch (why.kind) {
    case "plays": {
      const c = why.candidate;
      const values = {
        program: ctx.programName(c.programId),
        source: sourceText(c, t),
        tier: tierText(c.tier, t),
      };
      return c.rule && !isAlways(c.rule)
        ? t("publish.why.plays", { ...values, rule: ruleText(c.rule, t) })
        : t("publish.why.playsAlways", values);
    }
    case "overrules":
      return t("publish.why.overrules", {
        winner: ctx.programName(why.winner.programId),
        winnerTier: tierText(why.winner.tier, t),
        loser: ctx.programName(why.loser.programId),
        loserTier: tierText(why.loser.tier, t),
        loserSource: sourceText(why.loser, t),
      });
    case "default":
      return t("publish.why.default", {
        program: ctx.programName(why.candidate.programId),
        source: sourceText(why.candidate, t),
      });
    case "nothing":
      return t("publish.why.nothing");
    case "interrupt":
      return interruptText(why.message, ctx);
  }
}

/**
 * Formats instants on the screen's clock (its windows and days are in its time zone): "HH:mm" for
 * today there, "YYYY-MM-DD HH:mm" otherwise. An unknown zone reads as the browser's.
 */
export function instantFormatter(
  timezone: string | undefined,
  now: number = Date.now(),
): (ms: number) => string {
  let parts: Intl.DateTimeFormat;
  try {
    parts = new Intl.DateTimeFormat("en-CA", {
      timeZone: timezone || undefined,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
  } catch {
    parts = new Intl.DateTimeFormat("en-CA", {
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
  }
  const split = (ms: number) => {
    const p = Object.fromEntries(parts.formatToParts(ms).map((x) => [x.type, x.value]));
    return { day: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
  };
  const today = split(now).day;
  return (ms) => {
    const { day, time } = split(ms);
    return day === today ? time : `${day} ${time}`;
  };
}

/** "Until": when what plays now may change next, or that nothing changes within the horizon. */
export function untilText(until: number | null, ctx: Pick<WhyContext, "t" | "formatInstant">): string {
  return until === null
    ? ctx.t("publish.whatPlays.noChange")
    : ctx.t("publish.whatPlays.until", { time: ctx.formatInstant(until) });
}
