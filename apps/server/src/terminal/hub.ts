import type { CommandOutcome } from "@marquee/contracts";
import {
  CLOSE_REFUSED,
  CLOSE_REPLACED,
  DEFAULT_COMMAND_TIMEOUT_MS,
  DEFAULT_HEARTBEAT_SEC,
  MISSED_BEATS_OFFLINE,
  type TerminalStatus,
} from "@marquee/terminal-protocol";
import { and, asc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type pg from "pg";
import { terminalCommands, terminals } from "../db/schema";
import type { Services } from "../platform/services";
import { type BusMessage, TerminalBus } from "./bus";
import { snapshotColumns, type TerminalConnection, type TerminalSnapshot } from "./connection";
import { DeliveryTracker } from "./delivery";
import { checkedStatus, GIVEN_TTL_MS, type Given, givenByManifest, givenHistory, isGiven } from "./given";
import { ManifestService, type ManifestSubject } from "./manifest";
import { PresenceWriter } from "./presence";
import { newCommandId } from "./token";

/** How often presence is written to the database. */
export const FLUSH_MS = 2000;
/** How often held sockets are checked for missed heartbeats. */
export const SWEEP_MS = 2000;
/** How often rows left online by a process that died are set offline. */
const STALE_SWEEP_MS = 30_000;
/** How often commands past their own timeout are ended (their sender died). */
const COMMAND_SWEEP_MS = 5_000;
/** How long after its timeout a command is left to its sender's own timer before the sweep ends it. */
const COMMAND_GRACE_MS = 5_000;
/** How long the heartbeat setting is reused before it is read again. */
const SETTING_CACHE_MS = 5000;
/** How long the content of a connection's manifest is reused to check its reports (a manifest is cached as long). */
const GIVEN_NOW_MS = 5000;
/** Connections announced to the other processes together, after this pause. */
const HELD_BATCH_MS = 100;
/** Rows per INSERT of commands (9 columns a row). */
const INSERT_ROWS = 2000;
const MIN_TIMEOUT_MS = 1000;
/** Acks are written together: at most this many, or after this long. */
const ACK_BATCH = 1000;
const ACK_FLUSH_MS = 20;

/** A promise with its resolver outside (the acks of one batch wait for the batch). */
function settle(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
const MAX_TIMEOUT_MS = 3_600_000;

/** Why a command did not complete, as kept in terminal_commands.reason (the state says the rest). */
export const COMMAND_REASONS = {
  pending: "the terminal is not authorised yet",
  disabled: "the terminal is disabled",
  offline: "the terminal is not connected",
  undelivered: "no server process held the terminal's connection",
  stopped: "the server stopped before the terminal answered",
  orphaned: "no answer: the server process that sent it stopped",
  noReason: "the terminal reported a failure without a reason",
  timeout: (ms: number) => `no answer within ${Math.round(ms / 1000)} s`,
} as const;

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
/** Commands a terminal acknowledged as done, with their data, after they were written (positions, program lists). */
export type CommandDoneListener = (
  done: Array<{ id: string; terminalId: number; name: string; data: Record<string, unknown> | null }>,
) => Promise<void>;
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
 * the other processes over the bus when the terminals row says online, and
 * "offline" otherwise. The process that sends it times it out.
 */
export class TerminalHub {
  /** This process on the bus and in server_processes (two apps in one Node process are two processes). */
  readonly processId: string;
  readonly manifests: ManifestService;
  /** Delivery states of publications on the terminals this process talks to (written in batches). */
  readonly delivery: DeliveryTracker;
  private readonly conns = new Map<number, TerminalConnection>();
  private readonly presence: PresenceWriter;
  private readonly bus: TerminalBus;
  private readonly counters: Record<Counter, number> = {
    malformed: 0,
    unknown: 0,
    refused: 0,
    dropped: 0,
  };
  private readonly intervals: Array<ReturnType<typeof setInterval>> = [];
  /** Pending timeouts: of commands this process put on a socket (`sent`), or handed to the bus. */
  private readonly expiries = new Map<ReturnType<typeof setTimeout>, { ids: string[]; sent: boolean }>();
  private held: Array<[number, number]> = [];
  private heldTimer: ReturnType<typeof setTimeout> | null = null;
  private heartbeat = { sec: Promise.resolve(DEFAULT_HEARTBEAT_SEC), at: Number.NEGATIVE_INFINITY };
  private lastHeartbeatSec = DEFAULT_HEARTBEAT_SEC;
  private stopped = false;
  private acks: Array<{
    id: string;
    terminalId: number;
    state: "done" | "failed";
    reason: string | null;
    data: string | null;
  }> = [];
  private ackTimer: ReturnType<typeof setTimeout> | null = null;
  private ackWritten = settle();
  private readonly frameListeners = new Set<HubFrameListener>();
  private readonly eventListeners = new Set<TerminalEventListener>();
  private readonly doneListeners = new Set<CommandDoneListener>();

  constructor(
    readonly services: Services,
    pool: pg.Pool,
    private readonly log: FastifyBaseLogger,
  ) {
    this.manifests = new ManifestService(services);
    this.delivery = new DeliveryTracker(services.db, services.clock, log);
    this.processId = services.processes.id;
    this.presence = new PresenceWriter(services.db, log, this.processId);
    // What a process that died held: its terminals are offline until they connect to a live one.
    services.processes.onReap(async (dead) => {
      await services.db
        .update(terminals)
        .set({ online: false, heldBy: null })
        .where(and(eq(terminals.online, true), inArray(terminals.heldBy, dead)));
    });
    this.bus = new TerminalBus(pool, (msg) => this.onBus(msg), log);
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
    every(FLUSH_MS, () => this.presence.flush());
    every(SWEEP_MS, () => this.sweep());
    every(STALE_SWEEP_MS, () => this.sweepStale());
    every(COMMAND_SWEEP_MS, () => this.sweepCommands());
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
    const waiting = [...this.expiries.values()].flatMap((e) => (e.sent ? e.ids : []));
    for (const timer of this.expiries.keys()) clearTimeout(timer);
    this.expiries.clear();
    for (const conn of this.conns.values()) this.markOffline(conn);
    try {
      await this.flushAcks();
      await this.delivery.stop();
      if (waiting.length) await this.finish(waiting, "failed", COMMAND_REASONS.stopped, ["queued", "sent"]);
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
    return this.presence.flush();
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

  /** Calls `fn` with the commands acknowledged done, once their rows are written. */
  onCommandDone(fn: CommandDoneListener): () => void {
    this.doneListeners.add(fn);
    return () => this.doneListeners.delete(fn);
  }

  /** How far a long command has come on a terminal: kept in the command's data.progress while it runs. */
  async progress(
    conn: TerminalConnection,
    p: { id: string; done: number; total: number; note?: string | undefined },
  ): Promise<void> {
    const value = JSON.stringify({ progress: { done: p.done, total: p.total, note: p.note ?? null } });
    await this.commandWrite(() =>
      this.services.db.execute(sql`
        update terminal_commands set data = coalesce(data, '{}'::jsonb) || ${value}::jsonb
        where id = ${p.id} and terminal_id = ${conn.terminalId} and state in ('queued', 'sent')`),
    );
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
    await this.services.db
      .update(terminals)
      .set({ online: false })
      .where(
        and(
          eq(terminals.online, true),
          sql`${terminals.lastSeenAt} < ${now.toISOString()}::timestamptz - ${limitMs} * interval '1 millisecond'`,
        ),
      );
    await this.sweepCommands();
  }

  /**
   * Commands still waiting COMMAND_GRACE_MS after their own timeout: the process that sent them (whose
   * timer would have ended them) is gone. A sent one timed out; a queued one never reached its terminal.
   * Runs every COMMAND_SWEEP_MS and when the hub starts, so after a restart each command ends by its own
   * timeout, not an hour later.
   */
  async sweepCommands(): Promise<void> {
    const now = this.services.clock.now();
    const due = new Date(now.getTime() - COMMAND_GRACE_MS);
    await this.services.db
      .update(terminalCommands)
      .set({
        state: sql`case when ${terminalCommands.state} = 'sent' then 'timeout' else 'offline' end`,
        reason: sql`case when ${terminalCommands.state} = 'sent' then ${COMMAND_REASONS.orphaned} else ${COMMAND_REASONS.undelivered} end`,
        doneAt: now,
      })
      .where(
        and(
          inArray(terminalCommands.state, ["queued", "sent"]),
          or(
            lt(terminalCommands.expiresAt, due),
            // rows written before commands carried their expiry
            and(
              isNull(terminalCommands.expiresAt),
              lt(terminalCommands.createdAt, new Date(now.getTime() - MAX_TIMEOUT_MS - COMMAND_GRACE_MS)),
            ),
          ),
        ),
      );
  }

  // ---- commands ----

  /**
   * Queues a command for each terminal and delivers it: here, over the bus,
   * or nowhere ("offline", or "failed" for pending and disabled terminals).
   * Answers the rows as they stand right after sending; acks and timeouts
   * change them later.
   */
  async command(
    terminalIds: number[],
    name: string,
    args: Record<string, unknown>,
    byUserId: number | null,
    timeoutMs: number = DEFAULT_COMMAND_TIMEOUT_MS,
  ): Promise<CommandOutcome[]> {
    const ids = [...new Set(terminalIds)];
    if (!ids.length) return [];
    const timeout = Math.min(MAX_TIMEOUT_MS, Math.max(MIN_TIMEOUT_MS, Math.round(timeoutMs)));
    const { db, clock } = this.services;
    const targets = await db
      .select({
        id: terminals.id,
        officeId: terminals.officeId,
        state: terminals.state,
        online: terminals.online,
      })
      .from(terminals)
      .where(inArray(terminals.id, ids));
    const now = clock.now();
    const local: Array<{ id: string; conn: TerminalConnection }> = [];
    const remote: Array<[string, number]> = [];
    const rows: Array<typeof terminalCommands.$inferInsert> = targets.map((t) => {
      const id = newCommandId();
      const row = {
        id,
        terminalId: t.id,
        officeId: t.officeId,
        name,
        args,
        createdBy: byUserId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + timeout),
      };
      const ended = (state: "failed" | "offline", reason: string) => ({ ...row, state, reason, doneAt: now });
      if (t.state === "pending") return ended("failed", COMMAND_REASONS.pending);
      if (t.state === "disabled") return ended("failed", COMMAND_REASONS.disabled);
      const conn = this.conns.get(t.id);
      if (conn) local.push({ id, conn });
      else if (t.online) remote.push([id, t.id]);
      else return ended("offline", COMMAND_REASONS.offline);
      return { ...row, state: "queued" as const };
    });
    for (let i = 0; i < rows.length; i += INSERT_ROWS) {
      await db.insert(terminalCommands).values(rows.slice(i, i + INSERT_ROWS));
    }
    const sent: string[] = [];
    const gone: string[] = [];
    for (const { id, conn } of local) {
      (conn.send({ type: "command", id, name, args, timeoutMs: timeout }) ? sent : gone).push(id);
    }
    await this.markSent(sent, timeout);
    if (gone.length) await this.finish(gone, "offline", COMMAND_REASONS.offline, ["queued"]);
    if (remote.length) {
      try {
        await this.bus.publish({ kind: "command", from: this.processId, timeoutMs: timeout, items: remote });
      } catch (err) {
        this.log.warn({ err }, "could not hand commands to the other server processes");
      }
      // Nobody took it within its time: no process held the socket.
      this.expire(
        remote.map(([id]) => id),
        timeout,
        "offline",
        COMMAND_REASONS.undelivered,
        ["queued"],
      );
    }
    return this.results(rows.map((r) => r.id));
  }

  /** The outcomes of these commands now. */
  async results(commandIds: string[]): Promise<CommandOutcome[]> {
    if (!commandIds.length) return [];
    const rows = await this.services.db
      .select({ c: terminalCommands, terminalName: terminals.name })
      .from(terminalCommands)
      .innerJoin(terminals, eq(terminals.id, terminalCommands.terminalId))
      .where(inArray(terminalCommands.id, commandIds))
      .orderBy(asc(terminalCommands.createdAt), asc(terminalCommands.terminalId));
    return rows.map(({ c, terminalName }) => ({
      id: c.id,
      terminalId: c.terminalId,
      terminalName,
      name: c.name,
      state: c.state,
      reason: c.reason,
      data: c.data ?? null,
      createDate: c.createdAt.toISOString(),
      doneDate: c.doneAt?.toISOString() ?? null,
    }));
  }

  /**
   * An ack from the terminal: done or failed (with its reason and data); a
   * late ack changes nothing. Acks are written in batches (one UPDATE per
   * ACK_FLUSH_MS or ACK_BATCH acks): a fleet answering one command at once
   * would otherwise queue one statement per terminal on the pool, ahead of
   * everything else. The promise resolves once this ack is written.
   */
  ack(
    conn: TerminalConnection,
    ack: { id: string; ok: boolean; reason?: string | null; data?: Record<string, unknown> },
  ): Promise<void> {
    this.acks.push({
      id: ack.id,
      terminalId: conn.terminalId,
      state: ack.ok ? "done" : "failed",
      reason: ack.ok ? null : ack.reason || COMMAND_REASONS.noReason,
      data: ack.data ? JSON.stringify(ack.data) : null,
    });
    const written = this.ackWritten;
    if (this.acks.length >= ACK_BATCH) void this.flushAcks();
    else this.ackTimer ??= setTimeout(() => void this.flushAcks(), ACK_FLUSH_MS);
    return written.promise;
  }

  private commandWrites: Promise<unknown> = Promise.resolve();

  private async flushAcks(): Promise<void> {
    if (this.ackTimer) clearTimeout(this.ackTimer);
    this.ackTimer = null;
    const batch = this.acks.splice(0);
    const written = this.ackWritten;
    this.ackWritten = settle();
    if (!batch.length) return written.resolve();
    try {
      const values = sql.join(
        batch.map((a) => sql`(${a.id}, ${a.terminalId}::integer, ${a.state}, ${a.reason}, ${a.data}::jsonb)`),
        sql`, `,
      );
      const listening = this.doneListeners.size > 0;
      const result = await this.commandWrite(() =>
        this.services.db.execute(sql`
        update terminal_commands as c
        set state = v.state, reason = v.reason, done_at = ${this.services.clock.now()},
            data = case when v.data is null then c.data else coalesce(c.data, '{}'::jsonb) || v.data end
        from (values ${values}) as v(id, terminal_id, state, reason, data)
        where c.id = v.id and c.terminal_id = v.terminal_id and c.state in ('queued', 'sent')
        ${listening ? sql`returning c.id, c.terminal_id, c.name, c.state, c.data` : sql``}`),
      );
      written.resolve();
      if (listening) {
        const done = (
          result.rows as Array<{
            id: string;
            terminal_id: number;
            name: string;
            state: string;
            data: Record<string, unknown> | null;
          }>
        )
          .filter((r) => r.state === "done")
          .map((r) => ({ id: r.id, terminalId: r.terminal_id, name: r.name, data: r.data }));
        if (done.length)
          for (const fn of this.doneListeners)
            await fn(done).catch((err) => this.log.warn({ err }, "a command-done listener failed"));
      }
    } catch (err) {
      this.log.warn({ err, acks: batch.length }, "could not write terminal acks");
      written.resolve();
    }
  }

  /**
   * Runs one write of terminal_commands after the previous one of this
   * process: a batch marked sent and a batch of acks touch the same rows in
   * different orders, and run side by side they deadlock.
   */
  private commandWrite<T>(write: () => PromiseLike<T>): Promise<T> {
    const run = this.commandWrites.then(write);
    this.commandWrites = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  private async markSent(ids: string[], timeout: number): Promise<void> {
    if (!ids.length) return;
    await this.commandWrite(() =>
      this.services.db
        .update(terminalCommands)
        .set({ state: "sent" })
        .where(and(inArray(terminalCommands.id, ids), eq(terminalCommands.state, "queued"))),
    );
    this.expire(ids, timeout, "timeout", COMMAND_REASONS.timeout(timeout), ["queued", "sent"]);
  }

  /** After `ms`, the commands still in one of `from` end in `state` with `reason`. */
  private expire(
    ids: string[],
    ms: number,
    state: "timeout" | "offline",
    reason: string,
    from: Array<"queued" | "sent">,
  ): void {
    if (this.stopped) return;
    const timer = setTimeout(() => {
      this.expiries.delete(timer);
      this.finish(ids, state, reason, from).catch((err) =>
        this.log.warn({ err }, "could not time out terminal commands"),
      );
    }, ms);
    timer.unref();
    this.expiries.set(timer, { ids, sent: state === "timeout" });
  }

  private async finish(
    ids: string[],
    state: "timeout" | "offline" | "failed",
    reason: string,
    from: Array<"queued" | "sent">,
  ): Promise<void> {
    for (let i = 0; i < ids.length; i += 10_000) {
      const slice = ids.slice(i, i + 10_000);
      await this.commandWrite(() =>
        this.services.db
          .update(terminalCommands)
          .set({ state, reason, doneAt: this.services.clock.now() })
          .where(and(inArray(terminalCommands.id, slice), inArray(terminalCommands.state, from))),
      );
    }
  }

  /** Commands another process queued for terminals held here: send them and time them out. */
  private async deliver(items: Array<[string, number]>, timeoutMs: number): Promise<void> {
    const mine = items.filter(([, terminalId]) => this.conns.has(terminalId)).map(([id]) => id);
    if (!mine.length) return;
    const rows = await this.services.db
      .select({
        id: terminalCommands.id,
        terminalId: terminalCommands.terminalId,
        name: terminalCommands.name,
        args: terminalCommands.args,
      })
      .from(terminalCommands)
      .where(and(inArray(terminalCommands.id, mine), eq(terminalCommands.state, "queued")));
    const sent = rows
      .filter((r) =>
        this.conns
          .get(r.terminalId)
          ?.send({ type: "command", id: r.id, name: r.name, args: r.args, timeoutMs }),
      )
      .map((r) => r.id);
    await this.markSent(sent, timeoutMs);
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
    await this.applyState(terminalId);
    await this.bus.publish({ kind: "state", from: this.processId, terminalId });
  }

  /** After the programs of these terminals changed: their holders push `sync` with the new manifest version. */
  async notifySync(terminalIds: number[]): Promise<void> {
    const ids = [...new Set(terminalIds)];
    if (!ids.length) return;
    this.manifests.invalidate();
    await this.applySync(ids);
    await this.bus.publish({ kind: "sync", from: this.processId, terminalIds: ids });
  }

  private async snapshots(ids: number[]): Promise<Map<number, TerminalSnapshot>> {
    const rows = await this.services.db
      .select(snapshotColumns)
      .from(terminals)
      .where(inArray(terminals.id, ids));
    return new Map(rows.map((r) => [r.id, r]));
  }

  private async applyState(terminalId: number): Promise<void> {
    const conn = this.conns.get(terminalId);
    if (!conn) return;
    const row = (await this.snapshots([terminalId])).get(terminalId);
    if (!row || row.state === "disabled" || row.tokenHash !== conn.terminal.tokenHash) {
      if (row?.state === "disabled") conn.send({ type: "state", state: "disabled" });
      conn.close(CLOSE_REFUSED, "refused");
      return;
    }
    conn.terminal = row;
    conn.send({ type: "state", state: row.state });
    await this.pushSync(conn);
  }

  private async applySync(ids: number[]): Promise<void> {
    const held = ids.filter((id) => this.conns.has(id));
    if (!held.length) return;
    const rows = await this.snapshots(held);
    const conns: TerminalConnection[] = [];
    for (const id of held) {
      const conn = this.conns.get(id);
      const row = rows.get(id);
      if (!conn || !row) continue;
      conn.terminal = { ...row, tokenHash: conn.terminal.tokenHash };
      conns.push(conn);
    }
    // Versions first (terminals with the same publications share one computation), then every
    // frame in one go: awaiting between sends would let the first terminals' manifest requests
    // queue ahead of the last terminals' news.
    const manifests = await Promise.all(conns.map((c) => this.manifestFor(c.terminal)));
    conns.forEach((conn, i) => {
      const manifest = manifests[i];
      if (manifest && conn.send({ type: "sync", manifestVersion: manifest.version }))
        this.delivery.markNotified(conn.terminalId);
    });
  }

  private async pushSync(conn: TerminalConnection): Promise<void> {
    const manifest = await this.manifestFor(conn.terminal);
    if (manifest && conn.send({ type: "sync", manifestVersion: manifest.version }))
      this.delivery.markNotified(conn.terminalId);
  }

  /** A terminal's manifest, in the time zone its socket here reports when it reports one (the stored status lags a flush). */
  manifestFor(t: ManifestSubject) {
    const live = this.conns.get(t.id)?.status?.timezone;
    return this.manifests.forTerminal(live ? { ...t, reportedTimezone: live } : t);
  }

  // ---- the bus ----

  private readonly busListeners = new Set<(msg: BusMessage) => void>();

  /** Calls `fn` with the bus messages of other processes that modules act on (debugging: tap, frames). */
  onBusMessage(fn: (msg: BusMessage) => void): () => void {
    this.busListeners.add(fn);
    return () => this.busListeners.delete(fn);
  }

  /** Sends a module's message (debugging: tap, frames) to the other processes. */
  publishBus(msg: BusMessage): Promise<void> {
    return this.bus.publish(msg);
  }

  private onBus(msg: BusMessage): void {
    if (msg.from === this.processId || this.stopped) return;
    const run = async () => {
      switch (msg.kind) {
        case "command":
          return this.deliver(msg.items, msg.timeoutMs);
        case "state":
          this.manifests.invalidate();
          return this.applyState(msg.terminalId);
        case "sync":
          this.manifests.invalidate();
          return this.applySync(msg.terminalIds);
        case "held":
          return this.replaceOlder(msg.items);
        case "offices":
          this.services.tree.forget();
          this.services.actors.invalidate();
          return;
        case "tap":
        case "frames":
          for (const fn of this.busListeners) fn(msg);
          return;
      }
    };
    run().catch((err) => this.log.warn({ err, kind: msg.kind }, "could not act on a terminal bus message"));
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
