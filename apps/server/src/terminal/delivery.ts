import { type DeliveryItem, encodeReason } from "@marquee/terminal-protocol";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client";
import { crashPoint } from "../platform/crash-point";
import type { Clock } from "../platform/deps";
import { columnsOf } from "../platform/sql";
import type { WebhookEvents } from "../platform/webhooks";

/** How long delivery changes wait in memory before they are written together. */
export const DELIVERY_FLUSH_MS = 200;
/** Rows per UPDATE (6 parameters a row at most: far below PostgreSQL's 65,535). */
const ROWS_PER_STATEMENT = 5000;
/** The reason kept when a terminal reports a failure without one. */
export const NO_REASON = encodeReason("noReason");

interface Report {
  publicationId: number;
  terminalId: number;
  state: DeliveryItem["state"];
  done: number | null;
  total: number | null;
  reason: string | null;
}

/**
 * What became of publications on terminals (publication_targets), as this
 * process sees it: a `sync` pushed on a socket or a hello (notified), a
 * manifest taken (fetched), and the player's own reports (downloading with
 * progress, downloaded, playing, failed with the reason).
 *
 * Changes are kept in memory and written together every DELIVERY_FLUSH_MS,
 * one `UPDATE … FROM (VALUES …)` per kind and batch, never one statement per
 * terminal: a fleet told of a publication at once and fetching its manifest
 * within a second costs a handful of statements. The rules live in the SQL:
 * on active publications only, notified moves queued/offline targets and
 * fetched moves queued/offline/notified ones (a refetch never moves a target
 * back from downloaded or playing, nor a failed one before its retry
 * re-queued it); a player's report moves any target that is not withdrawn.
 */
export class DeliveryTracker {
  private notified = new Set<number>();
  private fetched = new Map<number, Set<number>>();
  private reports = new Map<string, Report>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private chain: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    /** Webhooks: `publication.delivered` and `publication.failed` per screen, queued with the write. */
    private readonly webhooks?: WebhookEvents,
  ) {}

  /** The terminal was told of its manifest (a `sync` frame, or the welcome after its hello). */
  markNotified(terminalId: number): void {
    this.notified.add(terminalId);
    this.schedule();
  }

  /** The terminal took a manifest carrying these publications. */
  markFetched(terminalId: number, publicationIds: readonly number[]): void {
    if (!publicationIds.length) return;
    let set = this.fetched.get(terminalId);
    if (!set) {
      set = new Set();
      this.fetched.set(terminalId, set);
    }
    for (const id of publicationIds) set.add(id);
    this.schedule();
  }

  /** A delivery frame: the latest report of each publication wins. */
  report(terminalId: number, items: readonly DeliveryItem[]): void {
    for (const i of items) {
      const failed = i.state === "failed";
      this.reports.set(`${i.publicationId}:${terminalId}`, {
        publicationId: i.publicationId,
        terminalId,
        state: i.state,
        done: i.done ?? null,
        total: i.total ?? null,
        reason: failed ? (i.reason?.trim() || NO_REASON).slice(0, 500) : null,
      });
    }
    if (items.length) this.schedule();
  }

  /** Changes waiting for the next write. */
  get pending(): number {
    let n = this.notified.size + this.reports.size;
    for (const s of this.fetched.values()) n += s.size;
    return n;
  }

  /** Writes what is waiting now; writes run one after another. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.chain = this.chain.then(() => this.write());
    return this.chain;
  }

  /** Writes what is left and takes no more timers (the process is stopping). */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.flush();
  }

  private schedule(): void {
    if (this.timer || this.stopped) return;
    this.timer = setTimeout(() => void this.flush(), DELIVERY_FLUSH_MS);
    this.timer.unref();
  }

  private async write(): Promise<void> {
    const notified = [...this.notified];
    const fetched: Array<[number, number]> = [];
    // A target the player reported on in the same batch is written once, with its report: the report
    // moves it at least as far (a screen reports right after it took its manifest).
    for (const [terminalId, ids] of this.fetched)
      for (const id of ids) if (!this.reports.has(`${id}:${terminalId}`)) fetched.push([terminalId, id]);
    const reports = [...this.reports.values()];
    this.notified = new Set();
    this.fetched = new Map();
    this.reports = new Map();
    if (!notified.length && !fetched.length && !reports.length) return;
    const now = this.clock.now().toISOString();
    // In the order things happen to a terminal: told, fetched, then what the player says.
    await this.each(
      notified,
      (part) => this.writeNotified(part, now),
      (id) => this.notified.add(id),
    );
    await this.each(
      fetched,
      (part) => this.writeFetched(part, now),
      ([terminalId, id]) => this.markFetched(terminalId, [id]),
    );
    // The crash tests kill the process here: the players' reports were received and are lost unwritten.
    if (reports.length) crashPoint("delivery.reports");
    await this.each(
      reports,
      (part) => this.writeReports(part, now),
      (r) => {
        const key = `${r.publicationId}:${r.terminalId}`;
        if (!this.reports.has(key)) this.reports.set(key, r);
      },
    );
  }

  /** Runs `write` per part; a failed part is kept for the next flush. */
  private async each<T>(rows: T[], write: (part: T[]) => Promise<void>, keep: (row: T) => void) {
    for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
      const part = rows.slice(i, i + ROWS_PER_STATEMENT);
      try {
        await write(part);
      } catch (err) {
        this.log.warn(
          { err, rows: part.length },
          "could not write delivery states; retrying at the next flush",
        );
        if (!this.stopped) {
          for (const r of part) keep(r);
          this.schedule();
        }
      }
    }
  }

  // Each write is one statement with one array parameter per column (unnest), not parameters per row:
  // thousands of rows are a handful of values to bind and parse.

  private async writeNotified(ids: number[], now: string): Promise<void> {
    await this.db.execute(sql`
      update publication_targets pt set state = 'notified', updated_at = ${now}::timestamptz
      from publications p, unnest(${sql.param(ids)}::int[]) as v(terminal_id)
      where pt.terminal_id = v.terminal_id and p.id = pt.publication_id and p.state = 'active'
        and pt.state in ('queued', 'offline')`);
  }

  private async writeFetched(rows: Array<[number, number]>, now: string): Promise<void> {
    const terminalIds = sql.param(rows.map(([terminalId]) => terminalId));
    const publicationIds = sql.param(rows.map(([, id]) => id));
    await this.db.execute(sql`
      update publication_targets pt set state = 'fetched', updated_at = ${now}::timestamptz
      from publications p, unnest(${terminalIds}::int[], ${publicationIds}::int[]) as v(terminal_id, publication_id)
      where pt.terminal_id = v.terminal_id and pt.publication_id = v.publication_id
        and p.id = pt.publication_id and p.state = 'active'
        and pt.state in ('queued', 'offline', 'notified')`);
  }

  private async writeReports(rows: Report[], now: string): Promise<void> {
    const column = columnsOf(rows);
    const values = sql`unnest(${column((r) => r.publicationId)}::int[], ${column((r) => r.terminalId)}::int[],
                  ${column((r) => r.state)}::text[], ${column((r) => r.done)}::int[],
                  ${column((r) => r.total)}::int[], ${column((r) => r.reason)}::text[])
           as v(publication_id, terminal_id, state, done, total, reason)`;
    // Downloaded or playing: every file is there, so done = total when the player did not count.
    const set = sql`
        state = v.state,
        total = coalesce(v.total, pt.total),
        done = coalesce(v.done, case when v.state in ('downloaded', 'playing') then coalesce(v.total, pt.total) end),
        reason = v.reason,
        updated_at = ${now}::timestamptz`;
    if (!(await this.webhooks?.wantsAny(["publication.delivered", "publication.failed"]))) {
      await this.db.execute(sql`
        update publication_targets pt set ${set}
        from ${values}
        where pt.publication_id = v.publication_id and pt.terminal_id = v.terminal_id
          and pt.state <> 'withdrawn'`);
      return;
    }
    // Some tenant wants these events: the same write answers the targets that became delivered (downloaded
    // or playing) or failed, read against their state before it (the join's row is the one before the update).
    const webhooks = this.webhooks as WebhookEvents;
    await this.db.transaction(async (tx) => {
      const changed = await tx.execute<{
        publication_id: number;
        terminal_id: number;
        state: string;
        reason: string | null;
        publication_name: string;
        kind: string;
        content_id: number;
        terminal_name: string;
        office_id: number;
      }>(sql`
        with up as (
          update publication_targets pt set ${set}
          from ${values}, publication_targets old
          where pt.publication_id = v.publication_id and pt.terminal_id = v.terminal_id
            and pt.state <> 'withdrawn'
            and old.publication_id = pt.publication_id and old.terminal_id = pt.terminal_id
          returning pt.publication_id, pt.terminal_id, pt.state, pt.reason, old.state as was)
        select up.publication_id, up.terminal_id, up.state, up.reason, p.name as publication_name, p.kind,
          p.content_id, t.name as terminal_name, t.office_id
        from up join publications p on p.id = up.publication_id join terminals t on t.id = up.terminal_id
        where (up.state in ('downloaded', 'playing') and up.was not in ('downloaded', 'playing'))
          or (up.state = 'failed' and up.was <> 'failed')`);
      await webhooks.emit(
        tx,
        changed.rows.map((r) => ({
          officeId: r.office_id,
          type: r.state === "failed" ? ("publication.failed" as const) : ("publication.delivered" as const),
          data: {
            publication: {
              id: r.publication_id,
              name: r.publication_name,
              kind: r.kind,
              contentId: r.content_id,
            },
            terminal: { id: r.terminal_id, name: r.terminal_name },
            state: r.state,
            ...(r.state === "failed" ? { reason: r.reason } : {}),
          },
        })),
      );
    });
  }
}
