import { createHmac, timingSafeEqual } from "node:crypto";
import { localised, type StripeSetting, toLocale } from "@marquee/contracts";
import { and, desc, eq, sql } from "drizzle-orm";
import { payEvents } from "../../../db/schema";
import { AppError } from "../../../platform/errors";
import type { Services } from "../../../platform/services";
import type { OrderRow, PaymentProvider, ProviderContext } from "./index";

/** How far a webhook's timestamp may be from our clock (Stripe's own default tolerance). */
export const STRIPE_TOLERANCE_SEC = 300;
const TIMEOUT_MS = 15_000;

/** Stripe Checkout's languages for ours. */
const CHECKOUT_LOCALE: Record<string, string> = {
  zh_CN: "zh",
  zh_TW: "zh-TW",
  en: "en",
  it: "it",
  ru: "ru",
  fr: "fr",
};

type StripeObject = Record<string, unknown>;

/** One call of the Stripe API: form-encoded, Bearer secret key; a refusal becomes a 502 naming Stripe's reason. */
async function stripeCall(
  setting: StripeSetting,
  method: "GET" | "POST",
  path: string,
  form?: Record<string, string>,
  idempotencyKey?: string,
): Promise<StripeObject> {
  const headers: Record<string, string> = { authorization: `Bearer ${setting.secretKey}` };
  if (form) headers["content-type"] = "application/x-www-form-urlencoded";
  if (idempotencyKey) headers["idempotency-key"] = idempotencyKey;
  let res: Response;
  try {
    res = await fetch(`${setting.apiBase.replace(/\/+$/, "")}${path}`, {
      method,
      headers,
      body: form ? new URLSearchParams(form).toString() : undefined,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (err) {
    throw new AppError(502, "pay.providerFailed", { reason: (err as Error).message.slice(0, 200) });
  }
  const text = await res.text();
  let body: StripeObject = {};
  try {
    body = JSON.parse(text) as StripeObject;
  } catch {
    // A proxy's HTML error page: the status says enough.
  }
  if (!res.ok) {
    const error = body.error as { message?: string } | undefined;
    throw new AppError(502, "pay.providerFailed", {
      reason: (error?.message ?? `HTTP ${res.status}`).slice(0, 200),
    });
  }
  return body;
}

async function usableSetting(services: Services): Promise<StripeSetting> {
  const s = await services.settings.get("stripe");
  if (!s.enabled || !s.secretKey) throw new AppError(409, "pay.stripeDisabled");
  return s;
}

/** The PaymentIntent of a paid Checkout Session: from its completion event, else asked of Stripe. */
async function paymentIntentOf(services: Services, setting: StripeSetting, order: OrderRow): Promise<string> {
  const [ev] = await services.db
    .select({ pi: sql<string | null>`${payEvents.payload}->'data'->'object'->>'payment_intent'` })
    .from(payEvents)
    .where(and(eq(payEvents.provider, "stripe"), eq(payEvents.orderId, order.id)))
    .orderBy(desc(payEvents.id));
  if (ev?.pi) return ev.pi;
  if (!order.providerRef) throw new AppError(502, "pay.providerFailed", { reason: "no checkout session" });
  const session = await stripeCall(
    setting,
    "GET",
    `/v1/checkout/sessions/${encodeURIComponent(order.providerRef)}`,
  );
  const pi = session.payment_intent;
  if (typeof pi !== "string") throw new AppError(502, "pay.providerFailed", { reason: "no payment intent" });
  return pi;
}

/**
 * Stripe Checkout: a Checkout Session per order (POST /v1/checkout/sessions),
 * expiring with the order; payments are confirmed by the signed webhook
 * (webhook.ts), refunds go through POST /v1/refunds.
 */
export const stripeProvider: PaymentProvider = {
  name: "stripe",

  async begin(ctx: ProviderContext, order: OrderRow) {
    const setting = await usableSetting(ctx.services);
    const back = `${ctx.origin}/paymentCenter/index?order=${encodeURIComponent(order.no)}`;
    const form: Record<string, string> = {
      mode: "payment",
      success_url: `${back}&result=success`,
      cancel_url: `${back}&result=cancel`,
      client_reference_id: order.no,
      expires_at: String(Math.floor(order.payBefore.getTime() / 1000)),
      locale: CHECKOUT_LOCALE[ctx.locale] ?? "auto",
      "line_items[0][quantity]": String(order.units),
      "line_items[0][price_data][currency]": order.currency.toLowerCase(),
      "line_items[0][price_data][unit_amount]": String(order.item.priceCents),
      "line_items[0][price_data][product_data][name]":
        localised(order.item.name, toLocale(ctx.locale)) || order.item.code,
      "metadata[orderId]": String(order.id),
      "metadata[orderNo]": order.no,
      "payment_intent_data[metadata][orderId]": String(order.id),
      "payment_intent_data[metadata][orderNo]": order.no,
    };
    const session = await stripeCall(setting, "POST", "/v1/checkout/sessions", form, `checkout-${order.no}`);
    if (typeof session.id !== "string" || typeof session.url !== "string")
      throw new AppError(502, "pay.providerFailed", { reason: "the answer carries no session" });
    return { providerRef: session.id, payUrl: session.url };
  },

  async abandon(ctx: ProviderContext, order: OrderRow) {
    if (!order.providerRef) return;
    const setting = await ctx.services.settings.get("stripe");
    if (!setting.secretKey) return;
    // Best effort: a session that already expired or completed refuses, and the webhook says what happened.
    await stripeCall(
      setting,
      "POST",
      `/v1/checkout/sessions/${encodeURIComponent(order.providerRef)}/expire`,
      {},
    ).catch(() => undefined);
  },

  async refund(ctx: ProviderContext, order: OrderRow) {
    const setting = await usableSetting(ctx.services);
    const pi = await paymentIntentOf(ctx.services, setting, order);
    await stripeCall(setting, "POST", "/v1/refunds", { payment_intent: pi }, `refund-${order.no}`);
  },
};

/**
 * Checks a `Stripe-Signature: t=…,v1=…` header: HMAC-SHA256 of `${t}.${rawBody}`
 * with the endpoint's secret, compared in constant time with every v1 given,
 * and the timestamp within STRIPE_TOLERANCE_SEC of `now`.
 */
export function verifyStripeSignature(
  header: string | undefined,
  rawBody: Buffer,
  secret: string,
  now: Date,
): "ok" | "pay.webhookSignature" | "pay.webhookStale" {
  if (!header || !secret) return "pay.webhookSignature";
  let t: string | undefined;
  const v1: string[] = [];
  for (const part of header.split(",")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === "t") t = value;
    else if (key === "v1") v1.push(value);
  }
  if (!t || !/^\d{1,12}$/.test(t) || v1.length === 0) return "pay.webhookSignature";
  const expected = createHmac("sha256", secret)
    .update(Buffer.concat([Buffer.from(`${t}.`, "utf8"), rawBody]))
    .digest();
  const matches = v1.some((sig) => {
    if (!/^[0-9a-f]{64}$/i.test(sig)) return false;
    return timingSafeEqual(Buffer.from(sig, "hex"), expected);
  });
  if (!matches) return "pay.webhookSignature";
  // Checked after the signature: a forged request learns nothing about our clock.
  if (Math.abs(now.getTime() / 1000 - Number(t)) > STRIPE_TOLERANCE_SEC) return "pay.webhookStale";
  return "ok";
}

/** The header Stripe would send for `rawBody` at `timestamp` (tests, and a local stand-in). */
export function signStripePayload(rawBody: string | Buffer, secret: string, timestamp: number): string {
  const sig = createHmac("sha256", secret)
    .update(Buffer.concat([Buffer.from(`${timestamp}.`, "utf8"), Buffer.from(rawBody)]))
    .digest("hex");
  return `t=${timestamp},v1=${sig}`;
}
