import type { MediaInfo, PlayEvent } from "@marquee/renderer";
import {
  type DeviceSettings,
  EMPTY_PLAY_STATE,
  type PlayState,
  type Resolution,
  resolveAt,
  type ScheduleInput,
  type ScheduleMessage,
} from "@marquee/schedule";
import {
  backoffMs,
  type ClockEstimate,
  type CommandFrame,
  type CommandResult,
  type Manifest,
  type Position,
  type SocketFactory,
  type SocketLike,
  TerminalClient,
  type TerminalFrame,
  type TerminalState,
  type TerminalStatus,
} from "@marquee/terminal-protocol";
import { type CommandContext, runCommand } from "./commands";
import { parseVolume } from "./commands/args";
import { reasonOf } from "./commands/context";
import { type DeliveryInputs, DeliveryReporter } from "./delivery";
import { downloadWindowReason, parseSettings, playVolume, ScreenClock } from "./device";
import { deviceIdOf, RegisterFailed, register, shortModel } from "./identity";
import { programReadiness } from "./library";
import { DebugStream, LogRing } from "./log";
import {
  diffMedia,
  fetchManifest,
  filesOf,
  type ManifestFetch,
  mediaLookup,
  parseManifest,
} from "./manifest";
import { type MediaStore, NO_CACHE_REASON, StorageFull } from "./mediaStore";
import {
  messageKey,
  messagesOnScreen,
  nextCheckIn,
  type PlayItem,
  programProblems,
  programsOf,
  type Showing,
  type Skipped,
  type StepReason,
  scheduleInputOf,
  step,
} from "./playlist";
import { PLAY_NOW_PLAN, type PlayNow, playNowAt, playNowCandidate, playNowOf, samePlayNow } from "./playNow";
import { PopQueue, popItemOf } from "./pop";
import { type GeolocationLike, watchPosition } from "./position";
import { buildStatus } from "./status";
import { KEYS, type KeyValue, readJson } from "./storage";
import { PLAYER_VERSION } from "./version";

/**
 * The player's brain, outside React: it registers, keeps the terminal
 * connection, fetches the manifest and media, decides what plays, collects
 * proof of play and answers commands. Views read its snapshot
 * (useSyncExternalStore); nothing here waits on the network before playing
 * what the cache already holds.
 */

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

/** A manifest's programs as parsed once. */
interface Analysis {
  manifest: Manifest | null;
  programs: Map<number, PlayItem>;
  skipped: Skipped[];
  problems: Map<number, string>;
}

/** Same messages (by identity and content): the views keep their objects and the scroll goes on. */
function sameMessages(a: readonly ScheduleMessage[], b: readonly ScheduleMessage[]): boolean {
  return (
    a.length === b.length &&
    a.every((m, i) => {
      const o = b[i];
      return o !== undefined && messageKey(m) === messageKey(o) && JSON.stringify(m) === JSON.stringify(o);
    })
  );
}

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

/** A play-now or settings a command brought, held until a manifest newer than `base` arrives. */
interface Held<T> {
  value: T;
  /** The manifest version on screen when it came (null: none). */
  base: string | null;
}

type EventKind = Extract<TerminalFrame, { type: "event" }>["kind"];

const FLUSH_MS = 30_000;
const ESTIMATE_MS = 60_000;
const RETRY_DOWNLOADS_MS = 60_000;
/** Download progress reaches the views at most this often. */
const PROGRESS_MS = 500;
const EVENT_REPEAT_MS = 10 * 60_000;
/** A reboot or an update reloads this long after its ack (the ack and the proof of play go first). */
const RELOAD_AFTER_MS = 1000;

const noMedia = () => null;
/** A boundary timer fires this much after the boundary, so the resolver sees the new side of it. */
const BOUNDARY_SLACK_MS = 5;

/** The device's IANA time zone, if the browser tells it. */
export function deviceTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

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

/** The global fetch, bound: `this.fetchFn(url)` would otherwise call it on the controller ("Illegal invocation"). */
const globalFetch: typeof fetch = (input, init) => fetch(input, init);

/** The player: registration, connection, manifest, media, playlist, proof of play and commands. */
export class PlayerController {
  private snap: PlayerSnapshot;
  private readonly listeners = new Set<() => void>();
  private client: TerminalClient | null = null;
  /** The server welcomed this connection: frames other than hello may go. */
  private welcomed = false;
  private token: string | null;
  private readonly pop: PopQueue;
  private readonly startedAt = Date.now();
  private storage: { used: number; quota: number | null } | null = null;
  private registerAttempt = 0;
  private work: Promise<void> = Promise.resolve();
  private queuedSync: Promise<void> | null = null;
  private readonly fetchWaiters: Array<(r: { ok: true } | { ok: false; reason: string }) => void> = [];
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly eventsSent = new Map<string, number>();
  private screenshotTarget: (() => ScreenshotTarget | null) | null = null;
  /** The manifest's playable programs, by id. */
  private programs = new Map<number, PlayItem>();
  /** Why programs the manifest names cannot play, by id (for delivery reports). */
  private problems = new Map<number, string>();
  private scheduleInput: ScheduleInput = { plans: [], messages: [], timezone: "UTC" };
  /** What the times and interval modes remember; kept across manifest refreshes. */
  private playState: PlayState = EMPTY_PLAY_STATE;
  private boundaryTimer: ReturnType<typeof setTimeout> | null = null;
  /** Messages shown their count (messageKey). */
  private readonly endedMessages = new Set<string>();
  /** Publications of the programs started since they entered the rotation. */
  private readonly startedPublications = new Set<number>();
  /** Files held on the screen, and those that failed to download with the reason. */
  private held = new Set<string>();
  private readonly failedFiles = new Map<string, string>();
  private readonly delivery: DeliveryReporter;
  private analysed: Analysis | null = null;
  /** A fetched manifest not on screen yet (its files are downloading, or wait for the download window). */
  private pending: Manifest | null = null;
  /** Why downloads wait (the download window), or null. */
  private waiting: string | null = null;
  /** The settings obeyed now, a `settings` command's until a newer manifest carries them. */
  private settings: DeviceSettings = {};
  private settingsHeld: Held<DeviceSettings> | null;
  private readonly screenClock: ScreenClock;
  /** The screen's own volume (volume command, or the settings' volume when it changes). */
  private baseVolume: number;
  /** A play-now a command brought (playProgram, syncStart) until a newer manifest says. */
  private playNowHeld: Held<PlayNow> | null = null;
  private clock: ClockEstimate | null = null;
  private position: Position | null = null;
  private stopWatch: (() => void) | null = null;
  readonly log: LogRing;
  private readonly debug: DebugStream;

  constructor(private readonly env: PlayerEnv) {
    const { kv } = env;
    const manifest = readJson(kv, KEYS.manifest, parseManifest);
    const state = kv.get(KEYS.state);
    const terminalId = Number(kv.get(KEYS.terminalId));
    this.token = kv.get(KEYS.token);
    this.pop = new PopQueue(kv);
    // Like pop and event frames, delivery frames go only once welcomed (and only an authorised screen has any).
    this.delivery = new DeliveryReporter((frame) =>
      this.welcomed && this.snap.state === "authorised" ? (this.client?.send(frame) ?? false) : false,
    );
    this.log = env.log ?? new LogRing();
    this.debug = new DebugStream(this.log, (lines) =>
      this.welcomed ? (this.client?.send({ type: "log", lines }) ?? false) : false,
    );
    this.settingsHeld = readJson(kv, KEYS.settings, (v) => {
      const held = v as { value?: unknown; base?: unknown } | null;
      const value = parseSettings(held?.value);
      const base = held?.base;
      return value && (typeof base === "string" || base === null) ? { value, base } : null;
    });
    this.baseVolume = parseVolume(kv.get(KEYS.volume));
    this.screenClock = new ScreenClock(() => this.applyScreen());
    this.snap = {
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
      volume: this.baseVolume,
      screen: { screenOn: true, brightness: 100, rotation: 0 },
      clock: null,
    };
  }

  /** The network's fetch, callable as a method: the browser's own refuses any `this` but the window's. */
  private get fetchFn(): typeof fetch {
    return this.env.fetch ?? globalFetch;
  }

  // ---- the views' side ----

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  snapshot = (): PlayerSnapshot => this.snap;

  private update(patch: Partial<PlayerSnapshot>): void {
    this.snap = { ...this.snap, ...patch };
    for (const l of this.listeners) l();
  }

  /** The view tells where the screenshot command should draw from. */
  setScreenshotTarget(target: (() => ScreenshotTarget | null) | null): void {
    this.screenshotTarget = target;
  }

  /** The program on screen finished one pass of its main scenes: the schedule says what plays next. */
  programEnded = (): void => {
    this.schedule("ended");
  };

  /** A message has been shown its count: it leaves the screen (an interrupted program comes back). */
  messageEnded = (message: ScheduleMessage): void => {
    this.endedMessages.add(messageKey(message));
    this.schedule("tick");
  };

  /** A renderer event: proof of play, or an error worth an event frame. */
  playEvent = (e: PlayEvent): void => {
    const program = this.snap.showing?.item;
    if (!program) return;
    if (e.kind === "error") {
      this.report(
        "playbackError",
        `${program.name} (#${program.id}) ${e.sceneId}/${e.widgetId}: ${e.message}`,
      );
      return;
    }
    const item = popItemOf(program.id, e);
    if (item) this.pop.add(item);
  };

  // ---- start ----

  /** Starts from what the storage holds (playing cached content at once), then goes online. */
  async start(): Promise<void> {
    this.applySettings();
    await this.serial(() => this.applyManifest(this.snap.manifest));
    setInterval(() => this.flushPop(), FLUSH_MS);
    setInterval(() => void this.estimate(), ESTIMATE_MS);
    addEventListener("pagehide", () => this.pop.persist());
    void this.estimate();
    if (this.token) this.connect(this.token);
    else void this.register();
  }

  // ---- registration and connection ----

  private async register(): Promise<void> {
    const { env } = this;
    const params = env.params;
    const dpr = window.devicePixelRatio || 1;
    const name = params.get("name")?.trim();
    try {
      const r = await register(this.fetchFn, env.origin, {
        deviceId: deviceIdOf(env.kv, (b) => crypto.getRandomValues(b)),
        model: (params.get("model")?.trim() || shortModel(navigator.userAgent)).slice(0, 100),
        version: PLAYER_VERSION,
        resolution: {
          width: Math.max(1, Math.round(screen.width * dpr)),
          height: Math.max(1, Math.round(screen.height * dpr)),
        },
        ...(name ? { name: name.slice(0, 100) } : {}),
      });
      if (this.snap.terminalId !== null && this.snap.terminalId !== r.terminalId) this.forgetManifest();
      env.kv.set(KEYS.token, r.token);
      env.kv.set(KEYS.terminalId, String(r.terminalId));
      env.kv.set(KEYS.enrolCode, r.enrolCode);
      env.kv.set(KEYS.state, r.state);
      this.token = r.token;
      this.update({ terminalId: r.terminalId, enrolCode: r.enrolCode, state: r.state, registerError: null });
      this.connect(r.token);
    } catch (e) {
      const reason = e instanceof RegisterFailed ? e.message : reasonOf(e);
      this.log.add("warn", `registration failed: ${reason}`);
      this.update({ registerError: reason, lastError: reason });
      setTimeout(() => void this.register(), backoffMs(this.registerAttempt++, 2000, 300_000));
    }
  }

  private connect(token: string): void {
    this.client?.stop();
    const client = new TerminalClient({
      server: this.env.origin,
      token,
      socket: this.env.socket ?? browserSocket,
      status: () => this.status(),
      clockSync: true,
      onClock: (estimate) => this.clocked(estimate),
      onCommand: (c) => this.command(c),
      onSync: (version) =>
        void (version === this.snap.manifest?.version ? this.completeMedia() : this.sync()),
      onState: (state, info) => this.onState(state, info),
      onRefused: () => this.refused(),
      onConnection: (connected) => {
        // Frames other than hello wait for the welcome (onState): the gateway refuses them before it.
        if (!connected) this.welcomed = false;
        this.update({ connected });
      },
    });
    this.client = client;
    client.setHeartbeatSec(this.settings.heartbeatSec ?? null);
    client.start();
  }

  /** A new clock estimate: a play-now waiting for its start instant is timed again with it. */
  private clocked(estimate: ClockEstimate): void {
    this.clock = estimate;
    this.log.add("debug", `clock: offset ${estimate.offsetMs} ms, round trip ${estimate.rttMs} ms`);
    this.update({ clock: estimate });
    const p = this.currentPlayNow();
    if (p?.startAt !== null && p?.startAt !== undefined) this.schedule("tick");
  }

  private onState(state: TerminalState, info: { terminalId: number; enrolCode: string }): void {
    const { kv } = this.env;
    const was = this.snap.state;
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
    this.update(patch);
    this.flushPop();
    // The server may have missed states while the screen was away: it gets them all again.
    this.delivery.resend(this.deliveryInputs(this.snap.manifest, this.held));
    if (state === "authorised" && was !== "authorised") void this.sync();
  }

  /** The server refused the token (revoked, unknown, disabled): register again, with back-off. */
  private refused(): void {
    this.welcomed = false;
    this.env.kv.remove(KEYS.token);
    this.token = null;
    this.client = null;
    this.update({ connected: false });
    setTimeout(() => void this.register(), backoffMs(this.registerAttempt++, 1000, 300_000));
  }

  private forgetManifest(): void {
    this.env.kv.remove(KEYS.manifest);
    this.env.kv.remove(KEYS.manifestEtag);
    void this.serial(() => this.applyManifest(null));
  }

  // ---- manifest and media ----

  /** Runs manifest and media work one job at a time. */
  private serial(job: () => Promise<void>): Promise<void> {
    this.work = this.work.then(job).catch((e) => {
      this.log.add("error", e);
      this.update({ lastError: reasonOf(e) });
    });
    return this.work;
  }

  /** Fetches the manifest and brings the media up to date (a sync asked while one waits joins it). */
  sync(): Promise<void> {
    if (!this.queuedSync)
      this.queuedSync = this.serial(async () => {
        this.queuedSync = null;
        await this.syncOnce();
      });
    return this.queuedSync;
  }

  /** Tells those waiting for the next manifest fetch (the refresh command) how it went. */
  private fetched(result: { ok: true } | { ok: false; reason: string }): void {
    for (const w of this.fetchWaiters.splice(0)) w(result);
  }

  /** Fetches the manifest; resolves once it is fetched (its media download on afterwards). */
  private refetch(): Promise<{ ok: true } | { ok: false; reason: string }> {
    return new Promise((resolve) => {
      this.fetchWaiters.push(resolve);
      void this.sync();
    });
  }

  /** Downloads what the manifest on screen still lacks (after a failure, or a cache the browser cleared). */
  private completeMedia(): Promise<void> {
    return this.serial(async () => {
      if (((await this.download(this.snap.manifest)) ?? 0) > 0) await this.applyManifest(this.snap.manifest);
    });
  }

  private async syncOnce(): Promise<void> {
    const token = this.token;
    if (!token) {
      this.fetched({ ok: false, reason: "not registered" });
      return;
    }
    let fetched: ManifestFetch;
    try {
      fetched = await fetchManifest(this.fetchFn, this.env.origin, token, this.env.kv.get(KEYS.manifestEtag));
    } catch (e) {
      this.update({ lastError: reasonOf(e) });
      this.fetched({ ok: false, reason: reasonOf(e) });
      return;
    }
    this.fetched(fetched.kind === "refused" ? { ok: false, reason: "token refused" } : { ok: true });
    if (fetched.kind === "refused") {
      this.client?.stop();
      this.refused();
      return;
    }
    if (fetched.kind === "same") {
      if (((await this.download(this.snap.manifest)) ?? 0) > 0) await this.applyManifest(this.snap.manifest);
      return;
    }
    const { manifest } = fetched;
    // Failures of the previous manifest's files are tried afresh.
    this.failedFiles.clear();
    // Its settings hold at once (they need no file)…
    this.pending = manifest;
    this.applySettings();
    // …its programs go on screen once their files are here (or failed): no half-loaded programs. While
    // the download window is closed the screen plays on what it holds; the window's opening syncs again.
    if ((await this.download(manifest)) === null) return;
    this.env.kv.set(KEYS.manifest, JSON.stringify(manifest));
    if (fetched.etag) this.env.kv.set(KEYS.manifestEtag, fetched.etag);
    else this.env.kv.remove(KEYS.manifestEtag);
    await this.applyManifest(manifest);
    this.client?.beat();
  }

  /**
   * Downloads the files a manifest needs that the screen lacks, one at a
   * time (a screen on a thin line does not choke), with progress and the
   * last failure; failed files are tried again a minute later. Answers how
   * many files arrived, or null when files are missing and the download
   * window is closed (they wait for it).
   */
  private async download(manifest: Manifest | null): Promise<number | null> {
    const token = this.token;
    if (!manifest || !token) return 0;
    const { store } = this.env;
    const held = new Set(await store.hashes());
    const { download } = diffMedia(filesOf(manifest), held);
    // The publications of this manifest: downloading (or downloaded at once when nothing is missing).
    const report = (throttle: boolean) =>
      this.delivery.report(this.deliveryInputs(manifest, held), { throttle });
    this.waiting =
      download.length > 0 && !this.screenClock.state.downloadAllowed
        ? downloadWindowReason(this.settings)
        : null;
    report(false);
    if (this.waiting) {
      this.update({ downloads: null, lastDownloadError: this.waiting });
      return null;
    }
    let failed: string | null = null;
    let arrived = 0;
    if (download.length > 0) {
      const progress = { done: 0, total: download.length, bytes: 0, totalBytes: 0 };
      progress.totalBytes = download.reduce((n, m) => n + m.size, 0);
      this.update({ downloads: { ...progress } });
      let shownAt = Date.now();
      for (const m of download) {
        try {
          await store.download(m, { origin: this.env.origin, token }, (n) => {
            progress.bytes += n;
            if (Date.now() - shownAt < PROGRESS_MS) return;
            shownAt = Date.now();
            this.update({ downloads: { ...progress } });
          });
          arrived++;
          held.add(m.hash);
          this.failedFiles.delete(m.hash);
        } catch (e) {
          failed = reasonOf(e);
          this.failedFiles.set(m.hash, failed);
          this.report(e instanceof StorageFull ? "storageLow" : "downloadFailed", failed);
          // A failure goes at once: the operator sees it without waiting for the rest.
          report(false);
        }
        progress.done++;
        this.update({ downloads: { ...progress } });
        report(true);
      }
      void this.estimate();
      report(false);
    }
    this.update({
      downloads: null,
      lastDownloadError: failed ?? (store.persistent ? null : NO_CACHE_REASON),
    });
    if (failed) this.retryDownloads();
    return arrived;
  }

  private retryDownloads(): void {
    if (this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.completeMedia();
    }, RETRY_DOWNLOADS_MS);
  }

  /** Puts a manifest on screen: its playlist and its media, then forgets files nothing wants. */
  private async applyManifest(manifest: Manifest | null): Promise<void> {
    const { store } = this.env;
    const files = filesOf(manifest);
    const held = new Set(await store.hashes());
    await store.prepare(files.filter((f) => held.has(f.hash)).map((f) => f.hash));
    const { programs, skipped, problems } = this.analyse(manifest);
    for (const s of skipped)
      this.report("playbackError", `program ${s.name} (#${s.id}) skipped: ${s.reason}`);
    for (const [id, why] of problems)
      if (!skipped.some((s) => s.id === id)) this.report("playbackError", `${why}: skipped`);
    this.programs = programs;
    this.problems = problems;
    this.scheduleInput = scheduleInputOf(manifest, programs);
    this.held = held;
    // The pending manifest is on screen from here (not before: commands ask the newest of the two).
    if (manifest === null || manifest === this.pending) this.pending = null;
    this.update({
      manifest,
      media: mediaLookup(manifest, (hash) => (held.has(hash) ? store.url(hash) : null)),
      cacheBytes: files.filter((f) => held.has(f.hash)).reduce((n, f) => n + f.size, 0),
    });
    if (manifest) this.log.add("info", `manifest ${manifest.version} on screen`);
    this.applySettings();
    this.schedule("manifest");
    const { remove } = diffMedia(files, held);
    for (const hash of remove) await store.remove(hash).catch(() => undefined);
  }

  /** A manifest's programs, parsed once (downloads report on it before it goes on screen). */
  private analyse(manifest: Manifest | null): Analysis {
    if (this.analysed?.manifest === manifest) return this.analysed;
    const { programs, skipped } = programsOf(manifest, this.programs);
    this.analysed = { manifest, programs, skipped, problems: programProblems(manifest, programs, skipped) };
    return this.analysed;
  }

  // ---- the screen's settings ----

  /** The newest manifest the screen has: one fetched and waiting for its files, else the one on screen. */
  private newest(): Manifest | null {
    return this.pending ?? this.snap.manifest;
  }

  /** Applies the settings in force: the newest manifest's, or a `settings` command's that came over it. */
  private applySettings(): void {
    const manifest = this.newest();
    const version = manifest?.version ?? null;
    const held = this.settingsHeld;
    if (held && held.base !== version) {
      this.settingsHeld = null;
      this.env.kv.remove(KEYS.settings);
    }
    const settings = this.settingsHeld?.value ?? manifest?.settings ?? {};
    this.settings = settings;
    // The settings' volume becomes the screen's own when it changes (a volume command may set it meanwhile).
    const { kv } = this.env;
    if (settings.volume !== undefined && String(settings.volume) !== kv.get(KEYS.settingsVolume)) {
      kv.set(KEYS.settingsVolume, String(settings.volume));
      kv.set(KEYS.volume, String(settings.volume));
      this.baseVolume = settings.volume;
    }
    this.client?.setHeartbeatSec(settings.heartbeatSec ?? null);
    this.watchPosition(settings.autoPosition === true);
    this.screenClock.set(settings, manifest?.timezone ?? "UTC");
    this.applyScreen();
  }

  /** Puts what the settings make of this instant on the screen: on/off, brightness, rotation, volume, downloads. */
  private applyScreen(): void {
    const st = this.screenClock.state;
    const was = this.snap.screen;
    this.env.applyVolume(playVolume(this.baseVolume, st));
    const screen =
      was.screenOn === st.screenOn && was.brightness === st.brightness && was.rotation === st.rotation
        ? was
        : { screenOn: st.screenOn, brightness: st.brightness, rotation: st.rotation };
    const volume = st.ruleVolume ?? this.baseVolume;
    if (screen !== was || volume !== this.snap.volume) this.update({ screen, volume });
    if (screen.screenOn !== was.screenOn) {
      this.log.add("info", `screen ${screen.screenOn ? "on" : "off"} (timers)`);
      // The console sees the screen go dark (or light) without waiting for the next beat.
      if (this.welcomed) this.client?.beat();
    }
    // The download window opened: what waits for it is fetched now.
    if (this.waiting && st.downloadAllowed) {
      this.waiting = null;
      void this.sync();
    }
  }

  /** Watches the device's position while settings.autoPosition is on. */
  private watchPosition(on: boolean): void {
    if (on && !this.stopWatch) {
      let first = true;
      this.stopWatch = watchPosition(
        this.env.geolocation,
        (p) => {
          this.position = p;
          // The first fix goes at once; later ones ride the heartbeats.
          if (first && this.welcomed) this.client?.beat();
          first = false;
        },
        (reason) => this.log.add("warn", `position: ${reason}`),
      );
    } else if (!on && this.stopWatch) {
      this.stopWatch();
      this.stopWatch = null;
    }
  }

  // ---- the schedule ----

  /**
   * Resolves the schedule now and sets what is on screen (step()): at start,
   * when a program finished its pass, when the manifest changed, when a
   * message ended and at the resolution's next boundary (a timer).
   */
  private schedule(reason: StepReason): void {
    if (this.boundaryTimer) clearTimeout(this.boundaryTimer);
    this.boundaryTimer = null;
    const now = Date.now();
    let res: Resolution;
    let showing: Showing | null;
    let wakeAt: number | null = null;
    try {
      res = resolveAt(this.scheduleInput, now);
      const playNow = this.currentPlayNow();
      const at = playNow ? playNowAt(playNow, now, this.clock?.offsetMs ?? 0) : null;
      const item = playNow && at?.active ? this.programs.get(playNow.programId) : undefined;
      wakeAt = at?.nextAt ?? null;
      const current = this.snap.showing;
      if (playNow && at && item) {
        // A play-now plays over the schedule (which stands still meanwhile), looping, from its first scene.
        showing =
          current?.playKey === at.key && current.item === item
            ? current
            : { item, candidate: playNowCandidate(playNow, at, now), playKey: at.key };
      } else {
        // After a play-now the schedule picks afresh rather than waiting for the end of its pass.
        const r = step(reason, current?.playKey ? null : current, res, this.programs, this.playState, now);
        this.playState = r.state;
        showing = r.showing;
      }
    } catch (e) {
      // A schedule the resolver cannot read must not stop the screen: it shows "no content" and says why.
      this.update({ showing: null, messages: [], interrupt: null, lastError: `schedule: ${reasonOf(e)}` });
      this.boundaryTimer = setTimeout(() => this.schedule("tick"), 60_000);
      return;
    }
    // A publication counts as playing from its first pass until it leaves the rotation.
    const rotation = new Set(res.playing.map((c) => c.publicationId));
    for (const id of this.startedPublications) if (!rotation.has(id)) this.startedPublications.delete(id);
    const started = showing?.candidate.planId === PLAY_NOW_PLAN ? null : showing?.candidate.publicationId;
    if (started !== undefined && started !== null) this.startedPublications.add(started);
    if (!showing) this.startedPublications.clear();
    const { interrupt, overlays } = messagesOnScreen(res, this.endedMessages);
    this.update({
      showing,
      messages: sameMessages(this.snap.messages, overlays) ? this.snap.messages : overlays,
      interrupt:
        interrupt && this.snap.interrupt && sameMessages([interrupt], [this.snap.interrupt])
          ? this.snap.interrupt
          : interrupt,
    });
    this.delivery.report(this.deliveryInputs(this.snap.manifest, this.held));
    let wait = nextCheckIn(res, now);
    if (wakeAt !== null) wait = Math.min(wait, Math.max(0, wakeAt - now));
    this.boundaryTimer = setTimeout(() => this.schedule("tick"), wait + BOUNDARY_SLACK_MS);
  }

  /** The play-now in force: a command's until a newer manifest, else the manifest's. */
  private currentPlayNow(): PlayNow | null {
    const held = this.playNowHeld;
    if (held && held.base === (this.snap.manifest?.version ?? null)) return held.value;
    this.playNowHeld = null;
    return playNowOf(this.snap.manifest);
  }

  /** Plays `p` now (a command's), unless the manifest already says so. */
  private holdPlayNow(p: PlayNow): void {
    if (samePlayNow(playNowOf(this.snap.manifest), p)) this.playNowHeld = null;
    else this.playNowHeld = { value: p, base: this.snap.manifest?.version ?? null };
    this.schedule("tick");
  }

  /** Publications with something on screen: the interrupting message alone, else the program's and the messages'. */
  private playingPublications(): Set<number> {
    const ids = new Set<number>();
    const { interrupt, messages, showing } = this.snap;
    if (this.snap.state !== "authorised") return ids;
    if (interrupt) {
      if (interrupt.publicationId !== null) ids.add(interrupt.publicationId);
      return ids;
    }
    // A play-now is no publication: the schedule's stand still under it.
    if (showing && !showing.playKey) for (const id of this.startedPublications) ids.add(id);
    for (const m of messages) if (m.publicationId !== null) ids.add(m.publicationId);
    return ids;
  }

  private deliveryInputs(manifest: Manifest | null, held: ReadonlySet<string>): DeliveryInputs {
    return {
      manifest,
      held,
      failed: this.failedFiles,
      problems: this.analyse(manifest).problems,
      playing: this.playingPublications(),
      waiting: this.waiting,
    };
  }

  // ---- status, proof of play, events ----

  private async estimate(): Promise<void> {
    const e = await navigator.storage?.estimate?.().catch(() => null);
    this.storage = e ? { used: e.usage ?? 0, quota: e.quota ?? null } : null;
  }

  /** The status of hello and every heartbeat. */
  status(): TerminalStatus {
    const dpr = window.devicePixelRatio || 1;
    const program = this.snap.showing?.item;
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
      volume: this.snap.volume,
      lastDownloadError: this.snap.lastDownloadError,
      manifestVersion: this.snap.manifest?.version ?? null,
      timezone: deviceTimeZone(),
      // The position goes only while the operator asked for it (autoPosition): a placed marker stays put.
      ...(this.settings.autoPosition ? { position: this.position } : {}),
      clock: this.clock,
      screen: this.snap.screen,
    });
  }

  private flushPop(): void {
    const client = this.welcomed ? this.client : null;
    this.pop.flush((items) => client?.send({ type: "pop", items }) ?? false);
  }

  /** An event frame for the operator, the same message at most once in ten minutes. */
  private report(kind: EventKind, message: string): void {
    const now = Date.now();
    const key = `${kind}:${message}`;
    const last = this.eventsSent.get(key);
    if (last !== undefined && now - last < EVENT_REPEAT_MS) return;
    this.log.add(kind === "info" ? "info" : "warn", `${kind}: ${message}`);
    if (this.welcomed && this.client?.send({ type: "event", kind, message: message.slice(0, 1000), at: now }))
      this.eventsSent.set(key, now);
  }

  // ---- commands ----

  private async command(c: CommandFrame): Promise<CommandResult> {
    this.log.add("info", `command ${c.name} (${c.id})`);
    const result = await runCommand(c, this.commandContext());
    if (!result.ok) this.log.add("warn", `command ${c.name} (${c.id}) failed: ${result.reason}`);
    return result;
  }

  /** Before a reload: the proof of play goes (or is kept), then the page reloads. */
  private goAway(): void {
    this.flushPop();
    this.pop.persist();
    setTimeout(() => this.env.reload(), RELOAD_AFTER_MS);
  }

  /**
   * Whether a program can play now, by the manifest on screen: null when it
   * can, else why (final: waiting will not help).
   */
  private readiness(programId: number): { final: boolean; reason: string } | null {
    const pending = this.pending;
    if (pending) {
      // A manifest on its way: only what it says (not there, invalid, a file failed) is final.
      const a = this.analyse(pending);
      const r = programReadiness(pending, a.programs, a.problems, this.held, this.failedFiles, programId);
      if (!r.ready && r.final) return r;
      return { final: false, reason: this.waiting ?? `manifest ${pending.version}: files downloading` };
    }
    const r = programReadiness(
      this.snap.manifest,
      this.programs,
      this.problems,
      this.held,
      this.failedFiles,
      programId,
    );
    if (r.ready) return null;
    return { final: r.final, reason: this.waiting && !r.final ? this.waiting : r.reason };
  }

  /** What the command handlers may see and do of the player. */
  private commandContext(): CommandContext {
    return {
      env: this.env,
      log: this.log,
      debug: this.debug,
      fetch: this.fetchFn,
      snapshot: () => this.snap,
      subscribe: this.subscribe,
      token: () => this.token,
      progress: (id, done, total, note) => {
        if (this.welcomed) this.client?.send({ type: "progress", id, done, total, note });
      },
      clock: () => this.clock,
      measureClock: () => this.client?.measureClock() ?? Promise.resolve(null),
      refetch: () => this.refetch(),
      sync: () => this.sync(),
      serial: (job) => this.serial(job),
      estimate: () => this.estimate(),
      setVolume: (volume) => {
        this.env.kv.set(KEYS.volume, String(volume));
        this.baseVolume = volume;
        this.applyScreen();
      },
      setPosition: (position) => {
        this.position = position;
      },
      holdSettings: (settings) => {
        this.settingsHeld = { value: settings, base: this.newest()?.version ?? null };
        this.env.kv.set(KEYS.settings, JSON.stringify(this.settingsHeld));
        this.applySettings();
      },
      newest: () => this.newest(),
      pending: () => this.pending,
      waiting: () => this.waiting,
      programs: () => this.programs,
      readiness: (programId) => this.readiness(programId),
      currentPlayNow: () => this.currentPlayNow(),
      holdPlayNow: (p) => this.holdPlayNow(p),
      reviveMessages: (messages) => {
        for (const m of messages) this.endedMessages.delete(messageKey(m));
        this.schedule("tick");
      },
      forgetEverything: (removed) => this.forgetEverything(removed),
      goAway: () => this.goAway(),
      screenshotTarget: () => this.screenshotTarget?.() ?? null,
    };
  }

  /** The clear command: every cached file and the manifest go; the settings stay until the next manifest brings them. */
  private async forgetEverything(removed: () => void): Promise<void> {
    const { store, kv } = this.env;
    for (const hash of await store.hashes()) {
      await store.remove(hash);
      removed();
    }
    kv.remove(KEYS.manifest);
    kv.remove(KEYS.manifestEtag);
    // The settings stay until the next manifest brings them again (timers hold meanwhile).
    this.settingsHeld = { value: this.settings, base: null };
    kv.set(KEYS.settings, JSON.stringify(this.settingsHeld));
    this.pending = null;
    this.waiting = null;
    this.failedFiles.clear();
    this.playNowHeld = null;
    this.endedMessages.clear();
    await this.applyManifest(null);
  }
}
