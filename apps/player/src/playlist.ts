import { type ProgramDoc, parseProgram } from "@marquee/program";
import {
  type Candidate,
  hidesProgram,
  type PlayState,
  pickNext,
  type Resolution,
  type ScheduleInput,
  type ScheduleMessage,
  type SchedulePlan,
  tierRank,
} from "@marquee/schedule";
import { type Manifest, playerReason, type Why } from "@marquee/terminal-protocol";

/**
 * What plays: the manifest's schedule, resolved with
 * @marquee/schedule at the screen's time. The programs it names are parsed
 * once per manifest; items whose program is missing or does not validate are
 * taken out of the resolver's input (so the next tier or the default plays
 * instead of a blank screen) and reported.
 */

/** A program ready to play. */
export interface PlayItem {
  id: number;
  name: string;
  version: number;
  doc: ProgramDoc;
}

/** A program the schedule names that cannot be played, and why. */
export interface Skipped {
  id: number;
  name: string;
  reason: string;
}

/** The program on screen and the schedule's reason for it. */
export interface Showing {
  item: PlayItem;
  candidate: Candidate;
  /** Set for a play-now: the program starts again from its first scene when it changes. */
  playKey?: string;
}

/**
 * The playable programs of a manifest by id, and those that do not validate.
 * A program unchanged since `previous` (same id and version) keeps its
 * object, so the one on screen plays on without restarting.
 */
export function programsOf(
  manifest: Manifest | null,
  previous: ReadonlyMap<number, PlayItem> = new Map(),
): { programs: Map<number, PlayItem>; skipped: Skipped[] } {
  const programs = new Map<number, PlayItem>();
  const skipped: Skipped[] = [];
  for (const p of manifest?.programs ?? []) {
    const before = previous.get(p.id);
    if (before && before.version === p.version) {
      programs.set(p.id, before);
      continue;
    }
    const parsed = parseProgram(p.doc);
    if (!parsed.ok) {
      const first = parsed.issues[0];
      const more = parsed.issues.length > 1 ? ` (+${parsed.issues.length - 1})` : "";
      skipped.push({
        id: p.id,
        name: p.name,
        reason: first ? `${first.path || "doc"}: ${first.message}${more}` : "invalid document",
      });
    } else programs.set(p.id, { id: p.id, name: p.name, version: p.version, doc: parsed.doc });
  }
  return { programs, skipped };
}

/** Why each program a manifest names cannot play (not valid, or not in the manifest at all), by id. */
export function programProblems(
  manifest: Manifest | null,
  programs: ReadonlyMap<number, PlayItem>,
  skipped: readonly Skipped[],
): Map<number, Why> {
  const problems = new Map<number, Why>();
  for (const s of skipped)
    problems.set(s.id, playerReason("programInvalid", { name: s.name, id: s.id, error: s.reason }));
  const named = (id: number | null) => {
    if (id !== null && !programs.has(id) && !problems.has(id))
      problems.set(id, playerReason("programMissing", { id }));
  };
  for (const plan of manifest?.schedule ?? []) {
    for (const item of plan.items) named(item.programId);
    named(plan.defaultProgramId);
  }
  for (const pub of manifest?.publications ?? []) if (pub.kind === "program") named(pub.contentId);
  return problems;
}

/**
 * The resolver's input from a manifest, with only what can play: items and
 * default programs whose program is not playable are left out.
 */
export function scheduleInputOf(
  manifest: Manifest | null,
  programs: ReadonlyMap<number, PlayItem>,
): ScheduleInput {
  const plans: SchedulePlan[] = (manifest?.schedule ?? []).map((plan) => ({
    ...plan,
    items: plan.items.filter((i) => programs.has(i.programId)),
    defaultProgramId:
      plan.defaultProgramId !== null && programs.has(plan.defaultProgramId) ? plan.defaultProgramId : null,
  }));
  return { plans, messages: manifest?.messages ?? [], timezone: manifest?.timezone ?? "UTC" };
}

/** Where a scheduling step comes from. */
export type StepReason = "start" | "ended" | "manifest" | "tick";

/** A candidate's identity: one item's open window of one plan. */
export const candidateKey = (c: Candidate): string => `${c.planId}:${c.itemId ?? "default"}:${c.windowStart}`;

/**
 * One step of the schedule: which program is on screen after `reason`, given
 * the resolution now. A new program is picked (pickNext) when the one on
 * screen finished its pass, when nothing plays, or when its program left the
 * manifest. Otherwise the program on screen finishes its pass (a new version
 * of it takes its place), unless what would be picked now is of a stronger
 * tier, or an interval item whose slot came: that cuts in at once.
 */
export function step(
  reason: StepReason,
  current: Showing | null,
  res: Resolution,
  programs: ReadonlyMap<number, PlayItem>,
  state: PlayState,
  now: number,
): { showing: Showing | null; state: PlayState } {
  const showingOf = (c: Candidate | null): Showing | null => {
    const item = c ? programs.get(c.programId) : undefined;
    return item && c ? { item, candidate: c } : null;
  };
  const kept = current ? programs.get(current.item.id) : undefined;
  if (reason === "ended" || !current || !kept) {
    const picked = pickNext(res, state, now);
    return { showing: showingOf(picked.next), state: picked.state };
  }
  // pickNext is pure: what it would pick now decides whether to cut in, and is only kept if it does.
  const trial = pickNext(res, state, now);
  const next = trial.next;
  const cutsIn =
    next !== null &&
    programs.has(next.programId) &&
    (tierRank(next.tier) < tierRank(current.candidate.tier) ||
      (next.mode.kind === "interval" && candidateKey(next) !== candidateKey(current.candidate)));
  if (cutsIn) return { showing: showingOf(next), state: trial.state };
  return { showing: kept === current.item ? current : { item: kept, candidate: current.candidate }, state };
}

/** A message's identity for "shown its count": the same message published again shows again. */
export const messageKey = (m: ScheduleMessage): string => `${m.id}:${m.publicationId ?? 0}:${m.startAt ?? 0}`;

/**
 * The messages on screen: the newest active emergency without the others
 * (`interrupt` when it is shown alone and hides the program; over the
 * program, the program goes on under it), else one message per position (top
 * band, bottom band, full notice), the strongest and newest first as the
 * resolver orders them. Messages that have been shown their count are left out.
 */
export function messagesOnScreen(
  res: Resolution,
  ended: ReadonlySet<string>,
): { interrupt: ScheduleMessage | null; overlays: ScheduleMessage[] } {
  const live = res.messages.filter((m) => !ended.has(messageKey(m)));
  const emergency = live.find((m) => m.doc.priority === "emergency") ?? null;
  if (emergency) return { interrupt: hidesProgram(emergency.doc) ? emergency : null, overlays: [emergency] };
  const byPosition = new Map<string, ScheduleMessage>();
  for (const m of live) if (!byPosition.has(m.doc.position)) byPosition.set(m.doc.position, m);
  return { interrupt: null, overlays: [...byPosition.values()] };
}

/** When to look again: the resolution's next boundary, at most `maxMs` away (clocks jump, screens sleep). */
export function nextCheckIn(res: Resolution, now: number, maxMs = 60_000): number {
  if (res.until === null) return maxMs;
  return Math.min(maxMs, Math.max(50, res.until - now));
}
