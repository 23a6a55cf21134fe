import type { Candidate } from "@marquee/schedule";
import type { Manifest } from "@marquee/terminal-protocol";

/**
 * A program played now (doProgramPlayNow, synchronized broadcast):
 * above the schedule, below an emergency message, until `until`; with a
 * start instant on the server's clock it starts at that instant on this
 * screen's clock (shifted by the measured offset), from its first scene.
 */

export interface PlayNow {
  programId: number;
  /** Device-independent end (ms), or null: until the manifest drops it. */
  until: number | null;
  /** The start instant on the server's clock (ms), or null: at once. */
  startAt: number | null;
}

/** The manifest's playNow with its end read; null when there is none or its end is unreadable. */
export function playNowOf(manifest: Manifest | null): PlayNow | null {
  const p = manifest?.playNow;
  if (!p) return null;
  let until: number | null = null;
  if (p.until !== null) {
    until = Date.parse(p.until);
    if (!Number.isFinite(until)) return null;
  }
  return { programId: p.programId, until, startAt: p.startAt };
}

export const samePlayNow = (a: PlayNow | null, b: PlayNow | null) =>
  a === b ||
  (a !== null && b !== null && a.programId === b.programId && a.until === b.until && a.startAt === b.startAt);

/** Where a play-now stands at `now` on this screen. */
export interface PlayNowState {
  /** It plays now. */
  active: boolean;
  /** Its start on this screen's clock (ms), or null when it starts at once. */
  localStart: number | null;
  /** The next instant this changes (start or end), or null. */
  nextAt: number | null;
  /** Changes when the program must start again from its first scene. */
  key: string;
}

/** A play-now at `now`, with the device clock `offsetMs` ahead of the server's. */
export function playNowAt(p: PlayNow, now: number, offsetMs: number): PlayNowState {
  const localStart = p.startAt === null ? null : p.startAt + offsetMs;
  const ended = p.until !== null && p.until <= now;
  const started = localStart === null || localStart <= now;
  let nextAt: number | null = null;
  if (!ended && !started && localStart !== null) nextAt = localStart;
  else if (!ended && p.until !== null) nextAt = p.until;
  return {
    active: started && !ended,
    localStart,
    nextAt,
    key: `now:${p.programId}:${p.startAt ?? "-"}`,
  };
}

/** The plan id of a play-now's candidate (no plan has it: plans' ids are positive, assigned programs' negative). */
export const PLAY_NOW_PLAN = 0;

/** The candidate a play-now shows as (diagnostics, the status's program). */
export function playNowCandidate(p: PlayNow, state: PlayNowState, now: number): Candidate {
  return {
    planId: PLAY_NOW_PLAN,
    planName: "play now",
    source: "program",
    publicationId: null,
    itemId: null,
    programId: p.programId,
    tier: "high",
    mode: { kind: "loop" },
    windowStart: state.localStart ?? now,
    windowEnd: p.until ?? Number.MAX_SAFE_INTEGER,
    rule: null,
  };
}
