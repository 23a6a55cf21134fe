import type { FastifyBaseLogger } from "fastify";
import pg from "pg";

/** What a PgListener is told. */
export interface PgListenerEvents {
  /** A NOTIFY on the channel (its payload, "" when it has none). */
  onNotify: (payload: string) => void;
  /** The connection listens (at start and after every reconnection): news may have been missed before. */
  onListening?: () => void;
  /** The listening connection broke (a reconnection follows). */
  onLost?: () => void;
}

/**
 * LISTEN on one channel over a connection of its own (not one of the pool's, which may be taken or reset).
 * A broken connection is replaced with a growing pause (0.5 s doubling to 30 s); NOTIFYs sent while none
 * listens are lost, which its users cover (`onListening`: drop what may be stale, look again).
 * Shared by the terminal bus and the webhook queue's wake-ups.
 */
export class PgListener {
  private client: pg.Client | null = null;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private attempt = 0;
  private stopped = true;
  private connections = 0;

  /** `what` names the listener in log lines ("the terminal bus"); `name` is its application_name. */
  constructor(
    private readonly pool: pg.Pool,
    private readonly channel: string,
    private readonly name: string,
    private readonly what: string,
    private readonly events: PgListenerEvents,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /** Whether the listening connection is up. */
  get listening(): boolean {
    return this.client !== null;
  }

  /** Which listening connection is up (a new number after every reconnection), null while none is. */
  get epoch(): number | null {
    return this.client === null ? null : this.connections;
  }

  async start(): Promise<void> {
    this.stopped = false;
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    const client = this.client;
    this.client = null;
    if (!client) return;
    await client.query(`UNLISTEN ${this.channel}`).catch(() => undefined);
    await client.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({ ...this.pool.options, application_name: this.name });
    const lost = (err?: Error) => {
      if (this.client !== client) return;
      this.client = null;
      client.end().catch(() => undefined);
      this.events.onLost?.();
      if (!this.stopped) {
        this.log?.warn({ err }, `${this.what} lost its database connection; reconnecting`);
        this.later();
      }
    };
    client.on("error", lost);
    client.on("end", () => lost());
    client.on("notification", (n) => {
      if (n.channel === this.channel) this.events.onNotify(n.payload ?? "");
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${this.channel}`);
      if (this.stopped) {
        await client.end().catch(() => undefined);
        return;
      }
      this.client = client;
      this.connections++;
      this.attempt = 0;
      this.events.onListening?.();
    } catch (err) {
      client.end().catch(() => undefined);
      this.log?.warn({ err }, `${this.what} could not listen; retrying`);
      this.later();
    }
  }

  private later(): void {
    if (this.stopped || this.retry) return;
    const wait = Math.min(30_000, 500 * 2 ** Math.min(this.attempt++, 6));
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.connect();
    }, wait);
    this.retry.unref();
  }
}
