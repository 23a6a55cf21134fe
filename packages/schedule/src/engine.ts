import { DAY_MS, dayOfIsoDate } from "./calendar";
import {
  minutesOf,
  type PlanItem,
  type ScheduleMessage,
  type SchedulePlan,
  type Tier,
  tierRank,
} from "./model";
import type { Candidate, Resolution, ScheduleInput, Segment, Why } from "./resolve";
import { type ZoneClock, zoneClock } from "./zone";

/**
 * The resolver's working parts (rules 1–4 of resolve.ts). Items are turned
 * once per call into day numbers, a weekday bit mask and window minutes, so
 * testing a day is integer arithmetic and a window's instants come from the
 * zone clock's kept offsets.
 */

/** How far resolveAt looks ahead (and back) for boundaries. */
export const HORIZON_MS = 8 * DAY_MS;

type Rule = NonNullable<Candidate["rule"]>;

/** A plan item, ready to be tested against days. */
interface Entry {
  plan: SchedulePlan;
  item: PlanItem;
  tier: Tier;
  firstDay: number;
  /** Infinity when the item has no end date. */
  lastDay: number;
  /** Bit n set: plays on ISO weekday n. */
  weekdays: number;
  /** Window starts, minutes after the midnight of the day it belongs to. */
  starts: number[];
  /** Window ends from that same midnight: after the start, up to 2880 (a window crossing midnight). */
  ends: number[];
  /** Made on demand (most windows of a range never become a candidate). */
  rules: Rule[] | null;
  rank: number;
}

interface Prepared {
  clock: ZoneClock;
  /** Strongest tier first, then plan order, then item order. */
  entries: Entry[];
  /** Plans with a default program, in plan order. */
  fallbacks: SchedulePlan[];
  /** Emergency first, then newest first. */
  messages: ScheduleMessage[];
}

/** Minutes of "HH:MM" (validated input; read by char codes, this runs for every window of every terminal). */
function minutes(t: string): number {
  if (t.length !== 5) return minutesOf(t);
  return (
    (t.charCodeAt(0) - 48) * 600 +
    (t.charCodeAt(1) - 48) * 60 +
    (t.charCodeAt(3) - 48) * 10 +
    (t.charCodeAt(4) - 48)
  );
}

function entryOf(plan: SchedulePlan, item: PlanItem, rank: number): Entry {
  let weekdays = 0;
  for (const d of item.weekdays) weekdays |= 1 << d;
  const windows = item.windows;
  const starts: number[] = new Array(windows.length);
  const ends: number[] = new Array(windows.length);
  for (let w = 0; w < windows.length; w++) {
    const win = windows[w] as PlanItem["windows"][number];
    const s = minutes(win.start);
    const e = minutes(win.end);
    starts[w] = s;
    // End at or before start: it ends the next day (start == end: 24 hours).
    ends[w] = e > s ? e : e + 1440;
  }
  return {
    plan,
    item,
    tier: item.tier,
    rank,
    firstDay: dayOfIsoDate(item.startDate),
    lastDay: item.endDate === null ? Number.POSITIVE_INFINITY : dayOfIsoDate(item.endDate),
    weekdays,
    starts,
    ends,
    rules: null,
  };
}

/** The rule of an entry's window `w`, made once when a candidate needs it. */
function ruleOf(e: Entry, w: number): Rule {
  if (!e.rules) e.rules = new Array(e.starts.length);
  let rule = e.rules[w];
  if (!rule) {
    const win = e.item.windows[w] as PlanItem["windows"][number];
    rule = {
      startDate: e.item.startDate,
      endDate: e.item.endDate,
      weekdays: e.item.weekdays,
      window: { start: win.start, end: win.end },
    };
    e.rules[w] = rule;
  }
  return rule;
}

/** Newer first: a larger start (an open start is the oldest), then a larger id. */
function newerFirst(a: ScheduleMessage, b: ScheduleMessage): number {
  const sa = a.startAt ?? Number.NEGATIVE_INFINITY;
  const sb = b.startAt ?? Number.NEGATIVE_INFINITY;
  if (sa !== sb) return sb > sa ? 1 : -1;
  return b.id - a.id;
}

function messageOrder(a: ScheduleMessage, b: ScheduleMessage): number {
  const ea = a.doc.priority === "emergency" ? 0 : 1;
  const eb = b.doc.priority === "emergency" ? 0 : 1;
  return ea - eb || newerFirst(a, b);
}

/** tierRank without the list search (a tier outside TIERS ranks -1, as there). */
function rankOf(tier: Tier): number {
  switch (tier) {
    case "emergency":
      return 0;
    case "high":
      return 1;
    case "normal":
      return 2;
    case "filler":
      return 3;
    default:
      return tierRank(tier);
  }
}

/** Plans by `order`, equal orders as given; most inputs come in order already and are kept as they are. */
function plansInOrder(plans: readonly SchedulePlan[]): readonly SchedulePlan[] {
  for (let i = 1; i < plans.length; i++) {
    if ((plans[i] as SchedulePlan).order < (plans[i - 1] as SchedulePlan).order) {
      return plans
        .map((plan, index) => ({ plan, index }))
        .sort((x, y) => x.plan.order - y.plan.order || x.index - y.index)
        .map((x) => x.plan);
    }
  }
  return plans;
}

function prepare(input: ScheduleInput): Prepared {
  const plans = plansInOrder(input.plans);
  let count = 0;
  for (const plan of plans) count += plan.items.length;
  // Strongest tier first, inside a tier plan order and item order: a stable counting sort by
  // rank (-1 … 3, -1 for a tier outside TIERS), cheaper than a comparator sort for each terminal.
  const ranked: Entry[] = new Array(count);
  let k = 0;
  for (const plan of plans)
    for (const item of plan.items) ranked[k++] = entryOf(plan, item, rankOf(item.tier));
  const at = [0, 0, 0, 0, 0, 0];
  for (const e of ranked) at[e.rank + 2] = (at[e.rank + 2] as number) + 1;
  for (let r = 1; r < at.length; r++) at[r] = (at[r] as number) + (at[r - 1] as number);
  const entries: Entry[] = new Array(count);
  for (const e of ranked) {
    const i = at[e.rank + 1] as number;
    at[e.rank + 1] = i + 1;
    entries[i] = e;
  }
  return {
    clock: zoneClock(input.timezone),
    entries,
    fallbacks: plans.filter((p) => p.defaultProgramId !== null),
    messages: (input.messages ?? []).slice().sort(messageOrder),
  };
}

/** Whether the entry plays on day `day`, whose weekday bit is `bit`. */
function playsOn(e: Entry, day: number, bit: number): boolean {
  return (e.weekdays & bit) !== 0 && day >= e.firstDay && day <= e.lastDay;
}

/** Weekday bit of a day number (1970-01-01, day 0, was a Thursday: ISO 4). */
const bitOf = (day: number): number => 1 << (((((day + 3) % 7) + 7) % 7) + 1);

function itemCandidate(e: Entry, w: number, start: number, end: number): Candidate {
  return {
    planId: e.plan.planId,
    planName: e.plan.name,
    source: e.plan.source,
    publicationId: e.plan.publicationId,
    itemId: e.item.id,
    programId: e.item.programId,
    tier: e.tier,
    mode: e.item.mode,
    windowStart: start,
    windowEnd: end,
    rule: ruleOf(e, w),
  };
}

function defaultCandidate(plan: SchedulePlan, start: number, end: number): Candidate {
  return {
    planId: plan.planId,
    planName: plan.name,
    source: plan.source,
    publicationId: plan.publicationId,
    itemId: null,
    programId: plan.defaultProgramId as number,
    tier: "filler",
    mode: { kind: "loop" },
    windowStart: start,
    windowEnd: end,
    rule: null,
  };
}

const messageOpenAt = (m: ScheduleMessage, at: number): boolean =>
  (m.startAt === null || m.startAt <= at) && (m.endAt === null || at < m.endAt);

function assertInstant(name: string, t: number): void {
  if (!Number.isFinite(t)) throw new RangeError(`@marquee/schedule: ${name} must be a finite instant (ms)`);
}

// ---- one instant ----

export function resolveAtImpl(input: ScheduleInput, at: number): Resolution {
  assertInstant("at", at);
  const { clock, entries, fallbacks, messages: allMessages } = prepare(input);
  const today = clock.dayOf(at);

  // Rule 1: a window that opened yesterday (crossing midnight) or today and is still open.
  // An item with two open windows plays once, by the one that opened first.
  const active: Candidate[] = [];
  for (const e of entries) {
    let best: Candidate | null = null;
    for (let d = today - 1; d <= today; d++) {
      if (!playsOn(e, d, bitOf(d))) continue;
      for (let w = 0; w < e.starts.length; w++) {
        const s = clock.instantOf(d, e.starts[w] as number);
        if (s > at || (best && s >= best.windowStart)) continue;
        const end = clock.instantOf(d, e.ends[w] as number);
        if (at < end) best = itemCandidate(e, w, s, end);
      }
    }
    if (best) active.push(best);
  }

  const next = nextItemBoundary(clock, entries, today, at);
  const items = active.length;
  if (fallbacks.length > 0) {
    // Rule 3: the empty stretch runs from the last window that closed to the next that opens.
    // While items are active the defaults stand by at the end of `active` (not playing): the
    // player falls back to them when every active item has used up its plays (pickNext).
    const prev = items ? at : Math.max(lastItemEnd(clock, entries, today, at), at - HORIZON_MS);
    const end = Math.min(next, at + HORIZON_MS);
    for (const plan of fallbacks) active.push(defaultCandidate(plan, prev, end));
  }

  const tier = active[0]?.tier ?? null;
  const playing = active.slice(0, items || active.length).filter((c) => c.tier === tier);
  const overruled = active.slice(playing.length, items || playing.length);

  // Rule 4.
  const messages = allMessages.filter((m) => messageOpenAt(m, at));
  const interrupt = messages.find((m) => m.doc.priority === "emergency") ?? null;

  let until = next;
  for (const m of allMessages) {
    if (m.startAt !== null && m.startAt > at && m.startAt < until) until = m.startAt;
    if (m.endAt !== null && m.endAt > at && m.endAt < until) until = m.endAt;
  }

  const why: Why[] = [];
  const winner = playing[0];
  for (const c of playing)
    why.push(c.itemId === null ? { kind: "default", candidate: c } : { kind: "plays", candidate: c });
  if (winner) for (const loser of overruled) why.push({ kind: "overrules", winner, loser });
  if (!winner) why.push({ kind: "nothing" });
  if (interrupt) why.push({ kind: "interrupt", message: interrupt });

  return {
    at,
    tier,
    active,
    playing,
    overruled,
    messages,
    interrupt,
    until: until <= at + HORIZON_MS ? until : null,
    why,
  };
}

/** The first window start or end after `at` (Infinity when none within the horizon). */
function nextItemBoundary(clock: ZoneClock, entries: Entry[], today: number, at: number): number {
  let next = Number.POSITIVE_INFINITY;
  const lastDay = clock.dayOf(at + HORIZON_MS);
  for (let d = today - 1; d <= lastDay; d++) {
    const bit = bitOf(d);
    for (const e of entries) {
      if (!playsOn(e, d, bit)) continue;
      for (let w = 0; w < e.starts.length; w++) {
        const s = clock.instantOf(d, e.starts[w] as number);
        if (s >= next) continue;
        const end = clock.instantOf(d, e.ends[w] as number);
        if (end <= s) continue; // swallowed by a DST gap
        if (s > at) next = s;
        else if (end > at && end < next) next = end;
      }
    }
    // Later days' windows open at or after the next midnight.
    if (next <= clock.instantOf(d + 1, 0)) break;
  }
  return next;
}

/** The last window end at or before `at` (-Infinity when none within the horizon). */
function lastItemEnd(clock: ZoneClock, entries: Entry[], today: number, at: number): number {
  let prev = Number.NEGATIVE_INFINITY;
  const firstDay = clock.dayOf(at - HORIZON_MS) - 1;
  for (let d = today; d >= firstDay; d--) {
    const bit = bitOf(d);
    for (const e of entries) {
      if (!playsOn(e, d, bit)) continue;
      for (let w = 0; w < e.starts.length; w++) {
        const end = clock.instantOf(d, e.ends[w] as number);
        if (end > at || end <= prev) continue;
        if (end > clock.instantOf(d, e.starts[w] as number)) prev = end;
      }
    }
    // A window of an earlier day ends before this day's end (it lasts 24 h at most).
    if (prev >= clock.instantOf(d + 1, 0)) break;
  }
  return prev;
}

// ---- a range ----

/**
 * resolveRange's work buffers, kept from call to call: it runs to its end
 * without yielding, so one set serves every call, and 10,000 terminals do not
 * make 100,000 short-lived typed arrays for the collector.
 */
const work = {
  rowEntry: new Int32Array(512),
  rowWindow: new Int32Array(512),
  rowStart: new Float64Array(512),
  rowEnd: new Float64Array(512),
  rowOpen: new Uint8Array(512),
  times: new Float64Array(1024),
  order: new Int32Array(1024),
  /** Per event: its bucket in sortEvents. */
  bucketOf: new Int32Array(1024),
  /** Per bucket of sortEvents: where it ends in `order`. */
  bucketEnd: new Int32Array(2048),
  /** Per entry (see resolveRangeImpl). */
  rowsFrom: new Int32Array(64),
  openCount: new Int32Array(64),
  speaker: new Int32Array(64),
  /** The open sets of resolveRange and those of its last segment. */
  bits: new Int32Array(64),
};

/**
 * list[from..to) as a new array of that length: a literal for the usual one
 * or two elements, a sized array filled beyond; both cost less than slice (a
 * call into the runtime's generic path) for each of the two million segments
 * of a fleet's week.
 */
function part<T>(list: T[], from: number, to: number): T[] {
  const n = to - from;
  if (n === 0) return [];
  if (n === 1) return [list[from] as T];
  if (n === 2) return [list[from] as T, list[from + 1] as T];
  const copy: T[] = new Array(n);
  for (let i = 0; i < n; i++) copy[i] = list[from + i] as T;
  return copy;
}

/** Set bits of a 32-bit integer. */
function popcount(x: number): number {
  let n = x >>> 0;
  n -= (n >>> 1) & 0x55555555;
  n = (n & 0x33333333) + ((n >>> 2) & 0x33333333);
  return Math.imul((n + (n >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

function growRows(): void {
  const n = work.rowStart.length * 2;
  const copy = <T extends Int32Array | Float64Array>(a: T, b: T): T => {
    b.set(a);
    return b;
  };
  work.rowEntry = copy(work.rowEntry, new Int32Array(n));
  work.rowWindow = copy(work.rowWindow, new Int32Array(n));
  work.rowStart = copy(work.rowStart, new Float64Array(n));
  work.rowEnd = copy(work.rowEnd, new Float64Array(n));
  work.rowOpen = new Uint8Array(n);
}

/**
 * Sorts the events 0..count-1 by time, equal times by index, into
 * work.order. A bucket sort: [from, to] is cut into `count` equal stretches,
 * the events are dealt into them in index order, and one insertion pass then
 * puts each bucket in time order (stable: equal times keep their index order;
 * it never moves an event past its bucket's start). Window bounds fall on few
 * distinct instants (whole minutes, mostly quarters), so a bucket holds one
 * or two of them and the whole sort is linear; it is several times faster
 * than a native sort of the times, which was a fifth of the resolver's time.
 * Should the insertion pass get long (many distinct instants close
 * together), the events are sorted by a comparator instead.
 */
function sortEvents(times: Float64Array, count: number, from: number, to: number): Int32Array {
  const buckets = count;
  if (work.order.length < count) {
    work.order = new Int32Array(work.times.length);
    work.bucketOf = new Int32Array(work.times.length);
  }
  if (work.bucketEnd.length < buckets) work.bucketEnd = new Int32Array(2 * buckets);
  const { order, bucketOf, bucketEnd } = work;
  bucketEnd.fill(0, 0, buckets);
  // Monotonic in the time (equal times, equal buckets); NaN (a degenerate scale) lands in bucket 0.
  const scale = buckets / (to - from);
  for (let i = 0; i < count; i++) {
    const x = ((times[i] as number) - from) * scale;
    const b = x >= buckets ? buckets - 1 : x > 0 ? Math.floor(x) : 0;
    bucketOf[i] = b;
    bucketEnd[b] = (bucketEnd[b] as number) + 1;
  }
  // Counts to starts, then dealing advances each start to its bucket's end.
  let sum = 0;
  for (let b = 0; b < buckets; b++) {
    const n = bucketEnd[b] as number;
    bucketEnd[b] = sum;
    sum += n;
  }
  for (let i = 0; i < count; i++) {
    const b = bucketOf[i] as number;
    const at = bucketEnd[b] as number;
    order[at] = i;
    bucketEnd[b] = at + 1;
  }
  let moves = 0;
  const budget = 8 * count;
  for (let i = 1; i < count; i++) {
    const ev = order[i] as number;
    const t = times[ev] as number;
    let j = i - 1;
    while (j >= 0 && (times[order[j] as number] as number) > t) {
      order[j + 1] = order[j] as number;
      j--;
    }
    order[j + 1] = ev;
    moves += i - 1 - j;
    if (moves > budget) {
      order.subarray(0, count).sort((x, y) => (times[x] as number) - (times[y] as number) || x - y);
      break;
    }
  }
  return order;
}

export function resolveRangeImpl(input: ScheduleInput, from: number, to: number): Segment[] {
  assertInstant("from", from);
  assertInstant("to", to);
  if (!(to > from)) return [];
  const { clock, entries, fallbacks, messages } = prepare(input);
  const entryCount = entries.length;

  // Per entry: where its rows begin (rowsFrom, one more at the end), how many of its windows
  // are open, and the open one that speaks for it (two open windows of one item: the one that
  // opened first).
  if (work.rowsFrom.length < entryCount + 1) {
    work.rowsFrom = new Int32Array(2 * (entryCount + 1));
    work.openCount = new Int32Array(2 * (entryCount + 1));
    work.speaker = new Int32Array(2 * (entryCount + 1));
  }
  const { rowsFrom, openCount, speaker } = work;
  openCount.fill(0, 0, entryCount);
  speaker.fill(-1, 0, entryCount);

  // Every window that overlaps [from, to), one row per opening; an entry's rows are contiguous.
  let rows = 0;
  const firstDay = clock.dayOf(from) - 1;
  const lastDay = clock.dayOf(to - 1);
  let { rowEntry, rowWindow, rowStart, rowEnd } = work;
  for (let g = 0; g < entryCount; g++) {
    const e = entries[g] as Entry;
    const { starts, ends } = e;
    rowsFrom[g] = rows;
    for (let d = Math.max(firstDay, e.firstDay); d <= lastDay && d <= e.lastDay; d++) {
      if ((e.weekdays & bitOf(d)) === 0) continue;
      for (let w = 0; w < starts.length; w++) {
        const s = clock.instantOf(d, starts[w] as number);
        if (s >= to) continue;
        const end = clock.instantOf(d, ends[w] as number);
        if (end <= from || end <= s) continue;
        if (rows === rowStart.length) {
          growRows();
          ({ rowEntry, rowWindow, rowStart, rowEnd } = work);
        }
        rowEntry[rows] = g;
        rowWindow[rows] = w;
        rowStart[rows] = s;
        rowEnd[rows] = end;
        rows++;
      }
    }
  }
  rowsFrom[entryCount] = rows;
  const rowOpen = work.rowOpen;
  rowOpen.fill(0, 0, rows);

  const msgRows: number[] = [];
  for (let i = 0; i < messages.length; i++) {
    const m = messages[i] as ScheduleMessage;
    const s = m.startAt ?? Number.NEGATIVE_INFINITY;
    const end = m.endAt ?? Number.POSITIVE_INFINITY;
    if (s < to && end > from && end > s) msgRows.push(i);
  }

  // The changes, clipped to the range: event 2r opens row r, 2r + 1 closes it.
  // Rows 0..rows-1 are windows, the next ones messages.
  const events = 2 * (rows + msgRows.length);
  if (work.times.length < events) work.times = new Float64Array(2 * events);
  const times = work.times;
  for (let r = 0; r < rows; r++) {
    times[2 * r] = Math.max(rowStart[r] as number, from);
    times[2 * r + 1] = Math.min(rowEnd[r] as number, to);
  }
  for (let k = 0; k < msgRows.length; k++) {
    const m = messages[msgRows[k] as number] as ScheduleMessage;
    times[2 * (rows + k)] = Math.max(m.startAt ?? from, from);
    times[2 * (rows + k) + 1] = Math.min(m.endAt ?? to, to);
  }
  const order = sortEvents(times, events, from, to);

  // What is open, as bit sets in rank order (entries) and display order (messages), beside the
  // same sets as at the last segment: equal sets, equal segments. One buffer, by offsets.
  const entryWords = (entryCount + 31) >>> 5;
  const messageWords = (messages.length + 31) >>> 5;
  const setWords = entryWords + messageWords;
  if (work.bits.length < 2 * setWords) work.bits = new Int32Array(4 * setWords);
  const bits = work.bits;
  bits.fill(0, 0, 2 * setWords);
  /** Where the open messages begin in `bits`; the sets of the last segment follow at setWords. */
  const msgAt = entryWords;
  /** Per row, its candidate once made (one object for all the segments it is in). */
  const candidates: (Candidate | undefined)[] = new Array(rows);
  /** Per entry, the candidate of the row that speaks for it, when made: one look-up per open entry and segment. */
  const spoken: (Candidate | undefined)[] = new Array(entryCount);
  /** Scratch for the candidates that play in one segment (copied into an array of their number). */
  const open: Candidate[] = [];

  const segments: Segment[] = [];
  let last: Segment | null = null;
  let lastIsDefault = false;
  let cursor = from;
  // The loop runs once more after the last event (i === events), at `to`, to emit the last segment.
  // It is one function without a closure: the state stays in locals rather than in a context.
  for (let i = 0; i <= events; i++) {
    const ev = i < events ? (order[i] as number) : -1;
    const at = ev < 0 ? to : (times[ev] as number);
    if (at > cursor) {
      // A segment from cursor to at: the one before goes on when nothing it shows changed.
      let same = last !== null;
      for (let w = 0; same && w < setWords; w++) same = bits[w] === bits[setWords + w];
      if (last !== null && same) {
        last.to = at;
        if (lastIsDefault) for (const c of last.playing) c.windowEnd = at;
      } else {
        // Rank order: the first tier met plays (the run of open entries of that tier), the rest is
        // overruled. The run gathers in `open`; the overruled, counted beforehand, go straight into
        // an array of their number (most open entries are overruled ones).
        let left = 0;
        for (let w = 0; w < entryWords; w++) left += popcount(bits[w] as number);
        let run = 0;
        let overruled: Candidate[] | null = null;
        let o = 0;
        for (let w = 0; w < entryWords; w++) {
          let set = bits[w] as number;
          while (set !== 0) {
            const low = set & -set;
            set ^= low;
            const g = (w << 5) + 31 - Math.clz32(low);
            let c = spoken[g];
            if (c === undefined) {
              const r = speaker[g] as number;
              c = candidates[r];
              if (c === undefined) {
                c = itemCandidate(
                  entries[g] as Entry,
                  rowWindow[r] as number,
                  rowStart[r] as number,
                  rowEnd[r] as number,
                );
                candidates[r] = c;
              }
              spoken[g] = c;
            }
            if (overruled === null) {
              if (run === 0 || c.tier === (open[0] as Candidate).tier) {
                open[run++] = c;
                continue;
              }
              overruled = new Array(left - run);
            }
            overruled[o++] = c;
          }
        }
        let playing: Candidate[];
        lastIsDefault = run === 0 && fallbacks.length > 0;
        if (lastIsDefault) {
          playing = new Array(fallbacks.length);
          for (let p = 0; p < fallbacks.length; p++)
            playing[p] = defaultCandidate(fallbacks[p] as SchedulePlan, cursor, at);
        } else playing = part(open, 0, run);
        const shown: ScheduleMessage[] = [];
        for (let w = 0; w < messageWords; w++) {
          let set = bits[msgAt + w] as number;
          while (set !== 0) {
            const low = set & -set;
            set ^= low;
            shown.push(messages[(w << 5) + 31 - Math.clz32(low)] as ScheduleMessage);
          }
        }
        last = {
          from: cursor,
          to: at,
          tier: playing[0]?.tier ?? null,
          playing,
          overruled: overruled ?? [],
          messages: shown,
        };
        segments.push(last);
        for (let w = 0; w < setWords; w++) bits[setWords + w] = bits[w] as number;
      }
      cursor = at;
    }
    if (ev < 0) break;
    const r = ev >>> 1;
    const opens = (ev & 1) === 0;
    if (r >= rows) {
      const m = msgRows[r - rows] as number;
      const w = msgAt + (m >>> 5);
      if (opens) bits[w] = (bits[w] as number) | (1 << (m & 31));
      else bits[w] = (bits[w] as number) & ~(1 << (m & 31));
      continue;
    }
    const g = rowEntry[r] as number;
    if (opens) {
      rowOpen[r] = 1;
      const count = (openCount[g] as number) + 1;
      openCount[g] = count;
      if (count === 1) bits[g >>> 5] = (bits[g >>> 5] as number) | (1 << (g & 31));
      const cur = speaker[g] as number;
      if (cur < 0 || (rowStart[r] as number) < (rowStart[cur] as number)) {
        speaker[g] = r;
        spoken[g] = candidates[r];
      }
      continue;
    }
    rowOpen[r] = 0;
    const left = (openCount[g] as number) - 1;
    openCount[g] = left;
    if (left === 0) {
      speaker[g] = -1;
      spoken[g] = undefined;
      bits[g >>> 5] = (bits[g >>> 5] as number) & ~(1 << (g & 31));
    } else if (speaker[g] === r) {
      // Overlapping windows of one item: the earliest still open speaks now.
      let best = -1;
      for (let q = rowsFrom[g] as number; q < (rowsFrom[g + 1] as number); q++) {
        if (rowOpen[q] && (best < 0 || (rowStart[q] as number) < (rowStart[best] as number))) best = q;
      }
      speaker[g] = best;
      spoken[g] = candidates[best];
    }
  }
  return segments;
}
