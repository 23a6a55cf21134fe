import {
  CLOSE_REFUSED,
  CLOSE_REPLACED,
  type CommandFrame,
  DEFAULT_HEARTBEAT_SEC,
  PROTOCOL_VERSION,
  parseFrame,
  type ServerFrame,
  ServerFrame as ServerFrameSchema,
  TERMINAL_PATHS,
  type TerminalFrame,
  type TerminalState,
  type TerminalStatus,
} from "./messages";

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

/** What a command handler answers: ok with optional data, or a reason it failed. */
export type CommandResult = { ok: true; data?: Record<string, unknown> } | { ok: false; reason: string };
export type CommandHandler = (command: CommandFrame) => Promise<CommandResult> | CommandResult;

export interface ClientOptions {
  /** Server origin, e.g. "http://127.0.0.1:8080"; paths get /apm-web prepended. */
  server: string;
  token: string;
  socket: SocketFactory;
  /** The status sent with hello and every heartbeat. */
  status: () => TerminalStatus;
  onCommand: CommandHandler;
  onSync?: (manifestVersion: string) => void;
  onState?: (state: TerminalState, info: { terminalId: number; enrolCode: string }) => void;
  /** The token was refused (revoked, disabled, unknown): register again. */
  onRefused?: () => void;
  onConnection?: (connected: boolean) => void;
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

export class TerminalClient {
  private socket: SocketLike | null = null;
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private attempt = 0;
  private stopped = false;
  private heartbeatSec = DEFAULT_HEARTBEAT_SEC;
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

  private connect(): void {
    if (this.stopped) return;
    const socket = this.opts.socket(wsUrl(this.opts.server, this.opts.token));
    this.socket = socket;
    socket.onopen = () => {
      this.connected = true;
      this.attempt = 0;
      this.opts.onConnection?.(true);
      socket.send(JSON.stringify({ type: "hello", v: PROTOCOL_VERSION, status: this.opts.status() }));
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
      this.socket = null;
      this.stopHeartbeat();
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
        this.setState(frame.state, frame.enrolCode);
        this.startHeartbeat();
        if (frame.manifestVersion) this.opts.onSync?.(frame.manifestVersion);
        return;
      case "state":
        this.setState(frame.state, "");
        return;
      case "sync":
        this.opts.onSync?.(frame.manifestVersion);
        return;
      case "command": {
        let result: CommandResult;
        try {
          result = await this.opts.onCommand(frame);
        } catch (err) {
          result = { ok: false, reason: err instanceof Error ? err.message : String(err) };
        }
        this.send(
          result.ok
            ? { type: "ack", id: frame.id, ok: true, ...(result.data ? { data: result.data } : {}) }
            : { type: "ack", id: frame.id, ok: false, reason: result.reason },
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
    this.heartbeat = setInterval(() => this.beat(), this.heartbeatSec * 1000);
  }

  private stopHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }
}
