import type { FastifyBaseLogger } from "fastify";
import type pg from "pg";
import { z } from "zod";
import { PgListener } from "../platform/listener";

/** The PostgreSQL channel the server processes talk on. */
export const BUS_CHANNEL = "marquee_terminal";
/** NOTIFY payloads must stay under 8,000 bytes; lists are split to fit. */
const MAX_PAYLOAD = 7800;
/** A command message carries the command's name and args when they take at most this many bytes (see BusMessage). */
export const COMMAND_CARRIED_MAX = 1000;

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
 * - wall: video-wall reports of terminals held by `from` ([terminalId, frame]), so that every process
 *   knows a wall's skew whichever nodes hold its screens (modules/wall).
 */
export const BusMessage = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("command"),
    from: z.string(),
    timeoutMs: z.number().int(),
    items: z.array(z.tuple([z.string(), z.number().int()])),
    /**
     * The command itself when it is small (COMMAND_CARRIED_MAX): its holder sends it without reading the
     * rows back. Absent, the holder reads name and args from terminal_commands.
     */
    command: z.object({ name: z.string(), args: z.record(z.string(), z.unknown()) }).optional(),
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
  z.object({
    kind: z.literal("wall"),
    from: z.string(),
    items: z.array(z.tuple([z.number().int(), z.looseObject({ type: z.literal("wall") })])),
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
  private readonly listener: PgListener;

  constructor(
    private readonly pool: pg.Pool,
    onMessage: (msg: BusMessage) => void,
    log: FastifyBaseLogger,
  ) {
    this.listener = new PgListener(
      pool,
      BUS_CHANNEL,
      "marquee-bus",
      "the terminal bus",
      {
        onNotify: (payload) => {
          if (!payload) return;
          let parsed: unknown;
          try {
            parsed = JSON.parse(payload);
          } catch {
            return;
          }
          const msg = BusMessage.safeParse(parsed);
          if (msg.success) onMessage(msg.data);
          else log.warn({ payload: payload.slice(0, 200) }, "ignored a malformed terminal bus message");
        },
      },
      log,
    );
  }

  /** Whether the listening connection is up. */
  get listening(): boolean {
    return this.listener.listening;
  }

  /** Which listening connection is up (a new number after every reconnection), null while none is: messages may have been missed. */
  get epoch(): number | null {
    return this.listener.epoch;
  }

  start(): Promise<void> {
    return this.listener.start();
  }

  /**
   * Sends a message to every process (this one included; it skips its own). Its parts (each part of a
   * list stands alone) go in one statement: one round trip, however long the list.
   */
  async publish(msg: BusMessage): Promise<void> {
    const payloads = payloadsOf(msg);
    if (payloads.length === 1) await this.pool.query("select pg_notify($1, $2)", [BUS_CHANNEL, payloads[0]]);
    else
      await this.pool.query("select pg_notify($1, p) from unnest($2::text[]) as p", [BUS_CHANNEL, payloads]);
  }

  stop(): Promise<void> {
    return this.listener.stop();
  }
}
