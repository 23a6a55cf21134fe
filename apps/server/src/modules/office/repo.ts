import {
  EXPIRING_DAYS,
  type OfficeDetail,
  type OfficeNode,
  type OfficeState,
  type OfficeTreeNodeT,
  officeState,
} from "@marquee/contracts";
import {
  and,
  asc,
  count,
  eq,
  gt,
  ilike,
  inArray,
  isNull,
  lte,
  not,
  notInArray,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { offices, roles } from "../../db/schema";
import type { Actor } from "../../platform/actor";
import type { Tx } from "../../platform/db";
import { notFound } from "../../platform/errors";
import { seatSql } from "../../platform/quota";
import { likeEscape } from "../../platform/sql";
import { rangeOffices, scope } from "../../platform/tenancy";

/** An offices row as stored. */
export type OfficeRow = typeof offices.$inferSelect;

/** Advisory lock key of the office tree: every write of its shape (create, rename, move, delete) takes it. */
const TREE_LOCK = 727_277;

/** Serialises writes of the tree until the transaction ends: no cycles, no twin names, no stale paths. */
export async function lockTree(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${TREE_LOCK}::int, 0)`);
}

/** The offices the actor may see and manage: their data range (ranges are whole subtrees). */
export const officeScope = (actor: Actor): SQL | undefined => scope(actor, offices);

/**
 * Direct children of the row, counted next to it. The outer table is named in
 * full: drizzle writes a column of the selected table unqualified, which
 * inside the subquery would mean the subquery's own row.
 */
export const childCountSql =
  sql<number>`(select count(*) from offices c where c.parent_id = "offices"."id")`.mapWith(Number);

/** The columns of a tree node. */
export const nodeColumns = {
  id: offices.id,
  parentId: offices.parentId,
  name: offices.name,
  type: offices.type,
  code: offices.code,
  enabled: offices.enabled,
  expiresAt: offices.expiresAt,
  childCount: childCountSql,
};
export type NodeRow = {
  id: number;
  parentId: number | null;
  name: string;
  type: OfficeRow["type"];
  code: string | null;
  enabled: boolean;
  expiresAt: Date | null;
  childCount: number;
};

/** A row as the tree shows it. */
export function toNode(r: NodeRow, now: Date): OfficeNode {
  return {
    id: r.id,
    parentId: r.parentId,
    name: r.name,
    type: r.type,
    code: r.code,
    enabled: r.enabled,
    expiresAt: r.expiresAt?.toISOString() ?? null,
    state: officeState(r, now),
    childCount: r.childCount,
    isLeaf: r.childCount === 0,
  };
}

/** Every field of an office. */
export function toDetail(r: OfficeRow, childCount: number, now: Date): OfficeDetail {
  return {
    ...toNode({ ...r, childCount }, now),
    path: r.path,
    contactName: r.contactName,
    contactPhone: r.contactPhone,
    contactEmail: r.contactEmail,
    address: r.address,
    remarks: r.remarks,
    sort: r.sort,
    capacityBytes: r.capacityBytes,
    terminalQuota: r.terminalQuota,
    createDate: r.createdAt.toISOString(),
    updateDate: r.updatedAt.toISOString(),
  };
}

/** An office of the actor's range, or 404 (one of another tenant looks exactly like a missing one). */
export async function findOffice(db: Tx, actor: Actor, id: number, entity = "office"): Promise<OfficeRow> {
  const [row] = await db
    .select()
    .from(offices)
    .where(and(eq(offices.id, id), officeScope(actor)));
  if (!row) throw notFound(entity, id);
  return row;
}

/** Direct children of one office. */
export async function childCount(db: Tx, id: number): Promise<number> {
  const r = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from offices where parent_id = ${id}`,
  );
  return r.rows[0]?.n ?? 0;
}

/** The condition of the actor's root offices: in range, and the parent is not (or there is none). */
export function rootWhere(actor: Actor): SQL | undefined {
  const ids = rangeOffices(actor);
  if (ids === null) return isNull(offices.parentId);
  if (!ids.length) return sql`false`;
  return and(inArray(offices.id, ids), or(isNull(offices.parentId), notInArray(offices.parentId, ids)));
}

/** Nodes as a forest: a node whose parent is not among them is a root; order kept. */
export function forest(nodes: OfficeNode[]): OfficeTreeNodeT[] {
  const byId = new Map<number, OfficeTreeNodeT>(nodes.map((n) => [n.id, { ...n, children: [] }]));
  const roots: OfficeTreeNodeT[] = [];
  for (const n of nodes) {
    const node = byId.get(n.id) as OfficeTreeNodeT;
    const parent = n.parentId === null ? undefined : byId.get(n.parentId);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** Whether the actor sits strictly above the office: only then may they change its quotas, expiry or state. */
export const isAbove = (actor: Actor, row: Pick<OfficeRow, "id" | "path">): boolean =>
  row.id !== actor.officeId && row.path.startsWith(actor.officePath);

/** What an office holds itself, which stops its deletion (no FK error, nothing half-deleted). */
export async function holdings(tx: Tx, id: number) {
  const r = await tx.execute<{
    children: number;
    users: number;
    terminals: number;
    materials: number;
    programs: number;
    plans: number;
    messages: number;
  }>(sql`select
      (select count(*) from offices where parent_id = ${id})::int as children,
      (select count(*) from users where office_id = ${id})::int as users,
      (select count(*) from terminals where office_id = ${id})::int as terminals,
      (select count(*) from materials where office_id = ${id})::int as materials,
      (select count(*) from programs where office_id = ${id})::int as programs,
      (select count(*) from play_plans where office_id = ${id})::int as plans,
      (select count(*) from publish_messages where office_id = ${id})::int as messages`);
  const row = r.rows[0];
  if (!row) throw new Error("holdings not counted");
  return row;
}

/** Users of the subtree at `path` that hold a role of an office other than `tenantId`, and that office. */
export async function foreignRoleHolders(
  tx: Tx,
  path: string,
  tenantId: number,
): Promise<{ n: number; officeId: number | null }> {
  const r = await tx.execute<{ n: number; office_id: number | null }>(sql`
    select count(distinct u.id)::int as n, min(r.office_id) as office_id
    from users u
    join offices s on s.id = u.office_id
    join user_roles ur on ur.user_id = u.id
    join roles r on r.id = ur.role_id
    where s.path like ${`${path}%`} and r.office_id <> ${tenantId}`);
  return { n: r.rows[0]?.n ?? 0, officeId: r.rows[0]?.office_id ?? null };
}

/**
 * How many screens at or below `path` play publications. A publication
 * belongs to its tenant and a screen plays only its own tenant's: moving
 * these screens to another tenant would leave them blank.
 */
export async function screensWithPublications(tx: Tx, path: string): Promise<number> {
  const r = await tx.execute<{ n: number }>(sql`
    select count(*)::int as n from terminals t join offices o on o.id = t.office_id
    where o.path like ${`${path}%`} and cardinality(t.publication_ids) > 0`);
  return r.rows[0]?.n ?? 0;
}

/** A locale's tag for Intl (the cookie values use an underscore). */
export const intlTag = (locale: string) => locale.replace("_", "-");

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
