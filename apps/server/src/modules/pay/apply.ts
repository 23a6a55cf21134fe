import type { MessageKey, PayServiceKind } from "@marquee/contracts";
import { and, arrayContains, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { entitlements, offices, payOrders, roles, userRoles, users } from "../../db/schema";
import { can } from "../../platform/actor";
import type { Tx } from "../../platform/db";
import { AppError } from "../../platform/errors";
import { notify } from "../../platform/notify";
import type { Services } from "../../platform/services";
import { lastLiveOfService } from "./party";

/** Advisory lock namespace of invoice numbers (the second key is the year). */
const INVOICE_LOCK = 727_401;
const DAY_MS = 86_400_000;

type OrderRow = typeof payOrders.$inferSelect;
type EntitlementRow = typeof entitlements.$inferSelect;

/** The office column a kind raises; widgets and support change no quota (the entitlement is the record). */
const QUOTA_COLUMN: Partial<Record<PayServiceKind, "capacity_bytes" | "terminal_quota">> = {
  storage: "capacity_bytes",
  terminalLicence: "terminal_quota",
};

/** Locks the buyer's office row: applying and reverting grants of one tenant happen one at a time. */
async function lockOffice(tx: Tx, officeId: number) {
  const r = await tx.execute<{ name: string; capacity: string | null; quota: number | null }>(
    sql`select name, capacity_bytes::text as capacity, terminal_quota as quota from offices where id = ${officeId} for update`,
  );
  const row = r.rows[0];
  if (!row) throw new AppError(404, "common.recordNotFound", { entity: "office", id: officeId });
  return { name: row.name, capacity: row.capacity === null ? null : Number(row.capacity), quota: row.quota };
}

/**
 * Refuses (409) a grant that cannot raise anything: the tenant's quota of
 * that kind is unlimited (null).
 */
export async function assertQuotaLimited(tx: Tx, officeId: number, kind: PayServiceKind): Promise<void> {
  const column = QUOTA_COLUMN[kind];
  if (!column) return;
  const [row] = await tx
    .select({ name: offices.name, capacity: offices.capacityBytes, quota: offices.terminalQuota })
    .from(offices)
    .where(eq(offices.id, officeId));
  if (!row) return;
  if (column === "capacity_bytes" && row.capacity === null)
    throw new AppError(409, "pay.unlimitedStorage", { name: row.name });
  if (column === "terminal_quota" && row.quota === null)
    throw new AppError(409, "pay.unlimitedTerminals", { name: row.name });
}

/** Adds (or, negative, takes back) `delta` of a kind's quota; a quota may end below what is in use, never below 0. */
async function shiftQuota(tx: Tx, officeId: number, kind: PayServiceKind, delta: number): Promise<void> {
  const column = QUOTA_COLUMN[kind];
  if (!column || delta === 0) return;
  // An unlimited (null) quota stays unlimited: there is nothing to add to or take from.
  if (column === "capacity_bytes")
    await tx.execute(
      sql`update offices set capacity_bytes = greatest(capacity_bytes + ${delta}::bigint, 0), updated_at = now()
          where id = ${officeId} and capacity_bytes is not null`,
    );
  else
    await tx.execute(
      sql`update offices set terminal_quota = greatest(terminal_quota + ${delta}::int, 0), updated_at = now()
          where id = ${officeId} and terminal_quota is not null`,
    );
}

/** The next invoice number of `year` ("INV2026-000001"), gapless per year. */
async function nextInvoiceNo(tx: Tx, year: number): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock(${INVOICE_LOCK}::int, ${year}::int)`);
  const prefix = `INV${year}-`;
  const r = await tx.execute<{ n: number }>(
    sql`select count(*)::int as n from pay_orders where invoice_no like ${`${prefix}%`}`,
  );
  return `${prefix}${String((r.rows[0]?.n ?? 0) + 1).padStart(6, "0")}`;
}

export interface PaidBy {
  /** The administrator who confirmed a transfer (manual orders). */
  confirmedBy?: number;
  note?: string;
}

/**
 * Marks an order paid and applies its effect, exactly once: the update is
 * guarded by `applied_at is null`, so a second confirmation or a replayed
 * webhook finds nothing to do (answers null). `from` lists the states a
 * payment may arrive in (a transfer confirmed after the order expired still
 * counts; an online payment completed after a cancel was still taken).
 * Creates the entitlement; a renewal of a service still running starts when
 * the running one ends (the pass applies it then). Run inside a transaction.
 */
export async function payAndApply(
  services: Services,
  tx: Tx,
  orderId: number,
  now: Date,
  from: ReadonlyArray<OrderRow["state"]>,
  by: PaidBy = {},
): Promise<OrderRow | null> {
  const [order] = await tx
    .update(payOrders)
    .set({
      state: "paid",
      paidAt: now,
      appliedAt: now,
      invoiceNo: await nextInvoiceNo(tx, now.getUTCFullYear()),
      ...(by.confirmedBy !== undefined ? { confirmedBy: by.confirmedBy } : {}),
      ...(by.note ? { note: by.note } : {}),
    })
    .where(and(eq(payOrders.id, orderId), isNull(payOrders.appliedAt), inArray(payOrders.state, [...from])))
    .returning();
  if (!order) return null;
  await lockOffice(tx, order.buyerOfficeId);
  const quantity = order.item.quantity * order.units;
  const previous = order.serviceId
    ? await lastLiveOfService(tx, order.buyerOfficeId, order.serviceId)
    : undefined;
  const startsAt = previous?.endsAt && previous.endsAt.getTime() > now.getTime() ? previous.endsAt : now;
  const endsAt =
    order.item.durationDays === null ? null : new Date(startsAt.getTime() + order.item.durationDays * DAY_MS);
  const startsNow = startsAt.getTime() <= now.getTime();
  await tx.insert(entitlements).values({
    officeId: order.buyerOfficeId,
    orderId: order.id,
    kind: order.item.kind,
    quantity,
    widgetType: order.item.widgetType,
    startsAt,
    endsAt,
    appliedAt: startsNow ? now : null,
  });
  if (startsNow) await shiftQuota(tx, order.buyerOfficeId, order.item.kind, quantity);
  await tellBuyer(services, tx, order, "pay.noticePaid");
  // Both parties of the sale hear of it, each on its own tenant's endpoints.
  const orderData = (role: "buyer" | "seller") => ({
    order: {
      id: order.id,
      no: order.no,
      amountCents: order.amountCents,
      currency: order.currency,
      provider: order.provider,
      item: { name: order.item.name, kind: order.item.kind, quantity, durationDays: order.item.durationDays },
      paidAt: now.toISOString(),
      buyerOfficeId: order.buyerOfficeId,
      sellerOfficeId: order.sellerOfficeId,
    },
    role,
  });
  await services.webhookEvents.emit(tx, [
    { officeId: order.buyerOfficeId, type: "order.paid", data: orderData("buyer") },
    { officeId: order.sellerOfficeId, type: "order.paid", data: orderData("seller") },
  ]);
  return order;
}

/** Adds an entitlement that has started to its tenant's quota, once (guarded by applied_at). */
export async function startEntitlement(tx: Tx, id: number, now: Date): Promise<boolean> {
  const [e] = await tx
    .update(entitlements)
    .set({ appliedAt: now })
    .where(and(eq(entitlements.id, id), isNull(entitlements.appliedAt), isNull(entitlements.revertedAt)))
    .returning();
  if (!e) return false;
  await lockOffice(tx, e.officeId);
  await shiftQuota(tx, e.officeId, e.kind, e.quantity);
  return true;
}

/**
 * Takes an entitlement back, once (guarded by reverted_at): what it added to
 * the quota is subtracted if it had been applied. The quota may fall below
 * what is in use: nothing is deleted, new uploads and authorisations are
 * refused until the tenant is within it again.
 */
export async function revertEntitlement(tx: Tx, id: number, now: Date): Promise<EntitlementRow | null> {
  const [e] = await tx
    .update(entitlements)
    .set({ revertedAt: now })
    .where(and(eq(entitlements.id, id), isNull(entitlements.revertedAt)))
    .returning();
  if (!e) return null;
  if (e.appliedAt) {
    await lockOffice(tx, e.officeId);
    await shiftQuota(tx, e.officeId, e.kind, -e.quantity);
  }
  return e;
}

/** paid → refunded, once; the grant is taken back. Answers null when the order was not paid (any more). */
export async function refundOrder(
  services: Services,
  tx: Tx,
  orderId: number,
  now: Date,
  note?: string,
): Promise<OrderRow | null> {
  const [order] = await tx
    .update(payOrders)
    .set({ state: "refunded", refundedAt: now, ...(note ? { note } : {}) })
    .where(and(eq(payOrders.id, orderId), eq(payOrders.state, "paid")))
    .returning();
  if (!order) return null;
  const [e] = await tx
    .select({ id: entitlements.id })
    .from(entitlements)
    .where(eq(entitlements.orderId, order.id));
  if (e) await revertEntitlement(tx, e.id, now);
  await tellBuyer(services, tx, order, "pay.noticeRefunded");
  return order;
}

/** pending → expired, once (also a Stripe session that expired); the buyer is told. */
export async function expireOrder(services: Services, tx: Tx, orderId: number): Promise<OrderRow | null> {
  const [order] = await tx
    .update(payOrders)
    .set({ state: "expired" })
    .where(and(eq(payOrders.id, orderId), eq(payOrders.state, "pending")))
    .returning();
  if (!order) return null;
  await tellBuyer(services, tx, order, "pay.noticeExpired");
  return order;
}

/**
 * Notices to the buyer's users who follow its orders: enabled users of the
 * buyer's own tenant (not of tenants below it) holding pay:order:view.
 */
export async function tellBuyer(
  services: Services,
  tx: Tx,
  order: OrderRow,
  key: MessageKey,
): Promise<number> {
  const buyer = await services.tree.get(order.buyerOfficeId);
  if (!buyer) return 0;
  const officeIds = await services.tree.subtreeIds(buyer.path);
  const candidates = await tx
    .selectDistinct({ id: users.id, officeId: users.officeId })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(
      and(
        inArray(users.officeId, officeIds),
        eq(users.enabled, true),
        or(eq(roles.allPermissions, true), arrayContains(roles.permissions, ["pay:order:view"])),
      ),
    );
  const ids: number[] = [];
  for (const c of candidates) {
    const tenant = await services.tree.tenantOf(c.officeId);
    if (tenant?.id !== buyer.id) continue;
    const actor = await services.actors.get(c.id);
    if (actor && can(actor, "pay:order:view")) ids.push(c.id);
  }
  // The service's name in the reader's language (kept in all of them).
  return notify(tx, ids, key, { no: order.no, item: { l: order.item.name } });
}
