import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { GB, TENANT_ADMIN_PERMISSIONS } from "@marquee/contracts";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { offices, payEvents, payOrders } from "../src/db/schema";
import { signStripePayload } from "../src/modules/pay/providers/stripe";
import {
  ADMIN,
  addOffice,
  addUser,
  type Client,
  createTestApp,
  initSystem,
  signedIn,
  type TestApp,
} from "./helpers";

const SECRET = "whsec_test_secret";

/** A local stand-in for the Stripe API: records what it is asked and answers like Stripe. */
interface Call {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  form: URLSearchParams;
}
const calls: Call[] = [];
let stand: Server;
let apiBase = "";
let sessions = 0;

let t: TestApp;
let admin: Client;
let acme: Client;
let acmeId = 0;
let agentServiceId = 0;
let storageId = 0;
let beta: Client;

async function capacity() {
  const [o] = await t.database.db.select().from(offices).where(eq(offices.id, acmeId));
  return o?.capacityBytes;
}
async function order(id: number) {
  const [o] = await t.database.db.select().from(payOrders).where(eq(payOrders.id, id));
  if (!o) throw new Error(`no order ${id}`);
  return o;
}
async function eventCount() {
  const [r] = await t.database.db.select({ n: count() }).from(payEvents);
  return r?.n ?? 0;
}

/** Posts an event to the webhook as Stripe would, signed at `at` (seconds) with `secret`. */
function deliver(event: object, opts: { secret?: string; at?: number; signature?: string } = {}) {
  const raw = JSON.stringify(event);
  const at = opts.at ?? Math.floor(t.clock.now().getTime() / 1000);
  return t.app.inject({
    method: "POST",
    url: "/apm-web/f/pay/stripe/webhook",
    headers: {
      "content-type": "application/json; charset=utf-8",
      "stripe-signature": opts.signature ?? signStripePayload(raw, opts.secret ?? SECRET, at),
    },
    payload: raw,
  });
}

const completed = (eventId: string, session: string, extra: object = {}) => ({
  id: eventId,
  object: "event",
  type: "checkout.session.completed",
  data: {
    object: {
      id: session,
      object: "checkout.session",
      payment_status: "paid",
      amount_total: 4900,
      currency: "eur",
      payment_intent: `pi_${session}`,
      ...extra,
    },
  },
});

beforeAll(async () => {
  stand = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => {
      body += c;
    });
    req.on("end", () => {
      const path = req.url ?? "";
      calls.push({ method: req.method ?? "", path, headers: req.headers, form: new URLSearchParams(body) });
      res.setHeader("content-type", "application/json");
      if (req.headers.authorization !== "Bearer sk_test_123") {
        res.statusCode = 401;
        res.end(JSON.stringify({ error: { message: "Invalid API Key provided" } }));
      } else if (path === "/v1/checkout/sessions" && req.method === "POST") {
        sessions++;
        const id = `cs_test_${sessions}`;
        res.end(
          JSON.stringify({ id, object: "checkout.session", url: `https://checkout.stripe.test/c/pay/${id}` }),
        );
      } else if (path === "/v1/refunds") {
        res.end(JSON.stringify({ id: "re_1", object: "refund", status: "succeeded" }));
      } else if (path.endsWith("/expire")) {
        res.end(JSON.stringify({ object: "checkout.session", status: "expired" }));
      } else {
        res.statusCode = 404;
        res.end(JSON.stringify({ error: { message: "No such resource" } }));
      }
    });
  });
  await new Promise<void>((resolve) => stand.listen(0, "127.0.0.1", resolve));
  apiBase = `http://127.0.0.1:${(stand.address() as AddressInfo).port}`;

  t = await createTestApp();
  const init = await initSystem(t);
  admin = await signedIn(t, ADMIN.username, ADMIN.password, "en");
  const acmeOffice = await addOffice(t, init.officeId, "customer", "ACME");
  acmeId = acmeOffice.id;
  const agent = await addOffice(t, init.officeId, "agent", "Agent A");
  const betaOffice = await addOffice(t, agent.id, "customer", "Beta");
  await t.database.db.update(offices).set({ capacityBytes: GB }).where(eq(offices.id, acmeId));
  await t.database.db.update(offices).set({ capacityBytes: GB }).where(eq(offices.id, betaOffice.id));
  await addUser(t, acmeId, "acmeadmin", [...TENANT_ADMIN_PERMISSIONS.customer]);
  await addUser(t, agent.id, "agentadmin", [...TENANT_ADMIN_PERMISSIONS.agent]);
  await addUser(t, betaOffice.id, "betaadmin", [...TENANT_ADMIN_PERMISSIONS.customer]);
  acme = await signedIn(t, "acmeadmin", "acmeadminPass1", "en");
  beta = await signedIn(t, "betaadmin", "betaadminPass1", "en");
  const agentAdmin = await signedIn(t, "agentadmin", "agentadminPass1", "en");
  const settings = t.app.services.settings;
  await settings.set("paymentSwitchOpenTime", new Date(Date.now() - 86_400_000).toISOString(), null);
  await settings.set(
    "stripe",
    { enabled: true, secretKey: "sk_test_123", webhookSecret: SECRET, apiBase },
    null,
  );
  const service = {
    code: "storage-10g",
    kind: "storage",
    name: { en: "10 GB storage" },
    quantity: 10 * GB,
    priceCents: 4900,
    currency: "EUR",
  };
  storageId = (await admin.post("/a/api/vol/save", service)).json().service.id;
  agentServiceId = (await agentAdmin.post("/a/api/vol/save", service)).json().service.id;
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => stand?.close(resolve));
});

async function stripeOrder() {
  const res = await acme.post("/a/api/payOrder/create", { serviceId: storageId, provider: "stripe" });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe("Stripe Checkout", () => {
  let orderId = 0;
  let session = "";

  it("creates a Checkout Session on the provider for a new order", async () => {
    const listed = (await acme.get("/a/api/vol/volList")).json();
    expect(listed.party.providers).toEqual(["manual", "stripe"]);
    const res = await stripeOrder();
    orderId = res.order.id;
    session = res.order.providerRef;
    expect(session).toBe("cs_test_1");
    expect(res.payUrl).toBe("https://checkout.stripe.test/c/pay/cs_test_1");
    expect(new Date(res.order.payBefore).getTime() - new Date(res.order.createdAt).getTime()).toBe(3_600_000);
    const call = calls.find((c) => c.path === "/v1/checkout/sessions");
    expect(call?.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(call?.headers["idempotency-key"]).toBe(`checkout-${res.order.no}`);
    expect(Object.fromEntries(call?.form ?? [])).toMatchObject({
      mode: "payment",
      client_reference_id: res.order.no,
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "eur",
      "line_items[0][price_data][unit_amount]": "4900",
      "line_items[0][price_data][product_data][name]": "10 GB storage",
      "metadata[orderId]": String(orderId),
      expires_at: String(Math.floor(new Date(res.order.payBefore).getTime() / 1000)),
    });
    expect(call?.form.get("success_url")).toContain(`/paymentCenter/index?order=${res.order.no}`);
  });

  it("refuses a forged or stale signature and stores nothing", async () => {
    const before = await eventCount();
    const forged = await deliver(completed("evt_forged", session), { secret: "whsec_wrong" });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().msg).toBe("The notification's signature is not valid");
    const garbage = await deliver(completed("evt_garbage", session), { signature: "t=1,v1=nothex" });
    expect(garbage.statusCode).toBe(400);
    const missing = await t.app.inject({
      method: "POST",
      url: "/apm-web/f/pay/stripe/webhook",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify(completed("evt_nosig", session)),
    });
    expect(missing.statusCode).toBe(400);
    const stale = await deliver(completed("evt_stale", session), {
      at: Math.floor(t.clock.now().getTime() / 1000) - 301,
    });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().msg).toBe("The notification's timestamp is too old or in the future");
    // A body changed after signing no longer matches.
    const raw = JSON.stringify(completed("evt_tampered", session));
    const at = Math.floor(t.clock.now().getTime() / 1000);
    const tampered = await t.app.inject({
      method: "POST",
      url: "/apm-web/f/pay/stripe/webhook",
      headers: { "content-type": "application/json", "stripe-signature": signStripePayload(raw, SECRET, at) },
      payload: raw.replace("4900", "1"),
    });
    expect(tampered.statusCode).toBe(400);
    expect(await eventCount()).toBe(before);
    expect((await order(orderId)).state).toBe("pending");
    expect(await capacity()).toBe(GB);
  });

  it("pays and applies on a signed completion, once however often it is told", async () => {
    const first = await deliver(completed("evt_1", session));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().outcome).toBe("handled");
    const paid = await order(orderId);
    expect(paid.state).toBe("paid");
    expect(paid.appliedAt).not.toBeNull();
    expect(await capacity()).toBe(11 * GB);

    // The same event again, and another event about the same session.
    const again = await deliver(completed("evt_1", session));
    expect(again.json().outcome).toBe("duplicate");
    const other = await deliver(completed("evt_2", session));
    expect(other.json().outcome).toBe("handled");
    expect(await capacity()).toBe(11 * GB);
    const events = await t.database.db.select().from(payEvents).where(eq(payEvents.orderId, orderId));
    expect(events.map((e) => e.eventId).sort()).toEqual(["evt_1", "evt_2"]);

    const detail = (await acme.get("/a/api/payOrder/detail", { id: orderId })).json();
    expect(detail.events.map((e: { type: string }) => e.type)).toEqual([
      "checkout.session.completed",
      "checkout.session.completed",
    ]);
    // An online order is confirmed by its provider, not by hand.
    expect((await admin.post("/a/api/payOrder/confirm", { id: orderId })).statusCode).toBe(409);
  });

  it("acknowledges event types it does not act on", async () => {
    const res = await deliver({ id: "evt_other", type: "customer.created", data: { object: {} } });
    expect(res.statusCode).toBe(200);
    expect(res.json().outcome).toBe("ignored");
  });

  it("takes the grant back on a full refund from Stripe, once", async () => {
    const refund = {
      id: "evt_refund",
      type: "charge.refunded",
      data: { object: { id: "ch_1", object: "charge", payment_intent: `pi_${session}`, refunded: true } },
    };
    expect((await deliver(refund)).statusCode).toBe(200);
    expect((await order(orderId)).state).toBe("refunded");
    expect(await capacity()).toBe(GB);
    expect((await deliver({ ...refund, id: "evt_refund_2" })).statusCode).toBe(200);
    expect(await capacity()).toBe(GB);
  });

  it("refunds through the provider when the seller refunds", async () => {
    const res = await stripeOrder();
    expect((await deliver(completed("evt_3", res.order.providerRef))).statusCode).toBe(200);
    expect(await capacity()).toBe(11 * GB);
    const refunded = await admin.post("/a/api/payOrder/refund", { id: res.order.id });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const call = calls.find((c) => c.path === "/v1/refunds");
    expect(call?.form.get("payment_intent")).toBe(`pi_${res.order.providerRef}`);
    expect(await capacity()).toBe(GB);
  });

  it("expires the order when its session expires", async () => {
    const res = await stripeOrder();
    const expired = {
      id: "evt_expired",
      type: "checkout.session.expired",
      data: { object: { id: res.order.providerRef, object: "checkout.session", payment_status: "unpaid" } },
    };
    expect((await deliver(expired)).statusCode).toBe(200);
    expect((await order(res.order.id)).state).toBe("expired");
  });

  it("leaves no order behind when the provider refuses", async () => {
    await t.app.services.settings.set(
      "stripe",
      { enabled: true, secretKey: "sk_wrong", webhookSecret: SECRET, apiBase },
      null,
    );
    const [before] = await t.database.db.select({ n: count() }).from(payOrders);
    const res = await acme.post("/a/api/payOrder/create", { serviceId: storageId, provider: "stripe" });
    expect(res.statusCode).toBe(502);
    expect(res.json().msg).toBe("The payment provider did not accept the request: Invalid API Key provided");
    const [after] = await t.database.db.select({ n: count() }).from(payOrders);
    expect(after?.n).toBe(before?.n);
    await t.app.services.settings.set(
      "stripe",
      { enabled: true, secretKey: "sk_test_123", webhookSecret: SECRET, apiBase },
      null,
    );
  });

  it("offers online payment only for what the platform sells", async () => {
    const res = await beta.post("/a/api/payOrder/create", { serviceId: agentServiceId, provider: "stripe" });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe(
      "Online payment is only for services the platform sells; pay by bank transfer",
    );
  });
});
