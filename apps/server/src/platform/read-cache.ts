interface Entry {
  value: Promise<unknown>;
  generation: string;
  at: number;
}

/** Offices whose rows a read covers or a write touched; null: every office. */
export type Offices = readonly number[] | null;

interface Generations {
  /** Writes of unknown offices: every reader of the table misses. */
  table: number;
  /** Writes of known offices, counted per office... */
  byOffice: Map<number, number>;
  /** ...and in all, for readers of every office. */
  anyOffice: number;
}

/**
 * Results of list reads (a page and its total), kept per (table, key) until
 * a write that can change them. An exact count(*) over a large table on every
 * page, or the same page read again by every open console, is what makes
 * lists slow; a page turn or a refresh with no write in between reuses the
 * answer, and concurrent requests for the same one share one query.
 *
 * Writers call `bump(table, offices)` with the offices of the rows they
 * wrote (in this process, at once, after their transaction committed), or
 * `bump(table)` when they do not know them. A reader names the offices of its
 * data range: it misses after a write in one of them (or an unknown one) and
 * keeps its answer through writes in other offices, so one tenant's writes
 * never drop another tenant's answers. An answer is also dropped after
 * `ttlMs`, so rows written by another server process show within that time.
 * Keys must carry everything that shapes the answer: the caller's data range
 * and every filter.
 */
export class ReadCache {
  private readonly generations = new Map<string, Generations>();
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly ttlMs = 5_000,
    private readonly maxEntries = 5_000,
  ) {}

  private of(table: string): Generations {
    let g = this.generations.get(table);
    if (!g) {
      g = { table: 0, byOffice: new Map(), anyOffice: 0 };
      this.generations.set(table, g);
    }
    return g;
  }

  /** A write to `table` in these offices (null or absent: offices unknown, every reader misses). */
  bump(table: string, offices: Offices = null): void {
    const g = this.of(table);
    if (offices === null) {
      g.table++;
      return;
    }
    if (offices.length === 0) return;
    g.anyOffice++;
    for (const id of new Set(offices)) g.byOffice.set(id, (g.byOffice.get(id) ?? 0) + 1);
  }

  /**
   * What a reader of `range` compares: counters only grow, so their sum over
   * the range changes exactly when a write touched one of its offices.
   */
  private generation(table: string, range: Offices): string {
    const g = this.generations.get(table);
    if (!g) return "0:0";
    if (range === null) return `${g.table}:${g.anyOffice}`;
    let sum = 0;
    for (const id of range) sum += g.byOffice.get(id) ?? 0;
    return `${g.table}:${sum}`;
  }

  /** The answer of `load` for (table, key), read in the offices of `range` (null: every office). */
  get<T>(table: string, key: string, load: () => Promise<T>, range: Offices = null): Promise<T> {
    const generation = this.generation(table, range);
    const cacheKey = `${table}\u0000${key}`;
    const hit = this.entries.get(cacheKey);
    const now = Date.now();
    if (hit && hit.generation === generation && now - hit.at < this.ttlMs) return hit.value as Promise<T>;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    const value = load().then(share);
    const entry = { value, generation, at: now };
    this.entries.set(cacheKey, entry);
    value.catch(() => {
      if (this.entries.get(cacheKey) === entry) this.entries.delete(cacheKey);
    });
    return value;
  }
}

/**
 * An answer of the read cache is shared by every request that reads it until a write drops it: it is frozen
 * (itself, its properties, and their items or values: a page's rows), so no handler can change what other
 * requests are sending, and its parts are serialised once (`answerJson`).
 */
const shared = new WeakSet<object>();
const serialised = new WeakMap<object, string>();

const isObject = (value: unknown): value is object => value !== null && typeof value === "object";
/** What Object.freeze can take (a typed array with elements refuses). */
const freezable = (value: unknown): value is object => isObject(value) && !ArrayBuffer.isView(value);

function share<T>(value: T): T {
  if (!freezable(value)) return value;
  for (const part of Object.values(value)) {
    // A part shared already (a page's rows as PostgreSQL wrote them: rawJson) is frozen.
    if (!freezable(part) || shared.has(part)) continue;
    for (const item of Object.values(part)) if (freezable(item)) Object.freeze(item);
    Object.freeze(part);
    shared.add(part);
  }
  Object.freeze(value);
  shared.add(value);
  return value;
}

/** JSON.stringify of `value`, kept with it when it is (part of) a read cache answer. */
function partJson(value: unknown): string | undefined {
  if (!isObject(value) || !shared.has(value)) return JSON.stringify(value);
  let json = serialised.get(value);
  if (json === undefined) {
    json = JSON.stringify(value);
    serialised.set(value, json);
  }
  return json;
}

declare const rawJsonOf: unique symbol;
/**
 * A part of an answer that is JSON text PostgreSQL wrote (a page's rows), never made into objects: an
 * opaque, frozen stand-in that answerJson sends as that text. It holds nothing a handler can read; what a
 * handler needs of the rows comes beside it.
 */
export type RawJson<T> = { readonly [rawJsonOf]: T };

/** `json` as an answer's part, sent as it is (see RawJson). */
export function rawJson<T>(json: string): RawJson<T> {
  const stand = Object.freeze(Object.create(null)) as RawJson<T>;
  shared.add(stand);
  serialised.set(stand, json);
  return stand;
}

/** The UTF-8 bodies of answers around one cached part, by the JSON of their other parts. */
const bodies = new WeakMap<object, Map<string, Buffer>>();
/** Bodies kept per cached part: its envelopes in each language, with a page's own figures. */
const BODIES_PER_PART = 32;

/**
 * An answer as JSON.stringify writes it. A page of a cached list and the envelope around it are new
 * objects per request, but their list (and any other part taken from a cached answer) is serialised only
 * the first time it is sent. An answer around exactly one cached part is also encoded once: its UTF-8
 * bytes are kept with that part, by the text of the answer's other parts (the envelope's language, a
 * total), and every request that sends the same answer gets the same Buffer. A body is then neither
 * flattened, measured nor encoded again per request (a two-byte string, as any message in Chinese makes
 * it, costs more to encode than the page costs to find).
 */
export function answerJson(data: unknown): string | Buffer {
  if (!isObject(data) || Array.isArray(data)) return JSON.stringify(data);
  if (shared.has(data)) return partJson(data) as string;
  let partKey: string | undefined;
  let parts = 0;
  for (const key of Object.keys(data)) {
    const value = (data as Record<string, unknown>)[key];
    if (isObject(value) && shared.has(value)) {
      partKey ??= key;
      parts++;
    }
  }
  if (partKey === undefined) return JSON.stringify(data);
  if (parts > 1) return textOf(data);
  const part = (data as Record<string, object>)[partKey] as object;
  // The answer's other parts, as JSON.stringify writes them (the cached one by its place alone).
  const signature = JSON.stringify({ ...data, [partKey]: 0 });
  let kept = bodies.get(part);
  const hit = kept?.get(signature);
  if (hit) return hit;
  const body = Buffer.from(textOf(data), "utf8");
  if (!kept) {
    kept = new Map();
    bodies.set(part, kept);
  }
  if (kept.size >= BODIES_PER_PART) kept.clear();
  kept.set(signature, body);
  return body;
}

/** The JSON text of an object, each of its cached parts serialised once. */
function textOf(data: object): string {
  let out = "{";
  for (const [key, value] of Object.entries(data)) {
    const json = partJson(value);
    if (json === undefined) continue;
    out += `${out.length > 1 ? "," : ""}${JSON.stringify(key)}:${json}`;
  }
  return `${out}}`;
}

/**
 * The list caches a write to a table can change: a list's own table, and the
 * tables its answer also reads (uploader, creator and editor names, group and
 * office names, a plan's publications).
 */
export const LIST_SOURCES: Readonly<Record<string, readonly string[]>> = {
  materials: ["materials"],
  terminals: ["terminals"],
  programs: ["programs"],
  play_plans: ["play_plans"],
  users: ["materials", "programs", "play_plans"],
  terminal_groups: ["terminals"],
  offices: ["materials", "terminals", "programs", "play_plans"],
  publications: ["play_plans"],
};

const WRITE = /\b(?:insert\s+into|update|delete\s+from)\s+(?:only\s+)?"?([a-z_]+)"?/gi;
const BEGIN = /^\s*(?:begin|start\s+transaction)\b/i;
const COMMIT = /^\s*(?:commit|end)\b/i;
const ROLLBACK = /^\s*rollback\b(?!\s+to\b)/i;

/** The watched tables a statement writes. */
function writtenTables(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(WRITE)) {
    const table = m[1]?.toLowerCase();
    if (table && table in LIST_SOURCES && !out.includes(table)) out.push(table);
  }
  return out;
}

interface QueryResultLike {
  fields?: Array<{ name: string }>;
  rows?: unknown[];
}

/** The offices of the rows a write returned (its `office_id` column), or null when it returned none. */
function returnedOffices(res: unknown): number[] | null {
  if (!res || Array.isArray(res) || typeof res !== "object") return null;
  const { fields, rows } = res as QueryResultLike;
  const at = fields?.findIndex((f) => f.name === "office_id") ?? -1;
  if (at < 0 || !rows) return null;
  const out: number[] = [];
  for (const row of rows) {
    const v = Array.isArray(row) ? row[at] : (row as Record<string, unknown>).office_id;
    if (typeof v !== "number") return null;
    out.push(v);
  }
  return out;
}

type Client = { query: (...args: unknown[]) => unknown };
const watchers = new WeakMap<object, Set<WeakRef<ReadCache>>>();
const wrapped = new WeakSet<object>();

/**
 * Bumps the list caches of `pool`'s server process on every write that can
 * change a list, whoever writes: each statement's text is matched for writes
 * to a table of LIST_SOURCES. A write that returns `office_id` (an insert
 * with `returning`, an update or delete returning it) bumps the lists of its
 * own table for those offices only; any other write bumps them whole. An
 * update that moves rows to another office must not return `office_id`
 * (the old offices would keep their answers). Inside a transaction the
 * bumps wait for its commit (a reader before then still reads the old rows)
 * and a rollback drops them.
 */
export function watchWrites(
  pool: { on(event: "acquire", fn: (client: Client) => void): unknown },
  reads: ReadCache,
) {
  let caches = watchers.get(pool);
  if (!caches) {
    const set = new Set<WeakRef<ReadCache>>();
    caches = set;
    watchers.set(pool, set);
    pool.on("acquire", (client) => {
      if (!wrapped.has(client)) {
        wrapped.add(client);
        wrapClient(client, (table, offices) => {
          for (const ref of set) {
            const cache = ref.deref();
            if (cache) cache.bump(table, offices);
            else set.delete(ref);
          }
        });
      }
    });
  }
  caches.add(new WeakRef(reads));
}

function wrapClient(client: Client, bump: (table: string, offices: Offices) => void): void {
  // The client's own query, or else its class's as it is at each call (so a later wrapper of the class,
  // such as a test counting statements, still sees every statement).
  const own = Object.hasOwn(client, "query") ? client.query : undefined;
  const query = {
    apply: (self: unknown, args: unknown[]) =>
      (own ?? (Object.getPrototypeOf(client) as Client).query).apply(self, args),
  };
  let inTransaction = false;
  let pending: Array<[string, Offices]> = [];
  const apply = (bumps: Array<[string, Offices]>) => {
    for (const [table, offices] of bumps) bump(table, offices);
  };
  /** A failed commit or rollback ends the transaction too (PostgreSQL rolls it back). */
  const failed = (text: string) => {
    if (COMMIT.test(text) || ROLLBACK.test(text)) {
      inTransaction = false;
      pending = [];
    }
  };
  const settle = (text: string, tables: string[], res: unknown) => {
    if (BEGIN.test(text)) {
      inTransaction = true;
      pending = [];
    } else if (COMMIT.test(text)) {
      inTransaction = false;
      apply(pending);
      pending = [];
    } else if (ROLLBACK.test(text)) {
      inTransaction = false;
      pending = [];
    }
    if (!tables.length) return;
    const offices = tables.length === 1 ? returnedOffices(res) : null;
    const bumps: Array<[string, Offices]> = [];
    for (const table of tables)
      for (const list of LIST_SOURCES[table] ?? []) bumps.push([list, list === table ? offices : null]);
    if (inTransaction) pending.push(...bumps);
    else apply(bumps);
  };
  client.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0];
    const text =
      typeof first === "string"
        ? first
        : first && typeof first === "object" && "text" in first
          ? (first as { text: unknown }).text
          : undefined;
    if (typeof text !== "string") return query.apply(this, args);
    const tables = writtenTables(text);
    if (!tables.length && !BEGIN.test(text) && !COMMIT.test(text) && !ROLLBACK.test(text))
      return query.apply(this, args);
    const last = args.at(-1);
    if (typeof last === "function") {
      args[args.length - 1] = (err: unknown, res: unknown) => {
        if (err) failed(text);
        else settle(text, tables, res);
        return last(err, res);
      };
      return query.apply(this, args);
    }
    const out = query.apply(this, args);
    if (out && typeof (out as Promise<unknown>).then === "function")
      return (out as Promise<unknown>).then(
        (res) => {
          settle(text, tables, res);
          return res;
        },
        (err: unknown) => {
          failed(text);
          throw err;
        },
      );
    return out;
  };
}
