import type {
  CommandFrame,
  CommandResult,
  TerminalFrame,
  TerminalStatus,
  Why,
} from "@marquee/terminal-protocol";
import type { Connection } from "./connection";
import type { PlayerEnv } from "./controller";
import type { DeliveryReporter } from "./delivery";
import type { DeviceControl } from "./deviceControl";
import type { LogRing } from "./log";
import type { ManifestSync } from "./manifestSync";
import type { Playback } from "./playback";
import type { SnapshotStore } from "./snapshot";

/** A play-now or settings a command brought, held until a manifest newer than `base` arrives. */
export interface Held<T> {
  value: T;
  /** The manifest version on screen when it came (null: none). */
  base: string | null;
}

export type EventKind = Extract<TerminalFrame, { type: "event" }>["kind"];

/**
 * The player's parts as they see one another: the controller composes them
 * (connection, manifest sync, playback, device control) around one snapshot
 * store, and each part reaches the others through this.
 */
export interface PlayerParts {
  readonly env: PlayerEnv;
  readonly log: LogRing;
  readonly store: SnapshotStore;
  readonly delivery: DeliveryReporter;
  readonly connection: Connection;
  readonly manifests: ManifestSync;
  readonly playback: Playback;
  readonly device: DeviceControl;
  /** The network's fetch. */
  readonly fetchFn: typeof fetch;
  /** The status of hello and every heartbeat. */
  status(): TerminalStatus;
  /** Answers a command. */
  command(c: CommandFrame): Promise<CommandResult>;
  /** Sends the proof of play waiting (once welcomed). */
  flushPop(): void;
  /** An event frame for the operator, the same message at most once in ten minutes. */
  report(kind: EventKind, message: Why): void;
  /** Reads the storage estimate again. */
  estimate(): Promise<void>;
}
