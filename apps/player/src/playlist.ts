import { type ProgramDoc, parseProgram } from "@marquee/program";
import type { Manifest } from "@marquee/terminal-protocol";

/**
 * The minimal play rule until play plans (issue 7): the manifest's programs
 * in order, each for one full pass of its main scenes, looping. Documents
 * that do not validate are left out and reported.
 */

/** A program ready to play. */
export interface PlayItem {
  id: number;
  name: string;
  version: number;
  doc: ProgramDoc;
}

/** A program of the manifest that cannot be played, and why. */
export interface Skipped {
  id: number;
  name: string;
  reason: string;
}

/** The playable programs of a manifest, in order, and those skipped with their reasons. */
export function playlistOf(manifest: Manifest | null): { items: PlayItem[]; skipped: Skipped[] } {
  const items: PlayItem[] = [];
  const skipped: Skipped[] = [];
  for (const p of manifest?.programs ?? []) {
    const parsed = parseProgram(p.doc);
    if (!parsed.ok) {
      const first = parsed.issues[0];
      const more = parsed.issues.length > 1 ? ` (+${parsed.issues.length - 1})` : "";
      skipped.push({
        id: p.id,
        name: p.name,
        reason: first ? `${first.path || "doc"}: ${first.message}${more}` : "invalid document",
      });
    } else items.push({ id: p.id, name: p.name, version: p.version, doc: parsed.doc });
  }
  return { items, skipped };
}

/** The index after `current` in a loop of `count` programs; -1 when there is nothing to play. */
export function nextIndex(current: number, count: number): number {
  if (count <= 0) return -1;
  if (current < 0 || current >= count - 1) return 0;
  return current + 1;
}

/**
 * Where to go on in a new playlist: the program on screen keeps playing if
 * the new list still has it (same id), otherwise the new list starts over.
 */
export function carryOver(playing: PlayItem | null, next: readonly PlayItem[]): number {
  if (next.length === 0) return -1;
  if (!playing) return 0;
  const at = next.findIndex((p) => p.id === playing.id);
  return at >= 0 ? at : 0;
}
