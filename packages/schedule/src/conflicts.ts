import { DAY_MIN, dayOfIsoDate, isoDateOfDay, isoWeekdayOfDay, timeOfMinutes } from "./calendar";
import { minutesOf, type PlanItem } from "./model";
import type { Conflict } from "./resolve";

/**
 * Conflicts inside a plan without walking the calendar: two items of one
 * tier overlap when some day D plays the first and day D + δ plays the second
 * (δ = −1, 0, 1, for windows crossing midnight) and their windows, set on one
 * time line from D's midnight, intersect. The days are an intersection of two
 * date intervals and a weekday condition, so the first such D is found in at
 * most seven steps; the time overlap does not depend on D at all.
 */

interface Shape {
  id: string;
  tier: PlanItem["tier"];
  firstDay: number;
  lastDay: number;
  /** Bit n set: plays on ISO weekday n (1..7). */
  weekdays: number;
  /** The item's windows from its day's midnight, merged and sorted: [start, end) in minutes, up to 2880. */
  spans: number[];
}

function shapeOf(item: PlanItem): Shape {
  let weekdays = 0;
  for (const d of item.weekdays) weekdays |= 1 << d;
  const raw = item.windows
    .map((w) => {
      const s = minutesOf(w.start);
      const e = minutesOf(w.end);
      return [s, e > s ? e : e + DAY_MIN] as const;
    })
    .sort((a, b) => a[0] - b[0]);
  const spans: number[] = [];
  for (const [s, e] of raw) {
    const n = spans.length;
    if (n > 0 && s <= (spans[n - 1] as number)) spans[n - 1] = Math.max(spans[n - 1] as number, e);
    else spans.push(s, e);
  }
  return {
    id: item.id,
    tier: item.tier,
    firstDay: dayOfIsoDate(item.startDate),
    lastDay: item.endDate === null ? Number.POSITIVE_INFINITY : dayOfIsoDate(item.endDate),
    weekdays,
    spans,
  };
}

/** The first overlap of two sorted span lists, b shifted by `shift` minutes: [from, to) or null. */
function firstOverlap(a: number[], b: number[], shift: number): [number, number] | null {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const s = Math.max(a[i] as number, (b[j] as number) + shift);
    const e = Math.min(a[i + 1] as number, (b[j + 1] as number) + shift);
    if (s < e) return [s, e];
    if ((a[i + 1] as number) < (b[j + 1] as number) + shift) i += 2;
    else j += 2;
  }
  return null;
}

/** Weekday bits of day D + `delta` moved back onto D: bit n set when weekday n + delta is in `bits`. */
function shiftWeekdays(bits: number, delta: number): number {
  let out = 0;
  for (let n = 1; n <= 7; n++) {
    const m = ((n - 1 + delta + 7) % 7) + 1;
    if (bits & (1 << m)) out |= 1 << n;
  }
  return out;
}

/** The first day D in [lo, hi] whose weekday bit is in `bits`, or null. */
function firstDayIn(lo: number, hi: number, bits: number): number | null {
  if (!Number.isFinite(lo) || bits === 0) return null;
  for (let d = lo; d <= hi && d < lo + 7; d++) if (bits & (1 << isoWeekdayOfDay(d))) return d;
  return null;
}

/** The first overlap of two items (as a minute on the day-number time line), or null. */
function overlapOf(a: Shape, b: Shape): { day: number; from: number; to: number } | null {
  let best: { day: number; from: number; to: number } | null = null;
  let bestAt = Number.POSITIVE_INFINITY;
  for (const delta of [-1, 0, 1]) {
    // a plays on D, b on D + delta.
    const lo = Math.max(a.firstDay, b.firstDay - delta);
    const hi = Math.min(a.lastDay, b.lastDay - delta);
    if (lo > hi) continue;
    const d = firstDayIn(lo, hi, a.weekdays & shiftWeekdays(b.weekdays, delta));
    if (d === null) continue;
    const o = firstOverlap(a.spans, b.spans, delta * DAY_MIN);
    if (!o) continue;
    const at = d * DAY_MIN + o[0];
    if (at >= bestAt) continue;
    bestAt = at;
    // Told on the day the overlap begins; an end past the next midnight reads as that time.
    const k = Math.floor(o[0] / DAY_MIN);
    let to = o[1] - k * DAY_MIN;
    if (to > DAY_MIN) to -= DAY_MIN;
    best = { day: d + k, from: o[0] - k * DAY_MIN, to };
  }
  return best;
}

export function planConflictsImpl(items: readonly PlanItem[]): Conflict[] {
  const shapes = items.map(shapeOf);
  const out: Conflict[] = [];
  for (let i = 0; i < shapes.length; i++) {
    const a = shapes[i] as Shape;
    for (let j = i + 1; j < shapes.length; j++) {
      const b = shapes[j] as Shape;
      // Different tiers never conflict: the stronger one simply wins.
      if (a.tier !== b.tier) continue;
      // Quick refusal: dates more than a day apart cannot meet.
      if (a.firstDay > b.lastDay + 1 || b.firstDay > a.lastDay + 1) continue;
      const o = overlapOf(a, b);
      if (!o) continue;
      out.push({
        a: a.id,
        b: b.id,
        tier: a.tier,
        day: isoDateOfDay(o.day),
        from: timeOfMinutes(o.from),
        to: timeOfMinutes(o.to),
      });
    }
  }
  return out;
}
