import {
  OkResponse,
  WEBHOOK_EVENT_GROUPS,
  WEBHOOK_MAX_ENDPOINTS,
  WEBHOOK_PING,
  WebhookDeliveriesRequest,
  WebhookDeliveriesResponse,
  WebhookIdRequest,
  WebhookListResponse,
  WebhookRedeliverResponse,
  WebhookSaveRequest,
  WebhookSaveResponse,
  WebhookTestResponse,
} from "@marquee/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { runsWork } from "../../config";
import { actorOf } from "../../platform/access";
import { type Actor, can } from "../../platform/actor";
import { hostRefusal } from "../../platform/address";
import { AppError } from "../../platform/errors";
import {
  deleteEndpoint,
  deliveryOut,
  endpointCount,
  endpointOut,
  findDelivery,
  findEndpoint,
  insertEndpoint,
  listDeliveries,
  listEndpoints,
  queueDelivery,
  updateEndpoint,
  type WebhookEndpointRow,
} from "./repo";
import { newWebhookSecret } from "./sender";
import { WebhookWorker } from "./worker";

declare module "../../platform/services" {
  interface Services {
    /** The webhook sender of this process (its pass runs on worker nodes; `test` sends from any). */
    webhookWorker: WebhookWorker;
  }
}

const BASE = "/a/api/webhook";
const tags = ["webhook"];

/**
 * Signed webhooks of the caller's tenant (docs/webhooks.md): endpoints, their delivery log, a redelivery
 * and a test ping. Every row is the tenant's own (tenancy rule `tenant`): another tenant's endpoint or
 * delivery answers 404 like a missing one.
 */
export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const { db, clock } = services;
  const worker = new WebhookWorker(services, app.log, app.deps.config.webhookRetryMs);
  services.webhookWorker = worker;
  await services.webhookEvents.start();
  if (runsWork(app.deps.config.role)) app.addHook("onReady", () => worker.start());
  app.addHook("onClose", async () => {
    await worker.stop();
    await services.webhookEvents.stop();
  });

  const view = { access: { permission: "sys:webhook:view" as const } };
  const edit = { permission: "sys:webhook:edit" as const };

  const list = async (actor: Actor) => {
    const secrets = can(actor, "sys:webhook:edit");
    const rows = await listEndpoints(db, actor);
    return {
      list: rows.map(({ row, last }) => endpointOut(row, secrets, last)),
      events: WEBHOOK_EVENT_GROUPS as unknown as Record<string, string[]>,
    };
  };
  app.get(`${BASE}/list`, { config: view, schema: { tags, response: { 200: WebhookListResponse } } }, (req) =>
    list(actorOf(req)),
  );
  app.post(
    `${BASE}/list`,
    { config: { ...view, audit: false }, schema: { tags, response: { 200: WebhookListResponse } } },
    (req) => list(actorOf(req)),
  );

  /** Refuses an address the sender would refuse (checked again at every send: DNS may change). */
  const checkAddress = async (url: string) => {
    const allowPrivate = await services.settings.get("webhooksPrivateAddresses");
    const why = await hostRefusal(new URL(url), allowPrivate);
    if (why) throw new AppError(400, "webhook.addressRefused", { reason: why });
  };

  app.post(
    `${BASE}/save`,
    {
      config: { access: edit, action: "webhookSave" },
      schema: { tags, body: WebhookSaveRequest, response: { 200: WebhookSaveResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const body = req.body;
      await checkAddress(body.url);
      const events = [...new Set(body.events)];
      const now = clock.now();
      let row: WebhookEndpointRow | undefined;
      if (body.id !== undefined) {
        const found = await findEndpoint(db, actor, body.id);
        if (!found) throw new AppError(404, "webhook.notFound", { id: body.id });
        row = await updateEndpoint(db, actor, found.id, {
          url: body.url,
          description: body.description,
          events,
          enabled: body.enabled,
          ...(body.secret || body.rotateSecret ? { secret: body.secret ?? newWebhookSecret() } : {}),
          updatedAt: now,
        });
      } else {
        if ((await endpointCount(db, actor.tenantId)) >= WEBHOOK_MAX_ENDPOINTS)
          throw new AppError(409, "webhook.tooMany", { max: WEBHOOK_MAX_ENDPOINTS });
        row = await insertEndpoint(db, actor, {
          url: body.url,
          description: body.description,
          events,
          enabled: body.enabled,
          secret: body.secret ?? newWebhookSecret(),
          createdAt: now,
          updatedAt: now,
        });
      }
      if (!row) throw new AppError(404, "webhook.notFound", { id: body.id ?? 0 });
      await services.webhookEvents.changed();
      req.audit.target = `webhook:${row.id}`;
      req.audit.detail = {
        url: row.url,
        events: row.events,
        enabled: row.enabled,
        ...(body.rotateSecret || body.secret ? { secret: "changed" } : {}),
      };
      return { item: endpointOut(row, true) };
    },
  );

  app.post(
    `${BASE}/delete`,
    {
      config: { access: edit, action: "webhookDelete" },
      schema: { tags, body: WebhookIdRequest, response: { 200: OkResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const { id } = req.body;
      req.audit.target = `webhook:${id}`;
      const found = await findEndpoint(db, actor, id);
      if (!found) throw new AppError(404, "webhook.notFound", { id });
      await deleteEndpoint(db, actor, found.id);
      await services.webhookEvents.changed();
      req.audit.detail = { url: found.url };
      return {};
    },
  );

  const deliveries = async (actor: Actor, q: WebhookDeliveriesRequest) => {
    const endpoint = await findEndpoint(db, actor, q.endpointId);
    if (!endpoint) throw new AppError(404, "webhook.notFound", { id: q.endpointId });
    const { rows, total } = await listDeliveries(db, actor, q);
    return { list: rows.map(deliveryOut), total, pageNo: q.pageNo, pageSize: q.pageSize };
  };
  app.get(
    `${BASE}/deliveries`,
    {
      config: view,
      schema: { tags, querystring: WebhookDeliveriesRequest, response: { 200: WebhookDeliveriesResponse } },
    },
    (req) => deliveries(actorOf(req), req.query),
  );
  app.post(
    `${BASE}/deliveries`,
    {
      config: { ...view, audit: false },
      schema: { tags, body: WebhookDeliveriesRequest, response: { 200: WebhookDeliveriesResponse } },
    },
    (req) => deliveries(actorOf(req), req.body),
  );

  app.post(
    `${BASE}/redeliver`,
    {
      config: { access: edit, action: "webhookRedeliver" },
      schema: { tags, body: WebhookIdRequest, response: { 200: WebhookRedeliverResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const { id } = req.body;
      const found = await findDelivery(db, actor, id);
      if (!found) throw new AppError(404, "webhook.deliveryNotFound", { id });
      req.audit.target = `webhook:${found.endpointId}`;
      req.audit.detail = { delivery: found.id, eventId: found.eventId, type: found.type };
      // A new attempt of the same event (same id and body, signed anew when sent), queued now.
      const endpoint = await findEndpoint(db, actor, found.endpointId);
      if (!endpoint) throw new AppError(404, "webhook.deliveryNotFound", { id });
      const row = await queueDelivery(db, endpoint, {
        eventId: found.eventId,
        type: found.type,
        payload: found.payload,
      });
      return { item: deliveryOut(row) };
    },
  );

  app.post(
    `${BASE}/test`,
    {
      config: { access: edit, action: "webhookTest" },
      schema: { tags, body: WebhookIdRequest, response: { 200: WebhookTestResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const { id } = req.body;
      req.audit.target = `webhook:${id}`;
      const endpoint = await findEndpoint(db, actor, id);
      if (!endpoint) throw new AppError(404, "webhook.notFound", { id });
      const tenant = await services.tree.get(endpoint.officeId);
      const eventId = crypto.randomUUID();
      const queued = await queueDelivery(
        db,
        endpoint,
        {
          eventId,
          type: WEBHOOK_PING,
          payload: {
            id: eventId,
            type: WEBHOOK_PING,
            time: clock.now().toISOString(),
            tenant: { id: endpoint.officeId, name: tenant?.name ?? "" },
            data: { endpointId: endpoint.id, by: actor.username },
          },
        },
        // Claimed by this process from the start: no worker takes it while it is sent here.
        services.processes.id,
      );
      const result = await worker.sendClaimed(queued.id);
      const row = await findDelivery(db, actor, queued.id);
      if (!row) throw new Error("the ping vanished");
      req.audit.detail = { status: result.status, ok: result.ok };
      return {
        ok: result.ok,
        status: result.status,
        error: result.error,
        responseMs: result.ms,
        item: deliveryOut(row),
      };
    },
  );
};
