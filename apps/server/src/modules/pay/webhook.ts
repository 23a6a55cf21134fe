import { and, eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { payEvents, payOrders } from "../../db/schema";
import { AppError } from "../../platform/errors";
import type { Services } from "../../platform/services";
import { expireOrder, payAndApply, refundOrder } from "./apply";
import { verifyStripeSignature } from "./providers/stripe";

/** The Stripe events we act on; any other type is acknowledged and ignored (nothing stored). */
const HANDLED = new Set([
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.expired",
  "charge.refunded",
]);

type Obj = Record<string, unknown>;
const str = (v: unknown) => (typeof v === "string" ? v : undefined);
const obj = (v: unknown): Obj => (v && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : {});

export interface WebhookResult {
  /** handled: acted on (or found nothing left to do); duplicate: this event id was received before; ignored: a type we do not act on. */
  outcome: "handled" | "duplicate" | "ignored";
  orderId: number | null;
  eventId: string | null;
}

/** The order an event is about: by checkout session, by payment intent (refunds), else by our metadata. */
async function orderOf(services: Services, type: string, o: Obj): Promise<number | null> {
  const db = services.db;
  if (type.startsWith("checkout.session.")) {
    const id = str(o.id);
    if (id) {
      const [r] = await db
        .select({ id: payOrders.id })
        .from(payOrders)
        .where(and(eq(payOrders.provider, "stripe"), eq(payOrders.providerRef, id)));
      if (r) return r.id;
    }
  } else {
    const pi = str(o.payment_intent);
    if (pi) {
      const [r] = await db
        .select({ id: payEvents.orderId })
        .from(payEvents)
        .where(
          and(
            eq(payEvents.provider, "stripe"),
            sql`${payEvents.payload}->'data'->'object'->>'payment_intent' = ${pi}`,
            sql`${payEvents.orderId} is not null`,
          ),
        )
        .limit(1);
      if (r?.id) return r.id;
    }
  }
  const meta = Number(str(obj(o.metadata).orderId));
  if (Number.isInteger(meta) && meta > 0 && meta <= 2_147_483_647) {
    const [r] = await db
      .select({ id: payOrders.id })
      .from(payOrders)
      .where(and(eq(payOrders.id, meta), eq(payOrders.provider, "stripe")));
    if (r) return r.id;
  }
  return null;
}

/**
 * POST /f/pay/stripe/webhook: verifies the signature over the raw body (a
 * forged or stale one: 400, nothing stored), records the event once per id
 * (pay_events' unique (provider, event_id)), and acts in the same
 * transaction: a completed (paid) checkout pays and applies the order — once,
 * whatever number of events say so —, an expired one expires it, a full
 * refund refunds it and takes the grant back.
 */
export async function handleStripeWebhook(
  services: Services,
  raw: Buffer,
  signature: string | undefined,
  log: FastifyBaseLogger,
): Promise<WebhookResult> {
  const setting = await services.settings.get("stripe");
  if (!setting.webhookSecret) throw new AppError(400, "pay.webhookNotConfigured");
  const now = services.clock.now();
  const verdict = verifyStripeSignature(signature, raw, setting.webhookSecret, now);
  if (verdict !== "ok") throw new AppError(400, verdict);
  let event: Obj;
  try {
    event = obj(JSON.parse(raw.toString("utf8")));
  } catch {
    throw new AppError(400, "pay.webhookBody");
  }
  const eventId = str(event.id);
  const type = str(event.type);
  if (!eventId || !type || eventId.length > 255) throw new AppError(400, "pay.webhookBody");
  if (!HANDLED.has(type)) return { outcome: "ignored", orderId: null, eventId };
  const o = obj(obj(event.data).object);
  const orderId = await orderOf(services, type, o);
  return services.db.transaction(async (tx) => {
    const [stored] = await tx
      .insert(payEvents)
      .values({ provider: "stripe", eventId, type, orderId, payload: event, receivedAt: now })
      .onConflictDoNothing({ target: [payEvents.provider, payEvents.eventId] })
      .returning({ id: payEvents.id });
    if (!stored) return { outcome: "duplicate", orderId, eventId };
    if (orderId === null) {
      log.warn({ eventId, type }, "a Stripe event names no order of ours");
      return { outcome: "handled", orderId, eventId };
    }
    if (type === "checkout.session.completed" || type === "checkout.session.async_payment_succeeded") {
      const paid = str(o.payment_status) === "paid" || str(o.payment_status) === "no_payment_required";
      // An asynchronous method (a bank debit) completes the session unpaid: its success event follows.
      if (!paid) return { outcome: "handled", orderId, eventId };
      const [order] = await tx.select().from(payOrders).where(eq(payOrders.id, orderId));
      const total = o.amount_total;
      if (
        order &&
        ((typeof total === "number" && total !== order.amountCents) ||
          (str(o.currency) && str(o.currency)?.toUpperCase() !== order.currency))
      ) {
        log.error(
          { eventId, orderId, total, currency: o.currency },
          "a Stripe payment does not match its order",
        );
        return { outcome: "handled", orderId, eventId };
      }
      // The money was taken: an order that expired or was cancelled meanwhile is paid all the same.
      await payAndApply(services, tx, orderId, now, ["pending", "expired", "cancelled"]);
    } else if (type === "checkout.session.expired") {
      await expireOrder(services, tx, orderId);
    } else if (type === "charge.refunded") {
      // A partial refund leaves the order paid (the seller decides); a full one takes the grant back.
      if (o.refunded === true) await refundOrder(services, tx, orderId, now);
    }
    return { outcome: "handled", orderId, eventId };
  });
}
