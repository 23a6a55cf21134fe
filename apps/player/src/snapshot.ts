import type { MediaInfo } from "@marquee/renderer";
import type { ScheduleMessage } from "@marquee/schedule";
import type { ClockEstimate, Manifest, TerminalState } from "@marquee/terminal-protocol";
import type { Showing } from "./playlist";

/** Where the screen stands, for the views. */
export interface PlayerSnapshot {
  /** null until the server told (or the storage remembered) a state. */
  state: TerminalState | null;
  terminalId: number | null;
  enrolCode: string | null;
  connected: boolean;
  /** Registration is failing (server unreachable or refusing): the reason. */
  registerError: string | null;
  manifest: Manifest | null;
  /** The program on screen and why (the schedule's candidate); null: nothing to play now. */
  showing: Showing | null;
  /** Messages drawn over the program (an emergency one without the others while it lasts). */
  messages: ScheduleMessage[];
  /** An emergency message shown alone, hiding and silencing the program until it ends (hidesProgram). */
  interrupt: ScheduleMessage | null;
  media: (materialId: number) => MediaInfo | null;
  downloads: { done: number; total: number; bytes: number; totalBytes: number } | null;
  lastDownloadError: string | null;
  lastError: string | null;
  /** Bytes of this manifest's files held on the screen. */
  cacheBytes: number;
  /** The volume the screen plays at while on: a time-of-day rule's, else its own. */
  volume: number;
  /** What the settings make of the screen now (timers, brightness, rotation). */
  screen: { screenOn: boolean; brightness: number; rotation: 0 | 90 | 180 | 270 };
  /** The clock estimate (device minus server), once measured. */
  clock: ClockEstimate | null;
}

/** The snapshot the views read (useSyncExternalStore), and who listens to its changes. */
export class SnapshotStore {
  private current: PlayerSnapshot;
  private readonly listeners = new Set<() => void>();

  constructor(initial: PlayerSnapshot) {
    this.current = initial;
  }

  get snap(): PlayerSnapshot {
    return this.current;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  update(patch: Partial<PlayerSnapshot>): void {
    this.current = { ...this.current, ...patch };
    for (const l of this.listeners) l();
  }
}
