import { randomUUID } from "node:crypto";
import {
  type BankTransfer,
  type OrderCreateBody,
  type OrderListQuery,
  PAY_BEFORE_MS,
  PAY_LIMITS,
  type PayOrder,
} from "@marquee/contracts";
import { and, asc, count, desc, eq, gte, lte, ne, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { entitlements, offices, payEvents, payOrders, payServices, users } from "../../db/schema";
import { type Actor, can } from "../../platform/actor";
import type { Tx } from "../../platform/db";
import { AppError, FieldErrors, notFound } from "../../platform/errors";
import type { Services } from "../../platform/services";
import { likeEscape } from "../../platform/sql";
import { scope } from "../../platform/tenancy";
import { assertQuotaLimited, payAndApply, refundOrder } from "./apply";
import { assertOpen, entitlementOut, type Party, paySwitch, sells, stripeUsable } from "./party";
import { type OrderRow, type ProviderContext, providerOf } from "./providers";

const buyerOffice = alias(offices, "bo");
const sellerOffice = alias(offices, "so");
const creator = alias(users, "cu");
const confirmer = alias(users, "fu");

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The orders the caller may see: its tenant's own purchases, and (platform, agents) those of tenants below it. */
function visibleWhere(actor: Actor, party: Party): SQL {
  const own = eq(payOrders.buyerOfficeId, party.tenant.id);
  if (!sells(party.tenant)) return and(scope(actor, payOrders), own) as SQL;
  const below = and(
    sql`${buyerOffice.path} like ${`${likeEscape(party.tenant.path)}%`}`,
    ne(payOrders.buyerOfficeId, party.tenant.id),
  );
  return and(scope(actor, payOrders), or(own, below)) as SQL;
}

function sideWhere(party: Party, role: "buyer" | "seller" | undefined): SQL | undefined {
  if (role === "buyer") return eq(payOrders.buyerOfficeId, party.tenant.id);
  if (role === "seller") return ne(payOrders.buyerOfficeId, party.tenant.id);
  return undefined;
}

const orderColumns = {
  o: payOrders,
  buyerName: buyerOffice.name,
  sellerName: sellerOffice.name,
  createdByName: creator.name,
  confirmedByName: confirmer.name,
};

function orderQuery(db: Tx) {
  return db
    .select(orderColumns)
    .from(payOrders)
    .innerJoin(buyerOffice, eq(buyerOffice.id, payOrders.buyerOfficeId))
    .innerJoin(sellerOffice, eq(sellerOffice.id, payOrders.sellerOfficeId))
    .leftJoin(creator, eq(creator.id, payOrders.createdBy))
    .leftJoin(confirmer, eq(confirmer.id, payOrders.confirmedBy));
}

type Joined = {
  o: OrderRow;
  buyerName: string;
  sellerName: string;
  createdByName: string | null;
  confirmedByName: string | null;
};

export function orderOut(actor: Actor, party: Party, r: Joined): PayOrder {
  const o = r.o;
  const role = o.buyerOfficeId === party.tenant.id ? "buyer" : "seller";
  const seller = o.sellerOfficeId === party.tenant.id && can(actor, "pay:order:confirm");
  return {
    id: o.id,
    no: o.no,
    buyerOfficeId: o.buyerOfficeId,
    buyerName: r.buyerName,
    sellerOfficeId: o.sellerOfficeId,
    sellerName: r.sellerName,
    serviceId: o.serviceId,
    item: o.item,
    units: o.units,
    amountCents: o.amountCents,
    currency: o.currency,
    state: o.state,
    provider: o.provider === "stripe" ? "stripe" : "manual",
    providerRef: o.providerRef,
    payUrl: o.state === "pending" ? o.payUrl : null,
    createdBy: o.createdBy,
    createdByName: r.createdByName,
    createdAt: o.createdAt.toISOString(),
    payBefore: o.payBefore.toISOString(),
    paidAt: iso(o.paidAt),
    confirmedBy: o.confirmedBy,
    confirmedByName: r.confirmedByName,
    appliedAt: iso(o.appliedAt),
    cancelledAt: iso(o.cancelledAt),
    refundedAt: iso(o.refundedAt),
    invoiceNo: o.invoiceNo,
    note: o.note,
    role,
    canCancel: role === "buyer" && o.state === "pending" && can(actor, "pay:service:purchase"),
    canConfirm: seller && o.provider === "manual" && (o.state === "pending" || o.state === "expired"),
    canRefund: seller && o.state === "paid",
    canInvoice: o.invoiceNo !== null && (o.state === "paid" || o.state === "refunded"),
  };
}

/** payOrder/list: newest first, filtered, paged. */
export async function listOrders(services: Services, actor: Actor, party: Party, q: OrderListQuery) {
  const parts: Array<SQL | undefined> = [visibleWhere(actor, party), sideWhere(party, q.role)];
  if (q.state) parts.push(eq(payOrders.state, q.state));
  if (q.provider) parts.push(eq(payOrders.provider, q.provider));
  if (q.kind) parts.push(sql`${payOrders.item}->>'kind' = ${q.kind}`);
  if (q.keyword) {
    const like = `%${likeEscape(q.keyword)}%`;
    parts.push(sql`(${payOrders.no} ilike ${like} or ${buyerOffice.name} ilike ${like})`);
  }
  if (q.beginTime) parts.push(gte(payOrders.createdAt, q.beginTime));
  if (q.endTime) parts.push(lte(payOrders.createdAt, q.endTime));
  const where = and(...parts);
  const [total] = await services.db
    .select({ n: count() })
    .from(payOrders)
    .innerJoin(buyerOffice, eq(buyerOffice.id, payOrders.buyerOfficeId))
    .where(where);
  const rows = await orderQuery(services.db)
    .where(where)
    .orderBy(desc(payOrders.id))
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize);
  return { list: rows.map((r) => orderOut(actor, party, r)), total: total?.n ?? 0 };
}

/** One order the caller may see (locked for update inside a transaction when `lock`), else 404. */
export async function visibleOrder(
  db: Tx,
  actor: Actor,
  party: Party,
  id: number,
  lock = false,
): Promise<Joined> {
  const query = orderQuery(db).where(and(eq(payOrders.id, id), visibleWhere(actor, party)));
  const [r] = lock ? await query.for("update", { of: payOrders }) : await query;
  if (!r) throw notFound("payOrder", id);
  return r;
}

/** Where a buyer transfers the amount: the platform's account (setting), or an agent's contact details. */
export async function bankTransferOf(services: Services, sellerOfficeId: number): Promise<BankTransfer> {
  const node = await services.tree.get(sellerOfficeId);
  if (node?.type === "platform") return services.settings.get("bankTransfer");
  const [o] = await services.db
    .select({
      name: offices.name,
      contactName: offices.contactName,
      contactPhone: offices.contactPhone,
      contactEmail: offices.contactEmail,
    })
    .from(offices)
    .where(eq(offices.id, sellerOfficeId));
  return {
    accountName: o?.name ?? "",
    bank: "",
    accountNumber: "",
    note: [o?.contactName, o?.contactPhone, o?.contactEmail].filter(Boolean).join(" · "),
  };
}

/** "MQ" + the day (UTC) + the id: unique, and sorts like the orders. */
const orderNo = (id: number, at: Date) =>
  `MQ${at.toISOString().slice(0, 10).replaceAll("-", "")}${String(id).padStart(6, "0")}`;

/**
 * payOrder/create: a pending order for `units` of a service the caller's
 * tenant may buy from its seller, paid before PAY_BEFORE_MS[provider]. For an
 * online provider the payment page is prepared in the same transaction: if the
 * provider refuses, no order is left behind.
 */
export async function createOrder(
  services: Services,
  actor: Actor,
  party: Party,
  b: OrderCreateBody,
  ctx: ProviderContext,
): Promise<OrderRow> {
  const seller = party.seller;
  if (!seller) throw new AppError(403, "pay.notBuyer");
  const now = services.clock.now();
  assertOpen(await paySwitch(services, now));
  if (b.provider === "stripe") {
    const usable = await stripeUsable(services, seller);
    if (usable !== "ok") throw new AppError(409, usable);
  }
  return services.db.transaction(async (tx) => {
    // Shared lock: the seller cannot delete the service while it is being bought.
    const [service] = await tx
      .select()
      .from(payServices)
      .where(and(eq(payServices.id, b.serviceId), eq(payServices.officeId, seller.id)))
      .for("share");
    if (!service) throw notFound("payService", b.serviceId);
    if (!service.enabled) throw new AppError(409, "pay.notOnSale", { name: service.code });
    await assertQuotaLimited(tx, party.tenant.id, service.kind);
    const amountCents = service.priceCents * b.units;
    if (amountCents > PAY_LIMITS.maxAmountCents)
      throw new FieldErrors([{ field: "units", key: "pay.amountTooLarge" }]);
    const [inserted] = await tx
      .insert(payOrders)
      .values({
        no: `tmp-${randomUUID()}`,
        buyerOfficeId: party.tenant.id,
        sellerOfficeId: seller.id,
        serviceId: service.id,
        item: {
          code: service.code,
          kind: service.kind,
          name: service.name,
          quantity: service.quantity,
          widgetType: service.widgetType,
          priceCents: service.priceCents,
          currency: service.currency,
          durationDays: service.durationDays,
        },
        units: b.units,
        amountCents,
        currency: service.currency,
        provider: b.provider,
        createdBy: actor.userId,
        createdAt: now,
        payBefore: new Date(now.getTime() + PAY_BEFORE_MS[b.provider]),
        note: b.note ?? null,
      })
      .returning();
    if (!inserted) throw new Error("order not created");
    const [numbered] = await tx
      .update(payOrders)
      .set({ no: orderNo(inserted.id, now) })
      .where(eq(payOrders.id, inserted.id))
      .returning();
    const order = numbered as OrderRow;
    const started = await providerOf(b.provider).begin(ctx, order);
    if (started.providerRef === null && started.payUrl === null) return order;
    const [withRef] = await tx
      .update(payOrders)
      .set({ providerRef: started.providerRef, payUrl: started.payUrl })
      .where(eq(payOrders.id, order.id))
      .returning();
    return withRef as OrderRow;
  });
}

/** Re-reads an order with its names for the answer. */
export async function joinedOrder(db: Tx, id: number): Promise<Joined> {
  const [r] = await orderQuery(db).where(eq(payOrders.id, id));
  if (!r) throw notFound("payOrder", id);
  return r;
}

/** payOrder/cancel: the buyer drops a pending order; an online payment page is closed afterwards. */
export async function cancelOrder(
  services: Services,
  actor: Actor,
  party: Party,
  id: number,
  ctx: ProviderContext,
): Promise<Joined> {
  const now = services.clock.now();
  const order = await services.db.transaction(async (tx) => {
    const r = await visibleOrder(tx, actor, party, id, true);
    if (r.o.buyerOfficeId !== party.tenant.id)
      throw new AppError(403, "pay.notBuyerOf", { no: r.o.no, buyer: r.buyerName });
    if (r.o.state !== "pending") throw new AppError(409, "pay.notPending", { no: r.o.no });
    const [row] = await tx
      .update(payOrders)
      .set({ state: "cancelled", cancelledAt: now })
      .where(eq(payOrders.id, id))
      .returning();
    return row as OrderRow;
  });
  await providerOf(order.provider).abandon(ctx, order);
  return joinedOrder(services.db, id);
}

/** The checks of the seller's actions: its own sale, else 403 naming the seller. */
function assertOwnSale(party: Party, r: Joined): void {
  if (r.o.sellerOfficeId !== party.tenant.id)
    throw new AppError(403, "pay.notSellerOf", { no: r.o.no, seller: r.sellerName });
}

/**
 * payOrder/confirm: the seller's administrator saw the transfer; the order is
 * paid and applied. A second confirmation is refused (409 "already paid") and
 * changes nothing. A transfer that arrives after the order expired may still
 * be confirmed.
 */
export async function confirmOrder(
  services: Services,
  actor: Actor,
  party: Party,
  id: number,
  note: string | undefined,
): Promise<Joined> {
  const now = services.clock.now();
  await services.db.transaction(async (tx) => {
    const r = await visibleOrder(tx, actor, party, id, true);
    assertOwnSale(party, r);
    if (r.o.provider !== "manual") throw new AppError(409, "pay.notManual", { no: r.o.no });
    if (r.o.appliedAt) throw new AppError(409, "pay.alreadyPaid", { no: r.o.no });
    if (r.o.state !== "pending" && r.o.state !== "expired")
      throw new AppError(409, "pay.notPending", { no: r.o.no });
    const done = await payAndApply(services, tx, id, now, ["pending", "expired"], {
      confirmedBy: actor.userId,
      ...(note ? { note } : {}),
    });
    if (!done) throw new AppError(409, "pay.alreadyPaid", { no: r.o.no });
  });
  return joinedOrder(services.db, id);
}

/** payOrder/refund: paid → refunded; an online payment is refunded through its provider first. */
export async function refundOrderBySeller(
  services: Services,
  actor: Actor,
  party: Party,
  id: number,
  note: string | undefined,
  ctx: ProviderContext,
): Promise<Joined> {
  const now = services.clock.now();
  await services.db.transaction(async (tx) => {
    const r = await visibleOrder(tx, actor, party, id, true);
    assertOwnSale(party, r);
    if (r.o.state !== "paid") throw new AppError(409, "pay.notPaid", { no: r.o.no });
    // The provider gives the money back first: if it refuses, nothing changes here.
    await providerOf(r.o.provider).refund(ctx, r.o);
    await refundOrder(services, tx, id, now, note);
  });
  return joinedOrder(services.db, id);
}

/** payOrder/detail: the order, what it granted, where to transfer, and the provider's notifications. */
export async function orderDetail(services: Services, actor: Actor, party: Party, id: number) {
  const r = await visibleOrder(services.db, actor, party, id);
  const now = services.clock.now();
  const [e] = await services.db.select().from(entitlements).where(eq(entitlements.orderId, id));
  const events = await services.db
    .select({ id: payEvents.id, type: payEvents.type, receivedAt: payEvents.receivedAt })
    .from(payEvents)
    .where(eq(payEvents.orderId, id))
    .orderBy(asc(payEvents.id));
  const transfer =
    r.o.provider === "manual" && (r.o.state === "pending" || r.o.state === "expired")
      ? await bankTransferOf(services, r.o.sellerOfficeId)
      : null;
  return {
    order: orderOut(actor, party, r),
    entitlement: e ? entitlementOut(e, r.o.no, now) : null,
    bankTransfer: transfer,
    events: events.map((ev) => ({ id: ev.id, type: ev.type, receivedAt: ev.receivedAt.toISOString() })),
  };
}
