import { resolveRange, type ScheduleInput } from "./resolve";
import { localDateOf } from "./zone";

/**
 * The offline runway (issue 24): from the schedule a screen holds, until
 * when it plays correctly without the network, and what happens then. The
 * server computes it for every terminal from what the screen reports
 * (docs/runway.md); the console shows it and the alarm rules watch it.
 *
 * What ends the runway, the first of:
 * - `mediaMissing`: files of the manifest the screen lacks: it cannot play
 *   correctly now;
 * - `dataStale`: a data source of a program that plays within the horizon is
 *   read from its address, so offline it is stale once its refresh interval
 *   has passed since the screen's last contact;
 * - `planEnds`: an item of a plan plays for the last time (its end date): the
 *   plan's content runs out;
 * - `messageExpires`: a message's end time;
 * - `beyond`: nothing within the horizon (7 days): `until` is null.
 * At one instant, the reasons rank in that order.
 */

export const RUNWAY_REASONS = ["mediaMissing", "dataStale", "planEnds", "messageExpires", "beyond"] as const;
export type RunwayReason = (typeof RUNWAY_REASONS)[number];

/** How far the runway looks: beyond it, "beyond 7 days". */
export const RUNWAY_HORIZON_MS = 7 * 86_400_000;

/** A data source a program reads from an address (offline, it goes stale after `refreshSec`). */
export interface RunwaySource {
  programId: number;
  name: string;
  refreshSec: number;
}

export interface RunwayInput {
  /** The schedule the screen holds. */
  schedule: ScheduleInput;
  /** When the runway is computed (ms). */
  now: number;
  /** The screen's last contact with the server (its data is as fresh as that); now when online. */
  lastContact?: number;
  /** Files of the manifest the screen does not hold. */
  mediaMissing: number;
  sources?: readonly RunwaySource[];
}

export interface Runway {
  /** Until when the screen plays correctly without the network; null: beyond the horizon. */
  until: number | null;
  reason: RunwayReason;
  /** What ends it: the plan, message or data source's name (null for mediaMissing and beyond). */
  name: string | null;
}

/** The runway of a screen holding `input.schedule` (pure). */
export function runwayOf(input: RunwayInput): Runway {
  const { now, schedule } = input;
  if (input.mediaMissing > 0) return { until: now, reason: "mediaMissing", name: null };
  const end = now + RUNWAY_HORIZON_MS;
  const segments = resolveRange(schedule, now, end);
  const found: Runway[] = [];

  // Data sources of the programs that play (or stand by) within the horizon.
  const programs = new Set<number>();
  for (const s of segments) for (const c of [...s.playing, ...s.overruled]) programs.add(c.programId);
  const contact = Math.min(input.lastContact ?? now, now);
  for (const src of input.sources ?? [])
    if (programs.has(src.programId)) {
      const stale = contact + src.refreshSec * 1000;
      if (stale < end) found.push({ until: Math.max(now, stale), reason: "dataStale", name: src.name });
    }

  // Items with an end date: the end of their last window within the horizon, unless they play beyond it.
  const lastEnd = new Map<string, { at: number; name: string }>();
  // Only items whose last day comes before the horizon's: one ending later plays on past it.
  const lastDay = localDateOf(schedule.timezone, end);
  const dated = new Set<string>();
  for (const plan of schedule.plans)
    for (const item of plan.items)
      if (item.endDate !== null && item.endDate < lastDay) dated.add(`${plan.planId}:${item.id}`);
  for (const s of segments)
    for (const c of [...s.playing, ...s.overruled]) {
      const key = `${c.planId}:${c.itemId}`;
      if (c.itemId === null || !dated.has(key)) continue;
      const was = lastEnd.get(key);
      if (!was || c.windowEnd > was.at) lastEnd.set(key, { at: c.windowEnd, name: c.planName });
    }
  for (const { at, name } of lastEnd.values())
    if (at < end) found.push({ until: Math.max(now, at), reason: "planEnds", name });

  for (const m of schedule.messages ?? [])
    if (m.endAt !== null && m.endAt > now && m.endAt < end)
      found.push({ until: m.endAt, reason: "messageExpires", name: m.name });

  const rank = (r: RunwayReason) => RUNWAY_REASONS.indexOf(r);
  found.sort((a, b) => (a.until ?? 0) - (b.until ?? 0) || rank(a.reason) - rank(b.reason));
  return found[0] ?? { until: null, reason: "beyond", name: null };
}
