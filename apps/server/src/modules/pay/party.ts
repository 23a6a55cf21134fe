import type {
  Entitlement,
  PayParty,
  PayProvider,
  PayServiceKind,
  PaySituation,
  PaySwitch,
} from "@marquee/contracts";
import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import { entitlements, offices, payOrders } from "../../db/schema";
import { type Actor, can } from "../../platform/actor";
import type { Tx } from "../../platform/db";
import { AppError } from "../../platform/errors";
import type { OfficeNode } from "../../platform/office-tree";
import { seatsBelow } from "../../platform/quota";
import type { Services } from "../../platform/services";
import { usedBytes } from "../material/repo";

/** The caller's tenant: its nearest platform, agent or customer office. */
export async function tenantOfActor(services: Services, actor: Actor): Promise<OfficeNode> {
  const tenant = await services.tree.tenantOf(actor.officeId);
  if (!tenant) throw new AppError(403, "auth.forbidden", { permission: "pay:service:view" });
  return tenant;
}

/** Who sells to `buyer`: its nearest agent above it, else the platform (the root); none for the platform itself. */
export async function sellerOf(services: Services, buyer: OfficeNode): Promise<OfficeNode | undefined> {
  if (buyer.type === "platform" || buyer.parentId === null) return undefined;
  return services.tree.nearest(buyer.parentId, (o) => o.type === "agent" || o.type === "platform");
}

/** Whether a tenant may sell: the platform and agents. */
export const sells = (tenant: OfficeNode) => tenant.type === "platform" || tenant.type === "agent";

/** The switch (setting paymentSwitchOpenTime) at `now`. */
export async function paySwitch(services: Services, now: Date): Promise<PaySwitch> {
  const raw = await services.settings.get("paymentSwitchOpenTime");
  if (!raw) return { open: false, openTime: null };
  const at = new Date(raw);
  return { open: at.getTime() <= now.getTime(), openTime: at.toISOString() };
}

/** Refuses (403) a buyer's purchase before the switch time, saying when it opens. */
export function assertOpen(sw: PaySwitch): void {
  if (sw.open) return;
  if (sw.openTime) throw new AppError(403, "pay.opensAt", { time: sw.openTime.replace(".000Z", "Z") });
  throw new AppError(403, "pay.closed");
}

/** Whether online payment can take an order from `seller` now: configured, and paid to the platform's account. */
export async function stripeUsable(
  services: Services,
  seller: OfficeNode,
): Promise<"ok" | "pay.stripeDisabled" | "pay.stripeSellerOnly"> {
  const s = await services.settings.get("stripe");
  if (!s.enabled || !s.secretKey) return "pay.stripeDisabled";
  // The Stripe account in the settings is the platform's: an agent's sales are settled by transfer.
  if (seller.type !== "platform") return "pay.stripeSellerOnly";
  return "ok";
}

export interface Party {
  tenant: OfficeNode;
  seller: OfficeNode | undefined;
  /** The caller sells (its tenant is the platform or an agent, and it holds pay:service:edit). */
  sells: boolean;
  providers: PayProvider[];
}

export async function partyOf(services: Services, actor: Actor): Promise<Party> {
  const tenant = await tenantOfActor(services, actor);
  const seller = await sellerOf(services, tenant);
  const providers: PayProvider[] = [];
  if (seller) {
    providers.push("manual");
    if ((await stripeUsable(services, seller)) === "ok") providers.push("stripe");
  }
  return { tenant, seller, sells: sells(tenant) && can(actor, "pay:service:edit"), providers };
}

export const partyOut = (p: Party): PayParty => ({
  seller: p.seller ? { id: p.seller.id, name: p.seller.name } : null,
  sells: p.sells,
  providers: p.providers,
});

/** The state of an entitlement at `now`. */
export function entitlementState(
  e: { startsAt: Date; endsAt: Date | null; appliedAt: Date | null; revertedAt: Date | null },
  now: Date,
): Entitlement["state"] {
  if (e.revertedAt || (e.endsAt && e.endsAt.getTime() <= now.getTime())) return "ended";
  if (!e.appliedAt || e.startsAt.getTime() > now.getTime()) return "upcoming";
  return "active";
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Entitlements of a tenant that still count (running or to come), optionally of one kind, by start. */
export async function liveEntitlements(
  db: Tx,
  officeId: number,
  now: Date,
  kind?: PayServiceKind,
): Promise<Entitlement[]> {
  const rows = await db
    .select({ e: entitlements, no: payOrders.no })
    .from(entitlements)
    .innerJoin(payOrders, eq(payOrders.id, entitlements.orderId))
    .where(
      and(
        eq(entitlements.officeId, officeId),
        isNull(entitlements.revertedAt),
        kind ? eq(entitlements.kind, kind) : undefined,
      ),
    )
    .orderBy(asc(entitlements.startsAt), asc(entitlements.id));
  return rows.map(({ e, no }) => entitlementOut(e, no, now));
}

export function entitlementOut(e: typeof entitlements.$inferSelect, orderNo: string, now: Date): Entitlement {
  return {
    id: e.id,
    orderId: e.orderId,
    orderNo,
    kind: e.kind,
    quantity: e.quantity,
    widgetType: e.widgetType,
    startsAt: e.startsAt.toISOString(),
    endsAt: iso(e.endsAt),
    state: entitlementState(e, now),
    appliedAt: iso(e.appliedAt),
    revertedAt: iso(e.revertedAt),
  };
}

/** What the buyer has now: storage and terminals against its quotas, and its live entitlements. */
export async function situationOf(
  services: Services,
  tenant: OfficeNode,
  now: Date,
  kind?: PayServiceKind,
): Promise<PaySituation> {
  const [row] = await services.db
    .select({ capacity: offices.capacityBytes, quota: offices.terminalQuota })
    .from(offices)
    .where(eq(offices.id, tenant.id));
  return {
    officeId: tenant.id,
    officeName: tenant.name,
    storage: { used: await usedBytes(services, tenant.path), capacity: row?.capacity ?? null },
    terminals: { authorised: await seatsBelow(services.db, tenant.path), quota: row?.quota ?? null },
    entitlements: await liveEntitlements(services.db, tenant.id, now, kind),
  };
}

/** The latest entitlement of the same service still running or to come for this tenant (a renewal starts after it). */
export async function lastLiveOfService(tx: Tx, officeId: number, serviceId: number) {
  const [row] = await tx
    .select({ endsAt: entitlements.endsAt })
    .from(entitlements)
    .innerJoin(payOrders, eq(payOrders.id, entitlements.orderId))
    .where(
      and(
        eq(entitlements.officeId, officeId),
        eq(payOrders.serviceId, serviceId),
        isNull(entitlements.revertedAt),
      ),
    )
    .orderBy(desc(sql`coalesce(${entitlements.endsAt}, 'infinity'::timestamptz)`))
    .limit(1);
  return row;
}
