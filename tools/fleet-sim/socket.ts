import type { SocketLike } from "@marquee/terminal-protocol";
import WebSocket from "ws";

/** What the simulator wants to know about one socket's traffic, beyond what TerminalClient tells. */
export interface SocketHooks {
  /** A heartbeat frame went out. */
  onHeartbeat(): void;
  /** The server answered with an `error` frame (TerminalClient ignores them; the simulator counts them). */
  onErrorFrame(text: string): void;
}

export interface SocketOptions {
  /** The local address to connect from (e.g. 127.0.0.7), so no single address runs out of ephemeral ports. */
  localAddress?: string;
  /** Each heartbeat leaves this much later than TerminalClient asks (a fixed phase per terminal). */
  heartbeatDelayMs: number;
  hooks: SocketHooks;
}

const HEARTBEAT_PREFIX = '{"type":"heartbeat"';

/**
 * A `ws` client in the shape TerminalClient drives (SocketLike): no
 * per-message compression (screens do not negotiate it, and it costs memory
 * per socket on both ends), an optional local address, heartbeats delayed by
 * a per-terminal phase, and error frames counted.
 */
export class SimSocket implements SocketLike {
  private readonly ws: WebSocket;
  private readonly pending = new Set<NodeJS.Timeout>();
  onopen: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: ((ev: { code: number; reason?: string }) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;

  constructor(
    url: string,
    private readonly opts: SocketOptions,
  ) {
    this.ws = new WebSocket(url, {
      perMessageDeflate: false,
      handshakeTimeout: 20_000,
      ...(opts.localAddress ? { localAddress: opts.localAddress } : {}),
    });
    this.ws.on("open", () => this.onopen?.({}));
    this.ws.on("message", (data: WebSocket.RawData, isBinary: boolean) => {
      const text = isBinary ? "" : data.toString();
      // Cheap test first: only a frame mentioning "error" is parsed a second time.
      if (text.includes('"error"') && isErrorFrame(text)) this.opts.hooks.onErrorFrame(text);
      this.onmessage?.({ data: text });
    });
    this.ws.on("close", (code: number, reason: Buffer) => {
      for (const t of this.pending) clearTimeout(t);
      this.pending.clear();
      this.onclose?.({ code, reason: reason.toString() });
    });
    this.ws.on("error", (err) => this.onerror?.(err));
  }

  get readyState(): number {
    return this.ws.readyState;
  }

  send(data: string): void {
    if (!data.startsWith(HEARTBEAT_PREFIX)) {
      this.ws.send(data);
      return;
    }
    const beat = () => {
      if (this.ws.readyState !== WebSocket.OPEN) return;
      this.ws.send(data);
      this.opts.hooks.onHeartbeat();
    };
    if (this.opts.heartbeatDelayMs <= 0) {
      beat();
      return;
    }
    const timer = setTimeout(() => {
      this.pending.delete(timer);
      beat();
    }, this.opts.heartbeatDelayMs);
    this.pending.add(timer);
  }

  close(code?: number, reason?: string): void {
    // A socket still connecting cannot be closed with a code; terminate it.
    if (this.ws.readyState === WebSocket.CONNECTING) this.ws.terminate();
    else this.ws.close(code, reason);
  }
}

function isErrorFrame(text: string): boolean {
  try {
    const frame: unknown = JSON.parse(text);
    return typeof frame === "object" && frame !== null && (frame as { type?: unknown }).type === "error";
  } catch {
    return false;
  }
}
