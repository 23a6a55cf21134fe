import type { UserListQuery } from "@marquee/contracts";
import { and, asc, eq, ilike, inArray, ne, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { apiTokens, offices, userRoles, users } from "../../db/schema";
import type { Actor } from "../../platform/actor";
import type { Db } from "../../platform/db";
import type { Services } from "../../platform/services";
import { likeEscape } from "../../platform/sql";
import { officeInScope, scope, visible } from "../../platform/tenancy";
import type { RoleRecord, UserRecord } from "./repo";

/** One page of the users of the caller's range (with their office's name), filtered as asked, and the total. */
export async function userPage(services: Services, actor: Actor, q: z.infer<typeof UserListQuery>) {
  const db = services.db;
  // People only: service accounts are listed by serviceAccount/list.
  const c: (SQL | undefined)[] = [scope(actor, users), eq(users.kind, "person")];
  if (q.officeId !== undefined) {
    const node = await officeInScope(services.tree, actor, q.officeId);
    c.push(inArray(users.officeId, await services.tree.subtreeIds(node.path)));
  }
  if (q.keyword) {
    const k = `%${likeEscape(q.keyword)}%`;
    c.push(or(ilike(users.username, k), ilike(users.name, k), ilike(users.email, k), ilike(users.phone, k)));
  }
  if (q.enabled !== undefined) c.push(eq(users.enabled, q.enabled));
  if (q.roleId !== undefined) {
    c.push(
      inArray(
        users.id,
        db.select({ id: userRoles.userId }).from(userRoles).where(eq(userRoles.roleId, q.roleId)),
      ),
    );
  }
  const where = and(...c);
  const [rows, totals] = await Promise.all([
    db
      .select({ user: users, officeName: offices.name })
      .from(users)
      .innerJoin(offices, eq(offices.id, users.officeId))
      .where(where)
      .orderBy(asc(sql`lower(${users.username})`), asc(users.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(users).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

/** Creates a user with their roles in one transaction; answers the new id. */
export async function createUser(
  db: Db,
  values: typeof users.$inferInsert,
  assigned: RoleRecord[],
): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(users).values(values).returning({ id: users.id });
    if (!row) throw new Error("user not created");
    if (assigned.length > 0)
      await tx.insert(userRoles).values(assigned.map((r) => ({ userId: row.id, roleId: r.id })));
    return row.id;
  });
}

/**
 * Saves an edit of a user, and their roles when they changed, in one transaction. A user moved to another
 * office takes their API tokens along (a token's office is what scopes it).
 */
export async function saveUserEdit(
  db: Db,
  id: number,
  changes: Partial<typeof users.$inferInsert>,
  assigned: RoleRecord[] | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(users).set(changes).where(eq(users.id, id));
    if (changes.officeId !== undefined)
      await tx
        .update(apiTokens)
        .set({ officeId: changes.officeId })
        .where(and(eq(apiTokens.userId, id), ne(apiTokens.officeId, changes.officeId)));
    if (assigned) {
      await tx.delete(userRoles).where(eq(userRoles.userId, id));
      if (assigned.length > 0)
        await tx.insert(userRoles).values(assigned.map((r) => ({ userId: id, roleId: r.id })));
    }
  });
}

/** These users' rows, whatever their range. */
export function usersByIds(db: Db, ids: number[]): Promise<UserRecord[]> {
  return db.select().from(users).where(inArray(users.id, ids));
}

/** Deletes these users (in a transaction of its own). */
export async function deleteUsers(db: Db, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(users).where(inArray(users.id, ids));
  });
}

/** Whether a user's row is a person of the caller's range (a service account is not user management's). */
export const visibleUser = (actor: Actor, u: UserRecord): boolean =>
  u.kind === "person" && visible(actor, users, u);
