import { MINUTE_MS } from "./calendar";
import type { Tier } from "./model";
import type { Candidate, PlayState, Resolution } from "./resolve";

/** The key of one item's window in PlayState.counts and .slots. */
export const playKey = (c: Candidate): string => `${c.planId}:${c.itemId}:${c.windowStart}`;

export function pickNextImpl(
  res: Resolution,
  state: PlayState,
  now: number,
): { next: Candidate | null; state: PlayState } {
  // Only the windows still open can be counted again: everything else is dropped.
  const live = new Set<string>();
  for (const c of res.active) if (c.itemId !== null && c.windowEnd > now) live.add(playKey(c));
  const counts: Record<string, number> = {};
  const slots: Record<string, number> = {};
  for (const [k, v] of Object.entries(state.counts ?? {})) if (live.has(k)) counts[k] = v;
  for (const [k, v] of Object.entries(state.slots ?? {})) if (live.has(k)) slots[k] = v;
  const rotation: Partial<Record<Tier, number>> = { ...(state.rotation ?? {}) };
  const next = choose(res.active, now, counts, slots, rotation);
  return { next, state: { rotation, counts, slots } };
}

/** Picks and records the play in the (fresh) state objects. */
function choose(
  active: readonly Candidate[],
  now: number,
  counts: Record<string, number>,
  slots: Record<string, number>,
  rotation: Partial<Record<Tier, number>>,
): Candidate | null {
  // `active` is strongest tier first: walk it one tier at a time.
  let i = 0;
  while (i < active.length) {
    const tier = (active[i] as Candidate).tier;
    let j = i;
    while (j < active.length && (active[j] as Candidate).tier === tier) j++;
    const group = active.slice(i, j).filter((c) => c.windowStart <= now && now < c.windowEnd);
    i = j;

    for (const c of group) {
      if (c.itemId === null || c.mode.kind !== "interval") continue;
      const slot = Math.floor((now - c.windowStart) / (c.mode.everyMin * MINUTE_MS));
      const key = playKey(c);
      if (slots[key] !== slot) {
        slots[key] = slot;
        return c;
      }
    }
    for (const c of group) {
      if (c.itemId === null || c.mode.kind !== "times") continue;
      const key = playKey(c);
      const played = counts[key] ?? 0;
      if (played < c.mode.count) {
        counts[key] = played + 1;
        return c;
      }
    }
    // Default programs loop whatever mode they carry.
    const loops = group.filter((c) => c.itemId === null || c.mode.kind === "loop");
    if (loops.length > 0) {
      const at = rotation[tier] ?? 0;
      const k = Number.isInteger(at) ? ((at % loops.length) + loops.length) % loops.length : 0;
      rotation[tier] = k + 1;
      return loops[k] as Candidate;
    }
  }
  return null;
}
