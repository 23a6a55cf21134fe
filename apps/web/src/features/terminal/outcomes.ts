import type { CommandOutcome } from "@marquee/contracts";

export type OutcomeState = CommandOutcome["state"];

/** Outcome states in the order the summary names them: the ones still moving first. */
export const OUTCOME_ORDER: readonly OutcomeState[] = [
  "queued",
  "sent",
  "done",
  "failed",
  "timeout",
  "offline",
];

/** States that may still change: polling goes on while any outcome is in one of them. */
const MOVING: ReadonlySet<OutcomeState> = new Set(["queued", "sent"]);
/** States worth sending again ("retry the failed ones"). */
const RETRYABLE: ReadonlySet<OutcomeState> = new Set(["failed", "timeout", "offline"]);

/** How many outcomes are in each state, in OUTCOME_ORDER, without the empty ones ("3 done, 1 failed"). */
export function summarize(
  outcomes: readonly CommandOutcome[],
): Array<{ state: OutcomeState; count: number }> {
  const counts = new Map<OutcomeState, number>();
  for (const o of outcomes) counts.set(o.state, (counts.get(o.state) ?? 0) + 1);
  return OUTCOME_ORDER.flatMap((state) => {
    const count = counts.get(state) ?? 0;
    return count ? [{ state, count }] : [];
  });
}

/** Whether every outcome is final (none queued or sent). */
export function isSettled(outcomes: readonly CommandOutcome[]): boolean {
  return outcomes.every((o) => !MOVING.has(o.state));
}

/** The polling stop rule: stop once all is final, or after `maxMs` (the server times commands out before that). */
export function shouldPoll(
  outcomes: readonly CommandOutcome[],
  startedAt: number,
  now: number,
  maxMs: number,
): boolean {
  return outcomes.length > 0 && !isSettled(outcomes) && now - startedAt < maxMs;
}

/** The terminals whose command failed, timed out or found them offline: what a retry sends to. */
export function retryTargets(outcomes: readonly CommandOutcome[]): number[] {
  return [...new Set(outcomes.filter((o) => RETRYABLE.has(o.state)).map((o) => o.terminalId))];
}

/** The ids still worth asking about (the final ones do not change). */
export function movingIds(outcomes: readonly CommandOutcome[]): string[] {
  return outcomes.filter((o) => MOVING.has(o.state)).map((o) => o.id);
}

/** Replaces outcomes by their fresher rows (by command id), keeping the order the drawer shows them in. */
export function mergeOutcomes(
  current: readonly CommandOutcome[],
  fresh: readonly CommandOutcome[],
): CommandOutcome[] {
  if (fresh.length === 0) return [...current];
  const byId = new Map(fresh.map((o) => [o.id, o]));
  return current.map((o) => byId.get(o.id) ?? o);
}

/** The commands to send again: the ids of the outcomes that failed, timed out or found the screen offline. */
export function retryCommandIds(outcomes: readonly CommandOutcome[]): string[] {
  return outcomes.filter((o) => RETRYABLE.has(o.state)).map((o) => o.id);
}

/**
 * Puts the outcomes of a retry in the place of the rows of the same terminals (the drawer goes on with the
 * same list); a terminal not listed yet is added at the end.
 */
export function replaceByTerminal(
  current: readonly CommandOutcome[],
  fresh: readonly CommandOutcome[],
): CommandOutcome[] {
  const byTerminal = new Map(fresh.map((o) => [o.terminalId, o]));
  const out = current.map((o) => {
    const next = byTerminal.get(o.terminalId);
    if (next) byTerminal.delete(o.terminalId);
    return next ?? o;
  });
  return [...out, ...byTerminal.values()];
}

/** How far a long command has come on a terminal (update: data.progress from its progress frames), if it says. */
export function progressOf(
  outcome: Pick<CommandOutcome, "data">,
): { done: number; total: number; note: string | null } | null {
  const p = outcome.data?.progress;
  if (typeof p !== "object" || p === null) return null;
  const { done, total, note } = p as Record<string, unknown>;
  if (typeof done !== "number" || typeof total !== "number") return null;
  return { done, total, note: typeof note === "string" ? note : null };
}
