/**
 * When the editor saves. Autosave waits for a quiet moment (a debounce after
 * the last change); a manual save goes at once. Saves never overlap: one asked
 * for while another runs waits for it and then runs once more, so the latest
 * document is the one that ends up saved.
 */

export type SaveReason = "auto" | "manual";

export interface Timers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const realTimers: Timers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

/** The delay of autosave after the last change. */
export const AUTOSAVE_DELAY_MS = 3000;

export class SaveScheduler {
  private timer: unknown = null;
  private inFlight: Promise<void> | null = null;
  private pending: SaveReason | null = null;
  private disposed = false;

  constructor(
    /** Performs one save; it decides itself whether there is anything to save, and handles its own errors. */
    private readonly run: (reason: SaveReason) => Promise<void>,
    private readonly delayMs = AUTOSAVE_DELAY_MS,
    private readonly timers: Timers = realTimers,
  ) {}

  /** Something changed: (re)starts the debounce. */
  changed(): void {
    if (this.disposed) return;
    this.clearTimer();
    this.timer = this.timers.set(() => {
      this.timer = null;
      void this.flush("auto");
    }, this.delayMs);
  }

  /** Saves now (or right after the save in progress); resolves when that save is done. */
  flush(reason: SaveReason = "manual"): Promise<void> {
    if (this.disposed) return Promise.resolve();
    if (reason === "manual") this.clearTimer();
    if (this.inFlight) {
      if (this.pending !== "manual") this.pending = reason;
      return this.inFlight;
    }
    this.inFlight = this.loop(reason);
    return this.inFlight;
  }

  /** Whether a save is running. */
  get busy(): boolean {
    return this.inFlight !== null;
  }

  /** Whether an autosave is waiting for its delay. */
  get scheduled(): boolean {
    return this.timer !== null;
  }

  /** Drops the waiting autosave (e.g. while a conflict is being resolved). */
  cancel(): void {
    this.clearTimer();
    this.pending = null;
  }

  dispose(): void {
    this.cancel();
    this.disposed = true;
  }

  private async loop(first: SaveReason): Promise<void> {
    let reason: SaveReason | null = first;
    try {
      while (reason && !this.disposed) {
        this.pending = null;
        try {
          await this.run(reason);
        } catch {
          // run() reports its own failures; the loop only keeps saves in order.
        }
        reason = this.pending;
      }
    } finally {
      this.inFlight = null;
    }
  }

  private clearTimer(): void {
    if (this.timer !== null) this.timers.clear(this.timer);
    this.timer = null;
  }
}
