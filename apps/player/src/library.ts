import { materialIdsOf } from "@marquee/program";
import { type Manifest, playerReason, type Why } from "@marquee/terminal-protocol";
import { isFile } from "./manifest";
import { fileFailure } from "./mediaStore";
import type { PlayItem } from "./playlist";

/**
 * What the screen holds, for the commands that ask or tidy:
 * each program's files and whether it can play, and which cached files may
 * be deleted.
 */

/** The files (hashes) a program needs, from its document's materials and the manifest's media. */
export function programHashes(manifest: Manifest | null, item: PlayItem): string[] {
  const wanted = new Set(materialIdsOf(item.doc));
  const hashes = new Set<string>();
  for (const m of manifest?.media ?? []) if (wanted.has(m.materialId) && isFile(m)) hashes.add(m.hash);
  return [...hashes];
}

/** A program of the manifest as the programs command reports it. */
export interface HeldProgram {
  id: number;
  name: string;
  version: number;
  /** It validates and every file it needs is on the screen. */
  ready: boolean;
}

/** Every program of the manifest, ready or not. */
export function heldPrograms(
  manifest: Manifest | null,
  programs: ReadonlyMap<number, PlayItem>,
  held: ReadonlySet<string>,
): HeldProgram[] {
  return (manifest?.programs ?? []).map((p) => {
    const item = programs.get(p.id);
    const ready = item !== undefined && programHashes(manifest, item).every((h) => held.has(h));
    return { id: p.id, name: p.name, version: p.version, ready };
  });
}

/**
 * Why a program cannot be played now, or null when it can: not in the
 * manifest, not valid, a file failed, or files still missing (with what the
 * downloads wait for).
 */
export function programReadiness(
  manifest: Manifest | null,
  programs: ReadonlyMap<number, PlayItem>,
  problems: ReadonlyMap<number, Why>,
  held: ReadonlySet<string>,
  failed: ReadonlyMap<string, Why>,
  programId: number,
): { ready: true } | { ready: false; final: boolean; reason: Why } {
  const entry = manifest?.programs.find((p) => p.id === programId);
  if (!entry)
    return { ready: false, final: true, reason: playerReason("programNotInManifest", { id: programId }) };
  const item = programs.get(programId);
  if (!item)
    return {
      ready: false,
      final: true,
      reason:
        problems.get(programId) ?? playerReason("programCannotPlay", { name: entry.name, id: programId }),
    };
  const missing = programHashes(manifest, item).filter((h) => !held.has(h));
  if (missing.length === 0) return { ready: true };
  const name = (h: string) => manifest?.media.find((m) => m.hash === h)?.name ?? h;
  for (const h of missing) {
    const why = failed.get(h);
    if (why !== undefined) return { ready: false, final: true, reason: fileFailure(name(h), why) };
  }
  return {
    ready: false,
    final: false,
    reason: playerReason("programDownloading", { name: entry.name, id: programId, files: missing.length }),
  };
}

/** What deleteFiles removes: listed (or, with no list, all) held files the manifest does not need. */
export function deletionPlan(
  listed: readonly string[] | null,
  held: ReadonlySet<string>,
  needed: ReadonlySet<string>,
): { remove: string[]; skipped: string[]; missing: string[] } {
  if (listed === null) return { remove: [...held].filter((h) => !needed.has(h)), skipped: [], missing: [] };
  const remove: string[] = [];
  const skipped: string[] = [];
  const missing: string[] = [];
  for (const h of listed) {
    if (needed.has(h)) skipped.push(h);
    else if (held.has(h)) remove.push(h);
    else missing.push(h);
  }
  return { remove, skipped, missing };
}
