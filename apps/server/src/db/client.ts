import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import type { Logger } from "pino";
import * as schema from "./schema";
import { DEFAULT_PREPARE_THRESHOLD, nameStatements, StatementNames } from "./statement-names";

export type Db = NodePgDatabase<typeof schema>;
export interface Database {
  db: Db;
  pool: pg.Pool;
  /**
   * One connection of its own for the health check (`/f/health`): it answers whether the database does,
   * never queued behind the pool's work. A fleet reconnecting fills the pool for seconds; a check waiting
   * behind it would have a load balancer take out a node that is busy, not down, and then the next.
   */
  probe: Db;
  close(): Promise<void>;
}

const migrationsFolder = new URL("./migrations", import.meta.url).pathname;

/** How long the health check waits for the database (under HAProxy's `timeout check`, deploy/haproxy.cfg). */
const PROBE_TIMEOUT_MS = 3_000;

/**
 * A connection pool. A connection that breaks (the database restarted) is
 * dropped by the pool and the next query opens a new one, so the server
 * recovers by itself; idle errors are logged, never fatal.
 */
export function connect(
  url: string,
  poolSize: number,
  log: Logger,
  opts: { connectionTimeoutMillis?: number; prepareThreshold?: number } = {},
): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: opts.connectionTimeoutMillis ?? 10_000,
    application_name: "marquee",
  });
  pool.on("error", (err) => log.warn({ err }, "an idle database connection failed; it will be replaced"));
  // Frequent reads become named statements, parsed and planned once per connection (see StatementNames).
  nameStatements(pool, new StatementNames(opts.prepareThreshold ?? DEFAULT_PREPARE_THRESHOLD));
  const db = drizzle(pool, { schema });
  const probePool = new pg.Pool({
    connectionString: url,
    max: 1,
    idleTimeoutMillis: 60_000,
    // A database that does not answer within a check's time is out of reach for the check.
    connectionTimeoutMillis: PROBE_TIMEOUT_MS,
    query_timeout: PROBE_TIMEOUT_MS,
    application_name: "marquee-health",
  });
  probePool.on("error", (err) =>
    log.warn({ err }, "the health check's database connection failed; it will be replaced"),
  );
  const probe = drizzle(probePool, { schema });
  return { db, pool, probe, close: async () => void (await Promise.all([pool.end(), probePool.end()])) };
}

/** Applies the committed migrations (idempotent; serialised across processes by drizzle's lock table). */
export async function runMigrations(database: Database): Promise<void> {
  const client = await database.pool.connect();
  try {
    // Two servers starting together must not both migrate.
    await client.query("select pg_advisory_lock(727274)");
    await migrate(drizzle(client, { schema }), { migrationsFolder });
  } finally {
    await client.query("select pg_advisory_unlock(727274)").catch(() => undefined);
    client.release();
  }
}

/** A transaction, or the database itself: what a function that writes inside or outside one takes. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0] | Db;
