import { createHash } from "node:crypto";
import type pg from "pg";

/** Calls of one read before it is sent as a named statement (DATABASE_PREPARE_THRESHOLD; 0: never). */
export const DEFAULT_PREPARE_THRESHOLD = 3;

/** A query of a list that must not be named: any text whose length follows its values (`in ($1, $2, …)`). */
const variableText = /\bin \(\$/i;
const isSelect = /^\s*select\b/i;
/**
 * PostgreSQL's answers to a named statement it can no longer run as prepared: its table changed its columns
 * under it (a migration ran), or the connection lost it (`DEALLOCATE ALL`, `DISCARD ALL`, a pooler that
 * hands the client another server connection) while the driver still counts it as prepared there.
 */
const preparedStatementBroken = (err: unknown) => {
  const code = (err as { code?: string }).code;
  return (
    (code === "0A000" && /cached plan must not change result type/.test(String(err))) ||
    (code === "26000" && /prepared statement .* does not exist/.test(String(err)))
  );
};

/**
 * Names for the reads the server sends often, so that PostgreSQL parses and plans each of them once per
 * connection instead of on every call (the way pgJDBC's prepareThreshold does). Drizzle sends its
 * statements unnamed, and an unnamed statement is parsed, analysed and planned anew every time: for the
 * lists that is 0.1-0.3 ms of the database's CPU a statement, more than running it.
 *
 * A SELECT whose text has been seen `threshold` times gets a name derived from its text, so every node and
 * connection names it alike and two texts never share a name. Bounded: at most `maxNamed` names over the
 * process's life (each is a prepared statement on each pooled connection), and texts whose length depends
 * on their values (`in ($1, $2, …)`) are never named. Writes and statements inside transactions (on a
 * checked-out client) are left as they are. `threshold` 0 names nothing, not even the statements a caller
 * named (the system log's pages): for a pooler that cannot keep named statements (PgBouncer in
 * transaction mode before 1.21).
 */
export class StatementNames {
  private readonly seen = new Map<string, number>();
  private readonly names = new Map<string, string>();
  private generation = 0;

  constructor(
    private readonly threshold: number,
    private readonly maxNamed = 500,
    private readonly maxWatched = 2_000,
  ) {}

  /** The name to send `text` under, or undefined to send it unnamed. */
  nameOf(text: string): string | undefined {
    const named = this.names.get(text);
    if (named !== undefined) return named;
    if (this.threshold <= 0 || this.names.size >= this.maxNamed) return undefined;
    // One SELECT only: a named statement takes one, and a text with `;` may hold several.
    if (!isSelect.test(text) || variableText.test(text) || text.includes(";")) return undefined;
    const times = (this.seen.get(text) ?? 0) + 1;
    if (times < this.threshold) {
      // One-off texts do not pile up: the count starts again when too many are watched.
      if (this.seen.size >= this.maxWatched) this.seen.clear();
      this.seen.set(text, times);
      return undefined;
    }
    this.seen.delete(text);
    const name = `m${createHash("sha256").update(text).digest("hex").slice(0, 30)}`;
    this.names.set(text, name);
    return name;
  }

  /** A new name for `text`, after its statement broke on a connection: every connection prepares it again. */
  renew(text: string): void {
    const name = this.names.get(text);
    if (name !== undefined) this.names.set(text, `${name.slice(0, 31)}_${++this.generation}`);
  }

  /** Whether statements are named at all (threshold above 0). */
  get naming(): boolean {
    return this.threshold > 0;
  }

  /** How many texts have a name (for tests and diagnostics). */
  get size(): number {
    return this.names.size;
  }
}

type QueryConfig = { text: string; name?: string; values?: unknown[]; queryMode?: string };
const withoutName = ({ name: _name, ...unnamed }: QueryConfig): QueryConfig => unnamed;

/**
 * Routes the pool's promise-style queries through `names`: Drizzle's reads outside transactions and the
 * server's own `pool.query` reads. A named statement that PostgreSQL refuses because a migration changed
 * its result's columns, or because the connection lost it, is renamed and sent again, once, so neither a
 * schema change nor a `DISCARD ALL` needs a restart.
 */
export function nameStatements(pool: pg.Pool, names: StatementNames): void {
  const query = pool.query.bind(pool) as (config: unknown, values?: unknown, callback?: unknown) => unknown;
  const send = (config: QueryConfig, values: unknown) => query(config, values) as Promise<pg.QueryResult>;
  const named = (config: QueryConfig, values: unknown): Promise<pg.QueryResult> => {
    const name = names.nameOf(config.text);
    if (name === undefined) return send(config, values);
    return send({ ...config, name }, values).catch((err: unknown) => {
      if (!preparedStatementBroken(err)) throw err;
      names.renew(config.text);
      return send(config, values);
    });
  };
  // A statement its caller named (the system log's pages): sent again unnamed when the connection lost it.
  const callerNamed = (config: QueryConfig, values: unknown): Promise<pg.QueryResult> =>
    send(config, values).catch((err: unknown) => {
      if (!preparedStatementBroken(err)) throw err;
      return send(withoutName(config), values);
    });
  const wrapped = (config: unknown, values?: unknown, callback?: unknown) => {
    // Callback style and submittables (cursors, streams) go as they came.
    if (callback !== undefined || typeof values === "function") return query(config, values, callback);
    if (typeof config === "string") return named({ text: config }, values);
    if (
      config === null ||
      typeof config !== "object" ||
      typeof (config as QueryConfig).text !== "string" ||
      (config as QueryConfig).queryMode !== undefined ||
      typeof (config as { submit?: unknown }).submit === "function"
    )
      return query(config, values);
    const c = config as QueryConfig;
    if (c.name === undefined) return named(c, values);
    return names.naming ? callerNamed(c, values) : send(withoutName(c), values);
  };
  pool.query = wrapped as unknown as typeof pool.query;
}
