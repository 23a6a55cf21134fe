import { WEBHOOK_RETRY_FOR_MS } from "@marquee/contracts";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { crashPoint } from "../../platform/crash-point";
import type { Services } from "../../platform/services";
import { type SendResult, sendWebhook, webhookBodyText } from "./sender";

/** Deliveries in flight at once in one process. */
export const WEBHOOK_CONCURRENCY = 32;
/** A claim holds this long: past it (its process died mid-send), the row is taken again. */
const CLAIM_SECONDS = 60;
/** Deliveries that ended within this long are recorded by one statement. */
const RECORD_BATCH_MS = 10;
/** A look for due deliveries at least this often (retries coming due, a NOTIFY missed). */
const POLL_MS = 5_000;

/** A claimed delivery, with what sending it needs. */
export type ClaimedDelivery = {
  id: number;
  event_id: string;
  type: string;
  payload: unknown;
  attempts: number;
  created_at: Date;
  url: string;
  secret: string;
};

/**
 * Sends the queued deliveries (role worker or all): claims due rows with FOR UPDATE SKIP LOCKED, so that
 * several processes never send one row twice, up to WEBHOOK_CONCURRENCY at once; woken by the NOTIFY of
 * the transaction that queued them, and every POLL_MS. A row's claim names this process and runs out
 * after CLAIM_SECONDS: a row claimed by a process that died is sent again by another (at once when the
 * process registry reaps the dead one).
 */
export class WebhookWorker {
  private inFlight = 0;
  private pumping = false;
  private again = false;
  private stopped = true;
  private poll: ReturnType<typeof setInterval> | null = null;
  private soon: ReturnType<typeof setTimeout> | null = null;
  private soonAt = Number.POSITIVE_INFINITY;
  private unlisten: (() => void) | null = null;
  private readonly idle = new Set<() => void>();
  private allowPrivate: { value: boolean; at: number } | null = null;

  constructor(
    private readonly services: Services,
    private readonly log: FastifyBaseLogger,
    private readonly retryMs: readonly number[],
  ) {
    services.processes.onReap(async (dead) => {
      await services.db.execute(sql`
        update webhook_deliveries set claimed_by = null, claimed_until = null
        where state = 'pending' and claimed_by = any(${sql.param(dead)}::uuid[])`);
      this.wake();
    });
  }

  start(): void {
    this.stopped = false;
    this.unlisten = this.services.webhookEvents.onDue(() => this.wake());
    this.poll = setInterval(() => this.wake(), POLL_MS);
    this.poll.unref();
    this.wake();
  }

  /** Stops claiming and waits for the deliveries in flight. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.unlisten?.();
    if (this.poll) clearInterval(this.poll);
    if (this.soon) clearTimeout(this.soon);
    await this.settled();
  }

  /** Resolves once nothing is in flight or being claimed (tests, and the stop). */
  settled(): Promise<void> {
    if (this.inFlight === 0 && !this.pumping) return Promise.resolve();
    return new Promise((resolve) => this.idle.add(resolve));
  }

  /** Looks for due deliveries now. */
  wake(): void {
    if (this.stopped) return;
    if (this.pumping) {
      this.again = true;
      return;
    }
    void this.pump();
  }

  private async pump(): Promise<void> {
    this.pumping = true;
    try {
      do {
        this.again = false;
        const room = WEBHOOK_CONCURRENCY - this.inFlight;
        // Claimed in batches: while sends are under way, wait until a quarter of the room is free.
        if (room <= 0 || this.stopped || (this.inFlight > 0 && room < WEBHOOK_CONCURRENCY / 4)) break;
        const rows = await this.claim(room);
        if (!rows.length) break;
        const allowPrivate = await this.privateAllowed();
        for (const row of rows) {
          this.inFlight++;
          void this.deliver(row, allowPrivate)
            .catch((err) =>
              this.log.warn({ err, delivery: row.id }, "a webhook delivery could not be recorded"),
            )
            .finally(() => {
              this.inFlight--;
              this.wake();
              this.checkIdle();
            });
        }
        if (rows.length === room) this.again = true;
      } while (this.again && !this.stopped);
    } catch (err) {
      this.log.warn({ err }, "could not claim webhook deliveries");
    } finally {
      this.pumping = false;
      this.checkIdle();
    }
  }

  private checkIdle(): void {
    if (this.inFlight > 0 || this.pumping) return;
    for (const fn of this.idle) fn();
    this.idle.clear();
  }

  /** The platform's setting, read at most every few seconds. */
  private async privateAllowed(): Promise<boolean> {
    const now = Date.now();
    if (this.allowPrivate && now - this.allowPrivate.at < 2_000) return this.allowPrivate.value;
    const value = await this.services.settings.get("webhooksPrivateAddresses");
    this.allowPrivate = { value, at: now };
    return value;
  }

  /** Claims up to `limit` due deliveries of enabled endpoints for this process. */
  private async claim(limit: number): Promise<ClaimedDelivery[]> {
    const me = this.services.processes.id;
    const result = await this.services.db.execute<ClaimedDelivery>(sql`
      update webhook_deliveries d
      set claimed_by = ${me}::uuid, claimed_until = now() + make_interval(secs => ${CLAIM_SECONDS}),
          attempts = d.attempts + 1
      from webhook_endpoints e
      where e.id = d.endpoint_id and d.id in (
        select w.id from webhook_deliveries w join webhook_endpoints we on we.id = w.endpoint_id and we.enabled
        where w.state = 'pending' and w.next_attempt_at <= now()
          and (w.claimed_until is null or w.claimed_until < now())
        order by w.next_attempt_at, w.id
        limit ${limit}
        for update of w skip locked)
      returning d.id, d.event_id, d.type, d.payload, d.attempts, d.created_at, e.url, e.secret`);
    return result.rows;
  }

  /** Sends one claimed delivery and records the outcome. */
  async deliver(row: ClaimedDelivery, allowPrivate: boolean, retry = true): Promise<SendResult> {
    const result = await sendWebhook({
      url: row.url,
      secret: row.secret,
      eventId: row.event_id,
      type: row.type,
      body: webhookBodyText(row.payload),
      allowPrivate,
    });
    // The crash test kills here: the receiver has it, the queue does not know (sent again, same event id).
    crashPoint("webhook.sent");
    await this.record(row, result, retry);
    return result;
  }

  /** The pause before the next attempt after `attempts` attempts. */
  private delayAfter(attempts: number): number {
    const list = this.retryMs.length ? this.retryMs : [30_000];
    return list[Math.min(attempts, list.length) - 1] ?? list[list.length - 1] ?? 30_000;
  }

  private async record(row: ClaimedDelivery, r: SendResult, retry: boolean): Promise<void> {
    const me = this.services.processes.id;
    if (r.ok) {
      await this.recordDelivered(row.id, r);
      return;
    }
    const delay = this.delayAfter(row.attempts);
    const next = Date.now() + delay;
    const giveUp = !retry || next - new Date(row.created_at).getTime() > WEBHOOK_RETRY_FOR_MS;
    await this.services.db.execute(sql`
      update webhook_deliveries set state = ${giveUp ? "failed" : "pending"},
        next_attempt_at = now() + make_interval(secs => ${delay / 1000}),
        last_status = ${r.status}, last_error = ${r.error}, response_ms = ${r.ms},
        claimed_by = null, claimed_until = null
      where id = ${row.id} and claimed_by = ${me}::uuid`);
    if (!giveUp) this.wakeAt(next);
  }

  private delivered: Array<{
    id: number;
    status: number | null;
    ms: number;
    done: () => void;
    fail: (e: unknown) => void;
  }> = [];
  private deliveredTimer: ReturnType<typeof setTimeout> | null = null;

  /**
   * Records a delivery delivered, together with the others that end within a few milliseconds: one
   * UPDATE for a batch, not one per delivery (a busy endpoint answers hundreds a second).
   */
  private recordDelivered(id: number, r: SendResult): Promise<void> {
    return new Promise((done, fail) => {
      this.delivered.push({ id, status: r.status, ms: r.ms, done, fail });
      if (this.delivered.length >= WEBHOOK_CONCURRENCY) void this.flushDelivered();
      else this.deliveredTimer ??= setTimeout(() => void this.flushDelivered(), RECORD_BATCH_MS);
    });
  }

  private async flushDelivered(): Promise<void> {
    if (this.deliveredTimer) clearTimeout(this.deliveredTimer);
    this.deliveredTimer = null;
    const batch = this.delivered;
    this.delivered = [];
    if (!batch.length) return;
    const col = <T>(pick: (b: (typeof batch)[number]) => T) => sql.param(batch.map(pick));
    try {
      await this.services.db.execute(sql`
        update webhook_deliveries d set state = 'delivered', delivered_at = now(), last_status = v.status,
          last_error = null, response_ms = v.ms, claimed_by = null, claimed_until = null
        from unnest(${col((b) => b.id)}::bigint[], ${col((b) => b.status)}::int[], ${col((b) => b.ms)}::int[])
          as v(id, status, ms)
        where d.id = v.id and d.claimed_by = ${this.services.processes.id}::uuid`);
      for (const b of batch) b.done();
    } catch (err) {
      for (const b of batch) b.fail(err);
    }
  }

  /** Looks again at `at` (a retry coming due), unless a look is already planned sooner. */
  private wakeAt(at: number): void {
    if (this.stopped || at >= this.soonAt) return;
    if (this.soon) clearTimeout(this.soon);
    this.soonAt = at;
    this.soon = setTimeout(
      () => {
        this.soon = null;
        this.soonAt = Number.POSITIVE_INFINITY;
        this.wake();
      },
      Math.max(0, at - Date.now()) + 20,
    );
    this.soon.unref();
  }

  /**
   * Sends a delivery queued for this process now (the `test` call's ping), outside the queue: claimed
   * at its insert, so no worker takes it meanwhile; failed at once when it fails (a ping is not retried).
   */
  async sendClaimed(id: number): Promise<SendResult> {
    const me = this.services.processes.id;
    const result = await this.services.db.execute<ClaimedDelivery>(sql`
      update webhook_deliveries d set attempts = d.attempts + 1, claimed_by = ${me}::uuid,
        claimed_until = now() + make_interval(secs => ${CLAIM_SECONDS})
      from webhook_endpoints e
      where e.id = d.endpoint_id and d.id = ${id}
      returning d.id, d.event_id, d.type, d.payload, d.attempts, d.created_at, e.url, e.secret`);
    const row = result.rows[0];
    if (!row) throw new Error(`webhook delivery ${id} vanished`);
    return this.deliver(row, await this.services.settings.get("webhooksPrivateAddresses"), false);
  }
}
