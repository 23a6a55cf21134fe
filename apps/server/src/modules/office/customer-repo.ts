/**
 * The customer calls' queries: agents and customers with their parent's name, their usage and their
 * administrator role, and the tree of tenants.
 */
import { EXPIRING_DAYS, type OfficeState } from "@marquee/contracts";
import { and, asc, count, eq, gt, ilike, inArray, isNull, lte, not, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { offices, roles } from "../../db/schema";
import type { Actor } from "../../platform/actor";
import type { Tx } from "../../platform/db";
import { notFound } from "../../platform/errors";
import { seatSql } from "../../platform/quota";
import { likeEscape } from "../../platform/sql";
import { officeScope, rootWhere } from "./repo";

const parent = alias(offices, "parent");

const summaryColumns = {
  id: offices.id,
  name: offices.name,
  type: offices.type,
  parentId: offices.parentId,
  parentName: parent.name,
  code: offices.code,
  contactName: offices.contactName,
  contactPhone: offices.contactPhone,
  contactEmail: offices.contactEmail,
  capacityBytes: offices.capacityBytes,
  terminalQuota: offices.terminalQuota,
  expiresAt: offices.expiresAt,
  enabled: offices.enabled,
  createdAt: offices.createdAt,
};
/** The customers (or agents) with their parent's name; the caller adds where, order and paging. */
export const selectSummaries = (db: Tx) =>
  db.select(summaryColumns).from(offices).leftJoin(parent, eq(parent.id, offices.parentId));
export type SummaryRow = Awaited<ReturnType<typeof selectSummaries>>[number];

/** The WHERE condition of one state at `now` (the rule of officeState, in SQL). */
function stateWhere(state: OfficeState, now: Date): SQL | undefined {
  const soon = new Date(now.getTime() + EXPIRING_DAYS * 86_400_000);
  const on = eq(offices.enabled, true);
  switch (state) {
    case "disabled":
      return not(offices.enabled);
    case "expired":
      return and(on, lte(offices.expiresAt, now));
    case "expiring":
      return and(on, gt(offices.expiresAt, now), lte(offices.expiresAt, soon));
    case "active":
      return and(on, or(isNull(offices.expiresAt), gt(offices.expiresAt, soon)));
  }
}

/** A page of the customers right under `holderId` (none when undefined). */
export async function childCustomers(
  db: Tx,
  holderId: number | undefined,
  q: { pageNo: number; pageSize: number },
) {
  const where =
    holderId !== undefined ? and(eq(offices.parentId, holderId), eq(offices.type, "customer")) : sql`false`;
  const [rows, totals] = await Promise.all([
    selectSummaries(db)
      .where(where)
      .orderBy(asc(offices.sort), asc(offices.name), asc(offices.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db.select({ n: count() }).from(offices).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

/** A page of the agents or customers in the caller's range matching a keyword, a state and a parent. */
export async function searchCustomers(
  db: Tx,
  actor: Actor,
  q: {
    keyword?: string;
    type: "agent" | "customer";
    state?: OfficeState;
    parentId?: number;
    pageNo: number;
    pageSize: number;
  },
  now: Date,
) {
  const like = q.keyword ? `%${likeEscape(q.keyword)}%` : null;
  const where = and(
    officeScope(actor),
    eq(offices.type, q.type),
    like
      ? or(
          ilike(offices.name, like),
          ilike(offices.contactName, like),
          ilike(offices.contactPhone, like),
          ilike(offices.contactEmail, like),
          ilike(offices.code, like),
        )
      : undefined,
    q.state ? stateWhere(q.state, now) : undefined,
    q.parentId !== undefined ? eq(offices.parentId, q.parentId) : undefined,
  );
  const [rows, totals] = await Promise.all([
    selectSummaries(db)
      .where(where)
      .orderBy(asc(offices.name), asc(offices.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db.select({ n: count() }).from(offices).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

/** An agent or customer in the caller's range, with what its details page adds, or 404. */
export async function findCustomer(db: Tx, actor: Actor, id: number) {
  const [row] = await selectSummaries(db).where(
    and(eq(offices.id, id), officeScope(actor), inArray(offices.type, ["agent", "customer"])),
  );
  if (!row) throw notFound("customer", id);
  const [full] = await db
    .select({
      path: offices.path,
      address: offices.address,
      remarks: offices.remarks,
      secondDomainName: offices.secondDomainName,
    })
    .from(offices)
    .where(eq(offices.id, id));
  if (!full) throw notFound("customer", id);
  return { row, full };
}

/** Users, customers, terminals and authorised terminals below an office (`below`: its path pattern). */
export const customerUsage = (db: Tx, id: number, below: string) =>
  db.execute<{ users: number; customers: number; terminals: number; seats: number }>(sql`
    with sub as (select id, type from offices where path like ${below})
    select
      (select count(*) from users where office_id in (select id from sub))::int as users,
      (select count(*) from sub where type = 'customer' and id <> ${id})::int as customers,
      (select count(*) from terminals t where t.office_id in (select id from sub))::int as terminals,
      (select count(*) from terminals t where t.office_id in (select id from sub) and ${seatSql})::int
        as seats`);

/** The administrator role of an office. */
export const adminRoles = (db: Tx, officeId: number) =>
  db
    .select({ id: roles.id, name: roles.name })
    .from(roles)
    .where(and(eq(roles.officeId, officeId), eq(roles.code, "admin")));

/** The tenants of the customer tree under `parentId` (the caller's roots when undefined), with their tenant count. */
export async function tenantChildren(db: Tx, actor: Actor, parentId: number | undefined) {
  const where =
    parentId === undefined
      ? and(rootWhere(actor), inArray(offices.type, ["platform", "agent", "customer"]))
      : and(eq(offices.parentId, parentId), inArray(offices.type, ["agent", "customer"]));
  return db
    .select({
      id: offices.id,
      parentId: offices.parentId,
      name: offices.name,
      type: offices.type,
      enabled: offices.enabled,
      expiresAt: offices.expiresAt,
      tenants: sql<number>`(select count(*) from offices c
        where c.parent_id = "offices"."id" and c.type in ('agent', 'customer'))`.mapWith(Number),
    })
    .from(offices)
    .where(where)
    .orderBy(asc(offices.sort), asc(offices.name), asc(offices.id));
}
