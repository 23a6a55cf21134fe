/**
 * The one gesture a screen nobody touches answers: "d" pressed three times
 * in a row toggles the diagnostics overlay.
 */

/** Presses closer together than this make a triple. */
export const TRIPLE_MS = 1500;

/** The presses still counting after one at `now`, and whether they make a triple (which starts over). */
export function triplePress(
  presses: readonly number[],
  now: number,
  windowMs = TRIPLE_MS,
): { presses: number[]; fire: boolean } {
  const recent = [...presses.filter((t) => now - t <= windowMs), now];
  return recent.length >= 3 ? { presses: [], fire: true } : { presses: recent, fire: false };
}
