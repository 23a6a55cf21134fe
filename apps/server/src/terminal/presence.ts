import type { TerminalStatus } from "@marquee/terminal-protocol";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client";
import { columnsOf } from "../platform/sql";
import type { WebhookEvents } from "../platform/webhooks";

/** What the process holding a terminal's socket knows of it; written to the terminals row in batches. */
export interface PresenceRecord {
  terminalId: number;
  online: boolean;
  lastSeenAt: Date | null;
  status: TerminalStatus | null;
  ip: string | null;
  /** When this socket was accepted: a write from an older socket never overwrites a newer one's. */
  connectedAt: Date;
}

/** Rows per UPDATE: 10 parameters a row stays far below PostgreSQL's 65,535. */
const ROWS_PER_STATEMENT = 1000;
/**
 * An online span's end is written again only once it moved this far (or the
 * socket closed, or the span is new): statistics count hours, and a fleet
 * beating every 30 s would otherwise rewrite every span at every beat.
 */
export const SPAN_STEP_MS = 120_000;

/** When a `terminal.offline` queued now may be sent, after `graceMs` (WEBHOOK_OFFLINE_GRACE_SECONDS); none: at once. */
export function offlineDue(graceMs: number): Date | undefined {
  return graceMs > 0 ? new Date(Date.now() + graceMs) : undefined;
}

/**
 * Presence changes (connect, heartbeat, disconnect) are kept in memory and
 * flushed together: one `UPDATE … FROM (VALUES …)` per batch, never one query
 * per terminal, so a fleet beating every 30 s costs a few statements a flush.
 * A row another transaction holds is left for the next flush (`skip locked`).
 */
export class PresenceWriter {
  private dirty = new Map<number, PresenceRecord>();
  private chain: Promise<void> = Promise.resolve();
  /** Per terminal: the span (its socket's accept time) and the end last written for it. */
  private spans = new Map<number, { started: number; end: number }>();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    /** This server process (server_processes): written as the holder of the sockets it reports online. */
    private readonly processId: string,
    /** Webhooks: `terminal.online` and `terminal.offline`, queued with the write that changes `online`. */
    private readonly webhooks?: WebhookEvents,
    /**
     * `terminal.offline` waits this long before it is sent; a screen back sooner takes it back, and the
     * endpoints it was queued for are not told the screen is online again: a drop of a few seconds (a
     * network blip, a player restart, a move to another node) tells an integration nothing. The server
     * passes WEBHOOK_OFFLINE_GRACE_SECONDS; 0 (a writer without webhooks) sends at once.
     */
    private readonly offlineGraceMs = 0,
  ) {}

  /** Records the latest presence of a terminal (a later mark before the flush replaces it). */
  mark(record: PresenceRecord): void {
    this.dirty.set(record.terminalId, { ...record });
  }

  /** Terminals waiting for the next flush. */
  get pending(): number {
    return this.dirty.size;
  }

  /** Writes every pending record; flushes run one after another. A failed batch is kept for the next flush. */
  flush(): Promise<void> {
    this.chain = this.chain.then(() => this.write());
    return this.chain;
  }

  private async write(): Promise<void> {
    if (!this.dirty.size) return;
    // In id order: batches that lock many terminal rows lock them in one order, so none waits on another in a circle.
    const batch = [...this.dirty.values()].sort((a, b) => a.terminalId - b.terminalId);
    this.dirty = new Map();
    for (let i = 0; i < batch.length; i += ROWS_PER_STATEMENT) {
      const part = batch.slice(i, i + ROWS_PER_STATEMENT);
      let skipped: Set<number>;
      try {
        skipped = await this.update(part);
      } catch (err) {
        this.log.warn(
          { err, terminals: part.length },
          "could not write terminal presence; retrying at the next flush",
        );
        skipped = new Set(part.map((r) => r.terminalId));
      }
      // Not written (a failure, or a row another transaction holds): their spans were not written either,
      // and they are written at the next flush, unless a newer record arrived meanwhile.
      for (const r of part) {
        if (!skipped.has(r.terminalId)) continue;
        this.spans.delete(r.terminalId);
        if (!this.dirty.has(r.terminalId)) this.dirty.set(r.terminalId, r);
      }
    }
  }

  /** Whether this record's span end must be written now (and remembers it as written). */
  private spanDue(r: PresenceRecord): boolean {
    const started = r.connectedAt.getTime();
    const end = Math.max(started, r.lastSeenAt?.getTime() ?? started);
    const last = this.spans.get(r.terminalId);
    if (!r.online) this.spans.delete(r.terminalId);
    if (last && last.started === started && r.online && end - last.end < SPAN_STEP_MS) return false;
    if (r.online) this.spans.set(r.terminalId, { started, end });
    return true;
  }

  /**
   * Writes the rows, and answers those it left for the next flush: a terminal row another transaction holds
   * (an operator's change to many screens, a publication recording its targets) is skipped, not waited for.
   * Presence then never waits on a lock while it holds others, so it can never be one side of a deadlock
   * (PostgreSQL breaks one by failing a whole batch), and a long transaction elsewhere never stalls it.
   */
  private async update(rows: PresenceRecord[]): Promise<Set<number>> {
    const spanDue = rows.map((r) => this.spanDue(r));
    const column = columnsOf(rows);
    // One statement, one array parameter per column (not ten parameters per terminal to build and parse):
    // the terminals' rows, and each socket's online span (accept → last beat, for the statistics)
    // stretched to its latest end; a terminal deleted meanwhile has neither.
    const told = await this.webhooks?.wantsAny(["terminal.online", "terminal.offline"]);
    const write = (db: Pick<Db, "execute">, changes: boolean) =>
      db.execute<{
        skipped: boolean;
        id: number;
        name: string;
        office_id: number;
        online: boolean;
      }>(sql`
      with v(id, span, online, seen, status, ip, connected, version, width, height) as (
        select * from unnest(
          ${column((r) => r.terminalId)}::int[], ${column((_r, i) => spanDue[i] ?? true)}::boolean[],
          ${column((r) => r.online)}::boolean[], ${column((r) => r.lastSeenAt?.toISOString() ?? null)}::timestamptz[],
          ${column((r) => (r.status ? JSON.stringify(r.status) : null))}::jsonb[], ${column((r) => r.ip)}::text[],
          ${column((r) => r.connectedAt.toISOString())}::timestamptz[], ${column((r) => r.status?.version ?? null)}::text[],
          ${column((r) => r.status?.resolution.width ?? null)}::int[],
          ${column((r) => r.status?.resolution.height ?? null)}::int[])),
      mine as materialized (
        select t.id from terminals t where t.id = any(${column((r) => r.terminalId)}::int[])
        for no key update of t skip locked
      ),
      up as (
        update terminals t set
          online = v.online,
          held_by = case when v.online then ${this.processId}::uuid end,
          last_seen_at = coalesce(v.seen, t.last_seen_at),
          status = coalesce(v.status, t.status),
          ip = coalesce(v.ip, t.ip),
          connected_at = v.connected,
          version = coalesce(v.version, t.version),
          width = coalesce(v.width, t.width),
          height = coalesce(v.height, t.height)
        from v${changes ? sql`, terminals old` : sql``}
        where t.id = v.id and t.id in (select id from mine)
          and (t.connected_at is null or t.connected_at <= v.connected)
          ${changes ? sql`and old.id = t.id` : sql``}
        returning ${changes ? sql`t.id, t.name, t.office_id, t.online, old.online as was` : sql`t.id`}
      ),
      spans as (
        insert into terminal_online_spans as s (terminal_id, started_at, ended_at)
        select v.id, v.connected, greatest(v.connected, coalesce(v.seen, v.connected))
        from v join mine on mine.id = v.id where v.span
        on conflict (terminal_id, started_at) do update set ended_at = greatest(s.ended_at, excluded.ended_at)
      )
      ${changes ? sql`select false as skipped, id, name, office_id, online from up where online is distinct from was` : sql`select false as skipped, id, '' as name, 0 as office_id, false as online from up where false`}
      union all
      select true, t.id, '', 0, false from terminals t
      where t.id = any(${column((r) => r.terminalId)}::int[]) and t.id not in (select id from mine)`);
    const skippedOf = (rows: { skipped: boolean; id: number }[]) =>
      new Set(rows.filter((r) => r.skipped).map((r) => r.id));
    if (!told) return skippedOf((await write(this.db, false)).rows);
    // Some tenant wants presence events: the screens whose `online` changed, queued with the write.
    const webhooks = this.webhooks as WebhookEvents;
    return this.db.transaction(async (tx) => {
      const { rows: written } = await write(tx, true);
      const changed = written.filter((r) => !r.skipped);
      const back = changed.filter((r) => r.online).map((r) => r.id);
      // Screens back before their offline event went out: it is taken back, for the endpoints that had it.
      const untold = new Map<number, number[]>();
      if (back.length) {
        const taken = await tx.execute<{ terminal_id: number; endpoint_id: number }>(sql`
          delete from webhook_deliveries
          where state = 'pending' and type = 'terminal.offline' and attempts = 0 and claimed_by is null
            and (payload #>> '{data,terminal,id}')::int = any(${sql.param(back)}::int[])
          returning (payload #>> '{data,terminal,id}')::int as terminal_id, endpoint_id`);
        for (const r of taken.rows)
          untold.set(r.terminal_id, [...(untold.get(r.terminal_id) ?? []), r.endpoint_id]);
      }
      const notBefore = offlineDue(this.offlineGraceMs);
      await webhooks.emit(
        tx,
        changed.map((r) => ({
          officeId: r.office_id,
          type: r.online ? ("terminal.online" as const) : ("terminal.offline" as const),
          data: { terminal: { id: r.id, name: r.name } },
          ...(r.online ? { exceptEndpoints: untold.get(r.id) } : { notBefore }),
        })),
      );
      return skippedOf(written);
    });
  }
}
