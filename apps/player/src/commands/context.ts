import type { DeviceSettings, ScheduleMessage } from "@marquee/schedule";
import {
  type ClockEstimate,
  type CommandFrame,
  type CommandResult,
  type Manifest,
  type PlayerReason,
  type Position,
  playerReason,
  type Why,
  whyOf,
  whyText,
} from "@marquee/terminal-protocol";
import type { PlayerEnv, PlayerSnapshot, ScreenshotTarget } from "../controller";
import type { DebugStream, LogRing } from "../log";
import type { PlayItem } from "../playlist";
import type { PlayNow } from "../playNow";

/** How a manifest fetch went. */
export type Fetched = { ok: true } | { ok: false; reason: Why };

/** Why a program cannot play now (final: waiting will not help). */
export type Unready = { final: boolean; reason: Why };

/** What a command handler may see and do of the player (the controller gives it). */
export interface CommandContext {
  readonly env: PlayerEnv;
  readonly log: LogRing;
  readonly debug: DebugStream;
  /** The network's fetch. */
  readonly fetch: typeof fetch;
  /** The views' snapshot now. */
  snapshot(): PlayerSnapshot;
  /** Calls `listener` at every change of the snapshot; answers the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** The terminal's token (null: not registered). */
  token(): string | null;
  /** Sends a progress frame of a long command (once welcomed). */
  progress(id: string, done: number, total: number, note: string): void;
  /** The clock estimate, if measured. */
  clock(): ClockEstimate | null;
  /** Measures the clock now (null when there is no connection or no answer). */
  measureClock(): Promise<ClockEstimate | null>;
  /** Fetches the manifest; resolves once it is fetched (its media download on afterwards). */
  refetch(): Promise<Fetched>;
  /** Fetches the manifest and brings the media up to date. */
  sync(): Promise<void>;
  /** Runs manifest and media work one job at a time. */
  serial(job: () => Promise<void>): Promise<void>;
  /** Reads the storage estimate again. */
  estimate(): Promise<void>;
  /** Sets the screen's own volume (kept across reloads). */
  setVolume(volume: number): void;
  /** The device's position, as a command measured it. */
  setPosition(position: Position): void;
  /** Keeps a `settings` command's settings until a newer manifest carries them, and applies them. */
  holdSettings(settings: DeviceSettings): void;
  /** The newest manifest: one fetched and waiting for its files, else the one on screen. */
  newest(): Manifest | null;
  /** A fetched manifest not on screen yet. */
  pending(): Manifest | null;
  /** Why downloads wait (the download window), or null. */
  waiting(): Why | null;
  /** The manifest's playable programs, by id. */
  programs(): ReadonlyMap<number, PlayItem>;
  /** Whether a program can play now: null when it can, else why. */
  readiness(programId: number): Unready | null;
  /** The play-now in force. */
  currentPlayNow(): PlayNow | null;
  /** Plays `p` now, unless the manifest already says so. */
  holdPlayNow(p: PlayNow): void;
  /** Shows these messages again even if they had been shown their count. */
  reviveMessages(messages: readonly ScheduleMessage[]): void;
  /** Drops every cached file (`removed` counts them) and the manifest, keeping the settings in force. */
  forgetEverything(removed: () => void): Promise<void>;
  /** Before a reload: the proof of play goes (or is kept), then the page reloads. */
  goAway(): void;
  /** What the screenshot command draws, if the view told. */
  screenshotTarget(): ScreenshotTarget | null;
}

/** One command's handler: `deadline` is when it must have answered (before the server's timeout). */
export type CommandHandler = (
  c: CommandFrame,
  ctx: CommandContext,
  deadline: number,
) => CommandResult | Promise<CommandResult>;

/** A command that waits answers this long before the server's timeout would. */
export const ACK_MARGIN_MS = 1500;

/** An exception's words (the English of a reason the player made). */
export const reasonOf = (e: unknown) => whyText(whyOf(e));

/** Runs `fn` once the ack of the command being answered has gone. */
export function afterAck(fn: () => void): void {
  setTimeout(fn, 0);
}

/** `p`, or `late` when it has not settled by `deadline`. */
export function within<T>(p: Promise<T>, deadline: number, late: T): Promise<T> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(late), Math.max(0, deadline - Date.now()));
    void p.then((v) => {
      clearTimeout(timer);
      resolve(v);
    });
  });
}

/**
 * Waits for `check` to answer (asked now, at every change of the
 * snapshot, and every half second), or answers `late()` at the deadline.
 */
export function waitFor(
  ctx: CommandContext,
  check: () => CommandResult | null,
  deadline: number,
  late: () => Why,
): Promise<CommandResult> {
  return new Promise((resolve) => {
    let done = false;
    const finish = (r: CommandResult) => {
      if (done) return;
      done = true;
      unsubscribe();
      clearInterval(poll);
      clearTimeout(timer);
      resolve(r);
    };
    const test = () => {
      if (done) return;
      try {
        const r = check();
        if (r) finish(r);
      } catch (e) {
        finish({ ok: false, reason: whyOf(e) });
      }
    };
    const unsubscribe = ctx.subscribe(test);
    const poll = setInterval(test, 500);
    const timer = setTimeout(() => finish({ ok: false, reason: late() }), Math.max(0, deadline - Date.now()));
    test();
  });
}

/** Fetches the manifest, within the deadline. */
export async function fetchBefore(ctx: CommandContext, deadline: number): Promise<Fetched> {
  const late: Fetched = { ok: false, reason: playerReason("manifestLate") };
  const r = await within(ctx.refetch(), deadline, late);
  return r.ok || r === late ? r : { ok: false, reason: manifestFailure(r.reason) };
}

/** Why a manifest fetch failed, as a command says it: the token refused, or "manifest: " and why. */
export function manifestFailure(why: Why): PlayerReason {
  return typeof why !== "string" && why.code === "manifestRefused"
    ? why
    : playerReason("manifestFailed", { error: whyText(why) });
}
