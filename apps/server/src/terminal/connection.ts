import type { Duplex } from "node:stream";
import type { StrategyDoc } from "@marquee/schedule";
import type { Manifest, ServerFrame, TerminalState, TerminalStatus } from "@marquee/terminal-protocol";
import { sql } from "drizzle-orm";
import { WebSocket } from "ws";
import { terminals } from "../db/schema";
import type { Given } from "./given";
import type { ManifestSubject } from "./manifest";
import type { ManifestParts } from "./manifest-body";

/** A frame that may carry a manifest (welcome, sync), without it. */
export type ManifestFrame =
  | Omit<Extract<ServerFrame, { type: "welcome" }>, "manifest">
  | Omit<Extract<ServerFrame, { type: "sync" }>, "manifest">;

/** The terminal row fields a connection starts from (read once, when the socket is accepted). */
export interface TerminalSnapshot extends ManifestSubject {
  tokenHash: string;
  enrolCode: string;
}

/** The columns of a TerminalSnapshot (the token lookup and the hub read the same ones). */
export const snapshotColumns = {
  id: terminals.id,
  name: terminals.name,
  officeId: terminals.officeId,
  state: terminals.state,
  programIds: terminals.programIds,
  publicationIds: terminals.publicationIds,
  timezone: terminals.timezone,
  reportedTimezone: sql<string | null>`${terminals.status}->>'timezone'`,
  // Per terminal parts of the manifest: its settings, its strategy's and what it plays now.
  settings: terminals.settings,
  strategy: sql<StrategyDoc | null>`(select s.doc from strategies s where s.id = ${terminals.strategyId})`,
  playNow: terminals.playNow,
  tokenHash: terminals.tokenHash,
  enrolCode: terminals.enrolCode,
};

/**
 * One terminal's socket on this process. `welcomed` turns true after hello;
 * only welcomed connections are held (receive commands, count as present).
 * Frames are handled one after another through `queue`, so hello is always
 * answered before the frames that follow it.
 */
export class TerminalConnection {
  welcomed = false;
  /** Closed because a newer socket of the same terminal took over: its close does not mean offline. */
  replaced = false;
  status: TerminalStatus | null = null;
  /** What the hub last saw this screen report holding (manifest version, media missing): see hub.onHoldingChanged. */
  holding: string | null | undefined = undefined;
  /** The clock's time of the last hello or heartbeat, in ms. */
  lastBeatMs = 0;
  /** The screen said in its hello that it takes a manifest carried by a sync or the welcome. */
  takesManifest = false;
  /** The manifest version this socket was last told of (its welcome or a sync): see TerminalHub.reconcileSyncs. */
  toldVersion: string | null = null;
  queue: Promise<void> = Promise.resolve();
  /** What the manifest it holds gives it, for the terminal snapshot it was read for (see TerminalHub.keepGiven). */
  given: { terminal: TerminalSnapshot; at: number; value: Given } | null = null;
  /** Everything its tenant ever gave it, read on a miss. */
  givenEver: { at: number; value: Given } | null = null;
  /** Sees every frame sent on this socket (the hub's frame listeners: debugging). */
  observer: ((frame: ServerFrame) => void) | null = null;

  constructor(
    readonly socket: WebSocket,
    public terminal: TerminalSnapshot,
    readonly ip: string,
    readonly connectedAt: Date,
    /** The TCP socket under it (the upgraded request's): corked around a message sent as several fragments. */
    readonly wire: Pick<Duplex, "cork" | "uncork"> | null = null,
    /** The hub's notice mark taken before `terminal` was read (see RecentNotices). */
    readonly readMark = 0,
  ) {}

  get terminalId(): number {
    return this.terminal.id;
  }

  /** The heartbeat interval set on this terminal, if any: the welcome tells it, the sweep allows for it. */
  get ownHeartbeatSec(): number | null {
    return this.terminal.settings?.heartbeatSec ?? null;
  }

  get state(): TerminalState {
    return this.terminal.state;
  }

  /** Sends a frame if the socket is open; answers whether it went. */
  send(frame: ServerFrame): boolean {
    if (this.socket.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(frame));
    this.observer?.(frame);
    return true;
  }

  /**
   * Sends a welcome or sync frame with a manifest as its `manifest` field, the manifest given as JSON
   * already serialised (ManifestBodies: once for many screens); `written` runs once the socket has
   * written the whole frame. Answers whether it went.
   *
   * One text message in two WebSocket fragments (RFC 6455 §5.4; every client reassembles them before it
   * reads the message): the frame's start with this screen's own fields, then the manifest's shared rest.
   * The shared rest, most of the bytes, is written from the one buffer every screen of its body shares,
   * not copied into a message per screen (a publication to 10,000 screens copied it 20,000 times).
   */
  sendWithManifest(
    frame: ManifestFrame,
    manifest: Manifest,
    parts: ManifestParts,
    written: () => void,
  ): boolean {
    if (this.socket.readyState !== WebSocket.OPEN) return false;
    const head = JSON.stringify(frame);
    const start = Buffer.concat([Buffer.from(`${head.slice(0, -1)},"manifest":`), parts.head, parts.own]);
    // Text, as JSON.stringify's strings go: the player reads frames as text. Sent together, nothing comes
    // between; corked, both fragments leave in one write (ws writes each frame as it is sent).
    this.wire?.cork();
    try {
      this.socket.send(start, { binary: false, fin: false });
      this.socket.send(parts.frameTail, { binary: false, fin: true }, (err) => {
        if (!err) written();
      });
    } finally {
      this.wire?.uncork();
    }
    this.observer?.({ ...frame, manifest });
    return true;
  }

  close(code: number, reason: string): void {
    if (this.socket.readyState === WebSocket.OPEN || this.socket.readyState === WebSocket.CONNECTING) {
      this.socket.close(code, reason);
    }
  }
}
