import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { offices } from "./offices";
import { users } from "./users";

/** Localised text: a value per console locale (zh_CN, zh_TW, en, it, ru, fr); the seller fills at least one. */
export type LocalisedText = Partial<Record<"zh_CN" | "zh_TW" | "en" | "it" | "ru" | "fr", string>>;

/**
 * Paid services (`/a/api/vol/*`): what the platform or an agent
 * sells to the customers below it. `quantity` is in the kind's unit: bytes of
 * storage, terminals of a licence, 1 for a premium widget or support.
 */
export const payServices = pgTable(
  "pay_services",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** The seller: the platform or an agent. */
    officeId: integer("office_id")
      .notNull()
      .references(() => offices.id),
    code: text("code").notNull(),
    kind: text("kind", { enum: ["terminalLicence", "storage", "widget", "support"] }).notNull(),
    name: jsonb("name").$type<LocalisedText>().notNull(),
    description: jsonb("description").$type<LocalisedText>().notNull().default({}),
    quantity: bigint("quantity", { mode: "number" }).notNull(),
    /** The premium widget type unlocked (kind widget). */
    widgetType: text("widget_type"),
    priceCents: integer("price_cents").notNull(),
    currency: text("currency").notNull(),
    /** How long a purchase lasts; null: for good. */
    durationDays: integer("duration_days"),
    enabled: boolean("enabled").notNull().default(true),
    sort: integer("sort").notNull().default(0),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("pay_services_code_uq").on(t.officeId, t.code)],
);

/** What an order bought, as it was when bought (the service may change or go later). */
export interface OrderItemSnapshot {
  code: string;
  kind: "terminalLicence" | "storage" | "widget" | "support";
  name: LocalisedText;
  quantity: number;
  widgetType: string | null;
  priceCents: number;
  currency: string;
  durationDays: number | null;
}

/** Orders of the payment centre. */
export const payOrders = pgTable(
  "pay_orders",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** Order number shown to people: "MQ" + date + sequence. */
    no: text("no").notNull(),
    buyerOfficeId: integer("buyer_office_id")
      .notNull()
      .references(() => offices.id),
    sellerOfficeId: integer("seller_office_id")
      .notNull()
      .references(() => offices.id),
    serviceId: integer("service_id").references(() => payServices.id, { onDelete: "set null" }),
    item: jsonb("item").$type<OrderItemSnapshot>().notNull(),
    /** How many of the service (units × item.quantity is what is granted). */
    units: integer("units").notNull().default(1),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    state: text("state", { enum: ["pending", "paid", "cancelled", "refunded", "expired"] })
      .notNull()
      .default("pending"),
    /** manual (bank transfer confirmed by an administrator) | stripe (online). */
    provider: text("provider").notNull(),
    /** The provider's reference (checkout session id, transfer reference). */
    providerRef: text("provider_ref"),
    /** Where the buyer pays online (the provider's checkout page). */
    payUrl: text("pay_url"),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** A pending order not paid by then expires. */
    payBefore: timestamp("pay_before", { withTimezone: true }).notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    confirmedBy: integer("confirmed_by").references(() => users.id, { onDelete: "set null" }),
    /** Set in the transaction that applied the effect: the guard of "exactly once". */
    appliedAt: timestamp("applied_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    invoiceNo: text("invoice_no"),
    note: text("note"),
  },
  (t) => [
    uniqueIndex("pay_orders_no_uq").on(t.no),
    uniqueIndex("pay_orders_invoice_uq").on(t.invoiceNo),
    uniqueIndex("pay_orders_provider_ref_uq").on(t.provider, t.providerRef),
    index("pay_orders_buyer_idx").on(t.buyerOfficeId, t.id),
    index("pay_orders_seller_idx").on(t.sellerOfficeId, t.id),
    index("pay_orders_pending_idx").on(t.payBefore).where(sql`${t.state} = 'pending'`),
  ],
);

/** Provider notifications received (webhooks), once each: a replayed event id is a no-op. */
export const payEvents = pgTable(
  "pay_events",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    orderId: integer("order_id").references(() => payOrders.id, { onDelete: "set null" }),
    payload: jsonb("payload").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("pay_events_uq").on(t.provider, t.eventId)],
);

/**
 * What a paid order granted a tenant: added to the office's quota when applied
 * and taken back once when it ends (reverted_at), so the quotas the rest of the
 * server enforces stay plain columns of offices.
 */
export const entitlements = pgTable(
  "entitlements",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    officeId: integer("office_id")
      .notNull()
      .references(() => offices.id),
    orderId: integer("order_id")
      .notNull()
      .references(() => payOrders.id),
    kind: text("kind", { enum: ["terminalLicence", "storage", "widget", "support"] }).notNull(),
    quantity: bigint("quantity", { mode: "number" }).notNull(),
    widgetType: text("widget_type"),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    /** null: for good. */
    endsAt: timestamp("ends_at", { withTimezone: true }),
    /** Set once when the grant was added to the office (a renewal starting later is applied when it starts). */
    appliedAt: timestamp("applied_at", { withTimezone: true }),
    revertedAt: timestamp("reverted_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("entitlements_order_uq").on(t.orderId),
    index("entitlements_office_idx").on(t.officeId),
    index("entitlements_ending_idx").on(t.endsAt).where(sql`${t.revertedAt} is null`),
    index("entitlements_starting_idx").on(t.startsAt).where(sql`${t.appliedAt} is null`),
  ],
);
