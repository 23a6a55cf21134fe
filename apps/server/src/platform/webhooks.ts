import { randomUUID } from "node:crypto";
import type { WebhookEvent, WebhookEventType } from "@marquee/contracts";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type pg from "pg";
import type { Tx } from "./db";
import type { Clock } from "./deps";
import { PgListener } from "./listener";
import type { OfficeTree } from "./office-tree";

/**
 * Webhook events as the code that changes things raises them (docs/webhooks.md). An event becomes one
 * delivery row per enabled endpoint of its tenant that wants it, inserted in the caller's transaction
 * when it has one: no HTTP on the request path, and an event exists exactly when its change committed.
 * The worker (modules/webhook/worker.ts) sends the rows; it is woken by a NOTIFY on WEBHOOK_CHANNEL,
 * which PostgreSQL delivers at the commit.
 */

/** The channel of webhook news between processes: `due` (rows were queued) and `endpoints` (changed). */
export const WEBHOOK_CHANNEL = "marquee_webhooks";

/** An event to queue: its tenant (the agent, customer or platform office), type and data. */
export interface WebhookEventInput {
  tenantId: number;
  type: WebhookEventType;
  data: Record<string, unknown>;
  /** When it happened; now when absent. */
  time?: Date;
  /** Not sent before this time (a presence change that may yet be taken back); now when absent. */
  notBefore?: Date;
  /** Endpoints it is not queued for (they were never told what it would answer). */
  exceptEndpoints?: readonly number[];
}

/**
 * Queues one event for every enabled endpoint of THAT tenant wanting its type (the one scoping rule: an
 * endpoint receives the events of its own tenant only), in `tx`. Answers the count of deliveries queued.
 */
export async function emitWebhookEvent(
  tx: Tx,
  tenantOfficeId: number,
  type: WebhookEventType,
  data: Record<string, unknown>,
  time: Date = new Date(),
): Promise<number> {
  return emitWebhookEvents(tx, [{ tenantId: tenantOfficeId, type, data, time }]);
}

/** Queues many events in one statement (delivery reports of a fleet, presence); see emitWebhookEvent. */
export async function emitWebhookEvents(tx: Tx, events: readonly WebhookEventInput[]): Promise<number> {
  if (!events.length) return 0;
  const now = new Date();
  const col = <T>(pick: (e: WebhookEventInput) => T) => sql.param(events.map(pick));
  const result = await tx.execute<{ n: number }>(sql`
    with v(event_id, tenant_id, type, time, data, not_before, except_endpoints) as (
      select * from unnest(${col(() => randomUUID())}::uuid[], ${col((e) => e.tenantId)}::int[],
        ${col((e) => e.type)}::text[], ${col((e) => (e.time ?? now).toISOString())}::timestamptz[],
        ${col((e) => JSON.stringify(e.data))}::jsonb[],
        ${col((e) => e.notBefore?.toISOString() ?? null)}::timestamptz[],
        ${col((e) => JSON.stringify(e.exceptEndpoints ?? []))}::jsonb[])),
    ins as (
      insert into webhook_deliveries (event_id, type, office_id, endpoint_id, payload, next_attempt_at)
      select v.event_id, v.type, e.office_id, e.id,
        jsonb_build_object('id', v.event_id, 'type', v.type,
          'time', to_char(v.time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'tenant', jsonb_build_object('id', o.id, 'name', o.name), 'data', v.data),
        coalesce(v.not_before, now())
      from v
        join webhook_endpoints e on e.office_id = v.tenant_id and e.enabled and v.type = any(e.events)
        join offices o on o.id = e.office_id
      where not v.except_endpoints @> to_jsonb(e.id)
      returning 1)
    select count(*)::int as n, case when count(*) > 0 then pg_notify(${WEBHOOK_CHANNEL}, 'due') end as told
    from ins`);
  return result.rows[0]?.n ?? 0;
}

/** How long the cache of who wants what is trusted without news from the other processes. */
const INTEREST_TTL_MS = 30_000;

/**
 * The events each tenant's enabled endpoints want, cached per process (the whole table is small), so that
 * the busy paths (delivery reports of thousands of screens, presence) skip all webhook work when nobody
 * wants their events. A save here drops it at once; the others drop theirs at the NOTIFY, and at the
 * latest after INTEREST_TTL_MS.
 */
export class WebhookEvents {
  private byTenant: Map<number, Set<string>> | null = null;
  private wanted: Set<string> = new Set();
  private loadedAt = 0;
  private loading: Promise<void> | null = null;
  private readonly wakers = new Set<() => void>();
  private readonly listener: PgListener;

  constructor(
    private readonly pool: pg.Pool,
    private readonly tree: OfficeTree,
    private readonly clock: Clock,
    private readonly log?: FastifyBaseLogger,
  ) {
    const wake = () => {
      for (const fn of this.wakers) fn();
    };
    this.listener = new PgListener(
      pool,
      WEBHOOK_CHANNEL,
      "marquee-webhooks",
      "the webhook listener",
      {
        onNotify: (payload) => (payload === "endpoints" ? this.forget() : wake()),
        // News may have been missed while no connection listened.
        onListening: () => {
          this.forget();
          wake();
        },
        onLost: () => this.forget(),
      },
      log,
    );
  }

  private async fresh(): Promise<void> {
    if (this.byTenant && Date.now() - this.loadedAt < INTEREST_TTL_MS) return;
    this.loading ??= this.load().finally(() => {
      this.loading = null;
    });
    await this.loading;
  }

  private async load(): Promise<void> {
    const started = Date.now();
    // On the pool, not through the app's statements: a cache refill is no part of the write that asked.
    const rows = await this.pool.query<{ office_id: number; events: string[] }>(
      "select office_id, events from webhook_endpoints where enabled",
    );
    const byTenant = new Map<number, Set<string>>();
    const wanted = new Set<string>();
    for (const r of rows.rows) {
      const set = byTenant.get(r.office_id) ?? new Set<string>();
      for (const e of r.events) {
        set.add(e);
        wanted.add(e);
      }
      byTenant.set(r.office_id, set);
    }
    this.byTenant = byTenant;
    this.wanted = wanted;
    this.loadedAt = started;
  }

  /** Forgets the cache here and tells the other processes to (an endpoint was saved or deleted). */
  async changed(): Promise<void> {
    this.forget();
    await this.pool.query("select pg_notify($1, 'endpoints')", [WEBHOOK_CHANNEL]);
  }

  forget(): void {
    this.byTenant = null;
  }

  /** Whether any tenant's endpoint wants one of these events (false: the caller skips all webhook work). */
  async wantsAny(types: readonly WebhookEvent[]): Promise<boolean> {
    await this.fresh();
    return types.some((t) => this.wanted.has(t));
  }

  /** Whether the tenant of `officeId` has an endpoint wanting `type`; answers that tenant, or null. */
  async tenantWanting(officeId: number, type: WebhookEvent): Promise<number | null> {
    await this.fresh();
    if (!this.wanted.has(type)) return null;
    const tenantId = await this.tree.tenantIdOf(officeId);
    return this.byTenant?.get(tenantId)?.has(type) ? tenantId : null;
  }

  /**
   * Queues the events of offices (their tenants found here) that some endpoint wants, in `tx`; the others
   * cost nothing. Answers the count of deliveries queued.
   */
  async emit(
    tx: Tx,
    events: ReadonlyArray<
      { officeId: number; type: WebhookEvent; data: Record<string, unknown> } & Pick<
        WebhookEventInput,
        "notBefore" | "exceptEndpoints"
      >
    >,
  ): Promise<number> {
    if (!events.length || !(await this.wantsAny(events.map((e) => e.type)))) return 0;
    const time = this.clock.now();
    const queued: WebhookEventInput[] = [];
    for (const { officeId, ...e } of events) {
      const tenantId = await this.tenantWanting(officeId, e.type);
      if (tenantId !== null) queued.push({ ...e, tenantId, time });
    }
    return emitWebhookEvents(tx, queued);
  }

  /** Like emit, but never throws: an event that cannot be queued is logged, the change it reports stands. */
  async emitQuietly(
    db: Tx,
    events: ReadonlyArray<{ officeId: number; type: WebhookEvent; data: Record<string, unknown> }>,
  ): Promise<void> {
    try {
      await this.emit(db, events);
    } catch (err) {
      this.log?.warn({ err, events: events.length }, "could not queue webhook events");
    }
  }

  /** Runs `fn` whenever deliveries were queued (by any process). */
  onDue(fn: () => void): () => void {
    this.wakers.add(fn);
    return () => this.wakers.delete(fn);
  }

  /** Listens on WEBHOOK_CHANNEL on a connection of its own (reconnecting with a growing pause). */
  start(): Promise<void> {
    return this.listener.start();
  }

  stop(): Promise<void> {
    return this.listener.stop();
  }
}
