import type { Db } from "../db/client";
import { terminals } from "../db/schema";
import { anyOfText } from "../platform/sql";
import { snapshotColumns, type TerminalSnapshot } from "./connection";
import { hashToken } from "./token";

/** How long a terminal read by its token is reused for its HTTP calls (changes that notify drop it at once). */
export const TOKEN_CACHE_MS = 5000;
/** The most tokens one batched read asks for. */
const BATCH = 1000;
/** The most terminals kept; beyond, the oldest go. */
const MAX_ENTRIES = 100_000;

interface Waiting {
  resolve: (t: TerminalSnapshot | null) => void;
  reject: (err: unknown) => void;
}

interface Entry {
  terminal: TerminalSnapshot;
  at: number;
}

/**
 * Terminals by the hash of their token, for the /t/* HTTP calls (manifest,
 * media): a fleet fetching after a publish reads the table once per batch
 * of calls, not once per call.
 *
 * - A miss is read with the other misses of the same moment in one query.
 * - A hit is at most TOKEN_CACHE_MS old, and only served while `fresh()`
 *   says the bus has been listening throughout (a message missed while it
 *   was down could have been a deletion): otherwise everything is dropped.
 * - `forget` drops terminals at once: the hub calls it whenever a terminal's
 *   state, token, office or manifest changes here or on another process
 *   (notifyState, notifySync, and their bus messages). A read that was
 *   under way when something was forgotten answers its callers but is not
 *   kept.
 * - Unknown tokens are never kept (a screen's new token works at once).
 */
export class TerminalTokens {
  private readonly byHash = new Map<string, Entry>();
  private readonly hashOf = new Map<number, string>();
  /** Bumped by every forget: a read that began before it is not kept. */
  private generation = 0;
  private pending: Map<string, Waiting[]> | null = null;

  constructor(
    private readonly db: Db,
    /** An id of the bus connection now listening, null when it is not (see TerminalBus.epoch). */
    private readonly busEpoch: () => number | null,
    private readonly ttlMs = TOKEN_CACHE_MS,
  ) {}

  private epoch: number | null = null;

  /** The terminal a token belongs to, or null (the same answer as terminalByToken, read at most ttlMs ago). */
  async lookup(token: string): Promise<TerminalSnapshot | null> {
    if (!token || token.length > 512) return null;
    const hash = hashToken(token);
    const epoch = this.busEpoch();
    if (epoch === null || epoch !== this.epoch) {
      this.clear();
      this.epoch = epoch;
    }
    const hit = this.byHash.get(hash);
    if (hit && Date.now() - hit.at <= this.ttlMs) return hit.terminal;
    return new Promise((resolve, reject) => {
      if (!this.pending) {
        this.pending = new Map();
        setImmediate(() => void this.read());
      }
      const waiting = this.pending.get(hash);
      if (waiting) waiting.push({ resolve, reject });
      else this.pending.set(hash, [{ resolve, reject }]);
    });
  }

  /** Drops these terminals (their state, token, office or manifest changed). */
  forget(ids: Iterable<number>): void {
    this.generation++;
    for (const id of ids) {
      const hash = this.hashOf.get(id);
      if (hash === undefined) continue;
      this.hashOf.delete(id);
      if (this.byHash.get(hash)?.terminal.id === id) this.byHash.delete(hash);
    }
  }

  /** Drops every terminal. */
  clear(): void {
    this.generation++;
    this.byHash.clear();
    this.hashOf.clear();
  }

  /** A mark to pass to `keep`, taken before reading rows. */
  mark(): { generation: number; epoch: number | null } {
    return { generation: this.generation, epoch: this.epoch };
  }

  /** Keeps terminals read from the table after `mark` was taken, unless something was forgotten since. */
  keep(rows: Iterable<TerminalSnapshot>, mark: { generation: number; epoch: number | null }): void {
    const epoch = this.busEpoch();
    if (epoch === null || epoch !== this.epoch || mark.epoch !== epoch || mark.generation !== this.generation)
      return;
    const at = Date.now();
    for (const row of rows) this.put(row, at);
  }

  get size(): number {
    return this.byHash.size;
  }

  private put(row: TerminalSnapshot, at: number): void {
    const old = this.hashOf.get(row.id);
    if (old !== undefined && old !== row.tokenHash) this.byHash.delete(old);
    this.byHash.delete(row.tokenHash);
    this.byHash.set(row.tokenHash, { terminal: row, at });
    this.hashOf.set(row.id, row.tokenHash);
    if (this.byHash.size > MAX_ENTRIES) {
      const oldest = this.byHash.keys().next().value;
      if (oldest !== undefined) {
        const id = this.byHash.get(oldest)?.terminal.id;
        this.byHash.delete(oldest);
        if (id !== undefined && this.hashOf.get(id) === oldest) this.hashOf.delete(id);
      }
    }
  }

  private async read(): Promise<void> {
    const batch = this.pending;
    this.pending = null;
    if (!batch) return;
    const generation = this.generation;
    const epoch = this.epoch;
    const hashes = [...batch.keys()];
    const found = new Map<string, TerminalSnapshot>();
    try {
      for (let i = 0; i < hashes.length; i += BATCH) {
        const rows = await this.db
          .select(snapshotColumns)
          .from(terminals)
          .where(anyOfText(terminals.tokenHash, hashes.slice(i, i + BATCH)));
        for (const row of rows) found.set(row.tokenHash, row);
      }
    } catch (err) {
      // Answered as the read would have been: an error (not "unknown token", which would make screens forget it).
      for (const waiting of batch.values()) for (const w of waiting) w.reject(err);
      return;
    }
    const keep = generation === this.generation && epoch === this.epoch && this.busEpoch() === epoch;
    const at = Date.now();
    for (const [hash, waiting] of batch) {
      const row = found.get(hash) ?? null;
      if (row && keep) this.put(row, at);
      for (const w of waiting) w.resolve(row);
    }
  }
}
