import type { FastifyBaseLogger } from "fastify";
import pg from "pg";
import { z } from "zod";

/** The PostgreSQL channel the server processes talk on. */
export const BUS_CHANNEL = "marquee_terminal";
/** NOTIFY payloads must stay under 8,000 bytes; lists are split to fit. */
const MAX_PAYLOAD = 7800;

/**
 * What one server process tells the others. Small on purpose: the receiver
 * reads the rows it needs. `from` lets a process skip its own messages (it
 * already acted on them locally).
 * - command: commands queued for terminals whose socket another process may hold ([commandId, terminalId]);
 * - state: a terminal's state changed (authorised, disabled, moved, token rotated): its holder re-reads it;
 * - sync: these terminals' manifests changed: their holders push `sync`;
 * - held: these terminals just connected here ([terminalId, connectedAt ms]): a process holding an
 *   older socket of one closes it;
 * - offices: the office tree changed (an office added, moved, renamed, disabled, expired, given a
 *   domain): the others drop their copy of the tree and their cached actors.
 * - tap: somebody in process `from` debugs these terminals (on), renewed while they watch, or
 *   stopped (off): the holder of each forwards its frames;
 * - frames: frames of terminals held by `from` that another process taps, in batches (each frame
 *   cut to fit a payload, `truncated` its size before; `dropped` frames left out over the rate).
 */
export const BusMessage = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("command"),
    from: z.string(),
    timeoutMs: z.number().int(),
    items: z.array(z.tuple([z.string(), z.number().int()])),
  }),
  z.object({ kind: z.literal("state"), from: z.string(), terminalId: z.number().int() }),
  z.object({ kind: z.literal("sync"), from: z.string(), terminalIds: z.array(z.number().int()) }),
  z.object({
    kind: z.literal("held"),
    from: z.string(),
    items: z.array(z.tuple([z.number().int(), z.number().int()])),
  }),
  z.object({ kind: z.literal("offices"), from: z.string() }),
  z.object({
    kind: z.literal("tap"),
    from: z.string(),
    on: z.boolean(),
    terminalIds: z.array(z.number().int()),
  }),
  z.object({
    kind: z.literal("frames"),
    from: z.string(),
    items: z.array(
      z.object({
        t: z.number().int(),
        dir: z.enum(["in", "out"]),
        at: z.number(),
        frame: z.looseObject({ type: z.string() }),
        truncated: z.number().int().optional(),
        dropped: z.number().int().optional(),
      }),
    ),
  }),
]);
export type BusMessage = z.infer<typeof BusMessage>;

/** The payloads of one message, each under the NOTIFY limit (its list split into parts). */
export function payloadsOf(msg: BusMessage): string[] {
  if (msg.kind === "state" || msg.kind === "offices") return [JSON.stringify(msg)];
  const byIds = msg.kind === "sync" || msg.kind === "tap";
  const items: unknown[] = byIds ? msg.terminalIds : msg.items;
  const key = byIds ? "terminalIds" : "items";
  const make = (part: unknown[]) => JSON.stringify({ ...msg, [key]: part });
  // Bytes, not characters: the limit is in bytes and frames may carry any text.
  const base = Buffer.byteLength(make([]));
  const out: string[] = [];
  let part: unknown[] = [];
  let size = base;
  for (const item of items) {
    const len = Buffer.byteLength(JSON.stringify(item));
    // A comma before every item but the first of a part.
    if (part.length && size + 1 + len > MAX_PAYLOAD) {
      out.push(make(part));
      part = [];
      size = base;
    }
    size += len + (part.length ? 1 : 0);
    part.push(item);
  }
  if (part.length) out.push(make(part));
  return out;
}

/**
 * LISTEN/NOTIFY on a dedicated connection (not one of the pool's). A broken
 * connection is replaced with a growing pause; messages sent meanwhile are
 * lost, which the senders' timeouts cover (a command nobody delivered ends
 * "offline").
 */
export class TerminalBus {
  private client: pg.Client | null = null;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private attempt = 0;
  private stopped = false;
  /** Counts the listening connections made: a cache kept while one listened is stale under the next. */
  private connections = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly onMessage: (msg: BusMessage) => void,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Whether the listening connection is up. */
  get listening(): boolean {
    return this.client !== null;
  }

  /** Which listening connection is up (a new number after every reconnection), null while none is: messages may have been missed. */
  get epoch(): number | null {
    return this.client === null ? null : this.connections;
  }

  async start(): Promise<void> {
    this.stopped = false;
    await this.connect();
  }

  /** Sends a message to every process (this one included; it skips its own). */
  async publish(msg: BusMessage): Promise<void> {
    for (const payload of payloadsOf(msg)) {
      await this.pool.query("select pg_notify($1, $2)", [BUS_CHANNEL, payload]);
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    const client = this.client;
    this.client = null;
    if (!client) return;
    await client.query(`UNLISTEN ${BUS_CHANNEL}`).catch(() => undefined);
    await client.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({ ...this.pool.options, application_name: "marquee-bus" });
    const lost = (err?: Error) => {
      if (this.client !== client) return;
      this.client = null;
      client.end().catch(() => undefined);
      if (!this.stopped) {
        this.log.warn({ err }, "the terminal bus lost its database connection; reconnecting");
        this.later();
      }
    };
    client.on("error", lost);
    client.on("end", () => lost());
    client.on("notification", (n) => {
      if (n.channel !== BUS_CHANNEL || !n.payload) return;
      let parsed: unknown;
      try {
        parsed = JSON.parse(n.payload);
      } catch {
        return;
      }
      const msg = BusMessage.safeParse(parsed);
      if (msg.success) this.onMessage(msg.data);
      else this.log.warn({ payload: n.payload.slice(0, 200) }, "ignored a malformed terminal bus message");
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${BUS_CHANNEL}`);
      this.client = client;
      this.connections++;
      this.attempt = 0;
    } catch (err) {
      client.end().catch(() => undefined);
      this.log.warn({ err }, "the terminal bus could not listen; retrying");
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
