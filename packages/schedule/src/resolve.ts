import { planConflictsImpl } from "./conflicts";
import { resolveAtImpl, resolveRangeImpl } from "./engine";
import type { PlanItem, PlayMode, ScheduleMessage, SchedulePlan, Tier } from "./model";
import { pickNextImpl } from "./pick";

/**
 * The resolver: for a terminal (its plans, messages and time zone) and an
 * instant or a range, what plays and why. The server ("what plays now on this
 * screen"), the console's timeline and the player all call these functions.
 *
 * Rules, in order:
 * 1. An item is active at instant T when, in the terminal's time zone, one of
 *    its windows is open at T on a day D that lies in [startDate, endDate] and
 *    whose weekday is in `weekdays` (a window crossing midnight belongs to the
 *    day it starts on).
 * 2. Active items are ranked by tier (emergency > high > normal > filler);
 *    the strongest tier with an active item plays, all its active items in
 *    rotation (plan `order`, then item order in the plan). Weaker active items
 *    are "overruled" by it.
 * 3. With no active item, the plans' default programs play (tier "filler",
 *    itemId null), in plan order.
 * 4. Messages are active from startAt (inclusive) to endAt (exclusive); an
 *    active emergency message takes the screen from the other messages (the
 *    newest emergency first): over the programs, which go on playing, or
 *    alone, hiding them (its `emergencyDisplay`, see hidesProgram).
 */

/** One program that may play now, with where it comes from. */
export interface Candidate {
  planId: number;
  planName: string;
  source: SchedulePlan["source"];
  publicationId: number | null;
  /** null for a plan's default program. */
  itemId: string | null;
  programId: number;
  tier: Tier;
  mode: PlayMode;
  /** The open window as instants (ms); for a default program: the empty stretch it fills. */
  windowStart: number;
  windowEnd: number;
  /** The rule that made it active, for explanations: the item's dates, weekdays and the window. */
  rule: {
    startDate: string;
    endDate: string | null;
    weekdays: number[];
    window: { start: string; end: string };
  } | null;
}

/** Why the resolution is what it is, one line each (the console words them in the reader's language). */
export type Why =
  | { kind: "plays"; candidate: Candidate }
  | { kind: "overrules"; winner: Candidate; loser: Candidate }
  | { kind: "default"; candidate: Candidate }
  | { kind: "nothing" }
  | { kind: "interrupt"; message: ScheduleMessage };

export interface Resolution {
  at: number;
  /** The tier that plays; null when nothing does. */
  tier: Tier | null;
  /**
   * Every active candidate, strongest tier first, rotation order inside a tier; the plans'
   * default programs last, always (standing by while items play: pickNext falls back to them).
   */
  active: Candidate[];
  /** The candidates of the winning tier (what rotates now). */
  playing: Candidate[];
  /** Active candidates of weaker tiers. */
  overruled: Candidate[];
  /** Active messages, emergency first, then newest first. */
  messages: ScheduleMessage[];
  /** The emergency message shown instead of the other messages, if any (over the program, or alone: hidesProgram). */
  interrupt: ScheduleMessage | null;
  /** The next instant after `at` at which anything of this resolution may change (a window or message boundary); null within the horizon (8 days) if none. */
  until: number | null;
  why: Why[];
}

/** What the resolver needs to know of a terminal. */
export interface ScheduleInput {
  plans: readonly SchedulePlan[];
  messages?: readonly ScheduleMessage[];
  /** The terminal's IANA time zone (e.g. "Europe/Rome"); an unknown zone is read as UTC. */
  timezone: string;
}

/** A stretch of time in which the same programs play (for timelines). */
export interface Segment {
  from: number;
  to: number;
  tier: Tier | null;
  playing: Candidate[];
  overruled: Candidate[];
  messages: ScheduleMessage[];
}

/** Two items of one plan, same tier, whose times overlap (flagged when the plan is saved). */
export interface Conflict {
  a: string;
  b: string;
  tier: Tier;
  /** A first day both play and the overlapping time on it, for the message. */
  day: string;
  from: string;
  to: string;
}

/** The player's memory of what it played, for the times/interval modes. */
export interface PlayState {
  /** Rotation position per tier. */
  rotation: Partial<Record<Tier, number>>;
  /** Plays counted per item window (`${planId}:${itemId}:${windowStart}`). */
  counts: Record<string, number>;
  /** Last interval slot played per item window. */
  slots: Record<string, number>;
}

export const EMPTY_PLAY_STATE: PlayState = { rotation: {}, counts: {}, slots: {} };

/** What plays at `at` (ms) and why. */
export function resolveAt(input: ScheduleInput, at: number): Resolution {
  return resolveAtImpl(input, at);
}

/**
 * What plays from `from` to `to` (ms), as contiguous segments (adjacent equal
 * segments merged: same playing and overruled items, same messages). An
 * item's candidate keeps its whole window; a default program's candidate
 * spans its segment. Fast enough for fleets: 10,000 terminals over 7 days in
 * well under a second (packages/schedule/test/perf-resolve.ts).
 */
export function resolveRange(input: ScheduleInput, from: number, to: number): Segment[] {
  return resolveRangeImpl(input, from, to);
}

/**
 * Items of one plan that overlap in the same tier (wall-clock times: a plan
 * has no time zone), each pair once in item order, with the first day they
 * meet; windows crossing midnight count on the next day too.
 */
export function planConflicts(items: readonly PlanItem[]): Conflict[] {
  return planConflictsImpl(items);
}

/**
 * Which candidate the player starts next at `now`, given what it played:
 * interval items whose slot came, then `times` items not yet played their
 * count in this window, then the looping items in rotation; a tier whose
 * items are all used up gives way to the next tier. Returns the updated state
 * (pure: the input state is not changed).
 */
export function pickNext(
  res: Resolution,
  state: PlayState,
  now: number,
): { next: Candidate | null; state: PlayState } {
  return pickNextImpl(res, state, now);
}
