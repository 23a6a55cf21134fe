import {
  CLOSE_REFUSED,
  CLOSE_REPLACED,
  type CommandFrame,
  DEFAULT_HEARTBEAT_SEC,
  type Manifest,
  PROTOCOL_VERSION,
  parseFrame,
  type ServerFrame,
  ServerFrame as ServerFrameSchema,
  TERMINAL_PATHS,
  type TerminalFrame,
  type TerminalState,
  type TerminalStatus,
} from "./messages";
import { reasonFields, type Why, whyOf } from "./reasons";

/**
 * The terminal side of the protocol, shared by the web player (browser
 * WebSocket) and the fleet simulator (the `ws` package): one socket, hello,
 * heartbeats, commands answered with acks, and reconnection with jittered
 * exponential back-off so a fleet coming back at once spreads itself out.
 */

/** The part of a WebSocket the client uses (the browser's and `ws` both have it). */
export interface SocketLike {
  readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code: number; reason?: string }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
}
export type SocketFactory = (url: string) => SocketLike;

/** What a command handler answers: ok with optional data, or why it failed (a coded reason, or words of its own). */
export type CommandResult = { ok: true; data?: Record<string, unknown> } | { ok: false; reason: Why };
export type CommandHandler = (command: CommandFrame) => Promise<CommandResult> | CommandResult;

export interface ClientOptions {
  /** Server origin, e.g. "http://127.0.0.1:8080"; paths get /apm-web prepended. */
  server: string;
  token: string;
  socket: SocketFactory;
  /** The status sent with hello and every heartbeat. */
  status: () => TerminalStatus;
  onCommand: CommandHandler;
  /**
   * A manifest version to hold; with the manifest itself when the server sent it along (no fetch needed:
   * only when `takesManifest`).
   */
  onSync?: (manifestVersion: string, manifest?: Manifest) => void;
  /** Say in the hello that onSync takes a manifest carried by a sync or the welcome. */
  takesManifest?: boolean;
  onState?: (state: TerminalState, info: { terminalId: number; enrolCode: string }) => void;
  /** The token was refused (revoked, disabled, unknown): register again. */
  onRefused?: () => void;
  onConnection?: (connected: boolean) => void;
  /**
   * Estimate the clock offset to the server (synchronized broadcast): a round
   * of CLOCK_PROBES probes after every welcome and every CLOCK_EVERY_MS. Off
   * by default (a fleet of simulated screens need not probe).
   */
  clockSync?: boolean;
  /** A round of clock probes gave a new estimate. */
  onClock?: (estimate: ClockEstimate) => void;
  /** The clock the probes read (ms); Date.now by default. */
  now?: () => number;
  /** Back-off bounds for reconnecting (ms). */
  minBackoffMs?: number;
  maxBackoffMs?: number;
  random?: () => number;
}

export const API_PREFIX = "/apm-web";

/** The WebSocket address of a server origin. */
export function wsUrl(server: string, token: string): string {
  const u = new URL(`${API_PREFIX}${TERMINAL_PATHS.ws}`, server);
  u.protocol = u.protocol === "https:" ? "wss:" : "ws:";
  u.searchParams.set("token", token);
  return u.toString();
}

/** Full jitter: a random wait between 0 and min(max, base·2^attempt). */
export function backoffMs(
  attempt: number,
  min: number,
  max: number,
  random: () => number = Math.random,
): number {
  const cap = Math.min(max, min * 2 ** Math.min(attempt, 20));
  return Math.round(min + random() * (cap - min));
}

/** Probes in one round, the gap between them, and how often a round runs while connected. */
export const CLOCK_PROBES = 5;
export const CLOCK_PROBE_GAP_MS = 200;
export const CLOCK_EVERY_MS = 10 * 60_000;
/** A probe not answered this long after the round's last one is lost. */
export const CLOCK_WAIT_MS = 2000;

/** One answered probe: sent at t0, answered with the server's time, back at t1 (device clock, ms). */
export interface ClockSample {
  t0: number;
  t1: number;
  server: number;
}

/** The device's clock minus the server's (ms), from the probe with the smallest round trip. */
export interface ClockEstimate {
  offsetMs: number;
  rttMs: number;
  /** When it was measured (device clock). */
  at: number;
}

/**
 * The estimate of a round: the probe with the smallest round trip (the least
 * queuing, so its midpoint is the best guess of when the server answered);
 * offset = t1 - rtt/2 - server. Null when no sample is plausible.
 */
export function clockEstimate(samples: readonly ClockSample[]): ClockEstimate | null {
  let best: ClockSample | null = null;
  for (const s of samples) {
    const rtt = s.t1 - s.t0;
    if (!Number.isFinite(rtt) || !Number.isFinite(s.server) || rtt < 0) continue;
    if (!best || rtt < best.t1 - best.t0) best = s;
  }
  if (!best) return null;
  const rtt = best.t1 - best.t0;
  return { offsetMs: Math.round(best.t1 - rtt / 2 - best.server), rttMs: Math.round(rtt), at: best.t1 };
}

/** A device-clock instant of a server-clock instant, given the estimate (none: the clocks are taken as equal). */
export function localTimeOf(serverMs: number, estimate: Pick<ClockEstimate, "offsetMs"> | null): number {
  return serverMs + (estimate?.offsetMs ?? 0);
}

export class TerminalClient {
  private socket: SocketLike | null = null;
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private attempt = 0;
  private stopped = false;
  private heartbeatSec = DEFAULT_HEARTBEAT_SEC;
  /** The screen's own interval (its settings), over the server's. */
  private heartbeatOverride: number | null = null;
  private welcomed = false;
  private clockTimer: ReturnType<typeof setInterval> | null = null;
  private probeTimers: Array<ReturnType<typeof setTimeout>> = [];
  /** Probes of the running round, by t0, and the samples answered so far. */
  private probes: Set<number> | null = null;
  private samples: ClockSample[] = [];
  private roundWaiters: Array<(e: ClockEstimate | null) => void> = [];
  /** The latest clock estimate (kept across reconnections: clocks drift slowly). */
  clock: ClockEstimate | null = null;
  state: TerminalState | null = null;
  terminalId: number | null = null;
  /** Frames sent while offline are dropped, except proof of play, which the caller keeps and resends. */
  connected = false;

  constructor(private readonly opts: ClientOptions) {}

  start(): void {
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    this.stopHeartbeat();
    this.stopClock();
    this.socket?.close(1000, "stopped");
    this.socket = null;
  }

  /** Sends a frame if connected; answers whether it went. */
  send(frame: TerminalFrame): boolean {
    if (!this.socket || !this.connected || this.socket.readyState !== 1) return false;
    this.socket.send(JSON.stringify(frame));
    return true;
  }

  /** Sends a heartbeat now (e.g. right after the status changed). */
  beat(): void {
    this.send({ type: "heartbeat", status: this.opts.status() });
  }

  /** The heartbeat interval in use (s): the screen's own, else the server's. */
  get heartbeatInterval(): number {
    return this.heartbeatOverride ?? this.heartbeatSec;
  }

  /** Beats every `sec` seconds instead of the server's interval (null: the server's again). */
  setHeartbeatSec(sec: number | null): void {
    const next = sec !== null && Number.isFinite(sec) && sec > 0 ? sec : null;
    if (next === this.heartbeatOverride) return;
    this.heartbeatOverride = next;
    if (this.heartbeat) this.startHeartbeat();
  }

  /**
   * Runs a round of clock probes now (or joins the one running) and answers
   * its estimate, null when no probe came back (not connected, no answers).
   */
  measureClock(): Promise<ClockEstimate | null> {
    return new Promise((resolve) => {
      if (!this.welcomed) {
        resolve(null);
        return;
      }
      this.roundWaiters.push(resolve);
      if (!this.probes) this.probeRound();
    });
  }

  private now(): number {
    return (this.opts.now ?? Date.now)();
  }

  private probeRound(): void {
    this.clearProbeTimers();
    this.probes = new Set();
    this.samples = [];
    const probe = () => {
      let t0 = this.now();
      // Each probe is told apart by its t0: one sent in the same millisecond as another gets a fraction.
      while (this.probes?.has(t0)) t0 += 0.001;
      this.probes?.add(t0);
      this.send({ type: "clock", t0 });
    };
    probe();
    for (let i = 1; i < CLOCK_PROBES; i++) this.probeTimers.push(setTimeout(probe, i * CLOCK_PROBE_GAP_MS));
    this.probeTimers.push(
      setTimeout(() => this.endRound(), (CLOCK_PROBES - 1) * CLOCK_PROBE_GAP_MS + CLOCK_WAIT_MS),
    );
  }

  private clockReply(t0: number, server: number): void {
    if (!this.probes?.delete(t0)) return;
    this.samples.push({ t0, t1: this.now(), server });
    // The best of the round so far holds at once (a screen need not wait for the round to end).
    this.adopt(clockEstimate(this.samples));
    if (this.samples.length === CLOCK_PROBES) this.endRound();
  }

  private adopt(estimate: ClockEstimate | null): void {
    const c = this.clock;
    if (
      !estimate ||
      (c && c.offsetMs === estimate.offsetMs && c.rttMs === estimate.rttMs && c.at === estimate.at)
    )
      return;
    this.clock = estimate;
    this.opts.onClock?.(estimate);
  }

  private endRound(): void {
    if (!this.probes) return;
    this.clearProbeTimers();
    this.probes = null;
    const estimate = clockEstimate(this.samples);
    this.samples = [];
    this.adopt(estimate);
    for (const w of this.roundWaiters.splice(0)) w(estimate);
  }

  private clearProbeTimers(): void {
    for (const t of this.probeTimers) clearTimeout(t);
    this.probeTimers = [];
  }

  private startClock(): void {
    this.stopClock();
    if (!this.opts.clockSync) return;
    this.probeRound();
    this.clockTimer = setInterval(() => {
      if (!this.probes) this.probeRound();
    }, CLOCK_EVERY_MS);
  }

  private stopClock(): void {
    if (this.clockTimer) clearInterval(this.clockTimer);
    this.clockTimer = null;
    // A round cut short by a lost connection answers with what it has (possibly nothing).
    this.endRound();
  }

  private connect(): void {
    if (this.stopped) return;
    const socket = this.opts.socket(wsUrl(this.opts.server, this.opts.token));
    this.socket = socket;
    socket.onopen = () => {
      this.connected = true;
      this.attempt = 0;
      this.opts.onConnection?.(true);
      socket.send(
        JSON.stringify({
          type: "hello",
          v: PROTOCOL_VERSION,
          status: this.opts.status(),
          ...(this.opts.takesManifest ? { takesManifest: true } : {}),
        }),
      );
    };
    socket.onmessage = (ev) => {
      const text = typeof ev.data === "string" ? ev.data : String(ev.data);
      const frame = parseFrame(ServerFrameSchema, text);
      if (frame) void this.handle(frame);
    };
    socket.onerror = () => {
      // onclose follows and reconnects.
    };
    socket.onclose = (ev) => {
      if (this.socket !== socket) return;
      this.connected = false;
      this.welcomed = false;
      this.socket = null;
      this.stopHeartbeat();
      this.stopClock();
      this.opts.onConnection?.(false);
      if (ev.code === CLOSE_REFUSED) {
        this.stopped = true;
        this.opts.onRefused?.();
        return;
      }
      if (ev.code === CLOSE_REPLACED || this.stopped) return;
      const wait = backoffMs(
        this.attempt++,
        this.opts.minBackoffMs ?? 1000,
        this.opts.maxBackoffMs ?? 60_000,
        this.opts.random,
      );
      this.retry = setTimeout(() => this.connect(), wait);
    };
  }

  private async handle(frame: ServerFrame): Promise<void> {
    switch (frame.type) {
      case "welcome":
        this.terminalId = frame.terminalId;
        this.heartbeatSec = frame.heartbeatSec;
        this.welcomed = true;
        this.setState(frame.state, frame.enrolCode);
        this.startHeartbeat();
        this.startClock();
        if (frame.manifestVersion) this.opts.onSync?.(frame.manifestVersion, frame.manifest);
        return;
      case "clock":
        this.clockReply(frame.t0, frame.server);
        return;
      case "state":
        this.setState(frame.state, "");
        return;
      case "sync":
        this.opts.onSync?.(frame.manifestVersion, frame.manifest);
        return;
      case "command": {
        let result: CommandResult;
        try {
          result = await this.opts.onCommand(frame);
        } catch (err) {
          result = { ok: false, reason: whyOf(err) };
        }
        this.send(
          result.ok
            ? { type: "ack", id: frame.id, ok: true, ...(result.data ? { data: result.data } : {}) }
            : { type: "ack", id: frame.id, ok: false, ...reasonFields(result.reason) },
        );
        return;
      }
      case "error":
        return;
    }
  }

  private setState(state: TerminalState, enrolCode: string): void {
    this.state = state;
    this.opts.onState?.(state, { terminalId: this.terminalId ?? 0, enrolCode });
  }

  private startHeartbeat(): void {
    this.stopHeartbeat();
    this.heartbeat = setInterval(() => this.beat(), this.heartbeatInterval * 1000);
  }

  private stopHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }
}
