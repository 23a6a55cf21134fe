import {
  type InstantStatistics,
  type OfficeChild,
  type OfficeChildQuery,
  type OfficeDetail,
  type OfficeNode,
  type OfficeSearchQuery,
  type OfficeTreeNodeT,
  officeState,
} from "@marquee/contracts";
import { and, asc, count, eq, ilike, inArray, isNull, notInArray, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { offices } from "../../db/schema";
import type { Actor } from "../../platform/actor";
import type { Tx } from "../../platform/db";
import { notFound } from "../../platform/errors";
import { pathIds } from "../../platform/office-tree";
import type { Services } from "../../platform/services";
import { likeEscape } from "../../platform/sql";
import { officeVisible, rangeOffices, scope } from "../../platform/tenancy";
import { usedBytes } from "../material/repo";

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
const childCountSql =
  sql<number>`(select count(*) from offices c where c.parent_id = "offices"."id")`.mapWith(Number);

/** The columns of a tree node. */
const nodeColumns = {
  id: offices.id,
  parentId: offices.parentId,
  name: offices.name,
  type: offices.type,
  code: offices.code,
  enabled: offices.enabled,
  expiresAt: offices.expiresAt,
  childCount: childCountSql,
};
type NodeRow = {
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
function toNode(r: NodeRow, now: Date): OfficeNode {
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
function toDetail(r: OfficeRow, childCount: number, now: Date): OfficeDetail {
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
async function childCount(db: Tx, id: number): Promise<number> {
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
function forest(nodes: OfficeNode[]): OfficeTreeNodeT[] {
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

/** Siblings in the order the tree shows them. */
const siblingsOrder = [asc(offices.sort), asc(offices.name), asc(offices.id)];

/** Search hits answered at most (the console asks the user to type more beyond that). */
const MAX_HITS = 50;

/** Every field of an office, with its children counted. */
export async function detailOf(db: Tx, row: OfficeRow, now: Date): Promise<OfficeDetail> {
  return toDetail(row, await childCount(db, row.id), now);
}

/** An office of the actor's range with every field, or 404. */
export async function officeDetail(db: Tx, actor: Actor, id: number, now: Date): Promise<OfficeDetail> {
  return detailOf(db, await findOffice(db, actor, id), now);
}

/** The offices of the actor's range as a forest. */
export async function rangeForest(db: Tx, actor: Actor, now: Date): Promise<OfficeTreeNodeT[]> {
  const rows = await db
    .select(nodeColumns)
    .from(offices)
    .where(officeScope(actor))
    .orderBy(...siblingsOrder);
  return forest(rows.map((r) => toNode(r, now)));
}

/** One level of the tree: the actor's root offices (no id), or the children of an office of their range. */
export async function treeLevel(
  db: Tx,
  actor: Actor,
  id: number | undefined,
  now: Date,
): Promise<OfficeNode[]> {
  // Ranges are whole subtrees: the children of an office in range are in range too.
  const where =
    id === undefined ? rootWhere(actor) : eq(offices.parentId, (await findOffice(db, actor, id)).id);
  const rows = await db
    .select(nodeColumns)
    .from(offices)
    .where(where)
    .orderBy(...siblingsOrder);
  return rows.map((r) => toNode(r, now));
}

/**
 * Offices of the actor's range whose name holds `name` (of one type if given), the nearest the top
 * first, each with the names along its path from the caller's top office down; `more` when there
 * are more hits than answered.
 */
export async function searchOffices(services: Services, actor: Actor, q: z.output<typeof OfficeSearchQuery>) {
  const rows = await services.db
    .select({ ...nodeColumns, path: offices.path })
    .from(offices)
    .where(
      and(
        officeScope(actor),
        ilike(offices.name, `%${likeEscape(q.name)}%`),
        q.type ? eq(offices.type, q.type) : undefined,
      ),
    )
    .orderBy(sql`length(${offices.path})`, asc(offices.name), asc(offices.id))
    .limit(MAX_HITS + 1);
  const now = services.clock.now();
  const list = [];
  for (const r of rows.slice(0, MAX_HITS)) {
    // The names from the caller's top office down: never one above their range.
    const trail = [];
    for (const id of pathIds(r.path)) {
      if (!officeVisible(actor, id)) continue;
      const node = await services.tree.get(id);
      if (node) trail.push({ id, name: node.name });
    }
    list.push({ ...toNode(r, now), trail });
  }
  return { list, more: rows.length > MAX_HITS };
}

/** A page of the children of an office of the actor's range (by name if given), with what each holds below it. */
export async function childPage(
  db: Tx,
  actor: Actor,
  q: z.output<typeof OfficeChildQuery>,
  now: Date,
): Promise<{ list: OfficeChild[]; total: number; pageNo: number; pageSize: number }> {
  const parent = await findOffice(db, actor, q.id);
  const where = and(
    eq(offices.parentId, parent.id),
    q.name ? ilike(offices.name, `%${likeEscape(q.name)}%`) : undefined,
  );
  // What each child and everything below it holds.
  const below = (table: "users" | "terminals") =>
    sql<number>`(select count(*) from ${sql.raw(table)} x join offices s on s.id = x.office_id
      where s.path like ("offices"."path" || '%'))`.mapWith(Number);
  const [rows, totals] = await Promise.all([
    db
      .select({
        ...nodeColumns,
        contactName: offices.contactName,
        contactPhone: offices.contactPhone,
        terminalQuota: offices.terminalQuota,
        capacityBytes: offices.capacityBytes,
        createdAt: offices.createdAt,
        users: below("users"),
        terminals: below("terminals"),
      })
      .from(offices)
      .where(where)
      .orderBy(...siblingsOrder)
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db.select({ n: count() }).from(offices).where(where),
  ]);
  return {
    list: rows.map((r) => ({
      ...toNode(r, now),
      contactName: r.contactName,
      contactPhone: r.contactPhone,
      terminalQuota: r.terminalQuota,
      capacityBytes: r.capacityBytes,
      users: r.users,
      terminals: r.terminals,
      createDate: r.createdAt.toISOString(),
    })),
    total: totals[0]?.n ?? 0,
    pageNo: q.pageNo,
    pageSize: q.pageSize,
  };
}

/** What the subtree of an office of the actor's range holds: offices by kind, users, terminals by state, content, storage. */
export async function subtreeStatistics(
  services: Services,
  actor: Actor,
  id: number,
): Promise<InstantStatistics> {
  const { db } = services;
  const row = await findOffice(db, actor, id);
  const below = `${row.path}%`;
  // One pass over the subtree's ids (the path prefix uses its index), one over its terminals.
  const [counts, storageBytes] = await Promise.all([
    db.execute<{
      institutions: number;
      agents: number;
      customers: number;
      users: number;
      materials: number;
      programs: number;
      total: number;
      online: number;
      offline: number;
      pending: number;
      disabled: number;
    }>(sql`
      with sub as (select id, type from offices where path like ${below})
      select
        (select count(*) from sub where type = 'institution' and id <> ${row.id})::int as institutions,
        (select count(*) from sub where type = 'agent' and id <> ${row.id})::int as agents,
        (select count(*) from sub where type = 'customer' and id <> ${row.id})::int as customers,
        (select count(*) from users where office_id in (select id from sub))::int as users,
        (select count(*) from materials
          where office_id in (select id from sub) and purpose = 'library')::int as materials,
        (select count(*) from programs where office_id in (select id from sub))::int as programs,
        t.total, t.online, t.offline, t.pending, t.disabled
      from (
        select
          count(*)::int as total,
          (count(*) filter (where state = 'authorised' and online))::int as online,
          (count(*) filter (where state = 'authorised' and not online))::int as offline,
          (count(*) filter (where state = 'pending'))::int as pending,
          (count(*) filter (where state = 'disabled'))::int as disabled
        from terminals where office_id in (select id from sub)
      ) t`),
    usedBytes(services, row.path),
  ]);
  const c = counts.rows[0];
  if (!c) throw new Error("statistics not counted");
  return {
    officeId: row.id,
    institutions: c.institutions,
    agents: c.agents,
    customers: c.customers,
    users: c.users,
    terminals: {
      total: c.total,
      online: c.online,
      offline: c.offline,
      pending: c.pending,
      disabled: c.disabled,
    },
    materials: c.materials,
    storageBytes,
    programs: c.programs,
  };
}
