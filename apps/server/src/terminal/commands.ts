import type { CommandOutcome } from "@marquee/contracts";
import { DEFAULT_COMMAND_TIMEOUT_MS, encodeReason } from "@marquee/terminal-protocol";
import { and, asc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { terminalCommands, terminals } from "../db/schema";
import type { Services } from "../platform/services";
import { anyOf, anyOfText, columnsOf } from "../platform/sql";
import { type BusMessage, COMMAND_CARRIED_MAX } from "./bus";
import type { TerminalConnection } from "./connection";
import { newCommandId } from "./token";

/** How long after its timeout a command is left to its sender's own timer before the sweep ends it. */
const COMMAND_GRACE_MS = 5_000;
/** Rows per INSERT of commands (an array parameter per column that differs). */
const INSERT_ROWS = 2000;
const MIN_TIMEOUT_MS = 1000;
/** Acks are written together: at most this many, or after this long. */
const ACK_BATCH = 1000;
const ACK_FLUSH_MS = 20;
/** A batch of acks whose write failed (the database restarting, a deadlock) is tried again after this… */
const ACK_RETRY_MS = 1000;
/** …up to this many times in all; then its acks are given up, their commands end by their own timeouts. */
const ACK_TRIES = 5;

/** A promise with its resolver outside (the acks of one batch wait for the batch). */
function settle(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
const MAX_TIMEOUT_MS = 3_600_000;
/** The command is one of `ids`, as one array parameter (the same statement text for any number). */
const commandIn = (ids: readonly string[]) => anyOfText(terminalCommands.id, ids);
/** What one terminal's row of a command holds of its own: the rest is the command's, the same for all. */
interface CommandRow {
  id: string;
  terminalId: number;
  officeId: number;
  state: "queued" | "sent" | "failed" | "offline";
  reason: string | null;
  doneAt: Date | null;
}
/** Resolves each waiter. */
function answer(waiters: Array<() => void>): void {
  for (const resolve of waiters) resolve();
}

/** Why a command did not complete, as kept in terminal_commands.reason (a coded reason; the state says the rest). */
export const COMMAND_REASONS = {
  pending: encodeReason("pending"),
  disabled: encodeReason("disabled"),
  offline: encodeReason("offline"),
  undelivered: encodeReason("undelivered"),
  stopped: encodeReason("stopped"),
  orphaned: encodeReason("orphaned"),
  noReason: encodeReason("noReason"),
  timeout: (ms: number) => encodeReason("timeout", { seconds: Math.round(ms / 1000) }),
} as const;
/** Commands a terminal acknowledged as done, with their data, after they were written (positions, program lists). */
export type CommandDoneListener = (
  done: Array<{ id: string; terminalId: number; name: string; data: Record<string, unknown> | null }>,
) => Promise<void>;

/** What command dispatch needs of the hub: the sockets it holds and the bus. */
export interface CommandHost {
  /** This process on the bus. */
  readonly processId: string;
  /** The welcomed socket of the terminal held by this process, if any. */
  connection(terminalId: number): TerminalConnection | undefined;
  /** Whether this process holds a welcomed socket of the terminal. */
  holds(terminalId: number): boolean;
  /**
   * Whether another process said it took a socket of the terminal moments ago (its `held` message):
   * the terminal's row may not say online yet (presence is written every FLUSH_MS).
   */
  heldElsewhere(terminalId: number): boolean;
  /** Hands a message to the other processes. */
  publish(msg: BusMessage): Promise<void>;
}

/**
 * Commands to terminals in one process: a command is one terminal_commands
 * row per terminal, and the row is the source of truth. It is sent at once
 * when this process holds the socket, handed to the other processes over the
 * bus when the terminals row says online (or another process announced it took
 * the socket in the last HELD_ELSEWHERE_MS, before its presence was written),
 * and "offline" otherwise. The process that sends it times it out; acks are
 * written in batches.
 */
export class CommandDispatcher {
  /** Pending timeouts: of commands this process put on a socket (`sent`), or handed to the bus. */
  private readonly expiries = new Map<ReturnType<typeof setTimeout>, { ids: string[]; sent: boolean }>();
  private acks: Array<{
    id: string;
    terminalId: number;
    state: "done" | "failed";
    reason: string | null;
    data: string | null;
    /** Writes of it that failed so far. */
    failures: number;
  }> = [];
  private ackTimer: ReturnType<typeof setTimeout> | null = null;
  /** Acks whose write failed, written again ACK_RETRY_MS later with the next batch; who waits for them. */
  private retry: {
    acks: CommandDispatcher["acks"];
    waiters: Array<() => void>;
    timer: ReturnType<typeof setTimeout> | null;
  } = { acks: [], waiters: [], timer: null };
  private ackWritten = settle();
  private readonly doneListeners = new Set<CommandDoneListener>();
  private stopped = false;

  constructor(
    private readonly services: Services,
    private readonly log: FastifyBaseLogger,
    private readonly host: CommandHost,
  ) {}

  /**
   * Stops timing commands out: answers the commands this process sent and
   * still waits for (they end with failWaiting); what it handed to the bus is
   * the holder's.
   */
  halt(): string[] {
    this.stopped = true;
    const waiting = [...this.expiries.values()].flatMap((e) => (e.sent ? e.ids : []));
    for (const timer of this.expiries.keys()) clearTimeout(timer);
    this.expiries.clear();
    // Acks waiting to be written again go with the last flush (flushAcks, as the hub stops).
    this.requeueRetries();
    return waiting;
  }

  /** The commands still waiting as the server stops fail (see halt). */
  async failWaiting(ids: string[]): Promise<void> {
    if (ids.length) await this.finish(ids, "failed", COMMAND_REASONS.stopped, ["queued", "sent"]);
  }

  /** Calls `fn` with the commands acknowledged done, once their rows are written. */
  onDone(fn: CommandDoneListener): () => void {
    this.doneListeners.add(fn);
    return () => this.doneListeners.delete(fn);
  }

  /** How far a long command has come on a terminal: kept in the command's data.progress while it runs. */
  async progress(
    conn: TerminalConnection,
    p: { id: string; done: number; total: number; note?: string | undefined },
  ): Promise<void> {
    const value = JSON.stringify({ progress: { done: p.done, total: p.total, note: p.note ?? null } });
    await this.commandWrite(() =>
      this.services.db.execute(sql`
        update terminal_commands set data = coalesce(data, '{}'::jsonb) || ${value}::jsonb
        where id = ${p.id} and terminal_id = ${conn.terminalId} and state in ('queued', 'sent')`),
    );
  }

  /**
   * Commands still waiting COMMAND_GRACE_MS after their own timeout: the process that sent them (whose
   * timer would have ended them) is gone. A sent one timed out; a queued one never reached its terminal.
   * Runs every COMMAND_SWEEP_MS and when the hub starts, so after a restart each command ends by its own
   * timeout, not an hour later.
   */
  async sweep(): Promise<void> {
    const now = this.services.clock.now();
    const due = new Date(now.getTime() - COMMAND_GRACE_MS);
    await this.services.db
      .update(terminalCommands)
      .set({
        state: sql`case when ${terminalCommands.state} = 'sent' then 'timeout' else 'offline' end`,
        reason: sql`case when ${terminalCommands.state} = 'sent' then ${COMMAND_REASONS.orphaned} else ${COMMAND_REASONS.undelivered} end`,
        doneAt: now,
      })
      .where(
        and(
          inArray(terminalCommands.state, ["queued", "sent"]),
          or(
            lt(terminalCommands.expiresAt, due),
            // rows written before commands carried their expiry
            and(
              isNull(terminalCommands.expiresAt),
              lt(terminalCommands.createdAt, new Date(now.getTime() - MAX_TIMEOUT_MS - COMMAND_GRACE_MS)),
            ),
          ),
        ),
      );
  }

  /**
   * Queues a command for each terminal and delivers it: here, over the bus,
   * or nowhere ("offline", or "failed" for pending and disabled terminals).
   * Answers the rows as they stand right after sending; acks and timeouts
   * change them later.
   */
  async command(
    terminalIds: number[],
    name: string,
    args: Record<string, unknown>,
    byUserId: number | null,
    timeoutMs: number = DEFAULT_COMMAND_TIMEOUT_MS,
  ): Promise<CommandOutcome[]> {
    const ids = [...new Set(terminalIds)];
    if (!ids.length) return [];
    const timeout = Math.min(MAX_TIMEOUT_MS, Math.max(MIN_TIMEOUT_MS, Math.round(timeoutMs)));
    const { db, clock } = this.services;
    const targets = await db
      .select({
        id: terminals.id,
        officeId: terminals.officeId,
        state: terminals.state,
        online: terminals.online,
      })
      .from(terminals)
      .where(anyOf(terminals.id, ids));
    const now = clock.now();
    const local: Array<{ id: string; conn: TerminalConnection }> = [];
    const remote: Array<[string, number]> = [];
    // What differs per terminal; what the rows share (name, args, sender, times) is bound once.
    const rows: CommandRow[] = targets.map((t) => {
      const row = { id: newCommandId(), terminalId: t.id, officeId: t.officeId, reason: null, doneAt: null };
      const ended = (state: "failed" | "offline", reason: string) => ({ ...row, state, reason, doneAt: now });
      if (t.state === "pending") return ended("failed", COMMAND_REASONS.pending);
      if (t.state === "disabled") return ended("failed", COMMAND_REASONS.disabled);
      const conn = this.host.connection(t.id);
      if (conn) {
        // Put on its socket right after this insert: written as sent, so that no second write of the row
        // (behind the fleet's acks, which arrive at once) holds up the answer. A process killed in between
        // leaves it sent, and the sweep ends it by its timeout.
        local.push({ id: row.id, conn });
        return { ...row, state: "sent" as const };
      }
      // Online in the table, or taken by another process so lately that its presence is not written yet.
      if (t.online || this.host.heldElsewhere(t.id)) remote.push([row.id, t.id]);
      else return ended("offline", COMMAND_REASONS.offline);
      return { ...row, state: "queued" as const };
    });
    await this.insertRows(rows, {
      name,
      args,
      byUserId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + timeout),
    });
    const sent: string[] = [];
    const gone: string[] = [];
    for (const { id, conn } of local) {
      (conn.send({ type: "command", id, name, args, timeoutMs: timeout }) ? sent : gone).push(id);
    }
    this.timeOutSent(sent, timeout);
    if (gone.length) await this.finish(gone, "offline", COMMAND_REASONS.offline, ["sent"]);
    if (remote.length) {
      try {
        await this.host.publish({
          kind: "command",
          from: this.host.processId,
          timeoutMs: timeout,
          items: remote,
          ...(Buffer.byteLength(JSON.stringify({ name, args })) <= COMMAND_CARRIED_MAX
            ? { command: { name, args } }
            : {}),
        });
      } catch (err) {
        this.log.warn({ err }, "could not hand commands to the other server processes");
      }
      // Nobody took it within its time: no process held the socket.
      this.expire(
        remote.map(([id]) => id),
        timeout,
        "offline",
        COMMAND_REASONS.undelivered,
        ["queued"],
      );
    }
    return this.results(rows.map((r) => r.id));
  }

  /**
   * Writes the rows of one command: what they share once, what differs per terminal as one array
   * parameter per column, so a command to thousands is a handful of values to bind and parse.
   */
  private async insertRows(
    rows: CommandRow[],
    shared: {
      name: string;
      args: Record<string, unknown>;
      byUserId: number | null;
      createdAt: Date;
      expiresAt: Date;
    },
  ): Promise<void> {
    for (let i = 0; i < rows.length; i += INSERT_ROWS) {
      const part = rows.slice(i, i + INSERT_ROWS);
      const column = columnsOf(part);
      await this.services.db.execute(sql`
        insert into terminal_commands
          (id, terminal_id, office_id, state, reason, done_at, name, args, created_by, created_at, expires_at)
        select v.id, v.terminal_id, v.office_id, v.state, v.reason, v.done_at,
          ${shared.name}, ${JSON.stringify(shared.args)}::jsonb, ${shared.byUserId}::integer,
          ${shared.createdAt.toISOString()}::timestamptz, ${shared.expiresAt.toISOString()}::timestamptz
        from unnest(${column((r) => r.id)}::text[], ${column((r) => r.terminalId)}::int[],
          ${column((r) => r.officeId)}::int[], ${column((r) => r.state)}::text[],
          ${column((r) => r.reason)}::text[], ${column((r) => r.doneAt?.toISOString() ?? null)}::timestamptz[])
          as v(id, terminal_id, office_id, state, reason, done_at)`);
    }
  }

  /** The outcomes of these commands now. */
  async results(commandIds: string[]): Promise<CommandOutcome[]> {
    if (!commandIds.length) return [];
    const rows = await this.services.db
      .select({ c: terminalCommands, terminalName: terminals.name })
      .from(terminalCommands)
      .innerJoin(terminals, eq(terminals.id, terminalCommands.terminalId))
      .where(commandIn(commandIds))
      .orderBy(asc(terminalCommands.createdAt), asc(terminalCommands.terminalId));
    return rows.map(({ c, terminalName }) => ({
      id: c.id,
      terminalId: c.terminalId,
      terminalName,
      name: c.name,
      state: c.state,
      reason: c.reason,
      data: c.data ?? null,
      createDate: c.createdAt.toISOString(),
      doneDate: c.doneAt?.toISOString() ?? null,
    }));
  }

  /**
   * An ack from the terminal: done or failed (with its reason and data); a
   * late ack changes nothing. Acks are written in batches (one UPDATE per
   * ACK_FLUSH_MS or ACK_BATCH acks): a fleet answering one command at once
   * would otherwise queue one statement per terminal on the pool, ahead of
   * everything else. The promise resolves once this ack is written.
   */
  ack(
    conn: TerminalConnection,
    ack: { id: string; ok: boolean; reason?: string | null; data?: Record<string, unknown> },
  ): Promise<void> {
    this.acks.push({
      id: ack.id,
      terminalId: conn.terminalId,
      state: ack.ok ? "done" : "failed",
      reason: ack.ok ? null : ack.reason || COMMAND_REASONS.noReason,
      data: ack.data ? JSON.stringify(ack.data) : null,
      failures: 0,
    });
    const written = this.ackWritten;
    if (this.acks.length >= ACK_BATCH) void this.flushAcks();
    else this.ackTimer ??= setTimeout(() => void this.flushAcks(), ACK_FLUSH_MS);
    return written.promise;
  }

  private commandWrites: Promise<unknown> = Promise.resolve();

  /** Writes the acks waiting in the batch now. */
  async flushAcks(): Promise<void> {
    if (this.ackTimer) clearTimeout(this.ackTimer);
    this.ackTimer = null;
    const batch = this.acks.splice(0);
    const written = this.ackWritten;
    this.ackWritten = settle();
    if (!batch.length) return written.resolve();
    try {
      // Five array parameters, not five a row: a batch of 1,000 acks is five values to bind and parse.
      const column = columnsOf(batch);
      const values = sql`unnest(${column((a) => a.id)}::text[], ${column((a) => a.terminalId)}::int[],
        ${column((a) => a.state)}::text[], ${column((a) => a.reason)}::text[], ${column((a) => a.data)}::jsonb[])`;
      const listening = this.doneListeners.size > 0;
      const result = await this.commandWrite(() =>
        this.services.db.execute(sql`
        update terminal_commands as c
        set state = v.state, reason = v.reason, done_at = ${this.services.clock.now()},
            data = case when v.data is null then c.data else coalesce(c.data, '{}'::jsonb) || v.data end
        from ${values} as v(id, terminal_id, state, reason, data)
        where c.id = v.id and c.terminal_id = v.terminal_id and c.state in ('queued', 'sent')
        ${listening ? sql`returning c.id, c.terminal_id, c.name, c.state, c.data` : sql``}`),
      );
      written.resolve();
      if (listening) {
        const done = (
          result.rows as Array<{
            id: string;
            terminal_id: number;
            name: string;
            state: string;
            data: Record<string, unknown> | null;
          }>
        )
          .filter((r) => r.state === "done")
          .map((r) => ({ id: r.id, terminalId: r.terminal_id, name: r.name, data: r.data }));
        if (done.length)
          for (const fn of this.doneListeners)
            await fn(done).catch((err) => this.log.warn({ err }, "a command-done listener failed"));
      }
    } catch (err) {
      // Kept for a later flush: an ack lost here would leave a command the screen did "sent" until it
      // timed out. Its waiters are answered with the batch that writes it (or gives it up).
      const kept = batch.filter((a) => ++a.failures < ACK_TRIES);
      this.log.warn(
        { err, acks: batch.length, givenUp: batch.length - kept.length },
        kept.length ? "could not write terminal acks; retrying" : "could not write terminal acks",
      );
      if (!kept.length || this.stopped) return written.resolve();
      this.retry.acks.push(...kept);
      this.retry.waiters.push(written.resolve);
      if (!this.retry.timer) {
        this.retry.timer = setTimeout(() => {
          this.requeueRetries();
          void this.flushAcks();
        }, ACK_RETRY_MS);
        this.retry.timer.unref();
      }
    }
  }

  /** Puts the acks of failed batches in front of the next batch, their waiters answered with that batch. */
  private requeueRetries(): void {
    if (this.retry.timer) clearTimeout(this.retry.timer);
    const { acks, waiters } = this.retry;
    this.retry = { acks: [], waiters: [], timer: null };
    this.acks.unshift(...acks);
    void this.ackWritten.promise.then(() => answer(waiters));
  }

  /**
   * Runs one write of terminal_commands after the previous one of this
   * process: a batch marked sent and a batch of acks touch the same rows in
   * different orders, and run side by side they deadlock.
   */
  private commandWrite<T>(write: () => PromiseLike<T>): Promise<T> {
    const run = this.commandWrites.then(write);
    this.commandWrites = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  /**
   * Commands from the bus put on sockets here, marked sent together: the parts of a message (and the
   * messages) that arrive in one go become one UPDATE, not one each behind the acks they bring.
   */
  private sentFromBus: Array<{ ids: string[]; timeout: number }> = [];
  private sentFromBusWritten: Promise<void> | null = null;

  private markSentSoon(ids: string[], timeout: number): Promise<void> {
    if (!ids.length) return Promise.resolve();
    this.sentFromBus.push({ ids, timeout });
    this.sentFromBusWritten ??= new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
      this.sentFromBusWritten = null;
      const byTimeout = new Map<number, string[]>();
      for (const { ids, timeout } of this.sentFromBus.splice(0)) {
        const list = byTimeout.get(timeout);
        if (list) list.push(...ids);
        else byTimeout.set(timeout, [...ids]);
      }
      for (const [timeout, list] of byTimeout) await this.markSent(list, timeout);
    });
    return this.sentFromBusWritten;
  }

  private async markSent(ids: string[], timeout: number): Promise<void> {
    if (!ids.length) return;
    await this.commandWrite(() =>
      this.services.db
        .update(terminalCommands)
        .set({ state: "sent" })
        .where(and(commandIn(ids), eq(terminalCommands.state, "queued"))),
    );
    this.timeOutSent(ids, timeout);
  }

  /** Commands put on a socket of this process that are not acknowledged within `timeout` end timed out. */
  private timeOutSent(ids: string[], timeout: number): void {
    if (ids.length)
      this.expire(ids, timeout, "timeout", COMMAND_REASONS.timeout(timeout), ["queued", "sent"]);
  }

  /** After `ms`, the commands still in one of `from` end in `state` with `reason`. */
  private expire(
    ids: string[],
    ms: number,
    state: "timeout" | "offline",
    reason: string,
    from: Array<"queued" | "sent">,
  ): void {
    if (this.stopped) return;
    const timer = setTimeout(() => {
      this.expiries.delete(timer);
      this.finish(ids, state, reason, from).catch((err) =>
        this.log.warn({ err }, "could not time out terminal commands"),
      );
    }, ms);
    timer.unref();
    this.expiries.set(timer, { ids, sent: state === "timeout" });
  }

  private async finish(
    ids: string[],
    state: "timeout" | "offline" | "failed",
    reason: string,
    from: Array<"queued" | "sent">,
  ): Promise<void> {
    for (let i = 0; i < ids.length; i += 10_000) {
      const slice = ids.slice(i, i + 10_000);
      await this.commandWrite(() =>
        this.services.db
          .update(terminalCommands)
          .set({ state, reason, doneAt: this.services.clock.now() })
          .where(and(commandIn(slice), inArray(terminalCommands.state, from))),
      );
    }
  }

  /**
   * Commands another process queued for terminals held here: send them and time them out. With the
   * command carried by the message (a small one), it goes on the sockets at once; else its rows are read
   * (those still queued).
   */
  async deliver(
    items: Array<[string, number]>,
    timeoutMs: number,
    command?: { name: string; args: Record<string, unknown> },
  ): Promise<void> {
    const held = items.filter(([, terminalId]) => this.host.holds(terminalId));
    if (!held.length) return;
    if (command) {
      const frame = { type: "command" as const, name: command.name, args: command.args, timeoutMs };
      const sent = held.filter(([id, terminalId]) =>
        this.host.connection(terminalId)?.send({ ...frame, id }),
      );
      return this.markSentSoon(
        sent.map(([id]) => id),
        timeoutMs,
      );
    }
    const mine = held.map(([id]) => id);
    const rows = await this.services.db
      .select({
        id: terminalCommands.id,
        terminalId: terminalCommands.terminalId,
        name: terminalCommands.name,
        args: terminalCommands.args,
      })
      .from(terminalCommands)
      .where(and(commandIn(mine), eq(terminalCommands.state, "queued")));
    const sent = rows
      .filter((r) =>
        this.host
          .connection(r.terminalId)
          ?.send({ type: "command", id: r.id, name: r.name, args: r.args, timeoutMs }),
      )
      .map((r) => r.id);
    await this.markSentSoon(sent, timeoutMs);
  }
}
