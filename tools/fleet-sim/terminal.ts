import { resolveAt } from "@marquee/schedule";
import {
  type CommandFrame,
  type CommandResult,
  type DeliveryItem,
  isCommandName,
  type Manifest,
  readCommandArgs,
  TerminalClient,
  type TerminalState,
  type TerminalStatus,
} from "@marquee/terminal-protocol";
import {
  type Agents,
  downloadPackage,
  type Endpoint,
  fetchManifest,
  register,
  uploadScreenshot,
  withRetries,
} from "./http";
import { screenshotPng } from "./png";
import { SimSocket } from "./socket";
import type { CredentialStore } from "./state";

/** Counters every simulated terminal of a fleet adds to. */
export interface FleetCounters {
  registrations: number;
  beats: number;
  acks: number;
  failures: number;
  events: number;
  screenshots: number;
  /** Manifests taken (carried by a sync or welcome, or fetched), and of those, carried. */
  manifests: number;
  carried: number;
  /** Delivery frames sent, and publications reported failed in them. */
  deliveries: number;
  deliveryFailures: number;
  errorFrames: number;
  /** HTTP calls or registrations that failed for good, and sockets that could not connect. */
  errors: number;
  /** Connections made after the first one of a terminal. */
  reconnects: number;
}

export interface SimTerminalOptions {
  server: string;
  index: number;
  deviceId: string;
  store: CredentialStore;
  /** The fleet's HTTP agents (one per local address). */
  agents: Agents;
  counters: FleetCounters;
  localAddress?: string;
  heartbeatDelayMs: number;
  faultRate: number;
  ackFailRate: number;
  /** Share of fetched manifests of which one publication is reported failed, with a reason. */
  deliveryFailRate: number;
  /** Fetch the manifest on sync (a real screen does; benchmarks of the socket layer may not). */
  manifest: boolean;
  /** Connect with the device id as the token, no registration (against a bare baseline server). */
  skipRegister: boolean;
  minBackoffMs: number;
  maxBackoffMs: number;
  random: () => number;
  onError: (deviceId: string, err: unknown) => void;
}

const RESOLUTIONS = [
  { width: 1920, height: 1080 },
  { width: 1080, height: 1920 },
  { width: 3840, height: 2160 },
  { width: 1366, height: 768 },
] as const;
const PROGRAMS = ["Morning menu", "Opening hours", "Spring campaign", "Welcome loop", "Safety notice"];
const FAULTS = [
  "display link lost for 3 s",
  "panel temperature 71 °C",
  "SD card write error",
  "decoder reset while playing",
];
/** Time zones the simulated screens report (a fleet spans several). */
const TIME_ZONES = [
  "Europe/Rome",
  "Asia/Shanghai",
  "America/New_York",
  "UTC",
  "Europe/Moscow",
  "Europe/Paris",
];
const DOWNLOAD_FAULTS = [
  "HTTP 503 from the server",
  "storage full",
  "connection reset while downloading",
  "checksum mismatch",
];
const GIB = 1024 ** 3;
const PNG_CACHE = new Map<number, Buffer>();

/**
 * One simulated screen: enrols (or reuses its saved token), keeps one socket
 * through the shared TerminalClient, reports a plausible status, acts on
 * commands (refresh, volume, screenshot with a real upload), fails a share of
 * them with a reason, and raises fault events at random.
 */
export class SimTerminal {
  private client: TerminalClient | null = null;
  private readonly startedAt = Date.now();
  private volume = 60;
  private manifestVersion: string | null = null;
  /** The last manifest fetched (programs, play-now, settings). */
  private manifest: Manifest | null = null;
  /** The publication of that manifest reported failed (--delivery-fail-rate), with its reason. */
  private deliveryFailure: { publicationId: number; reason: string } | null = null;
  /** Settings the last `settings` command or manifest gave (kept, reported as applied). */
  private settings: Record<string, unknown> = {};
  private version = "sim-1";
  private connections = 0;
  private reRegistered = false;
  state: TerminalState | null = null;
  enrolCode: string | null = null;
  terminalId: number | null = null;
  connected = false;
  /** Welcomed on the current connection. */
  welcomed = false;
  /** The server refused its token for good. */
  refused = false;
  /** When (ms since the epoch) it last received `sync` (or a welcome naming a manifest), and last fetched the manifest. */
  lastSyncAt = 0;
  lastManifestAt = 0;

  constructor(private readonly opts: SimTerminalOptions) {
    const saved = opts.store.get(opts.deviceId);
    if (saved) {
      this.terminalId = saved.terminalId;
      this.enrolCode = saved.enrolCode;
    }
  }

  /** Its HTTP calls leave from its own local address, like its socket. */
  private get endpoint(): Endpoint {
    return this.opts.agents.endpoint(this.opts.localAddress);
  }

  /** `sim-<prefix>-<n>`, stable across runs. */
  get deviceId(): string {
    return this.opts.deviceId;
  }

  /** Holds a token (or needs none: a bare baseline). */
  get registered(): boolean {
    return this.opts.skipRegister || this.opts.store.get(this.opts.deviceId) !== undefined;
  }

  /** Enrols unless a token is saved (or `force`, after the saved one was refused). */
  async register(force = false): Promise<void> {
    if (this.opts.skipRegister || (this.registered && !force)) return;
    const resolution = RESOLUTIONS[this.opts.index % RESOLUTIONS.length] ?? RESOLUTIONS[0];
    const answer = await withRetries(6, () =>
      register(this.endpoint, {
        deviceId: this.opts.deviceId,
        model: "Marquee fleet-sim",
        version: "sim-1",
        resolution,
        name: `Sim ${this.opts.deviceId}`,
      }),
    );
    this.opts.counters.registrations++;
    this.terminalId = answer.terminalId;
    this.enrolCode = answer.enrolCode;
    this.state = answer.state;
    this.opts.store.set(this.opts.deviceId, {
      terminalId: answer.terminalId,
      token: answer.token,
      enrolCode: answer.enrolCode,
    });
  }

  /** Changes the share of commands answered with a failure (a benchmark switches it between phases). */
  setAckFailRate(rate: number): void {
    this.opts.ackFailRate = rate;
  }

  /** Opens the socket (the client reconnects by itself with jittered back-off until stopped). */
  connect(): void {
    if (this.client || this.refused) return;
    const token = this.opts.skipRegister
      ? this.opts.deviceId
      : this.opts.store.get(this.opts.deviceId)?.token;
    if (!token) throw new Error(`${this.opts.deviceId} is not registered`);
    const { counters } = this.opts;
    const client = new TerminalClient({
      server: this.opts.server,
      token,
      socket: (url) =>
        new SimSocket(url, {
          localAddress: this.opts.localAddress,
          heartbeatDelayMs: this.opts.heartbeatDelayMs,
          hooks: {
            onHeartbeat: () => {
              counters.beats++;
              this.maybeFault();
            },
            onErrorFrame: () => {
              counters.errorFrames++;
            },
          },
        }),
      status: () => this.status(),
      onCommand: (command) => this.onCommand(command),
      takesManifest: true,
      onSync: (version, manifest) => void this.onSync(version, manifest),
      onState: (state, info) => {
        // The first state of a connection is its welcome (later ones are `state` frames).
        const welcome = !this.welcomed;
        this.state = state;
        if (info.terminalId) this.terminalId = info.terminalId;
        if (info.enrolCode) this.enrolCode = info.enrolCode;
        this.welcomed = true;
        // As a player does: every publication's state again, so a server that lost reports (a crash) catches up.
        if (welcome && state === "authorised") this.sendDelivery();
      },
      onConnection: (connected) => {
        this.connected = connected;
        this.welcomed = false;
        if (connected && this.connections++ > 0) counters.reconnects++;
      },
      onRefused: () => void this.onRefused(),
      minBackoffMs: this.opts.minBackoffMs,
      maxBackoffMs: this.opts.maxBackoffMs,
      random: this.opts.random,
    });
    this.client = client;
    client.start();
  }

  /** Closes the socket and stops reconnecting. */
  disconnect(): void {
    this.client?.stop();
    this.client = null;
    this.connected = false;
    this.welcomed = false;
  }

  /** What it reports with hello and every heartbeat. */
  status(): TerminalStatus {
    const n = this.opts.index;
    return {
      version: this.version,
      resolution: RESOLUTIONS[n % RESOLUTIONS.length] ?? RESOLUTIONS[0],
      programId: this.manifest?.playNow?.programId ?? null,
      programName: PROGRAMS[n % PROGRAMS.length] ?? null,
      storageUsed: Math.round((1 + (n % 13)) * 0.37 * GIB),
      storageQuota: 32 * GIB,
      uptimeSec: Math.floor((Date.now() - this.startedAt) / 1000),
      network: n % 3 === 0 ? "wifi" : "ethernet",
      volume: this.volume,
      lastDownloadError: null,
      manifestVersion: this.manifestVersion,
      timezone: TIME_ZONES[n % TIME_ZONES.length],
    };
  }

  private async onCommand(command: CommandFrame): Promise<CommandResult> {
    const result = await this.act(command);
    if (result.ok) this.opts.counters.acks++;
    else this.opts.counters.failures++;
    return result;
  }

  private async act(command: CommandFrame): Promise<CommandResult> {
    if (this.opts.ackFailRate > 0 && this.opts.random() < this.opts.ackFailRate) {
      return { ok: false, reason: `simulated failure of ${command.name} (fleet-sim --ack-fail-rate)` };
    }
    const name = command.name;
    if (!isCommandName(name)) return { ok: false, reason: `fleet-sim does not know the command "${name}"` };
    switch (name) {
      case "refresh":
        return { ok: true };
      case "volume": {
        const args = readCommandArgs(name, command.args);
        if (!args.success) {
          const got = String(command.args.volume);
          return { ok: false, reason: `volume must be a whole number from 0 to 100, got ${got}` };
        }
        const volume = args.data.volume;
        this.volume = volume;
        this.client?.beat();
        return { ok: true, data: { volume } };
      }
      case "screenshot": {
        const token = this.opts.store.get(this.opts.deviceId)?.token ?? this.opts.deviceId;
        const seed = this.opts.index % 24;
        let png = PNG_CACHE.get(seed);
        if (!png) {
          png = screenshotPng(seed);
          PNG_CACHE.set(seed, png);
        }
        try {
          const answer = await withRetries(3, () => uploadScreenshot(this.endpoint, token, command.id, png));
          this.opts.counters.screenshots++;
          return { ok: true, data: pickScalars(answer) };
        } catch (err) {
          this.opts.counters.errors++;
          return {
            ok: false,
            reason: `screenshot upload failed: ${err instanceof Error ? err.message : String(err)}`,
          };
        }
      }
      case "settings": {
        const settings = command.args.settings;
        if (typeof settings !== "object" || settings === null)
          return { ok: false, reason: "settings must be an object" };
        this.settings = settings as Record<string, unknown>;
        return { ok: true, data: { applied: Object.keys(this.settings).length } };
      }
      case "reboot":
        // Answer first (a screen acks before it goes down), then drop the socket and come back like a restart.
        setTimeout(() => this.restart(), 200).unref();
        return { ok: true };
      case "clear":
        this.manifest = null;
        this.manifestVersion = null;
        this.deliveryFailure = null;
        void this.onSync("cleared");
        return { ok: true, data: { cleared: true } };
      case "playProgram":
      case "syncStart": {
        const manifest = await this.refetch();
        const programId = command.args.programId;
        if (!manifest?.programs.some((p) => p.id === programId))
          return { ok: false, reason: `program ${String(programId)} is not in this screen's manifest` };
        if (name === "playProgram") return { ok: true, data: { programId } };
        const at = Number(command.args.at);
        const startsInMs = at - Date.now();
        if (!(startsInMs > 0)) return { ok: false, reason: "the start time has already passed" };
        // The simulator runs on the server's machine: its clock is the server's.
        return { ok: true, data: { programId, offsetMs: 0, rttMs: 0, startsInMs } };
      }
      case "playMessage": {
        const manifest = await this.refetch();
        const messageId = command.args.messageId;
        if (!manifest?.messages.some((m) => m.id === messageId))
          return { ok: false, reason: `message ${String(messageId)} is not in this screen's manifest` };
        return { ok: true, data: { messageId } };
      }
      case "programs": {
        const programs = (this.manifest?.programs ?? []).map((p) => ({
          id: p.id,
          name: p.name,
          version: p.version,
          ready: true,
        }));
        return { ok: true, data: { programs, current: this.manifest?.playNow?.programId ?? null } };
      }
      case "deleteFiles": {
        // The simulator keeps no files: nothing to delete, nothing skipped.
        return { ok: true, data: { deleted: 0, skipped: 0, freedBytes: 0 } };
      }
      case "update":
        return this.update(command);
      case "position": {
        // A plausible spot per terminal: around Milan, spread over a few kilometres.
        const n = this.opts.index;
        return {
          ok: true,
          data: { lat: 45.46 + ((n % 97) - 48) * 0.001, lng: 9.19 + ((n % 89) - 44) * 0.001, accuracy: 25 },
        };
      }
      case "debug":
        return { ok: true, data: { on: command.args.on === true } };
    }
  }

  /** The manifest as the server holds it now (fetched again). */
  private async refetch(): Promise<Manifest | null> {
    const token = this.opts.store.get(this.opts.deviceId)?.token;
    if (!token || this.opts.skipRegister) return this.manifest;
    const manifest = await withRetries(3, () => fetchManifest(this.endpoint, token, this.manifestVersion));
    if (manifest) {
      this.manifest = manifest;
      this.manifestVersion = manifest.version;
    }
    return this.manifest;
  }

  /** update: download the package with progress frames, check its size and SHA-256, "install" (report the version). */
  private async update(command: CommandFrame): Promise<CommandResult> {
    const { url, sha256, size, version } = command.args;
    if (typeof url !== "string" || typeof sha256 !== "string" || typeof version !== "string")
      return { ok: false, reason: "update needs url, sha256 and version" };
    const token = this.opts.store.get(this.opts.deviceId)?.token ?? this.opts.deviceId;
    let last = 0;
    try {
      const got = await downloadPackage(this.endpoint, token, url, (done, total) => {
        const now = Date.now();
        if (now - last < 1000) return;
        last = now;
        this.client?.send({ type: "progress", id: command.id, done, total, note: "downloading" });
      });
      if (typeof size === "number" && got.size !== size)
        return { ok: false, reason: `the package has ${got.size} bytes, ${size} were announced` };
      if (got.sha256 !== sha256) return { ok: false, reason: "the package's SHA-256 does not match" };
      this.client?.send({
        type: "progress",
        id: command.id,
        done: got.size,
        total: got.size,
        note: "installing",
      });
      this.version = version.slice(0, 40);
      this.client?.beat();
      return { ok: true, data: { version: this.version, verified: true } };
    } catch (err) {
      return { ok: false, reason: `download failed: ${err instanceof Error ? err.message : String(err)}` };
    }
  }

  /** As after a reboot: the socket goes, and comes back a moment later. */
  private restart(): void {
    if (!this.client) return;
    this.disconnect();
    setTimeout(() => this.connect(), 500).unref();
  }

  private async onSync(version: string, carried?: Manifest): Promise<void> {
    this.lastSyncAt = Date.now();
    if (!this.opts.manifest || version === this.manifestVersion || this.opts.skipRegister) return;
    const token = this.opts.store.get(this.opts.deviceId)?.token;
    if (!token) return;
    try {
      // As the player does: a manifest the sync carried is taken as fetched; else GET /t/manifest.
      const manifest =
        carried?.version === version
          ? carried
          : await withRetries(3, () => fetchManifest(this.endpoint, token, this.manifestVersion));
      this.lastManifestAt = Date.now();
      if (manifest) {
        this.manifest = manifest;
        this.manifestVersion = manifest.version;
        this.reportDelivery(manifest);
      }
      this.opts.counters.manifests++;
      if (manifest === carried) this.opts.counters.carried++;
      this.client?.beat();
    } catch (err) {
      this.opts.counters.errors++;
      this.opts.onError(this.opts.deviceId, err);
    }
  }

  /**
   * What a player reports once a manifest is in: the simulator
   * downloads nothing, so each publication is at once playing (the resolver
   * puts it on screen now) or downloaded; with --delivery-fail-rate, one
   * publication of a share of the manifests failed, with a reason (drawn once
   * a manifest: the same one is reported failed again after a reconnect).
   */
  private reportDelivery(manifest: Manifest): void {
    const { random, deliveryFailRate } = this.opts;
    const failing =
      manifest.publications.length > 0 && deliveryFailRate > 0 && random() < deliveryFailRate
        ? manifest.publications[Math.floor(random() * manifest.publications.length)]
        : undefined;
    this.deliveryFailure = null;
    if (failing) {
      const fault = DOWNLOAD_FAULTS[Math.floor(random() * DOWNLOAD_FAULTS.length)] ?? "download failed";
      const file = manifest.media.find((m) => m.hash === failing.hashes[0])?.name ?? failing.name;
      this.deliveryFailure = {
        publicationId: failing.id,
        reason: `${file}: ${fault} (simulated by fleet-sim --delivery-fail-rate)`.slice(0, 500),
      };
    }
    this.sendDelivery();
  }

  /**
   * Sends the state of every publication of the manifest held (nothing
   * without one): after a manifest is fetched, and again after every welcome
   * even when nothing changed, as the web player does.
   */
  private sendDelivery(): void {
    const manifest = this.manifest;
    if (!manifest || manifest.publications.length === 0) return;
    const onScreen = new Set<number | null>();
    try {
      const res = resolveAt(
        { plans: manifest.schedule, messages: manifest.messages, timezone: manifest.timezone },
        Date.now(),
      );
      for (const c of res.playing) onScreen.add(c.publicationId);
      for (const m of res.messages) onScreen.add(m.publicationId);
    } catch {
      // A schedule the resolver cannot read plays nothing: everything is only downloaded.
    }
    const failure = this.deliveryFailure;
    let failed = false;
    const items: DeliveryItem[] = manifest.publications.slice(0, 1000).map((p) => {
      const total = p.hashes.length;
      if (p.id === failure?.publicationId) {
        failed = true;
        return { publicationId: p.id, state: "failed", done: 0, total, reason: failure.reason };
      }
      return {
        publicationId: p.id,
        state: onScreen.has(p.id) ? "playing" : "downloaded",
        done: total,
        total,
      };
    });
    if (this.client?.send({ type: "delivery", manifestVersion: manifest.version.slice(0, 64), items })) {
      this.opts.counters.deliveries++;
      if (failed) this.opts.counters.deliveryFailures++;
    }
  }

  private maybeFault(): void {
    if (this.opts.faultRate <= 0 || this.opts.random() >= this.opts.faultRate) return;
    const message = FAULTS[Math.floor(this.opts.random() * FAULTS.length)] ?? "simulated fault";
    if (this.client?.send({ type: "event", kind: "fault", message, at: Date.now() }))
      this.opts.counters.events++;
  }

  /** The token was refused: a saved one may be stale (new database), so enrol once more; else give up. */
  private async onRefused(): Promise<void> {
    this.client = null;
    if (this.opts.skipRegister || this.reRegistered) {
      this.refused = true;
      return;
    }
    this.reRegistered = true;
    try {
      await this.register(true);
      this.connect();
    } catch (err) {
      this.refused = true;
      this.opts.counters.errors++;
      this.opts.onError(this.opts.deviceId, err);
    }
  }
}

/** The scalar fields of an HTTP answer, as ack data (code and msg left out). */
function pickScalars(body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) {
    if (k === "code" || k === "msg") continue;
    if (v === null || ["string", "number", "boolean"].includes(typeof v)) out[k] = v;
  }
  return out;
}
