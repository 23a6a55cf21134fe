import type { RoleListQuery, RoleSummary } from "@marquee/contracts";
import { and, asc, count, desc, eq, ilike, ne, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { offices, roles, userRoles } from "../../db/schema";
import type { Actor } from "../../platform/actor";
import type { Db, Tx } from "../../platform/db";
import { notFound } from "../../platform/errors";
import { likeEscape } from "../../platform/sql";
import { officeVisible, scope } from "../../platform/tenancy";

export type RoleRow = typeof roles.$inferSelect;

const userCount = sql<number>`(select count(*)::int from ${userRoles} where ${userRoles.roleId} = ${roles.id})`;

const summaryColumns = {
  id: roles.id,
  officeId: roles.officeId,
  officeName: offices.name,
  officeType: offices.type,
  code: roles.code,
  name: roles.name,
  description: roles.description,
  builtIn: roles.builtIn,
  allPermissions: roles.allPermissions,
  permissions: roles.permissions,
  userCount,
  createdAt: roles.createdAt,
  updatedAt: roles.updatedAt,
};
const selectSummaries = (db: Tx) =>
  db.select(summaryColumns).from(roles).innerJoin(offices, eq(offices.id, roles.officeId));
type SummaryRow = Awaited<ReturnType<typeof selectSummaries>>[number];

const toSummary = (r: SummaryRow): RoleSummary => ({
  id: r.id,
  officeId: r.officeId,
  officeName: r.officeName,
  officeType: r.officeType,
  code: r.code,
  name: r.name,
  description: r.description,
  builtIn: r.builtIn,
  allPermissions: r.allPermissions,
  permissionCount: r.permissions.length,
  userCount: r.userCount,
  createDate: r.createdAt.toISOString(),
  updateDate: r.updatedAt.toISOString(),
});

/** A page of the roles in the caller's range, by office (tree order), built-in first, then name. */
export async function listRoles(db: Db, actor: Actor, q: z.output<typeof RoleListQuery>) {
  const c: (SQL | undefined)[] = [scope(actor, roles)];
  if (q.officeId !== undefined) {
    if (!officeVisible(actor, q.officeId)) throw notFound("office", q.officeId);
    c.push(eq(roles.officeId, q.officeId));
  }
  if (q.keyword) {
    const like = `%${likeEscape(q.keyword)}%`;
    c.push(or(ilike(roles.name, like), ilike(roles.code, like)));
  }
  const where = and(...c);
  const [rows, totals] = await Promise.all([
    selectSummaries(db)
      .where(where)
      .orderBy(asc(offices.path), desc(roles.builtIn), asc(roles.name), asc(roles.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db.select({ n: count() }).from(roles).innerJoin(offices, eq(offices.id, roles.officeId)).where(where),
  ]);
  return {
    list: rows.map(toSummary),
    total: totals[0]?.n ?? 0,
    pageNo: q.pageNo,
    pageSize: q.pageSize,
  };
}

/** The summary of role `id` (found in the caller's range beforehand), or undefined. */
export async function roleSummary(db: Tx, id: number): Promise<RoleSummary | undefined> {
  const [row] = await selectSummaries(db).where(eq(roles.id, id));
  return row && toSummary(row);
}

/** One role in the caller's range (locked for an update), or 404 like a missing one. */
export async function findRole(tx: Tx, actor: Actor, id: number, lock = false): Promise<RoleRow> {
  const query = tx.select().from(roles).where(eq(roles.id, id));
  const [row] = lock ? await query.for("update") : await query;
  if (!row || !officeVisible(actor, row.officeId)) throw notFound("role", id);
  return row;
}

/** Whether another role of office `officeId` already bears `code`. */
export async function codeTaken(
  tx: Tx,
  officeId: number,
  code: string,
  exceptId: number | undefined,
): Promise<boolean> {
  const [clash] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(
      and(
        eq(roles.officeId, officeId),
        eq(roles.code, code),
        exceptId === undefined ? undefined : ne(roles.id, exceptId),
      ),
    );
  return clash !== undefined;
}

type RoleValues = Pick<RoleRow, "code" | "name" | "description" | "permissions" | "updatedAt">;

export async function updateRole(tx: Tx, id: number, values: RoleValues): Promise<void> {
  await tx.update(roles).set(values).where(eq(roles.id, id));
}

/** Inserts a role; answers its id. */
export async function insertRole(
  tx: Tx,
  values: RoleValues & Pick<RoleRow, "officeId" | "createdBy" | "createdAt">,
): Promise<number> {
  const [row] = await tx.insert(roles).values(values).returning({ id: roles.id });
  if (!row) throw new Error("role not created");
  return row.id;
}

/** How many users hold role `id`. */
export async function holderCount(tx: Tx, id: number): Promise<number> {
  const [holders] = await tx.select({ n: count() }).from(userRoles).where(eq(userRoles.roleId, id));
  return holders?.n ?? 0;
}

export async function deleteRoleRow(tx: Tx, id: number): Promise<void> {
  await tx.delete(roles).where(eq(roles.id, id));
}
