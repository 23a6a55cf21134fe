import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * Signed webhooks (docs/webhooks.md): a tenant's endpoints, and one delivery row per event and endpoint,
 * queued in the transaction of the change that raised it and sent by the worker pass.
 */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** The tenant (platform, agent or customer office) whose events it receives. */
    officeId: integer("office_id").notNull(),
    url: text("url").notNull(),
    /** Signs every delivery (HMAC-SHA256); shown to the tenant's administrators. */
    secret: text("secret").notNull(),
    events: text("events").array().notNull().default(sql`'{}'::text[]`),
    enabled: boolean("enabled").notNull().default(true),
    description: text("description").notNull().default(""),
    createdBy: integer("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("webhook_endpoints_office_idx").on(t.officeId)],
);

export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    /** The event's id: the same for every endpoint it goes to and every redelivery. */
    eventId: uuid("event_id").notNull(),
    type: text("type").notNull(),
    /** The tenant of the event, the endpoint's own. */
    officeId: integer("office_id").notNull(),
    endpointId: integer("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    /** The JSON body sent: {id, type, time, tenant, data}. */
    payload: jsonb("payload").notNull(),
    state: text("state", { enum: ["pending", "delivered", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** The process sending it now, and until when its claim holds (a dead process's claim runs out). */
    claimedBy: uuid("claimed_by"),
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    lastStatus: integer("last_status"),
    lastError: text("last_error"),
    responseMs: integer("response_ms"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
  },
  (t) => [
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.id),
    index("webhook_deliveries_due_idx").on(t.nextAttemptAt).where(sql`state = 'pending'`),
  ],
);
