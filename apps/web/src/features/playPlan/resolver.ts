import {
  type Conflict,
  type PlanDoc,
  type PlanItem,
  planConflicts,
  resolveRange,
  type ScheduleMessage,
  type SchedulePlan,
  type Segment,
} from "@marquee/schedule";
import { addDays } from "./timeline";
import { type DayPiece, instantOf, piecesByDay } from "./zone";

/**
 * What the shared resolver (@marquee/schedule) says about the plan being
 * edited: its same-tier overlaps, and what a terminal would play if the draft
 * were published to it.
 */

/** The plan id the preview gives a plan not saved yet. */
export const UNSAVED_PLAN_ID = 0;

/** Same-tier overlaps of the document as it is; a resolver failure is reported, not thrown. */
export function conflictsOf(items: readonly PlanItem[]): { list: Conflict[]; error: string | null } {
  try {
    return { list: planConflicts(items), error: null };
  } catch (e) {
    return { list: [], error: e instanceof Error ? e.message : String(e) };
  }
}

/** Ids of the items in any conflict (their blocks are outlined). */
export function conflictedIds(conflicts: readonly Conflict[]): Set<string> {
  return new Set(conflicts.flatMap((c) => [c.a, c.b]));
}

/**
 * A terminal's schedule with the draft put in as if published: a published
 * version of the same plan is replaced, and the draft comes after the
 * terminal's other plans (publication order).
 */
export function withDraft(
  schedule: readonly SchedulePlan[],
  draft: { planId: number | null; name: string; doc: PlanDoc },
): SchedulePlan[] {
  const planId = draft.planId ?? UNSAVED_PLAN_ID;
  const others = schedule.filter((p) => !(p.source === "plan" && p.planId === planId));
  const order = others.reduce((max, p) => Math.max(max, p.order), 0) + 1;
  return [
    ...others,
    {
      planId,
      name: draft.name,
      source: "plan",
      publicationId: null,
      order,
      items: draft.doc.items,
      defaultProgramId: draft.doc.defaultProgramId,
    },
  ];
}

/** What plays over the shown days in the terminal's time zone, cut per day for the strip. */
export function previewPieces(
  input: { plans: readonly SchedulePlan[]; messages: readonly ScheduleMessage[]; timezone: string },
  days: readonly string[],
): DayPiece<Segment>[][] {
  const first = days[0];
  const last = days[days.length - 1];
  if (!first || !last) return [];
  const from = instantOf(first, 0, input.timezone);
  const to = instantOf(addDays(last, 1), 0, input.timezone);
  return piecesByDay(resolveRange(input, from, to), days, input.timezone);
}
