import { z } from "zod";
import { Envelope, Paging, pageOf, zBool, zId } from "./common";
import { LOCALES, type Locale } from "./i18n/locales";

/**
 * Paid services and the payment centre. The spec names only
 * GET /a/api/vol/{getVolMsg, getVolMsgByType, volList}; what they carry is
 * ours (see the brief in DECISIONS.md):
 *
 * - A seller (the platform or an agent) keeps a catalogue of services; a buyer
 *   (an agent or a customer tenant) buys from its seller: its nearest agent
 *   above it, else the platform.
 * - An order is created pending, paid by bank transfer (confirmed by the
 *   seller's administrator) or online (Stripe Checkout, confirmed by its
 *   signed webhook), and its effect is applied exactly once: an entitlement
 *   that raises the buyer's quota until it ends.
 * - The system setting `paymentSwitchOpenTime` governs when buyers see paid
 *   services at all.
 */

/** What a service sells; `quantity` is in the kind's unit. */
export const PAY_SERVICE_KINDS = ["terminalLicence", "storage", "widget", "support"] as const;
export type PayServiceKind = (typeof PAY_SERVICE_KINDS)[number];
/** Kinds that must last a number of days (the others may be sold for good: durationDays null). */
export const PAY_KINDS_WITH_DURATION: readonly PayServiceKind[] = ["terminalLicence", "support"];

export const PAY_ORDER_STATES = ["pending", "paid", "cancelled", "refunded", "expired"] as const;
export type PayOrderState = (typeof PAY_ORDER_STATES)[number];

/** manual: bank transfer, confirmed by the seller's administrator (always available); stripe: online. */
export const PAY_PROVIDERS = ["manual", "stripe"] as const;
export type PayProvider = (typeof PAY_PROVIDERS)[number];
/** How long a pending order waits for its payment, per provider. */
export const PAY_BEFORE_MS: Record<PayProvider, number> = {
  manual: 7 * 86_400_000,
  stripe: 3_600_000,
};

/** The state of an entitlement at a moment: not started yet, running, or over (taken back). */
export const ENTITLEMENT_STATES = ["upcoming", "active", "ended"] as const;

/** Limits of the catalogue and of orders. */
export const PAY_LIMITS = {
  /** Largest price of one unit, in the currency's minor unit (cents). */
  maxPriceCents: 100_000_000,
  /** Largest amount of one order (the column is a 32-bit integer). */
  maxAmountCents: 2_147_483_647,
  maxUnits: 1000,
  maxDurationDays: 3650,
  /** Storage: up to 1 PB per unit. */
  maxStorageBytes: 1_000_000_000_000_000,
  maxTerminals: 100_000,
} as const;

/** Text in the console's languages; at least one filled. */
const localisedField = (max: number) => z.string().trim().max(max);
export const LocalisedText = z.strictObject(
  Object.fromEntries(LOCALES.map((l) => [l, localisedField(200).optional()])) as Record<
    Locale,
    z.ZodOptional<z.ZodString>
  >,
);
export type LocalisedText = z.infer<typeof LocalisedText>;
/** A name: at least one language filled. */
const LocalisedName = LocalisedText.refine((t) => Object.values(t).some((v) => v && v.length > 0), {
  message: "pay.nameRequired",
});
const LocalisedDescription = z.strictObject(
  Object.fromEntries(LOCALES.map((l) => [l, z.string().trim().max(2000).optional()])) as Record<
    Locale,
    z.ZodOptional<z.ZodString>
  >,
);

/** The text of `t` in `locale`, else English, else Simplified Chinese, else any filled one. */
export function localised(t: LocalisedText | null | undefined, locale: Locale): string {
  if (!t) return "";
  return t[locale] || t.en || t.zh_CN || Object.values(t).find((v) => !!v) || "";
}

/** An ISO 4217 currency code (EUR, USD, CNY…). */
export const zCurrency = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{3}$/, "pay.currencyInvalid"));

/** A service of a catalogue, as lists and details show it. */
export const PayService = z.object({
  id: z.number(),
  /** The seller: the platform or an agent. */
  officeId: z.number(),
  sellerName: z.string(),
  code: z.string(),
  kind: z.enum(PAY_SERVICE_KINDS),
  name: LocalisedText,
  description: LocalisedText,
  /** Terminals (terminalLicence), bytes (storage), 1 (widget, support), per unit bought. */
  quantity: z.number(),
  /** The premium widget type unlocked (kind widget). */
  widgetType: z.string().nullable(),
  /** Price of one unit in the currency's minor unit. */
  priceCents: z.number(),
  currency: z.string(),
  /** How long a purchase lasts; null: for good. */
  durationDays: z.number().nullable(),
  enabled: z.boolean(),
  sort: z.number(),
  /** Orders name it: delete only disables it. */
  hasOrders: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PayService = z.infer<typeof PayService>;

/** Whether buyers see paid services now, and from when (the setting paymentSwitchOpenTime). */
export const PaySwitch = z.object({
  open: z.boolean(),
  /** ISO instant from which they are shown; null: not scheduled (closed). */
  openTime: z.string().nullable(),
});
export type PaySwitch = z.infer<typeof PaySwitch>;

/** The seller's bank account for transfers (system setting bankTransfer; for an agent seller, its contact details). */
export const BankTransfer = z.strictObject({
  accountName: z.string().trim().max(200).default(""),
  bank: z.string().trim().max(200).default(""),
  accountNumber: z.string().trim().max(100).default(""),
  /** E.g. "Write the order number as the transfer reference." */
  note: z.string().max(2000).default(""),
});
export type BankTransfer = z.infer<typeof BankTransfer>;

/** The online provider's account (system setting stripe, secret). */
export const StripeSetting = z.strictObject({
  enabled: z.boolean().default(false),
  /** sk_live_… / sk_test_… */
  secretKey: z.string().trim().max(500).default(""),
  /** whsec_…: the signing secret of the webhook endpoint /apm-web/f/pay/stripe/webhook. */
  webhookSecret: z.string().trim().max(500).default(""),
  apiBase: z
    .string()
    .trim()
    .max(500)
    .regex(/^https?:\/\/[^\s]+$/, "program.urlInvalid")
    .default("https://api.stripe.com"),
});
export type StripeSetting = z.infer<typeof StripeSetting>;

/** The setting paymentSwitchOpenTime: an ISO date-time with offset, or "" (closed). */
export const PaymentSwitchOpenTime = z.union([z.literal(""), z.iso.datetime({ offset: true })]);

/** Payment settings' defaults. */
export const DEFAULT_BANK_TRANSFER: BankTransfer = BankTransfer.parse({});
export const DEFAULT_STRIPE_SETTING: StripeSetting = StripeSetting.parse({});

/** Something a tenant holds from a paid order. */
export const Entitlement = z.object({
  id: z.number(),
  orderId: z.number(),
  orderNo: z.string(),
  kind: z.enum(PAY_SERVICE_KINDS),
  /** Total granted (units × the service's quantity). */
  quantity: z.number(),
  widgetType: z.string().nullable(),
  startsAt: z.string(),
  /** null: for good. */
  endsAt: z.string().nullable(),
  state: z.enum(ENTITLEMENT_STATES),
  /** When the grant was added to the tenant's quota (a renewal: when it started). */
  appliedAt: z.string().nullable(),
  /** When it was taken back (ended or refunded). */
  revertedAt: z.string().nullable(),
});
export type Entitlement = z.infer<typeof Entitlement>;

/**
 * What the buyer has now: storage used against its capacity, terminals
 * authorised against its quota (null: unlimited — such a tenant cannot buy
 * that kind), and its entitlements that are running or still to come.
 */
export const PaySituation = z.object({
  officeId: z.number(),
  officeName: z.string(),
  storage: z.object({ used: z.number(), capacity: z.number().nullable() }),
  terminals: z.object({ authorised: z.number(), quota: z.number().nullable() }),
  entitlements: z.array(Entitlement),
});
export type PaySituation = z.infer<typeof PaySituation>;

/** Who the caller is to the catalogue: a buyer (agent/customer), a seller (platform/agent), or both (an agent). */
export const PayParty = z.object({
  /** The caller's tenant buys from this seller; null for the platform (which buys nothing). */
  seller: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** Whether the caller's tenant sells (platform or agent, with pay:service:edit). */
  sells: z.boolean(),
  /** The providers a buyer may choose now (manual always; stripe when configured and the seller is the platform). */
  providers: z.array(z.enum(PAY_PROVIDERS)),
});
export type PayParty = z.infer<typeof PayParty>;

/**
 * GET /a/api/vol/volList: the enabled services the caller's tenant may buy from
 * its seller (empty before the switch time), or with `mine=1` (pay:service:edit)
 * the caller's own catalogue, disabled ones included. Sorted by sort, then id.
 */
export const VolListQuery = Paging.extend({
  mine: zBool.optional(),
  kind: z.enum(PAY_SERVICE_KINDS).optional(),
  /** Code or name, in part. */
  keyword: z.string().trim().max(100).optional(),
  /** Own catalogue only: enabled or disabled ones. */
  enabled: zBool.optional(),
}).strict();
export type VolListQuery = z.infer<typeof VolListQuery>;
export const VolListResponse = pageOf(PayService).extend({ switch: PaySwitch, party: PayParty });
export type VolListResponse = z.infer<typeof VolListResponse>;

/** GET /a/api/vol/getVolMsgByType?kind=: the services of one kind for the buyer, and what it has of that kind. */
export const VolByTypeQuery = z.strictObject({ kind: z.enum(PAY_SERVICE_KINDS) });
export const VolByTypeResponse = Envelope.extend({
  kind: z.enum(PAY_SERVICE_KINDS),
  list: z.array(PayService),
  /** null for the platform (it buys nothing). Entitlements: only of this kind. */
  situation: PaySituation.nullable(),
  switch: PaySwitch,
  party: PayParty,
});
export type VolByTypeResponse = z.infer<typeof VolByTypeResponse>;

/** GET /a/api/vol/getVolMsg?id=: one service (one the caller may buy, or of its own catalogue) and the buyer's situation. */
export const VolMsgQuery = z.strictObject({ id: zId });
export const VolMsgResponse = Envelope.extend({
  service: PayService,
  situation: PaySituation.nullable(),
  switch: PaySwitch,
  party: PayParty,
});
export type VolMsgResponse = z.infer<typeof VolMsgResponse>;

/** POST /a/api/vol/save (pay:service:edit): creates (no id) or updates a service of the caller's catalogue. */
export const VolSaveBody = z
  .strictObject({
    id: zId.optional(),
    /** Unique in the seller's catalogue. */
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_.-]{1,40}$/, "pay.codeInvalid"),
    kind: z.enum(PAY_SERVICE_KINDS),
    name: LocalisedName,
    description: LocalisedDescription.default({}),
    quantity: z.coerce.number().int().min(1).max(PAY_LIMITS.maxStorageBytes),
    widgetType: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{1,40}$/, "validation.format")
      .nullable()
      .optional(),
    priceCents: z.coerce.number().int().min(1).max(PAY_LIMITS.maxPriceCents),
    currency: zCurrency,
    /** null (or absent): for good — only storage and widget. */
    durationDays: z.coerce.number().int().min(1).max(PAY_LIMITS.maxDurationDays).nullable().optional(),
    enabled: zBool.default(true),
    sort: z.coerce.number().int().min(0).max(1_000_000).default(0),
  })
  .superRefine((b, ctx) => {
    if (PAY_KINDS_WITH_DURATION.includes(b.kind) && (b.durationDays === null || b.durationDays === undefined))
      ctx.addIssue({ code: "custom", path: ["durationDays"], message: "pay.durationRequired" });
    if (b.kind === "widget" && !b.widgetType)
      ctx.addIssue({ code: "custom", path: ["widgetType"], message: "pay.widgetTypeRequired" });
    if (b.kind === "terminalLicence" && b.quantity > PAY_LIMITS.maxTerminals)
      ctx.addIssue({ code: "custom", path: ["quantity"], message: "pay.quantityTooLarge" });
    if ((b.kind === "widget" || b.kind === "support") && b.quantity !== 1)
      ctx.addIssue({ code: "custom", path: ["quantity"], message: "pay.quantityOne" });
  });
export type VolSaveBody = z.infer<typeof VolSaveBody>;
export const VolSaveResponse = Envelope.extend({ service: PayService });

/** POST /a/api/vol/delete (pay:service:edit): deletes a service no order names; one with orders is disabled. */
export const VolDeleteBody = z.strictObject({ id: zId });
export const VolDeleteResponse = Envelope.extend({
  /** true: gone; false: orders name it, so it was disabled instead. */
  deleted: z.boolean(),
});

/** What an order bought, as the service was at the time. */
export const PayOrderItem = z.object({
  code: z.string(),
  kind: z.enum(PAY_SERVICE_KINDS),
  name: LocalisedText,
  quantity: z.number(),
  widgetType: z.string().nullable(),
  priceCents: z.number(),
  currency: z.string(),
  durationDays: z.number().nullable(),
});
export type PayOrderItem = z.infer<typeof PayOrderItem>;

export const PayOrder = z.object({
  id: z.number(),
  /** Order number shown to people (MQ + date + sequence). */
  no: z.string(),
  buyerOfficeId: z.number(),
  buyerName: z.string(),
  sellerOfficeId: z.number(),
  sellerName: z.string(),
  serviceId: z.number().nullable(),
  item: PayOrderItem,
  units: z.number(),
  amountCents: z.number(),
  currency: z.string(),
  state: z.enum(PAY_ORDER_STATES),
  provider: z.enum(PAY_PROVIDERS),
  providerRef: z.string().nullable(),
  /** Where the buyer pays online (stripe, while pending). */
  payUrl: z.string().nullable(),
  createdBy: z.number().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  payBefore: z.string(),
  paidAt: z.string().nullable(),
  confirmedBy: z.number().nullable(),
  confirmedByName: z.string().nullable(),
  /** When the effect was applied (exactly once). */
  appliedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
  /** Assigned when the invoice is first issued. */
  invoiceNo: z.string().nullable(),
  note: z.string().nullable(),
  /** The caller's side of the order: its own purchase, or a sale to a tenant below. */
  role: z.enum(["buyer", "seller"]),
  /** What the caller may do with it now. */
  canCancel: z.boolean(),
  canConfirm: z.boolean(),
  canRefund: z.boolean(),
  canInvoice: z.boolean(),
});
export type PayOrder = z.infer<typeof PayOrder>;

/** POST /a/api/payOrder/create (pay:service:purchase): a pending order for `units` of a service the caller may buy. */
export const OrderCreateBody = z.strictObject({
  serviceId: zId,
  units: z.coerce.number().int().min(1).max(PAY_LIMITS.maxUnits).default(1),
  provider: z.enum(PAY_PROVIDERS),
  note: z.string().trim().max(500).optional(),
});
export type OrderCreateBody = z.infer<typeof OrderCreateBody>;
export const OrderCreateResponse = Envelope.extend({
  order: PayOrder,
  /** stripe: the checkout page to send the buyer to. */
  payUrl: z.string().nullable(),
  /** manual: where to transfer the amount (quote the order number). */
  bankTransfer: BankTransfer.nullable(),
});
export type OrderCreateResponse = z.infer<typeof OrderCreateResponse>;

const time = z.coerce.date().refine((d) => !Number.isNaN(d.getTime()), "validation.format");

/**
 * GET /a/api/payOrder/list (pay:order:view): as buyer the tenant's own orders,
 * as seller the orders of buyers below it; newest first. `role` narrows to one
 * side (both when absent). The range applies to createdAt.
 */
export const OrderListQuery = Paging.extend({
  role: z.enum(["buyer", "seller"]).optional(),
  state: z.enum(PAY_ORDER_STATES).optional(),
  provider: z.enum(PAY_PROVIDERS).optional(),
  kind: z.enum(PAY_SERVICE_KINDS).optional(),
  /** Order number or buyer name, in part. */
  keyword: z.string().trim().max(100).optional(),
  beginTime: time.optional(),
  endTime: time.optional(),
})
  .strict()
  .refine((q) => q.beginTime === undefined || q.endTime === undefined || q.beginTime <= q.endTime, {
    message: "log.timeRange",
    path: ["endTime"],
  });
export type OrderListQuery = z.infer<typeof OrderListQuery>;
export const OrderListResponse = pageOf(PayOrder);
export type OrderListResponse = z.infer<typeof OrderListResponse>;

/** GET /a/api/payOrder/detail?id= */
export const OrderIdQuery = z.strictObject({ id: zId });
export const PayEventRow = z.object({ id: z.number(), type: z.string(), receivedAt: z.string() });
export const OrderDetailResponse = Envelope.extend({
  order: PayOrder,
  entitlement: Entitlement.nullable(),
  /** manual: where to transfer (while it matters). */
  bankTransfer: BankTransfer.nullable(),
  /** The provider's notifications about it, oldest first. */
  events: z.array(PayEventRow),
});
export type OrderDetailResponse = z.infer<typeof OrderDetailResponse>;

/** POST /a/api/payOrder/cancel (buyer, pending only). */
export const OrderCancelBody = z.strictObject({ id: zId });
/** POST /a/api/payOrder/confirm (pay:order:confirm, the seller): a manual order is paid; applies its effect. */
export const OrderConfirmBody = z.strictObject({
  id: zId,
  /** The transfer's reference, as the bank shows it. */
  note: z.string().trim().max(500).optional(),
});
/** POST /a/api/payOrder/refund (pay:order:confirm, the seller): paid → refunded; the grant is taken back. */
export const OrderRefundBody = z.strictObject({ id: zId, note: z.string().trim().max(500).optional() });
export const OrderActionResponse = Envelope.extend({ order: PayOrder });

/** POST /f/pay/stripe/webhook: the event is received; what became of it (the dashboard shows it). */
export const StripeWebhookResponse = Envelope.extend({
  received: z.literal(true),
  outcome: z.enum(["handled", "duplicate", "ignored"]),
});
export type OrderActionResponse = z.infer<typeof OrderActionResponse>;

/** GET /a/api/payOrder/invoice?id=: the PDF invoice of a paid (or later refunded) order; `lang` words it. */
export const OrderInvoiceQuery = z.strictObject({ id: zId });

/** Amount in minor units → "12.34 EUR" (two decimals; the console formats with Intl). */
export function formatAmount(cents: number, currency: string): string {
  return `${(cents / 100).toFixed(2)} ${currency}`;
}
