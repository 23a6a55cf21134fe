import { Agents } from "./http";
import { CredentialStore } from "./state";
import { type FleetCounters, SimTerminal } from "./terminal";

/** How to run a fleet of simulated terminals. */
export interface FleetOptions {
  /** Server origin, e.g. http://127.0.0.1:8080. */
  server: string;
  count: number;
  /** Device ids are `sim-<prefix>-<n>`. */
  prefix?: string;
  /** The first n (so several processes can share a prefix without overlapping). */
  first?: number;
  /** JSON file keeping the tokens, so a restart reuses the terminals (none: tokens live in memory). */
  stateFile?: string | null;
  /** New connections a second (default 500). */
  connectRate?: number;
  /** Registrations in flight at once (default 32). */
  registerConcurrency?: number;
  /** Local addresses to connect from, cycled over the terminals (default: the system's choice). */
  sourceIps?: string[];
  /** Chance a heartbeat is followed by a fault event (default 0). */
  faultRate?: number;
  /** Share of commands answered with a failure and a reason (default 0). */
  ackFailRate?: number;
  /** Share of fetched manifests of which one publication is reported failed, with a reason (default 0). */
  deliveryFailRate?: number;
  /** Delay each terminal's heartbeats by its own random phase (up to half the interval). */
  heartbeatJitter?: boolean;
  /** The heartbeat interval the phase is drawn from (default 30 s; the server's welcome sets the real one). */
  heartbeatSec?: number;
  /** Fetch the manifest on sync (default true). */
  manifest?: boolean;
  /** No registration: the device id is the token (for a bare baseline server). */
  skipRegister?: boolean;
  minBackoffMs?: number;
  maxBackoffMs?: number;
  random?: () => number;
  /** Told about failures worth a line in a log (default: ignored; they are counted in stats().errors). */
  onError?: (deviceId: string, err: unknown) => void;
}

/** What the fleet looks like now. */
export interface FleetStats extends FleetCounters {
  total: number;
  /** Terminals holding a token. */
  registered: number;
  /** Sockets open now. */
  connected: number;
  /** Of the open sockets, those the server welcomed. */
  welcomed: number;
  pending: number;
  authorised: number;
  disabled: number;
  /** Terminals whose token the server refused for good. */
  refused: number;
}

/** Terminals told and served since an instant (Fleet.syncedSince). */
export interface SyncTimes {
  synced: number;
  fetched: number;
  lastSyncAt: number;
  lastManifestAt: number;
}

/** A terminal the operator still has to authorise, with the code on its screen. */
export interface PendingTerminal {
  deviceId: string;
  terminalId: number | null;
  enrolCode: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Many simulated screens speaking the real protocol: the library
 * behind the fleet-sim CLI, the fleet test and the fleet benchmark. Enrols
 * the terminals a few at a time, then opens their sockets at a steady rate,
 * spread over local addresses.
 */
export class Fleet {
  readonly terminals: SimTerminal[];
  private readonly store: CredentialStore;
  private readonly agents: Agents;
  private readonly counters: FleetCounters = {
    registrations: 0,
    beats: 0,
    acks: 0,
    failures: 0,
    events: 0,
    screenshots: 0,
    manifests: 0,
    carried: 0,
    deliveries: 0,
    deliveryFailures: 0,
    errorFrames: 0,
    errors: 0,
    reconnects: 0,
  };
  private running = false;
  private pacing = 0;

  constructor(private readonly opts: FleetOptions) {
    if (!Number.isInteger(opts.count) || opts.count < 1) throw new Error("count must be a whole number >= 1");
    this.store = new CredentialStore(opts.server, opts.stateFile ?? null);
    this.agents = new Agents(opts.server);
    const random = opts.random ?? Math.random;
    const prefix = opts.prefix ?? "fleet";
    const first = opts.first ?? 1;
    const ips = opts.sourceIps ?? [];
    const phaseMs = opts.heartbeatJitter ? ((opts.heartbeatSec ?? 30) * 1000) / 2 : 0;
    this.terminals = Array.from({ length: opts.count }, (_, i) => {
      const n = first + i;
      return new SimTerminal({
        server: opts.server,
        index: n,
        deviceId: `sim-${prefix}-${n}`,
        store: this.store,
        agents: this.agents,
        counters: this.counters,
        localAddress: ips.length > 0 ? ips[i % ips.length] : undefined,
        heartbeatDelayMs: Math.floor(random() * phaseMs),
        faultRate: opts.faultRate ?? 0,
        ackFailRate: opts.ackFailRate ?? 0,
        deliveryFailRate: opts.deliveryFailRate ?? 0,
        manifest: opts.manifest ?? true,
        skipRegister: opts.skipRegister ?? false,
        minBackoffMs: opts.minBackoffMs ?? 1000,
        maxBackoffMs: opts.maxBackoffMs ?? 60_000,
        random,
        onError: opts.onError ?? (() => undefined),
      });
    });
  }

  /** From now on this share of commands is answered with a failure and a reason (0 to 1). */
  setAckFailRate(rate: number): void {
    if (!(rate >= 0 && rate <= 1)) throw new Error("the failure rate is a share from 0 to 1");
    for (const t of this.terminals) t.setAckFailRate(rate);
  }

  /** Registers what is not registered yet, then connects everything at the connect rate. */
  async start(): Promise<void> {
    await this.register();
    await this.connect();
  }

  /** Enrols the terminals holding no token, `registerConcurrency` at a time; a failure is counted, not thrown. */
  async register(): Promise<void> {
    this.running = true;
    const todo = this.terminals.filter((t) => !t.registered);
    let next = 0;
    const worker = async () => {
      while (this.running && next < todo.length) {
        const t = todo[next++];
        if (!t) return;
        try {
          await t.register();
        } catch (err) {
          this.counters.errors++;
          this.opts.onError?.(t.deviceId, err);
        }
      }
    };
    await Promise.all(Array.from({ length: this.opts.registerConcurrency ?? 32 }, worker));
    this.store.flush();
  }

  /** Opens the sockets of the registered terminals at the connect rate; resolves once all are opening. */
  async connect(): Promise<void> {
    this.running = true;
    const pacing = ++this.pacing;
    const rate = this.opts.connectRate ?? 500;
    const todo = this.terminals.filter((t) => t.registered && !t.refused);
    const started = performance.now();
    let opened = 0;
    while (opened < todo.length) {
      if (!this.running || pacing !== this.pacing) return;
      const due = Math.min(todo.length, Math.floor(((performance.now() - started) / 1000) * rate) + 1);
      for (; opened < due; opened++) todo[opened]?.connect();
      await sleep(5);
    }
  }

  /**
   * Closes the sockets (of the terminals `which` picks, else all) and opens
   * them again at the connect rate, e.g. after a direct authorisation in the
   * database, which the server does not push.
   */
  async reconnect(which?: (t: SimTerminal) => boolean): Promise<void> {
    this.pacing++;
    for (const t of this.terminals) if (!which || which(t)) t.disconnect();
    await this.connect();
  }

  /** Closes every socket and kept-alive HTTP connection; the state file is written. */
  async stop(): Promise<void> {
    this.running = false;
    this.pacing++;
    for (const t of this.terminals) t.disconnect();
    this.agents.close();
    this.store.flush();
  }

  /** The terminals waiting for an operator, with their enrolment codes. */
  pending(): PendingTerminal[] {
    return this.terminals
      .filter((t) => t.state === "pending" && t.enrolCode)
      .map((t) => ({ deviceId: t.deviceId, terminalId: t.terminalId, enrolCode: t.enrolCode ?? "" }));
  }

  stats(): FleetStats {
    const s: FleetStats = {
      ...this.counters,
      total: this.terminals.length,
      registered: 0,
      connected: 0,
      welcomed: 0,
      pending: 0,
      authorised: 0,
      disabled: 0,
      refused: 0,
    };
    for (const t of this.terminals) {
      if (t.registered) s.registered++;
      if (t.connected) s.connected++;
      if (t.connected && t.welcomed) s.welcomed++;
      if (t.refused) s.refused++;
      if (t.state === "pending") s.pending++;
      else if (t.state === "authorised") s.authorised++;
      else if (t.state === "disabled") s.disabled++;
    }
    return s;
  }

  /**
   * Of the terminals, how many received `sync` and how many fetched their
   * manifest at or after `since` (ms since the epoch), and when the last of
   * each did (0: none): what the publishing benchmark measures at the screens.
   */
  syncedSince(since: number): SyncTimes {
    const t: SyncTimes = { synced: 0, fetched: 0, lastSyncAt: 0, lastManifestAt: 0 };
    for (const terminal of this.terminals) {
      if (terminal.lastSyncAt >= since) {
        t.synced++;
        t.lastSyncAt = Math.max(t.lastSyncAt, terminal.lastSyncAt);
      }
      if (terminal.lastManifestAt >= since) {
        t.fetched++;
        t.lastManifestAt = Math.max(t.lastManifestAt, terminal.lastManifestAt);
      }
    }
    return t;
  }

  /** Resolves with the stats once `done` holds of them (checked every `everyMs`); rejects after `timeoutMs`. */
  async waitFor(done: (s: FleetStats) => boolean, timeoutMs: number, everyMs = 20): Promise<FleetStats> {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const s = this.stats();
      if (done(s)) return s;
      if (performance.now() > deadline) {
        throw new Error(`fleet: condition not met within ${timeoutMs / 1000} s; now ${formatStats(s)}`);
      }
      await sleep(everyMs);
    }
  }
}

/** One compact line of stats (the CLI prints one every 2 s). */
export function formatStats(s: FleetStats): string {
  return (
    `reg ${s.registered}/${s.total} (+${s.registrations}) conn ${s.connected} welcomed ${s.welcomed} ` +
    `auth ${s.authorised} pend ${s.pending} refused ${s.refused} | beats ${s.beats} acks ${s.acks} ` +
    `fail ${s.failures} events ${s.events} shots ${s.screenshots} manifests ${s.manifests} (carried ${s.carried}) ` +
    `deliveries ${s.deliveries} (failed ${s.deliveryFailures}) ` +
    `reconn ${s.reconnects} errFrames ${s.errorFrames} errors ${s.errors}`
  );
}
