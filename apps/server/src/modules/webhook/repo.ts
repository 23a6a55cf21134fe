import type { WebhookDeliveryItem, WebhookDeliveryState, WebhookEndpointItem } from "@marquee/contracts";
import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { webhookDeliveries, webhookEndpoints } from "../../db/schema";
import type { Actor } from "../../platform/actor";
import { scoped } from "../../platform/tenancy";
import { webhookBodyText } from "./sender";

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

/** An endpoint as the console shows it; the secret only to those who may edit endpoints. */
export function endpointOut(
  row: WebhookEndpointRow,
  showSecret: boolean,
  last?: { state: WebhookDeliveryState | null; at: Date | null; pending: number },
): WebhookEndpointItem {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    enabled: row.enabled,
    secret: showSecret ? row.secret : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lastState: last?.state ?? null,
    lastAt: last?.at?.toISOString() ?? null,
    pending: last?.pending ?? 0,
  };
}

export function deliveryOut(row: WebhookDeliveryRow): WebhookDeliveryItem {
  return {
    id: row.id,
    endpointId: row.endpointId,
    eventId: row.eventId,
    type: row.type,
    state: row.state,
    attempts: row.attempts,
    nextAttemptAt: row.state === "pending" ? row.nextAttemptAt.toISOString() : null,
    lastStatus: row.lastStatus,
    lastError: row.lastError,
    responseMs: row.responseMs,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    // In the documented order of the body sent (jsonb keeps its own).
    payload: JSON.parse(webhookBodyText(row.payload)),
  };
}

/** The actor's tenant's endpoints, with the latest delivery's state and the count waiting. */
export async function listEndpoints(db: Db, actor: Actor) {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(scoped(actor, webhookEndpoints))
    .orderBy(webhookEndpoints.id);
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const stats = await db.execute<{
    endpoint_id: number;
    state: WebhookDeliveryState;
    at: Date;
    pending: number;
  }>(sql`
    select e.id as endpoint_id, l.state, l.at, (select count(*)::int from webhook_deliveries p
      where p.endpoint_id = e.id and p.state = 'pending') as pending
    from unnest(${sql.param(ids)}::int[]) as e(id)
    left join lateral (select d.state, coalesce(d.delivered_at, d.created_at) as at from webhook_deliveries d
      where d.endpoint_id = e.id order by d.id desc limit 1) l on true`);
  const byId = new Map(stats.rows.map((s) => [s.endpoint_id, s]));
  return rows.map((row) => {
    const s = byId.get(row.id);
    return {
      row,
      last: { state: s?.state ?? null, at: s?.at ? new Date(s.at) : null, pending: s?.pending ?? 0 },
    };
  });
}

export async function findEndpoint(
  db: Db,
  actor: Actor,
  id: number,
): Promise<WebhookEndpointRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(scoped(actor, webhookEndpoints, eq(webhookEndpoints.id, id)));
  return row;
}

export async function endpointCount(db: Db, tenantId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.officeId, tenantId));
  return row?.n ?? 0;
}

export async function findDelivery(
  db: Db,
  actor: Actor,
  id: number,
): Promise<WebhookDeliveryRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(scoped(actor, webhookDeliveries, eq(webhookDeliveries.id, id)));
  return row;
}

/** A page of an endpoint's deliveries (of the actor's tenant), newest first. */
export async function listDeliveries(
  db: Db,
  actor: Actor,
  q: { endpointId: number; state?: WebhookDeliveryState; pageNo: number; pageSize: number },
) {
  const where = scoped(
    actor,
    webhookDeliveries,
    eq(webhookDeliveries.endpointId, q.endpointId),
    q.state ? eq(webhookDeliveries.state, q.state) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(webhookDeliveries).where(where);
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(and(where))
    .orderBy(desc(webhookDeliveries.id))
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize);
  return { rows, total: total?.n ?? 0 };
}

type EndpointChange = Partial<Omit<typeof webhookEndpoints.$inferInsert, "id" | "officeId" | "createdBy">>;

/** Changes one of the actor's tenant's endpoints; answers it, or undefined when the tenant has no such one. */
export async function updateEndpoint(
  db: Db,
  actor: Actor,
  id: number,
  change: EndpointChange,
): Promise<WebhookEndpointRow | undefined> {
  const [row] = await db
    .update(webhookEndpoints)
    .set(change)
    .where(scoped(actor, webhookEndpoints, eq(webhookEndpoints.id, id)))
    .returning();
  return row;
}

/** A new endpoint of the actor's tenant. */
export async function insertEndpoint(
  db: Db,
  actor: Actor,
  values: Omit<typeof webhookEndpoints.$inferInsert, "officeId" | "createdBy">,
): Promise<WebhookEndpointRow> {
  const [row] = await db
    .insert(webhookEndpoints)
    .values({ ...values, officeId: actor.tenantId, createdBy: actor.userId })
    .returning();
  if (!row) throw new Error("the webhook was not stored");
  return row;
}

/** Deletes one of the actor's tenant's endpoints (its deliveries go with it). */
export async function deleteEndpoint(db: Db, actor: Actor, id: number): Promise<void> {
  await db.delete(webhookEndpoints).where(scoped(actor, webhookEndpoints, eq(webhookEndpoints.id, id)));
}

/**
 * Queues one delivery for an endpoint the caller found in its tenant (a redelivery or a test ping). The
 * row's tenant is the endpoint's. `claimedBy`: a process that sends it itself at once (no worker takes it
 * for 60 s); otherwise the senders are woken.
 */
export async function queueDelivery(
  db: Db,
  endpoint: WebhookEndpointRow,
  values: Pick<typeof webhookDeliveries.$inferInsert, "eventId" | "type" | "payload">,
  claimedBy?: string,
): Promise<WebhookDeliveryRow> {
  const [row] = await db
    .insert(webhookDeliveries)
    .values({
      ...values,
      officeId: endpoint.officeId,
      endpointId: endpoint.id,
      ...(claimedBy ? { claimedBy, claimedUntil: sql`now() + interval '60 seconds'` } : {}),
    })
    .returning();
  if (!row) throw new Error("the delivery was not stored");
  if (!claimedBy) await db.execute(sql`select pg_notify('marquee_webhooks', 'due')`);
  return row;
}
