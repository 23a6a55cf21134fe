import { type SQL, sql } from "drizzle-orm";
import pg from "pg";
import PgBoss from "pg-boss";
import type { Logger } from "pino";
import type { Tx } from "./db";

export type JobHandler<T> = (data: T) => Promise<void>;

/**
 * Background jobs on pg-boss in the same PostgreSQL (no second service), over
 * the app's own pool. Handlers are registered once; a job that throws is
 * retried by pg-boss with back-off.
 */
export class Jobs {
  private readonly boss: PgBoss;
  private started = false;
  private readonly queues = new Set<string>();

  constructor(
    private readonly pool: pg.Pool,
    private readonly log: Logger | undefined,
  ) {
    this.boss = new PgBoss({
      db: {
        executeSql: (text, values) =>
          // pg-boss marks a job complete without awaiting it: a job that ends after the app stopped (past
          // stop's timeout, on a busy machine) would meet the closed pool and reject with nobody to hear it.
          // It is left as it stands (pg-boss runs it again once its lease expires); no rows is what
          // pg-boss's completion reads as "nothing changed". A pool is `ending` from the call to end() and
          // refuses queries from then on; `ended` only once its clients have closed.
          pool.ending || pool.ended
            ? Promise.resolve({ rows: undefined as unknown as unknown[] })
            : pool.query(text, values),
      },
      schema: "pgboss",
      supervise: true,
      migrate: true,
    });
    this.boss.on("error", (err) => this.log?.error({ err }, "job queue error"));
  }

  async start(): Promise<void> {
    if (this.started) return;
    // Servers starting together on a new database would each create pg-boss's schema, and all but one
    // fail ("pgboss already exists"): one at a time, as the migrations are. The lock is held on a
    // connection of its own, outside the pool (a pool of one would leave pg-boss none).
    const client = new pg.Client((this.pool as pg.Pool & { options: pg.ClientConfig }).options);
    await client.connect();
    try {
      await client.query("select pg_advisory_lock(727275)");
      await this.boss.start();
    } finally {
      await client.end().catch(() => undefined);
    }
    this.started = true;
  }

  private async queue(name: string): Promise<void> {
    if (this.queues.has(name)) return;
    await this.boss.createQueue(name);
    this.queues.add(name);
  }

  /** Runs `handler` for jobs of `name`, a few at a time. */
  async work<T extends object>(name: string, handler: JobHandler<T>, concurrency = 2): Promise<void> {
    await this.queue(name);
    // One worker takes one job at a time; several workers give the concurrency.
    for (let i = 0; i < concurrency; i++) {
      await this.boss.work<T>(name, { pollingIntervalSeconds: 0.5, batchSize: 1 }, async (jobs) => {
        for (const job of jobs) {
          try {
            await handler(job.data);
          } catch (err) {
            // While stopping, the database may already be closing: leave the job to be run again.
            if (!this.started) return;
            this.log?.warn({ err, job: name }, "job failed");
            throw err;
          }
        }
      });
    }
  }

  async send<T extends object>(name: string, data: T, options: PgBoss.SendOptions = {}): Promise<void> {
    await this.queue(name);
    await this.boss.send(name, data, { retryLimit: 2, retryDelay: 5, retryBackoff: true, ...options });
  }

  /**
   * Sends a job inside a transaction of the app: the job exists if and only if the transaction commits, so
   * a crash can never leave a row that waits for a job nobody queued.
   */
  async sendIn<T extends object>(
    tx: Tx,
    name: string,
    data: T,
    options: PgBoss.SendOptions = {},
  ): Promise<void> {
    await this.queue(name);
    await this.send(name, data, {
      ...options,
      db: { executeSql: (text, values) => runPositional(tx, text, values) },
    });
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, wait: true, timeout: 10_000, close: false });
  }
}

/** Runs pg-boss's SQL (`$1`, `$2` … placeholders) through a drizzle transaction, its values bound as parameters. */
async function runPositional(tx: Tx, text: string, values: unknown[]): Promise<{ rows: unknown[] }> {
  const parts = text.split(/\$(\d+)\b/);
  const chunks: SQL[] = parts.map((part, i) =>
    i % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1] ?? null}`,
  );
  const result = await tx.execute(sql.join(chunks));
  return { rows: (result as unknown as { rows: unknown[] }).rows };
}
