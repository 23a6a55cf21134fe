import { z } from "zod";
import { Envelope, Paging, pageOf, zId } from "./common";

/**
 * Signed webhooks: a tenant's endpoints, told by a POST of what happened (docs/webhooks.md).
 * - list        the tenant's endpoints (the secret only to those who may edit them);
 * - save        a new endpoint or a change (a secret is made when none is given; `rotateSecret` makes a new one);
 * - delete      an endpoint and its delivery log;
 * - deliveries  an endpoint's delivery log, newest first;
 * - redeliver   queues a new attempt of a delivery (a new attempt of the same event id);
 * - test        sends a `ping` event to an endpoint at once and answers the result.
 */

/** Every event an endpoint may want, grouped by what it is about (the console shows the groups). */
export const WEBHOOK_EVENT_GROUPS = {
  publication: ["publication.delivered", "publication.failed"],
  terminal: ["terminal.online", "terminal.offline"],
  alarm: ["alarm.raised", "alarm.cleared"],
  review: ["review.requested", "review.decided"],
  material: ["material.processed", "material.failed"],
  order: ["order.paid"],
} as const;
export type WebhookEventGroup = keyof typeof WEBHOOK_EVENT_GROUPS;
export const WEBHOOK_EVENTS = Object.values(WEBHOOK_EVENT_GROUPS).flat() as WebhookEvent[];
export type WebhookEvent = (typeof WEBHOOK_EVENT_GROUPS)[WebhookEventGroup][number];
/** The event `test` sends; never wanted, always sent when asked. */
export const WEBHOOK_PING = "ping";
export type WebhookEventType = WebhookEvent | typeof WEBHOOK_PING;

export const WEBHOOK_EVENT = {
  publicationDelivered: "publication.delivered",
  publicationFailed: "publication.failed",
  terminalOnline: "terminal.online",
  terminalOffline: "terminal.offline",
  alarmRaised: "alarm.raised",
  alarmCleared: "alarm.cleared",
  reviewRequested: "review.requested",
  reviewDecided: "review.decided",
  materialProcessed: "material.processed",
  materialFailed: "material.failed",
  orderPaid: "order.paid",
} as const satisfies Record<string, WebhookEvent>;

const EVENT_SET: ReadonlySet<string> = new Set(WEBHOOK_EVENTS);
export const isWebhookEvent = (v: unknown): v is WebhookEvent => typeof v === "string" && EVENT_SET.has(v);

/** The request headers of a delivery. */
export const WEBHOOK_HEADERS = {
  event: "x-marquee-event",
  delivery: "x-marquee-delivery",
  timestamp: "x-marquee-timestamp",
  signature: "x-marquee-signature",
} as const;

/** A tenant keeps at most this many endpoints. */
export const WEBHOOK_MAX_ENDPOINTS = 20;
/** A delivery waits at most this long for an answer. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** A delivery is retried for this long after its event, then failed. */
export const WEBHOOK_RETRY_FOR_MS = 24 * 3_600_000;
/** The prefix of a generated secret. */
export const WEBHOOK_SECRET_PREFIX = "whsec_";

export const WEBHOOK_DELIVERY_STATES = ["pending", "delivered", "failed"] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

/** An http(s) address without credentials, at most 500 characters. */
export const WebhookUrl = z
  .string()
  .trim()
  .min(1)
  .max(500)
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === "http:" || u.protocol === "https:") && !u.username && !u.password;
    } catch {
      return false;
    }
  }, "webhook.urlInvalid");

export const WebhookSaveRequest = z.strictObject({
  /** Absent: a new endpoint. */
  id: zId.optional(),
  url: WebhookUrl,
  description: z.string().trim().max(200).default(""),
  events: z
    .array(z.string().max(50).refine(isWebhookEvent, "webhook.eventUnknown"))
    .min(1)
    .max(WEBHOOK_EVENTS.length),
  enabled: z.boolean().default(true),
  /** A secret of one's own (16 to 200 characters); absent on a new endpoint: one is made. */
  secret: z
    .string()
    .min(16)
    .max(200)
    .regex(/^[\x21-\x7e]+$/, "webhook.secretInvalid")
    .optional(),
  /** Replaces the secret by a new one made by the server. */
  rotateSecret: z.boolean().optional(),
});
export type WebhookSaveRequest = z.infer<typeof WebhookSaveRequest>;

export const WebhookEndpointItem = z.object({
  id: z.number(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  /** The signing secret; null for users who may not edit endpoints. */
  secret: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The latest delivery's state and time, if any. */
  lastState: z.enum(WEBHOOK_DELIVERY_STATES).nullable(),
  lastAt: z.string().nullable(),
  /** Deliveries waiting for (another) attempt. */
  pending: z.number().int(),
});
export type WebhookEndpointItem = z.infer<typeof WebhookEndpointItem>;

export const WebhookListResponse = Envelope.extend({
  list: z.array(WebhookEndpointItem),
  /** The events an endpoint may want, by group. */
  events: z.record(z.string(), z.array(z.string())),
});
export type WebhookListResponse = z.infer<typeof WebhookListResponse>;
export const WebhookSaveResponse = Envelope.extend({ item: WebhookEndpointItem });
export type WebhookSaveResponse = z.infer<typeof WebhookSaveResponse>;
export const WebhookIdRequest = z.strictObject({ id: zId });
export type WebhookIdRequest = z.infer<typeof WebhookIdRequest>;

export const WebhookDeliveriesRequest = Paging.extend({
  endpointId: zId,
  state: z.enum(WEBHOOK_DELIVERY_STATES).optional(),
}).strict();
export type WebhookDeliveriesRequest = z.infer<typeof WebhookDeliveriesRequest>;

export const WebhookDeliveryItem = z.object({
  id: z.number(),
  endpointId: z.number(),
  /** The event's id (also the X-Marquee-Delivery header): the same on every attempt and redelivery. */
  eventId: z.string(),
  type: z.string(),
  state: z.enum(WEBHOOK_DELIVERY_STATES),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  lastStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
  responseMs: z.number().int().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  /** The JSON body sent. */
  payload: z.unknown(),
});
export type WebhookDeliveryItem = z.infer<typeof WebhookDeliveryItem>;
export const WebhookDeliveriesResponse = pageOf(WebhookDeliveryItem);
export type WebhookDeliveriesResponse = z.infer<typeof WebhookDeliveriesResponse>;
export const WebhookRedeliverResponse = Envelope.extend({ item: WebhookDeliveryItem });

/** What `test` answers: the ping's delivery as it ended. */
export const WebhookTestResponse = Envelope.extend({
  ok: z.boolean(),
  status: z.number().int().nullable(),
  error: z.string().nullable(),
  responseMs: z.number().int().nullable(),
  item: WebhookDeliveryItem,
});
export type WebhookTestResponse = z.infer<typeof WebhookTestResponse>;

/** The JSON body of every delivery. */
export const WebhookBody = z.object({
  id: z.string(),
  type: z.string(),
  /** When the event happened (ISO 8601). */
  time: z.string(),
  /** The tenant (agent, customer or the platform) whose event it is. */
  tenant: z.object({ id: z.number(), name: z.string() }),
  data: z.record(z.string(), z.unknown()),
});
export type WebhookBody = z.infer<typeof WebhookBody>;
