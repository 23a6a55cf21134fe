import type { LogLine } from "@marquee/terminal-protocol";

/**
 * The player's log (terminal debugging): the last lines of the
 * console and of the player's own logging kept in a ring, and, while an
 * operator has debugging on, streamed to the server in `log` frames.
 */

export type LogLevel = LogLine["level"];

/** Lines the ring keeps. */
export const LOG_KEEP = 500;
/** Lines of one `log` frame (the protocol's limit) and how often frames go while streaming. */
export const LOG_BATCH = 200;
export const LOG_FLUSH_MS = 500;
/** Debugging stays on this long unless the command says otherwise. */
export const DEBUG_DEFAULT_SEC = 600;
/** Lines waiting to go while the connection is slow; beyond it the oldest are dropped (and counted). */
const PENDING_KEEP = 2000;
const TEXT_MAX = 4000;

/** One console argument as text: errors with their stack, objects as JSON where they can be. */
export function textOf(value: unknown): string {
  if (typeof value === "string") return value;
  if (value instanceof Error) return value.stack ?? `${value.name}: ${value.message}`;
  if (value === undefined) return "undefined";
  if (typeof value === "object" && value !== null) {
    try {
      return JSON.stringify(value) ?? String(value);
    } catch {
      return String(value);
    }
  }
  return String(value);
}

const cut = (s: string) => (s.length > TEXT_MAX ? `${s.slice(0, TEXT_MAX - 1)}…` : s);

/** The last LOG_KEEP lines, oldest first; listeners hear each new line. */
export class LogRing {
  private lines: LogLine[] = [];
  private readonly listeners = new Set<(line: LogLine) => void>();

  constructor(private readonly keep = LOG_KEEP) {}

  add(level: LogLevel, ...args: unknown[]): void {
    const line: LogLine = { at: Date.now(), level, text: cut(args.map(textOf).join(" ")) };
    this.lines.push(line);
    if (this.lines.length > this.keep) this.lines.splice(0, this.lines.length - this.keep);
    for (const l of this.listeners) l(line);
  }

  /** The lines held now, oldest first. */
  snapshot(): LogLine[] {
    return [...this.lines];
  }

  listen(listener: (line: LogLine) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

type ConsoleLike = Pick<Console, LogLevel>;

/** Copies console.debug/info/warn/error into the ring (each still prints); answers the function that undoes it. */
export function captureConsole(target: ConsoleLike, ring: LogRing): () => void {
  const levels: LogLevel[] = ["debug", "info", "warn", "error"];
  const originals = levels.map((level) => [level, target[level]] as const);
  for (const [level, original] of originals) {
    target[level] = (...args: unknown[]) => {
      original.apply(target, args);
      ring.add(level, ...args);
    };
  }
  return () => {
    for (const [level, original] of originals) target[level] = original;
  };
}

/**
 * Streams the ring while debugging is on: first what it holds, then each
 * new line, in frames of at most LOG_BATCH lines every LOG_FLUSH_MS, until
 * `until` or `stop`. `send` answers false while frames cannot go (offline):
 * those lines are dropped (the ring still has them).
 */
export class DebugStream {
  private pending: LogLine[] = [];
  private dropped = 0;
  private timer: ReturnType<typeof setInterval> | null = null;
  private unlisten: (() => void) | null = null;
  private endAt = 0;

  constructor(
    private readonly ring: LogRing,
    private readonly send: (lines: LogLine[]) => boolean,
  ) {}

  get on(): boolean {
    return this.timer !== null;
  }

  /** When streaming stops (ms), or null while off. */
  get until(): number | null {
    return this.on ? this.endAt : null;
  }

  /** Starts (or extends) streaming for `seconds`; a start while off sends the ring's content first. */
  start(seconds = DEBUG_DEFAULT_SEC): void {
    this.endAt = Date.now() + seconds * 1000;
    if (this.on) return;
    this.pending = this.ring.snapshot();
    this.dropped = 0;
    this.unlisten = this.ring.listen((line) => {
      this.pending.push(line);
      const over = this.pending.length - PENDING_KEEP;
      if (over > 0) {
        this.pending.splice(0, over);
        this.dropped += over;
      }
    });
    this.timer = setInterval(() => this.flush(), LOG_FLUSH_MS);
    this.flush();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.unlisten?.();
    this.unlisten = null;
    this.pending = [];
  }

  private flush(): void {
    if (this.dropped > 0) {
      this.pending.unshift({
        at: Date.now(),
        level: "warn",
        text: `${this.dropped} log lines were dropped (the connection was too slow)`,
      });
      this.dropped = 0;
    }
    while (this.pending.length > 0) {
      const batch = this.pending.slice(0, LOG_BATCH);
      this.pending.splice(0, batch.length);
      if (!this.send(batch)) {
        this.pending = [];
        break;
      }
    }
    if (Date.now() >= this.endAt) this.stop();
  }
}
