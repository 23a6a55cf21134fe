import {
  backoffMs,
  type ClockEstimate,
  type SocketLike,
  TerminalClient,
  type TerminalState,
} from "@marquee/terminal-protocol";
import { reasonOf } from "./commands/context";
import { deviceIdOf, RegisterFailed, register, shortModel } from "./identity";
import type { PlayerParts } from "./parts";
import type { PlayerSnapshot } from "./snapshot";
import { KEYS } from "./storage";
import { PLAYER_VERSION } from "./version";

/** The browser's WebSocket as the protocol client's socket. */
export function browserSocket(url: string): SocketLike {
  const ws = new WebSocket(url);
  const socket: SocketLike = {
    get readyState() {
      return ws.readyState;
    },
    send: (data) => ws.send(data),
    close: (code, reason) => ws.close(code, reason),
    onopen: null,
    onmessage: null,
    onclose: null,
    onerror: null,
  };
  ws.onopen = (ev) => socket.onopen?.(ev);
  ws.onmessage = (ev) => socket.onmessage?.(ev);
  ws.onclose = (ev) => socket.onclose?.(ev);
  ws.onerror = (ev) => socket.onerror?.(ev);
  return socket;
}

/** Registration and the terminal connection: the token, the socket, the server's welcome and its clock. */
export class Connection {
  client: TerminalClient | null = null;
  /** The server welcomed this connection: frames other than hello may go. */
  welcomed = false;
  token: string | null;
  /** The clock estimate (device minus server), once measured. */
  clock: ClockEstimate | null = null;
  private registerAttempt = 0;

  constructor(private readonly p: PlayerParts) {
    this.token = p.env.kv.get(KEYS.token);
  }

  /** Sends a frame once welcomed; answers whether it went. */
  sendWelcomed(frame: Parameters<TerminalClient["send"]>[0]): boolean {
    return this.welcomed ? (this.client?.send(frame) ?? false) : false;
  }

  /** Connects with the token held, or registers first. */
  start(): void {
    if (this.token) this.connect(this.token);
    else void this.register();
  }

  private async register(): Promise<void> {
    const { env, store } = this.p;
    const params = env.params;
    const dpr = window.devicePixelRatio || 1;
    const name = params.get("name")?.trim();
    try {
      const r = await register(this.p.fetchFn, env.origin, {
        deviceId: deviceIdOf(env.kv, (b) => crypto.getRandomValues(b)),
        model: (params.get("model")?.trim() || shortModel(navigator.userAgent)).slice(0, 100),
        version: PLAYER_VERSION,
        resolution: {
          width: Math.max(1, Math.round(screen.width * dpr)),
          height: Math.max(1, Math.round(screen.height * dpr)),
        },
        ...(name ? { name: name.slice(0, 100) } : {}),
      });
      if (store.snap.terminalId !== null && store.snap.terminalId !== r.terminalId)
        this.p.manifests.forgetManifest();
      env.kv.set(KEYS.token, r.token);
      env.kv.set(KEYS.terminalId, String(r.terminalId));
      env.kv.set(KEYS.enrolCode, r.enrolCode);
      env.kv.set(KEYS.state, r.state);
      this.token = r.token;
      store.update({ terminalId: r.terminalId, enrolCode: r.enrolCode, state: r.state, registerError: null });
      this.connect(r.token);
    } catch (e) {
      const reason = e instanceof RegisterFailed ? e.message : reasonOf(e);
      this.p.log.add("warn", `registration failed: ${reason}`);
      store.update({ registerError: reason, lastError: reason });
      setTimeout(() => void this.register(), backoffMs(this.registerAttempt++, 2000, 300_000));
    }
  }

  private connect(token: string): void {
    this.client?.stop();
    const { store, manifests } = this.p;
    const client = new TerminalClient({
      server: this.p.env.origin,
      token,
      socket: this.p.env.socket ?? browserSocket,
      status: () => this.p.status(),
      clockSync: true,
      onClock: (estimate) => this.clocked(estimate),
      onCommand: (c) => this.p.command(c),
      takesManifest: true,
      onSync: (version, manifest) =>
        void (version === store.snap.manifest?.version
          ? manifests.completeMedia()
          : manifests.sync(manifest?.version === version ? manifest : undefined)),
      onState: (state, info) => this.onState(state, info),
      onRefused: () => this.refused(),
      onConnection: (connected) => {
        // Frames other than hello wait for the welcome (onState): the gateway refuses them before it.
        if (!connected) this.welcomed = false;
        store.update({ connected });
      },
    });
    this.client = client;
    client.setHeartbeatSec(this.p.device.settings.heartbeatSec ?? null);
    client.start();
  }

  /** A new clock estimate: a play-now waiting for its start instant is timed again with it. */
  private clocked(estimate: ClockEstimate): void {
    this.clock = estimate;
    this.p.log.add("debug", `clock: offset ${estimate.offsetMs} ms, round trip ${estimate.rttMs} ms`);
    this.p.store.update({ clock: estimate });
    const p = this.p.playback.currentPlayNow();
    if (p?.startAt !== null && p?.startAt !== undefined) this.p.playback.schedule("tick");
  }

  private onState(state: TerminalState, info: { terminalId: number; enrolCode: string }): void {
    const { env, store, manifests } = this.p;
    const { kv } = env;
    const was = store.snap.state;
    kv.set(KEYS.state, state);
    const patch: Partial<PlayerSnapshot> = { state };
    if (info.terminalId > 0) {
      kv.set(KEYS.terminalId, String(info.terminalId));
      patch.terminalId = info.terminalId;
    }
    if (info.enrolCode) {
      kv.set(KEYS.enrolCode, info.enrolCode);
      patch.enrolCode = info.enrolCode;
    }
    this.registerAttempt = 0;
    this.welcomed = true;
    store.update(patch);
    this.p.flushPop();
    // The server may have missed states while the screen was away: it gets them all again.
    this.p.delivery.resend(this.p.playback.deliveryInputs(store.snap.manifest, manifests.held));
    if (state === "authorised" && was !== "authorised") void manifests.sync();
  }

  /** The server refused the token (revoked, unknown, disabled): register again, with back-off. */
  refused(): void {
    this.welcomed = false;
    this.p.env.kv.remove(KEYS.token);
    this.token = null;
    this.client = null;
    this.p.store.update({ connected: false });
    setTimeout(() => void this.register(), backoffMs(this.registerAttempt++, 1000, 300_000));
  }
}
