import type { PlayEvent } from "@marquee/renderer";
import type { ScheduleMessage } from "@marquee/schedule";
import {
  type CommandFrame,
  type CommandResult,
  messageFields,
  playerReason,
  type SocketFactory,
  type TerminalStatus,
  type Why,
  whyText,
} from "@marquee/terminal-protocol";
import { type CommandContext, runCommand } from "./commands";
import { Connection } from "./connection";
import { DeliveryReporter } from "./delivery";
import { DeviceControl } from "./deviceControl";
import { DebugStream, LogRing } from "./log";
import { filesOf, parseManifest } from "./manifest";
import { ManifestSync } from "./manifestSync";
import type { MediaStore } from "./mediaStore";
import type { EventKind, PlayerParts } from "./parts";
import { Playback } from "./playback";
import { PopQueue, popItemOf } from "./pop";
import type { GeolocationLike } from "./position";
import { type PlayerSnapshot, SnapshotStore } from "./snapshot";
import { buildStatus } from "./status";
import { KEYS, type KeyValue, readJson } from "./storage";
import { PLAYER_VERSION } from "./version";
import type { WallHost } from "./WallStage";

export { browserSocket } from "./connection";
export type { PlayerSnapshot } from "./snapshot";

/**
 * The player's brain, outside React: it registers, keeps the terminal
 * connection, fetches the manifest and media, decides what plays, collects
 * proof of play and answers commands. Views read its snapshot
 * (useSyncExternalStore); nothing here waits on the network before playing
 * what the cache already holds. It composes the parts (connection, manifest
 * sync, playback, device control) and hands commands to their handlers.
 */

/** What the screenshot command draws: an element and the canvas size it stands for. */
export interface ScreenshotTarget {
  element: HTMLElement;
  width: number;
  height: number;
}

/** What the controller needs from the page (injected so the wiring stays in main.tsx). */
export interface PlayerEnv {
  origin: string;
  kv: KeyValue;
  store: MediaStore;
  params: URLSearchParams;
  /** Applies the screen's volume to media elements. */
  applyVolume: (volume: number) => void;
  reload: () => void;
  /** The network (global fetch and the browser's WebSocket unless given: tests drive the player with fakes). */
  fetch?: typeof fetch;
  socket?: SocketFactory;
  /** navigator.geolocation, where the browser has it. */
  geolocation?: GeolocationLike | null;
  /** The log ring the console is copied into (main.tsx); one of its own otherwise. */
  log?: LogRing;
}

const FLUSH_MS = 30_000;
const ESTIMATE_MS = 60_000;
const EVENT_REPEAT_MS = 10 * 60_000;
/** A reboot or an update reloads this long after its ack (the ack and the proof of play go first). */
const RELOAD_AFTER_MS = 1000;

const noMedia = () => null;

/** The device's IANA time zone, if the browser tells it. */
export function deviceTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/** The global fetch, bound: `this.fetchFn(url)` would otherwise call it on the controller ("Illegal invocation"). */
const globalFetch: typeof fetch = (input, init) => fetch(input, init);

/** The player: registration, connection, manifest, media, playlist, proof of play and commands. */
export class PlayerController implements PlayerParts {
  readonly log: LogRing;
  readonly store: SnapshotStore;
  readonly delivery: DeliveryReporter;
  readonly connection: Connection;
  readonly manifests: ManifestSync;
  readonly playback: Playback;
  readonly device: DeviceControl;
  private readonly pop: PopQueue;
  private readonly debug: DebugStream;
  private readonly startedAt = Date.now();
  private storage: { used: number; quota: number | null } | null = null;
  private readonly eventsSent = new Map<string, number>();
  private screenshotTarget: (() => ScreenshotTarget | null) | null = null;

  constructor(readonly env: PlayerEnv) {
    const { kv } = env;
    const manifest = readJson(kv, KEYS.manifest, parseManifest);
    const state = kv.get(KEYS.state);
    const terminalId = Number(kv.get(KEYS.terminalId));
    this.connection = new Connection(this);
    this.manifests = new ManifestSync(this);
    this.playback = new Playback(this);
    this.pop = new PopQueue(kv);
    // Like pop and event frames, delivery frames go only once welcomed (and only an authorised screen has any).
    this.delivery = new DeliveryReporter((frame) =>
      this.store.snap.state === "authorised" ? this.connection.sendWelcomed(frame) : false,
    );
    this.log = env.log ?? new LogRing();
    this.debug = new DebugStream(this.log, (lines) => this.connection.sendWelcomed({ type: "log", lines }));
    this.device = new DeviceControl(this);
    this.store = new SnapshotStore({
      state: state === "pending" || state === "authorised" || state === "disabled" ? state : null,
      terminalId: Number.isInteger(terminalId) && terminalId > 0 ? terminalId : null,
      enrolCode: kv.get(KEYS.enrolCode),
      connected: false,
      registerError: null,
      manifest,
      showing: null,
      messages: [],
      interrupt: null,
      media: noMedia,
      downloads: null,
      lastDownloadError: null,
      lastError: null,
      cacheBytes: 0,
      volume: this.device.baseVolume,
      screen: { screenOn: true, brightness: 100, rotation: 0 },
      clock: null,
    });
  }

  /** The network's fetch, callable as a method: the browser's own refuses any `this` but the window's. */
  get fetchFn(): typeof fetch {
    return this.env.fetch ?? globalFetch;
  }

  // ---- the views' side ----

  subscribe = (listener: () => void): (() => void) => this.store.subscribe(listener);

  snapshot = (): PlayerSnapshot => this.store.snap;

  /** The view tells where the screenshot command should draw from. */
  setScreenshotTarget(target: (() => ScreenshotTarget | null) | null): void {
    this.screenshotTarget = target;
  }

  /** A video wall's screen (WallStage): the clock offset, a new measure of it, its reports. */
  readonly wallHost: WallHost = {
    offsetMs: () => this.connection.clock?.offsetMs ?? 0,
    measureClock: () => void this.connection.client?.measureClock(),
    send: (frame) => void this.connection.sendWelcomed(frame),
  };

  /** The program on screen finished one pass of its main scenes: the schedule says what plays next. */
  programEnded = (): void => {
    this.playback.schedule("ended");
  };

  /** A message has been shown its count: it leaves the screen (an interrupted program comes back). */
  messageEnded = (message: ScheduleMessage): void => {
    this.playback.messageEnded(message);
  };

  /** A renderer event: proof of play, or an error worth an event frame. */
  playEvent = (e: PlayEvent): void => {
    const program = this.store.snap.showing?.item;
    if (!program) return;
    if (e.kind === "error") {
      this.report(
        "playbackError",
        playerReason("widgetError", {
          name: program.name,
          id: program.id,
          scene: e.sceneId,
          widget: e.widgetId,
          error: e.message,
        }),
      );
      return;
    }
    const item = popItemOf(program.id, e);
    if (item) this.pop.add(item);
  };

  // ---- start ----

  /** Starts from what the storage holds (playing cached content at once), then goes online. */
  async start(): Promise<void> {
    this.device.applySettings();
    await this.manifests.serial(() => this.manifests.applyManifest(this.store.snap.manifest));
    setInterval(() => this.flushPop(), FLUSH_MS);
    setInterval(() => void this.estimate(), ESTIMATE_MS);
    addEventListener("pagehide", () => this.pop.persist());
    void this.estimate();
    this.connection.start();
  }

  /** Fetches the manifest and brings the media up to date. */
  sync(): Promise<void> {
    return this.manifests.sync();
  }

  // ---- status, proof of play, events ----

  async estimate(): Promise<void> {
    const e = await navigator.storage?.estimate?.().catch(() => null);
    this.storage = e ? { used: e.usage ?? 0, quota: e.quota ?? null } : null;
  }

  /** The status of hello and every heartbeat. */
  status(): TerminalStatus {
    const dpr = window.devicePixelRatio || 1;
    const snap = this.store.snap;
    const program = snap.showing?.item;
    // The Network Information API's `type` (Android: wifi, ethernet, cellular…); not its speed guess.
    const connection = (navigator as { connection?: { type?: string } }).connection;
    return buildStatus({
      version: PLAYER_VERSION,
      resolution: { width: window.innerWidth * dpr, height: window.innerHeight * dpr },
      program: program ? { id: program.id, name: program.name } : null,
      storage: this.storage,
      startedAt: this.startedAt,
      now: Date.now(),
      online: navigator.onLine,
      connectionType: connection?.type ?? null,
      volume: snap.volume,
      lastDownloadError: snap.lastDownloadError,
      manifestVersion: snap.manifest?.version ?? null,
      timezone: deviceTimeZone(),
      // The position goes only while the operator asked for it (autoPosition): a placed marker stays put.
      ...(this.device.settings.autoPosition ? { position: this.device.position } : {}),
      clock: this.connection.clock,
      screen: snap.screen,
      mediaMissing: filesOf(snap.manifest).filter((f) => !this.manifests.held.has(f.hash)).length,
    });
  }

  flushPop(): void {
    const client = this.connection.welcomed ? this.connection.client : null;
    this.pop.flush((items) => client?.send({ type: "pop", items }) ?? false);
  }

  /** An event frame for the operator, the same message at most once in ten minutes. */
  report(kind: EventKind, message: Why): void {
    const now = Date.now();
    const words = whyText(message);
    const key = `${kind}:${words}`;
    const last = this.eventsSent.get(key);
    if (last !== undefined && now - last < EVENT_REPEAT_MS) return;
    this.log.add(kind === "info" ? "info" : "warn", `${kind}: ${words}`);
    if (this.connection.sendWelcomed({ type: "event", kind, ...messageFields(message), at: now }))
      this.eventsSent.set(key, now);
  }

  // ---- commands ----

  async command(c: CommandFrame): Promise<CommandResult> {
    this.log.add("info", `command ${c.name} (${c.id})`);
    const result = await runCommand(c, this.commandContext());
    if (!result.ok) this.log.add("warn", `command ${c.name} (${c.id}) failed: ${whyText(result.reason)}`);
    return result;
  }

  /** Before a reload: the proof of play goes (or is kept), then the page reloads. */
  private goAway(): void {
    this.flushPop();
    this.pop.persist();
    setTimeout(() => this.env.reload(), RELOAD_AFTER_MS);
  }

  /** What the command handlers may see and do of the player. */
  private commandContext(): CommandContext {
    const { connection, manifests, playback, device } = this;
    return {
      env: this.env,
      log: this.log,
      debug: this.debug,
      fetch: this.fetchFn,
      snapshot: () => this.store.snap,
      subscribe: this.subscribe,
      token: () => connection.token,
      progress: (id, done, total, note) => {
        connection.sendWelcomed({ type: "progress", id, done, total, note });
      },
      clock: () => connection.clock,
      measureClock: () => connection.client?.measureClock() ?? Promise.resolve(null),
      refetch: () => manifests.refetch(),
      sync: () => manifests.sync(),
      serial: (job) => manifests.serial(job),
      estimate: () => this.estimate(),
      setVolume: (volume) => device.setVolume(volume),
      setPosition: (position) => {
        device.position = position;
      },
      holdSettings: (settings) => {
        device.holdSettings(settings, manifests.newest()?.version ?? null);
        device.applySettings();
      },
      newest: () => manifests.newest(),
      pending: () => manifests.pending,
      waiting: () => manifests.waiting,
      programs: () => manifests.programs,
      readiness: (programId) => manifests.readiness(programId),
      currentPlayNow: () => playback.currentPlayNow(),
      holdPlayNow: (p) => playback.holdPlayNow(p),
      reviveMessages: (messages) => playback.revive(messages),
      forgetEverything: (removed) => this.forgetEverything(removed),
      goAway: () => this.goAway(),
      screenshotTarget: () => this.screenshotTarget?.() ?? null,
    };
  }

  /** The clear command: every cached file and the manifest go; the settings stay until the next manifest brings them. */
  private async forgetEverything(removed: () => void): Promise<void> {
    const { store, kv } = this.env;
    const { manifests, playback, device } = this;
    for (const hash of await store.hashes()) {
      await store.remove(hash);
      removed();
    }
    kv.remove(KEYS.manifest);
    kv.remove(KEYS.manifestEtag);
    // The settings stay until the next manifest brings them again (timers hold meanwhile).
    device.holdSettings(device.settings, null);
    manifests.pending = null;
    manifests.waiting = null;
    manifests.failedFiles.clear();
    playback.playNowHeld = null;
    playback.endedMessages.clear();
    await manifests.applyManifest(null);
  }
}
