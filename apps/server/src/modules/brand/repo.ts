import type { Branding } from "@marquee/contracts";
import { and, asc, count, eq, ilike, inArray, ne, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { offices } from "../../db/schema";
import type { Actor } from "../../platform/actor";
import type { Db } from "../../platform/db";
import { notFound } from "../../platform/errors";
import type { OfficeNode } from "../../platform/office-tree";
import { likeEscape } from "../../platform/sql";
import { scope } from "../../platform/tenancy";

export type TenantNode = OfficeNode & { type: "platform" | "agent" | "customer" };

const parent = alias(offices, "parent");
const tenantColumns = {
  id: offices.id,
  parentId: offices.parentId,
  parentName: parent.name,
  name: offices.name,
  type: offices.type,
  personalType: offices.personalType,
  secondDomainName: offices.secondDomainName,
  title: sql<string | null>`${offices.branding}->>'title'`,
  logo: sql<string | null>`${offices.branding}->>'logo'`,
};

/** A tenant as the personalisation pages list it (with its parent's name), or 404. */
export async function tenantRow(db: Db, id: number) {
  const [row] = await db
    .select(tenantColumns)
    .from(offices)
    .leftJoin(parent, eq(parent.id, offices.parentId))
    .where(eq(offices.id, id));
  if (!row) throw notFound("tenant", id);
  return { ...row, type: row.type as TenantNode["type"] };
}

/** The stored customisation switch of an office (fresh, not from the cached tree). */
export async function personalTypeOf(db: Db, id: number): Promise<number | undefined> {
  const [fresh] = await db
    .select({ personalType: offices.personalType })
    .from(offices)
    .where(eq(offices.id, id));
  return fresh?.personalType;
}

/** Stores an office's own branding (none when empty). */
export async function saveBranding(db: Db, id: number, branding: Branding, now: Date): Promise<void> {
  await db
    .update(offices)
    .set({ branding: Object.keys(branding).length ? branding : null, updatedAt: now })
    .where(eq(offices.id, id));
}

/** A page of the agents and customers in the caller's range, filtered. */
export async function listTenants(
  db: Db,
  actor: Actor,
  q: { type?: "agent" | "customer"; personalType?: number; name?: string; pageNo: number; pageSize: number },
) {
  const c: (SQL | undefined)[] = [
    inArray(offices.type, q.type ? [q.type] : ["agent", "customer"]),
    scope(actor, offices),
  ];
  if (q.personalType !== undefined) c.push(eq(offices.personalType, q.personalType));
  if (q.name) {
    const like = `%${likeEscape(q.name)}%`;
    c.push(or(ilike(offices.name, like), ilike(offices.secondDomainName, like)));
  }
  const where = and(...c);
  const [rows, totals] = await Promise.all([
    db
      .select(tenantColumns)
      .from(offices)
      .leftJoin(parent, eq(parent.id, offices.parentId))
      .where(where)
      .orderBy(asc(offices.path))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db.select({ n: count() }).from(offices).where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r, type: r.type as TenantNode["type"] })), total: totals[0]?.n ?? 0 };
}

/** Switches an office's customisation. */
export async function setPersonalType(db: Db, id: number, personalType: number, now: Date): Promise<void> {
  await db.update(offices).set({ personalType, updatedAt: now }).where(eq(offices.id, id));
}

/** The tenant using `label`, other than `exceptId`. */
export async function domainOwner(db: Db, label: string, exceptId?: number) {
  const [row] = await db
    .select({ id: offices.id, name: offices.name })
    .from(offices)
    .where(
      and(eq(offices.secondDomainName, label), exceptId === undefined ? undefined : ne(offices.id, exceptId)),
    )
    .limit(1);
  return row;
}

/** Stores an office's second-level domain (and, when given, its customisation switch). */
export async function saveDomain(
  db: Db,
  id: number,
  secondDomainName: string | null,
  personalType: number | undefined,
  now: Date,
): Promise<void> {
  await db
    .update(offices)
    .set({
      secondDomainName,
      ...(personalType === undefined ? {} : { personalType }),
      updatedAt: now,
    })
    .where(eq(offices.id, id));
}
