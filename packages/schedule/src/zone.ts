import { DAY_MIN, DAY_MS, dayOfIsoDate, HOUR_MS, isoDateOfDay, MINUTE_MS, timeOfMinutes } from "./calendar";
import { minutesOf } from "./model";

const known = new Map<string, boolean>();

/**
 * Whether `tz` is an IANA time zone this runtime knows ("UTC", "Europe/Rome"…).
 * Remembered per name: asking Intl costs a formatter (about 0.1 ms), and a
 * fleet's manifests ask it once per terminal.
 */
export function isTimeZone(tz: string): boolean {
  let answer = known.get(tz);
  if (answer === undefined) {
    try {
      new Intl.DateTimeFormat("en-US", { timeZone: tz });
      answer = true;
    } catch {
      answer = false;
    }
    // Only garbage input makes many distinct names; do not let it grow without end.
    if (known.size >= 1000) known.clear();
    known.set(tz, answer);
  }
  return answer;
}

/**
 * The UTC offsets around one day: `before` until the instant `at`, `after`
 * from it (ms, local = UTC + offset). `at` is Infinity when the offset does
 * not change. It holds for the instants from 15 h before the day's UTC
 * midnight to 15 h after its end, which covers both the UTC day and the local
 * day of that number in every zone (offsets lie within −12 h … +14 h).
 */
interface DayOffsets {
  before: number;
  after: number;
  at: number;
}

const STEADY_UTC: DayOffsets = { before: 0, after: 0, at: Number.POSITIVE_INFINITY };
const REACH_MS = 15 * HOUR_MS;
/** Slots of ZoneClock's day cache: a power of two, more than the days of a week's range (and then some). */
const SLOTS = 64;

/**
 * Local wall-clock time of one time zone, fast: Intl is asked a few times per
 * local day (twice, plus a binary search on a day the offset changes) and the
 * answer is kept, so converting an instant is plain arithmetic after that.
 * Zones change their offset at most once within such a stretch in practice.
 */
export class ZoneClock {
  /** The zone in use: the one asked for, or "UTC" when the runtime does not know it. */
  readonly name: string;
  private readonly format: Intl.DateTimeFormat | null;
  private readonly days = new Map<number, DayOffsets>();
  /**
   * A small direct-mapped cache in front of `days` (slot: the day number
   * modulo SLOTS): the resolver asks for the same few days thousands of
   * times per terminal, and an array index is much cheaper than a Map
   * lookup. Bounded by construction; a collision only costs a Map lookup.
   */
  private readonly slotDay = new Float64Array(SLOTS).fill(Number.NaN);
  private readonly slotOffsets: (DayOffsets | undefined)[] = new Array(SLOTS).fill(undefined);

  constructor(tz: string) {
    const known = isTimeZone(tz);
    this.name = known ? tz : "UTC";
    const format = known
      ? new Intl.DateTimeFormat("en-US", {
          timeZone: tz,
          hourCycle: "h23",
          year: "numeric",
          month: "numeric",
          day: "numeric",
          hour: "numeric",
          minute: "numeric",
          second: "numeric",
        })
      : null;
    this.format = format && format.resolvedOptions().timeZone !== "UTC" ? format : null;
  }

  /** The offset at `t` as Intl tells it (to the second). */
  private probe(t: number): number {
    const format = this.format;
    if (!format) return 0;
    let y = 1970;
    let mo = 1;
    let d = 1;
    let h = 0;
    let mi = 0;
    let s = 0;
    for (const p of format.formatToParts(t)) {
      if (p.type === "year") y = Number(p.value);
      else if (p.type === "month") mo = Number(p.value);
      else if (p.type === "day") d = Number(p.value);
      else if (p.type === "hour") h = Number(p.value);
      else if (p.type === "minute") mi = Number(p.value);
      else if (p.type === "second") s = Number(p.value);
    }
    const wall = new Date(0);
    wall.setUTCFullYear(y, mo - 1, d);
    wall.setUTCHours(h, mi, s, 0);
    return wall.getTime() - Math.floor(t / 1000) * 1000;
  }

  private offsets(day: number): DayOffsets {
    const slot = day & (SLOTS - 1);
    if (this.slotDay[slot] === day) return this.slotOffsets[slot] as DayOffsets;
    const o = this.dayOffsets(day);
    this.slotDay[slot] = day;
    this.slotOffsets[slot] = o;
    return o;
  }

  private dayOffsets(day: number): DayOffsets {
    const known = this.days.get(day);
    if (known) return known;
    if (!this.format) return STEADY_UTC;
    const lo0 = day * DAY_MS - REACH_MS;
    const hi0 = (day + 1) * DAY_MS + REACH_MS;
    const before = this.probe(lo0);
    const after = this.probe(hi0);
    let at = Number.POSITIVE_INFINITY;
    if (before !== after) {
      // The first second with the new offset.
      let lo = lo0;
      let hi = hi0;
      while (hi - lo > 1000) {
        const mid = lo + Math.floor((hi - lo) / 2000) * 1000;
        if (this.probe(mid) === before) lo = mid;
        else hi = mid;
      }
      at = hi;
    }
    const o = { before, after, at };
    // A long-running server walks forward in time; the bound keeps the memory flat.
    if (this.days.size >= 4096) this.days.clear();
    this.days.set(day, o);
    return o;
  }

  /** UTC offset at instant `t`, in ms (local = UTC + offset). */
  offsetAt(t: number): number {
    const o = this.offsets(Math.floor(t / DAY_MS));
    return t < o.at ? o.before : o.after;
  }

  /** Local wall-clock time of `t`, as ms since the epoch read as if it were UTC. */
  wallOf(t: number): number {
    return t + this.offsetAt(t);
  }

  /** Local day number of `t`. */
  dayOf(t: number): number {
    return Math.floor(this.wallOf(t) / DAY_MS);
  }

  /**
   * The instant of local day `day` at `minute` minutes after its midnight
   * (1440 and more run into the next days). A wall time that does not exist
   * (the gap when clocks go forward) is the first instant after the gap; one
   * that exists twice (clocks go back) is its first occurrence.
   */
  instantOf(day: number, minute: number): number {
    let d = day;
    let m = minute;
    if (m >= DAY_MIN) {
      d += Math.floor(m / DAY_MIN);
      m %= DAY_MIN;
    }
    const wall = d * DAY_MS + m * MINUTE_MS;
    const o = this.offsets(d);
    const early = wall - o.before;
    if (early < o.at) return early;
    const late = wall - o.after;
    return late >= o.at ? late : o.at;
  }
}

const clocks = new Map<string, ZoneClock>();

/** The clock of time zone `tz` (an unknown zone reads as UTC); one per zone, shared. */
export function zoneClock(tz: string): ZoneClock {
  let clock = clocks.get(tz);
  if (!clock) {
    // Only garbage input makes many distinct names; do not let it grow without end.
    if (clocks.size >= 1000) clocks.clear();
    clock = new ZoneClock(tz);
    clocks.set(tz, clock);
  }
  return clock;
}

/** The zone a terminal's `tz` is read in: itself when known, else "UTC". */
export function timeZoneOrUtc(tz: string): string {
  return zoneClock(tz).name;
}

/** UTC offset of `tz` at instant `t`, in minutes (Rome in summer: 120). */
export function utcOffsetMinutes(tz: string, t: number): number {
  return Math.round(zoneClock(tz).offsetAt(t) / MINUTE_MS);
}

/** The local date "YYYY-MM-DD" of instant `t` in `tz`. */
export function localDateOf(tz: string, t: number): string {
  return isoDateOfDay(zoneClock(tz).dayOf(t));
}

/** The local time "HH:MM" of instant `t` in `tz`. */
export function localTimeOf(tz: string, t: number): string {
  const wall = zoneClock(tz).wallOf(t);
  const day = Math.floor(wall / DAY_MS);
  return timeOfMinutes(Math.floor((wall - day * DAY_MS) / MINUTE_MS));
}

/**
 * The instant of local `date` ("YYYY-MM-DD") at `time` ("HH:MM", "24:00" is
 * the next midnight) in `tz`: a time in a DST gap maps to the end of the gap,
 * an ambiguous one to its first occurrence.
 */
export function instantOfLocal(tz: string, date: string, time: string): number {
  return zoneClock(tz).instantOf(dayOfIsoDate(date), minutesOf(time));
}
