import { deviceStateAt, hidesProgram, resolveAt } from "@marquee/schedule";
import { type Manifest, playNowPlaysAt } from "@marquee/terminal-protocol";

/**
 * Screen truth (issue 24, docs/fidelity.md "A screen's own screenshot"): what the server expected a
 * screen to show at the instant of its screenshot, against what the player said it showed. The
 * manifest's resolution at that instant allows the programs of the winning tier (a play-now, a wall's
 * or a synchronized broadcast's program above them while it runs); the screen's timers say whether
 * the screen is on. The pixels are compared by the console.
 */

/** What the player said it showed (null fields: an older player said nothing of it). */
export interface ShotShown {
  programId: number | null;
  screenOn: boolean | null;
  /** Server clock, ms. */
  shownAt: number | null;
  /** The version of the manifest the screen held (null: an older player said nothing of it). */
  manifestVersion?: string | null;
}

/** A reason key of packages/contracts' terminal locale and its values. */
export interface TruthReason {
  key:
    | "terminal.truth.notSaid"
    | "terminal.truth.olderManifest"
    | "terminal.truth.otherProgram"
    | "terminal.truth.nothingShown"
    | "terminal.truth.nothingExpected"
    | "terminal.truth.shouldBeOff"
    | "terminal.truth.shouldBeOn";
  values: Record<string, string>;
}

export interface ShotExpectation {
  verdict: "expected" | "differs" | "unknown";
  reason: TruthReason | null;
  expectedProgramIds: number[];
  screenOn: boolean;
}

const nameOf = (manifest: Manifest, id: number) =>
  manifest.programs.find((p) => p.id === id)?.name ?? `#${id}`;
const namesOf = (manifest: Manifest, ids: number[]) => ids.map((id) => nameOf(manifest, id)).join(", ");

/** The programs allowed on screen at `at` (ms) by a manifest, and whether its timers leave the screen on. */
export function expectedAt(
  manifest: Manifest,
  at: number,
): { programIds: number[]; screenOn: boolean; hidden: boolean } {
  const { screenOn } = deviceStateAt(manifest.settings, at, manifest.timezone);
  const playNow = manifest.playNow;
  const res = resolveAt(
    { plans: manifest.schedule, messages: manifest.messages, timezone: manifest.timezone },
    at,
  );
  // An emergency message shown alone hides the program: the screen may show nothing else.
  const hidden = res.interrupt !== null && hidesProgram(res.interrupt.doc);
  if (playNowPlaysAt(playNow, at)) return { programIds: [playNow.programId], screenOn, hidden };
  return { programIds: [...new Set(res.playing.map((c) => c.programId))], screenOn, hidden };
}

/**
 * The verdict on one screenshot: the program shown is one the manifest allowed at its instant, and the
 * screen's power agrees; "unknown" when the player said nothing, or held another manifest than `manifest`.
 */
export function expectShot(manifest: Manifest, shown: ShotShown): ShotExpectation {
  if (shown.shownAt === null)
    return {
      verdict: "unknown",
      reason: { key: "terminal.truth.notSaid", values: {} },
      expectedProgramIds: [],
      screenOn: true,
    };
  // The server keeps no history of manifests: a picture taken under another one is not judged by today's.
  if (shown.manifestVersion && shown.manifestVersion !== manifest.version)
    return {
      verdict: "unknown",
      reason: { key: "terminal.truth.olderManifest", values: {} },
      expectedProgramIds: [],
      screenOn: true,
    };
  const e = expectedAt(manifest, shown.shownAt);
  const base = { expectedProgramIds: e.programIds, screenOn: e.screenOn };
  const differs = (key: TruthReason["key"], values: Record<string, string> = {}): ShotExpectation => ({
    ...base,
    verdict: "differs",
    reason: { key, values },
  });
  if (shown.screenOn === true && !e.screenOn) return differs("terminal.truth.shouldBeOff");
  if (shown.screenOn === false && e.screenOn && e.programIds.length > 0)
    return differs("terminal.truth.shouldBeOn", { expected: namesOf(manifest, e.programIds) });
  // Dark as its timers say (or dark with nothing to play): nothing else to compare.
  if (!e.screenOn || shown.screenOn === false) return { ...base, verdict: "expected", reason: null };
  const id = shown.programId;
  if (id === null) {
    if (e.programIds.length === 0 || e.hidden) return { ...base, verdict: "expected", reason: null };
    return differs("terminal.truth.nothingShown", { expected: namesOf(manifest, e.programIds) });
  }
  if (e.programIds.length === 0)
    return differs("terminal.truth.nothingExpected", { shown: nameOf(manifest, id) });
  if (!e.programIds.includes(id))
    return differs("terminal.truth.otherProgram", {
      expected: namesOf(manifest, e.programIds),
      shown: nameOf(manifest, id),
    });
  return { ...base, verdict: "expected", reason: null };
}
