import {
  LANGUAGE_COOKIE,
  OrderActionResponse,
  OrderCancelBody,
  OrderConfirmBody,
  OrderCreateBody,
  OrderCreateResponse,
  OrderDetailResponse,
  OrderIdQuery,
  OrderInvoiceQuery,
  OrderListQuery,
  OrderListResponse,
  OrderRefundBody,
  StripeWebhookResponse,
  VolByTypeQuery,
  VolByTypeResponse,
  VolDeleteBody,
  VolDeleteResponse,
  VolListQuery,
  VolListResponse,
  VolMsgQuery,
  VolMsgResponse,
  VolSaveBody,
  VolSaveResponse,
} from "@marquee/contracts";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { runsWork } from "../../config";
import { actorOf } from "../../platform/access";
import { binaryResponse } from "../../platform/download";
import {
  deleteService,
  listServices,
  saveService,
  serviceOut,
  servicesOfKind,
  visibleService,
} from "./catalogue";
import { renderInvoice } from "./invoice";
import {
  bankTransferOf,
  cancelOrder,
  confirmOrder,
  createOrder,
  listOrders,
  orderDetail,
  orderOut,
  refundOrderBySeller,
  visibleOrder,
} from "./orders";
import { partyOf, partyOut, paySwitch, situationOf } from "./party";
import { PayPass } from "./pass";
import type { ProviderContext } from "./providers";
import { handleStripeWebhook } from "./webhook";

const VOL = "/a/api/vol";
const ORDER = "/a/api/payOrder";
const tags = ["pay"];

/**
 * Paid services: the catalogue under /a/api/vol/* (the spec's
 * getVolMsg, getVolMsgByType, volList, plus save and delete), orders under
 * /a/api/payOrder/*, the Stripe webhook at /f/pay/stripe/webhook, and the
 * pass that expires unpaid orders and starts and ends entitlements (every
 * minute; runPayPass in pass.ts for tests). A service or order of another
 * tenant answers 404 like a missing one.
 */
export const payRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const pass = new PayPass(services, app.log);
  if (runsWork(app.deps.config.role)) pass.start();
  app.addHook("onClose", () => pass.stop());

  const providerContext = (req: FastifyRequest): ProviderContext => ({
    services,
    origin:
      app.deps.config.publicOrigin?.replace(/\/+$/, "") ??
      `${req.protocol}://${req.headers.host ?? "localhost"}`,
    locale: req.locale,
  });

  app.get(
    `${VOL}/volList`,
    {
      config: { access: { permission: "pay:service:view" } },
      schema: { tags, querystring: VolListQuery, response: { 200: VolListResponse } },
    },
    async (req) => {
      const party = await partyOf(services, actorOf(req));
      const now = services.clock.now();
      const page = await listServices(services, party, req.query, now);
      return {
        ...page,
        pageNo: req.query.pageNo,
        pageSize: req.query.pageSize,
        switch: await paySwitch(services, now),
        party: partyOut(party),
      };
    },
  );

  app.get(
    `${VOL}/getVolMsgByType`,
    {
      config: { access: { permission: "pay:service:view" } },
      schema: { tags, querystring: VolByTypeQuery, response: { 200: VolByTypeResponse } },
    },
    async (req) => {
      const party = await partyOf(services, actorOf(req));
      const now = services.clock.now();
      const { kind } = req.query;
      return {
        kind,
        list: await servicesOfKind(services, party, kind, now),
        situation: party.seller ? await situationOf(services, party.tenant, now, kind) : null,
        switch: await paySwitch(services, now),
        party: partyOut(party),
      };
    },
  );

  app.get(
    `${VOL}/getVolMsg`,
    {
      config: { access: { permission: "pay:service:view" } },
      schema: { tags, querystring: VolMsgQuery, response: { 200: VolMsgResponse } },
    },
    async (req) => {
      const party = await partyOf(services, actorOf(req));
      const now = services.clock.now();
      const found = await visibleService(services, party, req.query.id, now);
      return {
        service: await serviceOut(services, found.row, found.hasOrders),
        // What the buyer has of that kind; a seller looking at its own service buys nothing from itself.
        situation:
          !found.own && party.seller ? await situationOf(services, party.tenant, now, found.row.kind) : null,
        switch: await paySwitch(services, now),
        party: partyOut(party),
      };
    },
  );

  app.post(
    `${VOL}/save`,
    {
      config: { access: { permission: "pay:service:edit" } },
      schema: { tags, body: VolSaveBody, response: { 200: VolSaveResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const party = await partyOf(services, actor);
      const row = await saveService(services, actor, party, req.body);
      req.audit.target = `payService:${row.id}`;
      req.audit.detail = {
        code: row.code,
        kind: row.kind,
        priceCents: row.priceCents,
        currency: row.currency,
      };
      const saved = await visibleService(services, party, row.id, services.clock.now());
      return { service: await serviceOut(services, row, saved.hasOrders) };
    },
  );

  app.post(
    `${VOL}/delete`,
    {
      config: { access: { permission: "pay:service:edit" } },
      schema: { tags, body: VolDeleteBody, response: { 200: VolDeleteResponse } },
    },
    async (req) => {
      const party = await partyOf(services, actorOf(req));
      const done = await deleteService(services, party, req.body.id);
      req.audit.target = `payService:${req.body.id}`;
      req.audit.detail = { code: done.row.code, deleted: done.deleted };
      return { deleted: done.deleted };
    },
  );

  app.post(
    `${ORDER}/create`,
    {
      config: { access: { permission: "pay:service:purchase" } },
      schema: { tags, body: OrderCreateBody, response: { 200: OrderCreateResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const party = await partyOf(services, actor);
      const row = await createOrder(services, actor, party, req.body, providerContext(req));
      req.audit.target = `payOrder:${row.id}`;
      req.audit.detail = { no: row.no, serviceId: row.serviceId, units: row.units, provider: row.provider };
      const joined = await visibleOrder(services.db, actor, party, row.id);
      return {
        order: orderOut(actor, party, joined),
        payUrl: row.payUrl,
        bankTransfer: row.provider === "manual" ? await bankTransferOf(services, row.sellerOfficeId) : null,
      };
    },
  );

  app.get(
    `${ORDER}/list`,
    {
      config: { access: { permission: "pay:order:view" } },
      schema: { tags, querystring: OrderListQuery, response: { 200: OrderListResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const party = await partyOf(services, actor);
      return {
        ...(await listOrders(services, actor, party, req.query)),
        pageNo: req.query.pageNo,
        pageSize: req.query.pageSize,
      };
    },
  );

  app.get(
    `${ORDER}/detail`,
    {
      config: { access: { permission: "pay:order:view" } },
      schema: { tags, querystring: OrderIdQuery, response: { 200: OrderDetailResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const party = await partyOf(services, actor);
      return {
        ...(await orderDetail(services, actor, party, req.query.id)),
      };
    },
  );

  app.post(
    `${ORDER}/cancel`,
    {
      config: { access: { permission: "pay:service:purchase" } },
      schema: { tags, body: OrderCancelBody, response: { 200: OrderActionResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const party = await partyOf(services, actor);
      req.audit.target = `payOrder:${req.body.id}`;
      const r = await cancelOrder(services, actor, party, req.body.id, providerContext(req));
      req.audit.detail = { no: r.o.no };
      return { order: orderOut(actor, party, r) };
    },
  );

  app.post(
    `${ORDER}/confirm`,
    {
      config: { access: { permission: "pay:order:confirm" } },
      schema: { tags, body: OrderConfirmBody, response: { 200: OrderActionResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const party = await partyOf(services, actor);
      req.audit.target = `payOrder:${req.body.id}`;
      const r = await confirmOrder(services, actor, party, req.body.id, req.body.note);
      req.audit.detail = { no: r.o.no, amountCents: r.o.amountCents, currency: r.o.currency };
      return { order: orderOut(actor, party, r) };
    },
  );

  app.post(
    `${ORDER}/refund`,
    {
      config: { access: { permission: "pay:order:confirm" } },
      schema: { tags, body: OrderRefundBody, response: { 200: OrderActionResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const party = await partyOf(services, actor);
      req.audit.target = `payOrder:${req.body.id}`;
      const r = await refundOrderBySeller(
        services,
        actor,
        party,
        req.body.id,
        req.body.note,
        providerContext(req),
      );
      req.audit.detail = { no: r.o.no, amountCents: r.o.amountCents, currency: r.o.currency };
      return { order: orderOut(actor, party, r) };
    },
  );

  app.get(
    `${ORDER}/invoice`,
    {
      config: { access: { permission: "pay:order:view" } },
      schema: {
        tags,
        querystring: OrderInvoiceQuery,
        response: binaryResponse("the invoice, a PDF", ["application/pdf"]),
      },
    },
    async (req, reply) => {
      const actor = actorOf(req);
      const party = await partyOf(services, actor);
      const r = await visibleOrder(services.db, actor, party, req.query.id);
      const pdf = await renderInvoice(services, r.o, req.locale, req.log);
      return reply
        .type("application/pdf")
        .header("content-disposition", `attachment; filename="invoice-${r.o.invoiceNo ?? r.o.no}.pdf"`)
        .header("cache-control", "no-store")
        .send(pdf);
    },
  );

  // The Stripe webhook: the signature covers the raw body, so this scope keeps it as bytes.
  await app.register(async (hook) => {
    // Stripe sends no language cookie: its dashboard shows our answers to operators in English.
    hook.addHook("onRequest", async (req) => {
      if (!req.cookies[LANGUAGE_COOKIE]) req.locale = "en";
    });
    hook.removeAllContentTypeParsers();
    hook.addContentTypeParser(
      "*",
      { parseAs: "buffer", bodyLimit: app.deps.config.bodyLimit },
      (_req, body, done) => done(null, body),
    );
    hook.post(
      "/f/pay/stripe/webhook",
      {
        config: {
          access: { open: true, csrf: false },
          action: "payStripeWebhook",
          rateLimit: { max: app.deps.config.openRateLimitPerMinute, timeWindow: 60_000 },
        },
        schema: { tags, hide: true, response: { 200: StripeWebhookResponse } },
      },
      async (req) => {
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const sig = req.headers["stripe-signature"];
        const result = await handleStripeWebhook(services, raw, Array.isArray(sig) ? sig[0] : sig, req.log);
        req.audit.target = result.orderId ? `payOrder:${result.orderId}` : "stripe";
        req.audit.detail = { eventId: result.eventId, outcome: result.outcome };
        return { received: true as const, outcome: result.outcome };
      },
    );
  });
};
