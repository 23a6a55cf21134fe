import type { CommandOutcome } from "@marquee/contracts";
import {
  CLOSE_REFUSED,
  CLOSE_REPLACED,
  DEFAULT_COMMAND_TIMEOUT_MS,
  DEFAULT_HEARTBEAT_SEC,
  INLINE_MANIFEST_MAX_BYTES,
  type Manifest,
  MISSED_BEATS_OFFLINE,
  type TerminalStatus,
} from "@marquee/terminal-protocol";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type pg from "pg";
import { terminals } from "../db/schema";
import type { Services } from "../platform/services";
import { anyOf } from "../platform/sql";
import { type BusMessage, TerminalBus } from "./bus";
import { CommandDispatcher, type CommandDoneListener } from "./commands";
import {
  type ManifestFrame,
  snapshotColumns,
  type TerminalConnection,
  type TerminalSnapshot,
} from "./connection";
import { DeliveryTracker } from "./delivery";
import { checkedStatus, GIVEN_TTL_MS, type Given, givenByManifest, givenHistory, isGiven } from "./given";
import { ManifestService, type ManifestSubject } from "./manifest";
import { ManifestBodies } from "./manifest-body";
import { RecentNotices } from "./notices";
import { offlineDue, PresenceWriter } from "./presence";
import { TerminalTokens } from "./token-cache";

export { COMMAND_REASONS, type CommandDoneListener } from "./commands";

/** How often presence is written to the database. */
export const FLUSH_MS = 2000;
/** How often held sockets are checked for missed heartbeats. */
export const SWEEP_MS = 2000;
/** How often rows left online by a process that died are set offline. */
const STALE_SWEEP_MS = 30_000;
/** How often commands past their own timeout are ended (their sender died). */
const COMMAND_SWEEP_MS = 5_000;
/** How often the screens held here are checked for a manifest change they were not told of. */
export const RECONCILE_MS = 60_000;
/** Terminals read together by that check. */
const RECONCILE_BATCH = 1000;
/** How long the heartbeat setting is reused before it is read again. */
const SETTING_CACHE_MS = 5000;
/** How long the content of a connection's manifest is reused to check its reports (a manifest is cached as long). */
const GIVEN_NOW_MS = 5000;
/** Connections announced to the other processes together, after this pause. */
const HELD_BATCH_MS = 100;
/**
 * How long a terminal another process announced it took counts as reachable through it for commands,
 * whatever its row says: longer than a presence flush (FLUSH_MS) and a flush's retry of a row it found
 * locked. A terminal that left meanwhile ends its command "undelivered" at the command's timeout.
 */
const HELD_ELSEWHERE_MS = 10_000;
/**
 * A socket with more than this still unsent is told only its manifest's version, not the manifest
 * itself: a slow screen fetches it (GET /t/manifest) at its own pace instead of holding the server's memory.
 */
const CARRY_BUFFERED_MAX = 1024 * 1024;

/** Per-process counters, for tests and the debug log. */
export interface TerminalHubStats {
  /** Welcomed sockets held by this process. */
  connections: number;
  /** Frames that were not JSON or had invalid fields. */
  malformed: number;
  /** Frames of a type the protocol does not know. */
  unknown: number;
  /** Sockets closed at once: unknown token or disabled terminal. */
  refused: number;
  /** Items of reports (proof of play, clicks) naming content the terminal was not given: dropped. */
  dropped: number;
  /** Presence records waiting for the next flush. */
  pendingPresence: number;
  busListening: boolean;
}

type Counter = "malformed" | "unknown" | "refused" | "dropped";

/** A frame that passed between a terminal held here and this process (debugging listens). */
export interface HubFrame {
  terminalId: number;
  dir: "in" | "out";
  frame: { type: string } & Record<string, unknown>;
  /** Server time (ms). */
  at: number;
}
export type HubFrameListener = (f: HubFrame) => void;
/** An event a terminal reported (alarms listen); called after it was stored. */
export type TerminalEventListener = (e: {
  terminalId: number;
  kind: string;
  message: string;
  at: Date;
}) => Promise<void>;

/**
 * The terminals' side of the server in one process: the sockets it holds,
 * their presence (in memory, flushed in batches), commands with their
 * timeouts, and the bus to the other processes (LISTEN/NOTIFY).
 *
 * A command is one terminal_commands row per terminal; the row is the source
 * of truth. It is sent at once when this process holds the socket, handed to
 * the other processes over the bus when the terminals row says online or
 * another process announced it took the socket moments ago, and "offline"
 * otherwise. The process that sends it times it out.
 */
export class TerminalHub {
  /** This process on the bus and in server_processes (two apps in one Node process are two processes). */
  readonly processId: string;
  readonly manifests: ManifestService;
  /** Delivery states of publications on the terminals this process talks to (written in batches). */
  readonly delivery: DeliveryTracker;
  /** Terminals by token for the HTTP calls, dropped whenever a terminal changes (see TerminalTokens). */
  readonly tokens: TerminalTokens;
  /** Manifests serialised once per shared key: GET /t/manifest's answers and the manifests syncs carry. */
  readonly bodies = new ManifestBodies();
  /** The largest manifest a sync or a welcome carries (bytes of JSON); bigger ones are fetched. */
  inlineManifestMaxBytes = INLINE_MANIFEST_MAX_BYTES;
  private readonly conns = new Map<number, TerminalConnection>();
  /** The state and sync notices of late, for the sockets saying hello as they were sent (see RecentNotices). */
  private readonly notices = new RecentNotices();
  private readonly presence: PresenceWriter;
  private readonly bus: TerminalBus;
  private readonly counters: Record<Counter, number> = {
    malformed: 0,
    unknown: 0,
    refused: 0,
    dropped: 0,
  };
  private readonly intervals: Array<ReturnType<typeof setInterval>> = [];
  private held: Array<[number, number]> = [];
  /** Terminals other processes announced they took, and when (this clock, ms): see HELD_ELSEWHERE_MS. */
  private readonly heldElsewhere = new Map<number, number>();
  private heldTimer: ReturnType<typeof setTimeout> | null = null;
  private heartbeat = { sec: Promise.resolve(DEFAULT_HEARTBEAT_SEC), at: Number.NEGATIVE_INFINITY };
  private lastHeartbeatSec = DEFAULT_HEARTBEAT_SEC;
  private stopped = false;
  /** The commands sent from this process: queued, delivered, timed out, acknowledged. */
  private readonly commands: CommandDispatcher;
  private readonly frameListeners = new Set<HubFrameListener>();
  private readonly eventListeners = new Set<TerminalEventListener>();

  constructor(
    readonly services: Services,
    pool: pg.Pool,
    private readonly log: FastifyBaseLogger,
    opts: { offlineGraceMs: number },
  ) {
    this.manifests = new ManifestService(services);
    this.delivery = new DeliveryTracker(services.db, services.clock, log, services.webhookEvents);
    this.processId = services.processes.id;
    this.presence = new PresenceWriter(
      services.db,
      log,
      this.processId,
      services.webhookEvents,
      opts.offlineGraceMs,
    );
    this.commands = new CommandDispatcher(services, log, {
      processId: this.processId,
      connection: (terminalId) => this.conns.get(terminalId),
      holds: (terminalId) => this.conns.has(terminalId),
      heldElsewhere: (terminalId) => {
        const at = this.heldElsewhere.get(terminalId);
        return at !== undefined && Date.now() - at < HELD_ELSEWHERE_MS;
      },
      publish: (msg) => this.bus.publish(msg),
    });
    // What a process that died held: its terminals are offline until they connect to a live one. Their
    // `terminal.offline` waits for the grace, as any other: most are back through another node by then,
    // and the presence write that sees one back takes its event back (PresenceWriter).
    services.processes.onReap(async (dead) => {
      await services.db.transaction(async (tx) => {
        const gone = await tx
          .update(terminals)
          .set({ online: false, heldBy: null })
          .where(and(eq(terminals.online, true), inArray(terminals.heldBy, dead)))
          .returning({ id: terminals.id, name: terminals.name, officeId: terminals.officeId });
        // Webhooks (issue 23): these screens went offline with the process that held them.
        const notBefore = offlineDue(opts.offlineGraceMs);
        await services.webhookEvents.emit(
          tx,
          gone.map((r) => ({
            officeId: r.officeId,
            type: "terminal.offline" as const,
            data: { terminal: { id: r.id, name: r.name } },
            notBefore,
          })),
        );
      });
    });
    this.bus = new TerminalBus(pool, (msg) => this.onBus(msg), log);
    this.tokens = new TerminalTokens(services.db, () => this.bus.epoch);
    // The office tree (tenants, expiry, domains) is cached per process: a change here reaches the others.
    services.tree.onChange(() => {
      if (this.stopped) return;
      this.bus
        .publish({ kind: "offices", from: this.processId })
        .catch((err) => log.warn({ err }, "could not tell the other processes about an office change"));
    });
  }

  /** Listens on the bus and starts the presence writer and the sweeps. */
  async start(): Promise<void> {
    await this.bus.start();
    const every = (ms: number, fn: () => Promise<void>) => {
      const timer = setInterval(() => {
        fn().catch((err) => this.log.warn({ err }, "terminal hub background task failed"));
      }, ms);
      timer.unref();
      this.intervals.push(timer);
    };
    every(FLUSH_MS, () => this.flushPresenceAndHolding());
    every(SWEEP_MS, () => this.sweep());
    every(STALE_SWEEP_MS, () => this.sweepStale());
    every(COMMAND_SWEEP_MS, () => this.sweepCommands());
    every(RECONCILE_MS, async () => {
      await this.reconcileSyncs();
    });
    // What a killed process left waiting ends now if its time is past, not at the first sweep.
    await this.sweepCommands();
  }

  /** Stops timers, fails the commands still waiting here, writes presence, leaves the bus. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    for (const timer of this.intervals) clearInterval(timer);
    if (this.heldTimer) clearTimeout(this.heldTimer);
    // What this process sent and still waits for ends now; what it handed to the bus is the holder's.
    const waiting = this.commands.halt();
    for (const conn of this.conns.values()) this.markOffline(conn);
    try {
      await this.commands.flushAcks();
      await this.delivery.stop();
      await this.commands.failWaiting(waiting);
      await this.presence.flush();
    } finally {
      await this.bus.stop();
    }
  }

  stats(): TerminalHubStats {
    return {
      connections: this.conns.size,
      ...this.counters,
      pendingPresence: this.presence.pending,
      busListening: this.bus.listening,
    };
  }

  /** The server's clock (tests move it). */
  now(): Date {
    return this.services.clock.now();
  }

  count(counter: Counter, n = 1): void {
    this.counters[counter] += n;
  }

  // ---- what a terminal was given (its reports are checked against it) ----

  /** The content of the manifest the terminal holds now (kept on its connection a few seconds). */
  private async givenNow(conn: TerminalConnection): Promise<Given> {
    const now = Date.now();
    const held = conn.given;
    if (held && held.terminal === conn.terminal && now - held.at < GIVEN_NOW_MS) return held.value;
    const tenant = await this.services.tree.tenantOf(conn.terminal.officeId);
    const value = givenByManifest(tenant?.id ?? 0, await this.manifestFor(conn.terminal));
    conn.given = { terminal: conn.terminal, at: now, value };
    return value;
  }

  /** Everything of its tenant the terminal was ever given (read on a miss, kept GIVEN_TTL_MS). */
  private async givenEver(conn: TerminalConnection, now: Given): Promise<Given> {
    const at = Date.now();
    const held = conn.givenEver;
    if (held && held.value.tenantId === now.tenantId && at - held.at < GIVEN_TTL_MS) return held.value;
    const value = await givenHistory(this.services, conn.terminal, now);
    conn.givenEver = { at, value };
    return value;
  }

  /**
   * The items of a report that name only content the terminal was given;
   * the others are counted and dropped, never stored.
   */
  async keepGiven<T extends { programId: number; materialId: number | null }>(
    conn: TerminalConnection,
    items: readonly T[],
  ): Promise<T[]> {
    const now = await this.givenNow(conn);
    if (items.every((i) => isGiven(now, i))) return [...items];
    const ever = await this.givenEver(conn, now);
    const kept = items.filter((i) => isGiven(ever, i));
    if (kept.length < items.length) {
      this.count("dropped", items.length - kept.length);
      this.log.debug(
        { terminalId: conn.terminalId, dropped: items.length - kept.length },
        "a terminal reported content it was not given",
      );
    }
    return kept;
  }

  /** A reported status as it is kept: the program on screen only when given, under the server's name for it. */
  async checkStatus(conn: TerminalConnection, status: TerminalStatus): Promise<TerminalStatus> {
    if (status.programId === null) return status;
    let given = await this.givenNow(conn);
    if (status.programId !== null && !given.programs.has(status.programId))
      given = await this.givenEver(conn, given);
    return checkedStatus(given, status);
  }

  /** The heartbeat setting, read again at most every few seconds. */
  heartbeatSec(): Promise<number> {
    const now = Date.now();
    if (now - this.heartbeat.at > SETTING_CACHE_MS) {
      // One read shared by every hello of a burst. A failed read (the pool exhausted by a reconnecting
      // fleet) must not fail the hellos waiting on it: they get the last value read (or the default),
      // and the setting is read again next time.
      const entry = {
        sec: this.services.settings.get("terminalHeartbeatSec").then(
          (sec) => {
            this.lastHeartbeatSec = sec;
            return sec;
          },
          (err: unknown) => {
            entry.at = Number.NEGATIVE_INFINITY;
            this.log.warn({ err }, "could not read the heartbeat setting; using the last value read");
            return this.lastHeartbeatSec;
          },
        ),
        at: now,
      };
      this.heartbeat = entry;
    }
    return this.heartbeat.sec;
  }

  /** Writes pending presence now (the timer does it every FLUSH_MS); tests use it to skip the wait. */
  flushPresence(): Promise<void> {
    return this.flushPresenceAndHolding();
  }

  /** Terminals whose report of what they hold changed since their last presence write. */
  private holdingDirty = new Set<number>();
  /** A run of the holding listeners is under way: what changes meanwhile waits for the next flush. */
  private holdingBusy = false;
  private readonly holdingListeners = new Set<(terminalIds: number[]) => Promise<void>>();

  /**
   * Calls `fn`, once their presence is written, with the terminals whose report of what they hold changed
   * (a first report on a socket, another manifest version, media missing or complete): the offline runway
   * follows a screen's report at once instead of at the next alarm pass. Answers the unsubscribe.
   */
  onHoldingChanged(fn: (terminalIds: number[]) => Promise<void>): () => void {
    this.holdingListeners.add(fn);
    return () => this.holdingListeners.delete(fn);
  }

  private async flushPresenceAndHolding(): Promise<void> {
    await this.presence.flush();
    if (!this.holdingDirty.size || this.holdingBusy) return;
    const ids = [...this.holdingDirty];
    this.holdingDirty = new Set();
    this.holdingBusy = true;
    try {
      for (const fn of this.holdingListeners)
        await fn(ids).catch((err) => this.log.warn({ err }, "a terminal holding listener failed"));
    } finally {
      this.holdingBusy = false;
    }
  }

  /** Whether this process holds a welcomed socket of the terminal. */
  holds(terminalId: number): boolean {
    return this.conns.has(terminalId);
  }

  // ---- listeners ----

  /** Calls `fn` with every frame of the terminals held here, both ways; answers the unsubscribe. */
  onFrame(fn: HubFrameListener): () => void {
    this.frameListeners.add(fn);
    return () => this.frameListeners.delete(fn);
  }

  /** Whether anybody listens to frames (the gateway skips the work otherwise). */
  get framesWatched(): boolean {
    return this.frameListeners.size > 0;
  }

  /** Hands a frame to the frame listeners. */
  emitFrame(terminalId: number, dir: "in" | "out", frame: HubFrame["frame"]): void {
    if (!this.frameListeners.size) return;
    const f: HubFrame = { terminalId, dir, frame, at: Date.now() };
    for (const fn of this.frameListeners) {
      try {
        fn(f);
      } catch (err) {
        this.log.warn({ err }, "a terminal frame listener failed");
      }
    }
  }

  /** Calls `fn` after every event a terminal reported was stored (alarms). */
  onTerminalEvent(fn: TerminalEventListener): () => void {
    this.eventListeners.add(fn);
    return () => this.eventListeners.delete(fn);
  }

  /** Runs the event listeners (the gateway, after storing the event). */
  async emitTerminalEvent(e: Parameters<TerminalEventListener>[0]): Promise<void> {
    for (const fn of this.eventListeners) {
      try {
        await fn(e);
      } catch (err) {
        this.log.warn({ err, terminalId: e.terminalId }, "a terminal event listener failed");
      }
    }
  }

  // ---- connections (called by the gateway) ----

  /** A welcomed socket: held here from now on; an older socket of the same terminal is closed. */
  attach(conn: TerminalConnection): void {
    const old = this.conns.get(conn.terminalId);
    if (old && old !== conn) {
      old.replaced = true;
      old.close(CLOSE_REPLACED, "replaced by a newer connection");
    }
    conn.welcomed = true;
    conn.observer = (frame) => this.emitFrame(conn.terminalId, "out", frame as HubFrame["frame"]);
    this.conns.set(conn.terminalId, conn);
    this.markOnline(conn);
    this.announce(conn);
  }

  /** A mark to take before reading the row of a socket about to say hello (see RecentNotices). */
  noticeMark(): number {
    return this.notices.mark();
  }

  /**
   * After attach: a state or sync notice sent for this terminal since its row was read (conn.readMark),
   * while its socket was not held yet, found no socket to tell, and the welcome was written from the old
   * row; the screen is told its state and manifest again.
   */
  async catchUp(conn: TerminalConnection): Promise<void> {
    if (this.conns.get(conn.terminalId) === conn && this.notices.missedSince(conn.terminalId, conn.readMark))
      await this.retell(conn);
  }

  /** The socket closed: no longer held; offline at once unless a newer socket replaced it. */
  detach(conn: TerminalConnection): void {
    if (this.conns.get(conn.terminalId) === conn) this.conns.delete(conn.terminalId);
    if (conn.welcomed && !conn.replaced) this.markOffline(conn);
  }

  /** A heartbeat: presence in memory, written by the next flush. */
  beat(conn: TerminalConnection, status: TerminalStatus): void {
    conn.status = status;
    conn.lastBeatMs = this.services.clock.now().getTime();
    if (this.conns.get(conn.terminalId) === conn) this.markOnline(conn);
  }

  /** Closes every socket as the server stops (going away) and records them offline. */
  markAllGone(): void {
    for (const conn of this.conns.values()) {
      this.markOffline(conn);
      conn.replaced = true;
    }
    this.conns.clear();
  }

  private markOnline(conn: TerminalConnection): void {
    const holding = conn.status
      ? `${conn.status.manifestVersion ?? ""}|${(conn.status.mediaMissing ?? 0) > 0}`
      : null;
    if (holding !== conn.holding) {
      conn.holding = holding;
      this.holdingDirty.add(conn.terminalId);
    }
    this.presence.mark({
      terminalId: conn.terminalId,
      online: true,
      lastSeenAt: new Date(conn.lastBeatMs),
      status: conn.status,
      ip: conn.ip,
      connectedAt: conn.connectedAt,
    });
  }

  private markOffline(conn: TerminalConnection): void {
    this.presence.mark({
      terminalId: conn.terminalId,
      online: false,
      lastSeenAt: conn.lastBeatMs ? new Date(conn.lastBeatMs) : null,
      status: conn.status,
      ip: conn.ip,
      connectedAt: conn.connectedAt,
    });
  }

  /** Tells the other processes this terminal is held here now (batched). */
  private announce(conn: TerminalConnection): void {
    this.held.push([conn.terminalId, conn.connectedAt.getTime()]);
    if (this.heldTimer) return;
    this.heldTimer = setTimeout(() => {
      this.heldTimer = null;
      const items = this.held;
      this.held = [];
      this.bus
        .publish({ kind: "held", from: this.processId, items })
        .catch((err) => this.log.warn({ err }, "could not announce terminal connections"));
    }, HELD_BATCH_MS);
    this.heldTimer.unref();
  }

  /** Terminals held here that missed two heartbeats: the socket is cut and they are offline. */
  private async sweep(): Promise<void> {
    const sec = await this.heartbeatSec();
    const now = this.services.clock.now().getTime();
    for (const conn of this.conns.values()) {
      // A terminal with a heartbeat interval of its own beats at that pace.
      if (now - conn.lastBeatMs > MISSED_BEATS_OFFLINE * (conn.ownHeartbeatSec ?? sec) * 1000) {
        this.log.debug({ terminalId: conn.terminalId }, "terminal missed its heartbeats; closing its socket");
        this.conns.delete(conn.terminalId);
        this.markOffline(conn);
        conn.replaced = true;
        conn.socket.terminate();
      }
    }
  }

  /**
   * Terminals still marked online long after their last beat (their process died, or the database was
   * out of reach when it wrote them offline). Runs every STALE_SWEEP_MS; a process known dead is reaped
   * sooner (see ProcessRegistry and the reap handler in the constructor).
   */
  async sweepStale(): Promise<void> {
    const now = this.services.clock.now();
    const sec = await this.heartbeatSec();
    // Each row's own heartbeat interval (its settings), else the system's.
    const limitMs = sql`(${MISSED_BEATS_OFFLINE * 1000} * coalesce((${terminals.settings}->>'heartbeatSec')::int, ${sec}) + ${2 * FLUSH_MS + SWEEP_MS})`;
    // A row another transaction holds (its presence being written, an operator's change) is left for the
    // next sweep, not waited for: a sweep never waits on one lock while it holds others (no deadlock).
    await this.services.db
      .update(terminals)
      .set({ online: false })
      .where(
        inArray(
          terminals.id,
          sql`(select ${terminals.id} from ${terminals} where ${terminals.online} and ${terminals.lastSeenAt} < ${now.toISOString()}::timestamptz - ${limitMs} * interval '1 millisecond' for no key update skip locked)`,
        ),
      );
    await this.sweepCommands();
  }

  // ---- commands (see CommandDispatcher) ----

  /** Calls `fn` with the commands acknowledged done, once their rows are written. */
  onCommandDone(fn: CommandDoneListener): () => void {
    return this.commands.onDone(fn);
  }

  /** How far a long command has come on a terminal: kept in the command's data.progress while it runs. */
  progress(
    conn: TerminalConnection,
    p: { id: string; done: number; total: number; note?: string | undefined },
  ): Promise<void> {
    return this.commands.progress(conn, p);
  }

  /** Ends the commands still waiting well after their own timeout (their sender died). */
  sweepCommands(): Promise<void> {
    return this.commands.sweep();
  }

  /**
   * Queues a command for each terminal and delivers it: here, over the bus,
   * or nowhere ("offline", or "failed" for pending and disabled terminals).
   * Answers the rows as they stand right after sending; acks and timeouts
   * change them later.
   */
  command(
    terminalIds: number[],
    name: string,
    args: Record<string, unknown>,
    byUserId: number | null,
    timeoutMs: number = DEFAULT_COMMAND_TIMEOUT_MS,
  ): Promise<CommandOutcome[]> {
    return this.commands.command(terminalIds, name, args, byUserId, timeoutMs);
  }

  /** The outcomes of these commands now. */
  results(commandIds: string[]): Promise<CommandOutcome[]> {
    return this.commands.results(commandIds);
  }

  /** An ack from the terminal (written with the next batch); the promise resolves once it is written. */
  ack(
    conn: TerminalConnection,
    ack: { id: string; ok: boolean; reason?: string | null; data?: Record<string, unknown> },
  ): Promise<void> {
    return this.commands.ack(conn, ack);
  }

  // ---- state and manifest changes ----

  /**
   * After an operator authorised, disabled, moved or renamed a terminal (or
   * its token was rotated): its holder pushes the new state (and the
   * manifest version when authorised), or closes the socket with
   * CLOSE_REFUSED when it is disabled, deleted or its token was replaced.
   */
  async notifyState(terminalId: number): Promise<void> {
    this.manifests.invalidate();
    this.tokens.forget([terminalId]);
    await this.applyState(terminalId);
    await this.bus.publish({ kind: "state", from: this.processId, terminalId });
  }

  /** After the programs of these terminals changed: their holders push `sync` with the new manifest version. */
  async notifySync(terminalIds: number[]): Promise<void> {
    const ids = [...new Set(terminalIds)];
    if (!ids.length) return;
    this.manifests.invalidate();
    this.tokens.forget(ids);
    // The other processes start on their screens while this one tells its own: one after the other, a
    // cluster's second web node began only once the first had told every screen it holds.
    const [here, others] = await Promise.allSettled([
      this.applySync(ids),
      this.bus.publish({ kind: "sync", from: this.processId, terminalIds: ids }),
    ]);
    if (here.status === "rejected") throw here.reason;
    if (others.status === "rejected") throw others.reason;
  }

  private async snapshots(ids: number[]): Promise<Map<number, TerminalSnapshot>> {
    // One array parameter, not one per terminal: a fleet of 10,000 is one value to bind and parse.
    const rows = await this.services.db
      .select(snapshotColumns)
      .from(terminals)
      .where(anyOf(terminals.id, ids));
    return new Map(rows.map((r) => [r.id, r]));
  }

  private async applyState(terminalId: number): Promise<void> {
    this.notices.note([terminalId]);
    const conn = this.conns.get(terminalId);
    if (conn) await this.retell(conn);
  }

  /** Tells the screen its state and manifest from its row (read again unless `read` says it was), or refuses it. */
  private async retell(
    conn: TerminalConnection,
    read?: { row: TerminalSnapshot | undefined },
  ): Promise<void> {
    const terminalId = conn.terminalId;
    const row = read ? read.row : (await this.snapshots([terminalId])).get(terminalId);
    if (!row || row.state === "disabled" || row.tokenHash !== conn.terminal.tokenHash) {
      if (row?.state === "disabled") conn.send({ type: "state", state: "disabled" });
      conn.close(CLOSE_REFUSED, "refused");
      return;
    }
    conn.terminal = row;
    conn.send({ type: "state", state: row.state });
    await this.pushSync(conn);
  }

  /** Terminals another process said to sync, gathered until the messages that arrived together are read. */
  private syncFromBus: number[] = [];
  private syncFromBusDone: Promise<void> | null = null;

  /**
   * applySync for a sync message from the bus: the parts of a long list (and other messages) that arrive
   * in one go are read and told together, one read of their rows instead of one a part.
   */
  private applySyncSoon(ids: number[]): Promise<void> {
    for (const id of ids) this.syncFromBus.push(id);
    this.syncFromBusDone ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      this.syncFromBusDone = null;
      return this.applySync([...new Set(this.syncFromBus.splice(0))]);
    });
    return this.syncFromBusDone;
  }

  private async applySync(ids: number[]): Promise<void> {
    this.notices.note(ids);
    await this.readAndTell(
      ids.filter((id) => this.conns.has(id)),
      false,
    );
  }

  /**
   * Reads the rows of terminals held here again and sends each its manifest version (all of them, or with
   * `onlyNew` those whose socket was not told that version yet); a screen whose state or token changed
   * with no notice is told its new state or refused, as notifyState would. Answers how many were told a
   * version.
   */
  private async readAndTell(held: number[], onlyNew: boolean): Promise<number> {
    if (!held.length) return 0;
    const mark = this.tokens.mark();
    const rows = await this.snapshots(held);
    // Read after the change: their manifest calls that follow the sync need not read them again.
    this.tokens.keep(rows.values(), mark);
    const conns: TerminalConnection[] = [];
    // Screens whose state or token changed under them: refused, or told their new state (as notifyState would).
    const changed: Array<[TerminalConnection, TerminalSnapshot | undefined]> = [];
    for (const id of held) {
      const conn = this.conns.get(id);
      const row = rows.get(id);
      if (!conn?.welcomed) continue;
      if (!row || row.state !== conn.terminal.state || row.tokenHash !== conn.terminal.tokenHash) {
        changed.push([conn, row]);
        continue;
      }
      conn.terminal = row;
      conns.push(conn);
    }
    for (const [conn, row] of changed) await this.retell(conn, { row });
    // Versions first (terminals with the same publications share one computation), then every
    // frame in one go: awaiting between sends would let the first terminals' manifest requests
    // queue ahead of the last terminals' news.
    const manifests = await Promise.all(conns.map((c) => this.manifestFor(c.terminal)));
    let told = 0;
    conns.forEach((conn, i) => {
      const manifest = manifests[i];
      if (manifest && !(onlyNew && manifest.version === conn.toldVersion) && this.tell(conn, manifest))
        told++;
    });
    return told;
  }

  private async pushSync(conn: TerminalConnection): Promise<void> {
    const manifest = await this.manifestFor(conn.terminal);
    if (manifest) this.tell(conn, manifest);
  }

  /** Sends a screen `sync` for its manifest (carried when it may: see sendCarrying); true when the socket took it. */
  private tell(conn: TerminalConnection, manifest: Manifest): boolean {
    if (!this.sendCarrying(conn, { type: "sync", manifestVersion: manifest.version }, manifest)) return false;
    conn.toldVersion = manifest.version;
    this.delivery.markNotified(conn.terminalId);
    return true;
  }

  /**
   * Sends a welcome or a sync carrying `manifest` (null: the frame as it is), serialised once for every
   * screen it shares all but its version, id and name with; the screen then holds it with no HTTP round
   * trip, and its publications are fetched once the socket wrote it. The frame goes without the manifest
   * when the screen did not say it takes one (an older player), the manifest is bigger than
   * inlineManifestMaxBytes, or the socket is behind (more than CARRY_BUFFERED_MAX unsent): the screen is
   * told the version and fetches it. True when the socket took the frame.
   */
  sendCarrying(conn: TerminalConnection, frame: ManifestFrame, manifest: Manifest | null): boolean {
    if (!manifest || !conn.takesManifest || conn.socket.bufferedAmount > CARRY_BUFFERED_MAX)
      return conn.send(frame);
    const parts = this.bodies.bareParts(conn.terminal.officeId, manifest, this.manifests.sharedKey(manifest));
    if (parts.length > this.inlineManifestMaxBytes) return conn.send(frame);
    return conn.sendWithManifest(frame, manifest, parts, () => this.markTaken(conn.terminalId, manifest));
  }

  /** The screen took this manifest (a socket wrote it, or GET /t/manifest answered it or a 304): its publications are fetched. */
  markTaken(terminalId: number, manifest: Manifest): void {
    this.delivery.markFetched(
      terminalId,
      manifest.publications.map((p) => p.id),
    );
  }

  /**
   * Screens held here whose manifest changed without their being told: the notice of a publication (or
   * any change) was lost because the process that made it died after its commit, or the database went
   * away between the commit and the notice. Reads their rows again, RECONCILE_BATCH at a time, and sends
   * `sync` to those whose manifest version is not the one their socket was last told of (a screen
   * disabled, deleted, authorised or given a new token meanwhile is told or refused as notifyState
   * would). Runs every RECONCILE_MS, so such a screen catches up within a minute without reconnecting;
   * answers how many were told a version.
   */
  async reconcileSyncs(): Promise<number> {
    const held = [...this.conns.keys()];
    let told = 0;
    for (let i = 0; i < held.length; i += RECONCILE_BATCH)
      told += await this.readAndTell(held.slice(i, i + RECONCILE_BATCH), true);
    return told;
  }

  /** A terminal's manifest, in the time zone its socket here reports when it reports one (the stored status lags a flush). */
  manifestFor(t: ManifestSubject) {
    const live = this.conns.get(t.id)?.status?.timezone;
    return this.manifests.forTerminal(live ? { ...t, reportedTimezone: live } : t);
  }

  // ---- the bus ----

  private readonly busListeners = new Set<(msg: BusMessage) => void>();

  /** Calls `fn` with the bus messages of other processes that modules act on (debugging: tap, frames; walls). */
  onBusMessage(fn: (msg: BusMessage) => void): () => void {
    this.busListeners.add(fn);
    return () => this.busListeners.delete(fn);
  }

  /** Sends a module's message (debugging: tap, frames; walls) to the other processes. */
  publishBus(msg: BusMessage): Promise<void> {
    return this.bus.publish(msg);
  }

  private onBus(msg: BusMessage): void {
    if (msg.from === this.processId || this.stopped) return;
    const run = async () => {
      switch (msg.kind) {
        case "command":
          return this.commands.deliver(msg.items, msg.timeoutMs, msg.command);
        case "state":
          this.manifests.invalidate();
          this.tokens.forget([msg.terminalId]);
          return this.applyState(msg.terminalId);
        case "sync":
          this.manifests.invalidate();
          this.tokens.forget(msg.terminalIds);
          return this.applySyncSoon(msg.terminalIds);
        case "held":
          this.noteHeldElsewhere(msg.items);
          return this.replaceOlder(msg.items);
        case "offices":
          this.services.tree.forget();
          this.tokens.clear();
          this.services.actors.invalidate();
          return;
        case "tap":
        case "frames":
        case "wall":
          for (const fn of this.busListeners) fn(msg);
          return;
      }
    };
    run().catch((err) => this.log.warn({ err, kind: msg.kind }, "could not act on a terminal bus message"));
  }

  /** Remembers which terminals other processes took just now (for commands); forgets those announced long ago. */
  private noteHeldElsewhere(items: Array<[number, number]>): void {
    const now = Date.now();
    for (const [terminalId] of items) {
      this.heldElsewhere.delete(terminalId);
      this.heldElsewhere.set(terminalId, now);
    }
    // In announcement order: the oldest come first.
    for (const [terminalId, at] of this.heldElsewhere) {
      if (now - at < HELD_ELSEWHERE_MS) break;
      this.heldElsewhere.delete(terminalId);
    }
  }

  /** Another process accepted these terminals: sockets of them here that are older are closed. */
  private async replaceOlder(items: Array<[number, number]>): Promise<void> {
    for (const [terminalId, connectedAt] of items) {
      const conn = this.conns.get(terminalId);
      if (conn && conn.connectedAt.getTime() < connectedAt) {
        this.conns.delete(conn.terminalId);
        conn.replaced = true;
        conn.close(CLOSE_REPLACED, "replaced by a newer connection");
      }
    }
  }
}
