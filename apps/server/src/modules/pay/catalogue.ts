import type { PayService, VolListQuery, VolSaveBody } from "@marquee/contracts";
import { and, asc, count, eq, type SQL, sql } from "drizzle-orm";
import { payServices } from "../../db/schema";
import type { Actor } from "../../platform/actor";
import type { Tx } from "../../platform/db";
import { AppError, FieldErrors, notFound, violates } from "../../platform/errors";
import type { Services } from "../../platform/services";
import { likeEscape } from "../../platform/sql";
import { type Party, paySwitch } from "./party";

type ServiceRow = typeof payServices.$inferSelect;

const hasOrdersSql = sql<boolean>`exists (select 1 from pay_orders o where o.service_id = ${payServices.id})`;

export async function serviceOut(services: Services, r: ServiceRow, hasOrders: boolean): Promise<PayService> {
  return {
    id: r.id,
    officeId: r.officeId,
    sellerName: (await services.tree.get(r.officeId))?.name ?? "",
    code: r.code,
    kind: r.kind,
    name: r.name,
    description: r.description,
    quantity: r.quantity,
    widgetType: r.widgetType,
    priceCents: r.priceCents,
    currency: r.currency,
    durationDays: r.durationDays,
    enabled: r.enabled,
    sort: r.sort,
    hasOrders,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** Refuses (403) a caller that does not sell: a customer, or nobody with pay:service:edit. */
export function assertSells(party: Party): void {
  if (!party.sells) throw new AppError(403, "pay.notSeller");
}

/**
 * volList: the caller's own catalogue (`mine`, sellers only, disabled ones
 * included), or what its tenant may buy: the seller's enabled services,
 * nothing before the switch time or for the platform (it buys nothing).
 */
export async function listServices(services: Services, party: Party, q: VolListQuery, now: Date) {
  const parts: Array<SQL | undefined> = [];
  if (q.mine) {
    assertSells(party);
    parts.push(eq(payServices.officeId, party.tenant.id));
    if (q.enabled !== undefined) parts.push(eq(payServices.enabled, q.enabled));
  } else {
    const sw = await paySwitch(services, now);
    if (!party.seller || !sw.open) return { list: [], total: 0 };
    parts.push(eq(payServices.officeId, party.seller.id), eq(payServices.enabled, true));
  }
  if (q.kind) parts.push(eq(payServices.kind, q.kind));
  if (q.keyword) {
    const like = `%${likeEscape(q.keyword)}%`;
    parts.push(sql`(${payServices.code} ilike ${like} or ${payServices.name}::text ilike ${like})`);
  }
  const where = and(...parts);
  const [total] = await services.db.select({ n: count() }).from(payServices).where(where);
  const rows = await services.db
    .select({ s: payServices, hasOrders: hasOrdersSql })
    .from(payServices)
    .where(where)
    .orderBy(asc(payServices.sort), asc(payServices.id))
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize);
  // Whether a service sold is the seller's business: buyers see false.
  const list = await Promise.all(rows.map((r) => serviceOut(services, r.s, q.mine === true && r.hasOrders)));
  return { list, total: total?.n ?? 0 };
}

/** The enabled services of one kind the buyer may buy now (all of them: a catalogue is short). */
export async function servicesOfKind(services: Services, party: Party, kind: ServiceRow["kind"], now: Date) {
  const sw = await paySwitch(services, now);
  if (!party.seller || !sw.open) return [];
  const rows = await services.db
    .select()
    .from(payServices)
    .where(
      and(
        eq(payServices.officeId, party.seller.id),
        eq(payServices.enabled, true),
        eq(payServices.kind, kind),
      ),
    )
    .orderBy(asc(payServices.sort), asc(payServices.id))
    .limit(500);
  return Promise.all(rows.map((r) => serviceOut(services, r, false)));
}

/**
 * One service the caller may see: of its own catalogue (a seller), or on
 * sale by its seller (a buyer, after the switch time). Anything else answers
 * 404 like a missing one.
 */
export async function visibleService(
  services: Services,
  party: Party,
  id: number,
  now: Date,
  db: Tx = services.db,
): Promise<{ row: ServiceRow; hasOrders: boolean; own: boolean }> {
  const [r] = await db
    .select({ s: payServices, hasOrders: hasOrdersSql })
    .from(payServices)
    .where(eq(payServices.id, id));
  if (!r) throw notFound("payService", id);
  if (party.sells && r.s.officeId === party.tenant.id) return { row: r.s, hasOrders: r.hasOrders, own: true };
  if (party.seller && r.s.officeId === party.seller.id && r.s.enabled) {
    if (!(await paySwitch(services, now)).open) throw notFound("payService", id);
    return { row: r.s, hasOrders: false, own: false };
  }
  throw notFound("payService", id);
}

/** Creates or updates a service of the caller's catalogue. */
export async function saveService(services: Services, actor: Actor, party: Party, b: VolSaveBody) {
  assertSells(party);
  const values = {
    code: b.code,
    kind: b.kind,
    name: b.name,
    description: b.description,
    quantity: b.quantity,
    widgetType: b.kind === "widget" ? (b.widgetType ?? null) : null,
    priceCents: b.priceCents,
    currency: b.currency,
    durationDays: b.durationDays ?? null,
    enabled: b.enabled,
    sort: b.sort,
  };
  try {
    return await services.db.transaction(async (tx) => {
      if (b.id !== undefined) {
        const [own] = await tx
          .select({ id: payServices.id })
          .from(payServices)
          .where(and(eq(payServices.id, b.id), eq(payServices.officeId, party.tenant.id)))
          .for("update");
        if (!own) throw notFound("payService", b.id);
        // Orders keep what they bought (their item snapshot): editing changes future sales only.
        const [row] = await tx
          .update(payServices)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(payServices.id, b.id))
          .returning();
        return row as ServiceRow;
      }
      const [row] = await tx
        .insert(payServices)
        .values({ ...values, officeId: party.tenant.id, createdBy: actor.userId })
        .returning();
      return row as ServiceRow;
    });
  } catch (err) {
    if (violates(err, "pay_services_code_uq"))
      throw new FieldErrors([{ field: "code", key: "pay.codeTaken", values: { code: b.code } }]);
    throw err;
  }
}

/** Deletes a service of the caller's catalogue; one that orders name is disabled instead (answers false). */
export async function deleteService(services: Services, party: Party, id: number) {
  assertSells(party);
  return services.db.transaction(async (tx) => {
    const [r] = await tx
      .select({ s: payServices, hasOrders: hasOrdersSql })
      .from(payServices)
      .where(and(eq(payServices.id, id), eq(payServices.officeId, party.tenant.id)))
      .for("update");
    if (!r) throw notFound("payService", id);
    if (r.hasOrders) {
      await tx
        .update(payServices)
        .set({ enabled: false, updatedAt: new Date() })
        .where(eq(payServices.id, id));
      return { deleted: false, row: r.s };
    }
    await tx.delete(payServices).where(eq(payServices.id, id));
    return { deleted: true, row: r.s };
  });
}
