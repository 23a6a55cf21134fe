import { and, eq, inArray, lt, sql } from "drizzle-orm";
import { roles, ssoConfigs, ssoFlows, ssoLinks, userRoles, users } from "../../db/schema";
import type { Actor } from "../../platform/actor";
import type { Db } from "../../platform/db";
import { scoped } from "../../platform/tenancy";

export type SsoConfigRow = typeof ssoConfigs.$inferSelect;
export type SsoFlowRow = typeof ssoFlows.$inferSelect;
export type UserRow = typeof users.$inferSelect;

/** A tenant's configuration (the sign-in reads it by the host's tenant, before anyone is signed in). */
export async function configOf(db: Db, tenantId: number): Promise<SsoConfigRow | undefined> {
  const [row] = await db.select().from(ssoConfigs).where(eq(ssoConfigs.officeId, tenantId));
  return row;
}

/** Writes a tenant's configuration (the caller checked the tenant is in its scope). */
export async function upsertConfig(db: Db, row: typeof ssoConfigs.$inferInsert): Promise<SsoConfigRow> {
  const { officeId: _id, ...set } = row;
  const [saved] = await db
    .insert(ssoConfigs)
    .values(row)
    .onConflictDoUpdate({ target: ssoConfigs.officeId, set })
    .returning();
  if (!saved) throw new Error("sso config not written");
  return saved;
}

export async function insertFlow(db: Db, row: SsoFlowRow, now: Date): Promise<void> {
  await db.delete(ssoFlows).where(lt(ssoFlows.expiresAt, now));
  await db.insert(ssoFlows).values(row);
}

/** Takes a started sign-in by its state's hash: deleted as it is read, so a state is good once. */
export async function takeFlow(db: Db, stateHash: string): Promise<SsoFlowRow | undefined> {
  const [row] = await db.delete(ssoFlows).where(eq(ssoFlows.stateHash, stateHash)).returning();
  return row;
}

/** The user linked to (issuer, subject) at this tenant, if any. */
export async function linkedUser(
  db: Db,
  tenantId: number,
  issuer: string,
  subject: string,
): Promise<UserRow | undefined> {
  const [row] = await db
    .select({ user: users })
    .from(ssoLinks)
    .innerJoin(users, eq(users.id, ssoLinks.userId))
    .where(and(eq(ssoLinks.officeId, tenantId), eq(ssoLinks.issuer, issuer), eq(ssoLinks.subject, subject)));
  return row?.user;
}

export async function touchLink(db: Db, tenantId: number, issuer: string, subject: string, at: Date) {
  await db
    .update(ssoLinks)
    .set({ lastUsedAt: at })
    .where(and(eq(ssoLinks.officeId, tenantId), eq(ssoLinks.issuer, issuer), eq(ssoLinks.subject, subject)));
}

/** A user of these offices (one tenant's) with this mail address. */
export async function userByEmail(db: Db, officeIds: number[], email: string): Promise<UserRow | undefined> {
  if (!officeIds.length) return undefined;
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), inArray(users.officeId, officeIds)));
  return row;
}

export async function insertLink(
  db: Db,
  link: { officeId: number; userId: number; issuer: string; subject: string; at: Date },
) {
  await db
    .insert(ssoLinks)
    .values({ ...link, createdAt: link.at, lastUsedAt: link.at })
    .onConflictDoNothing();
}

/** Whether any of these names (lower case) is taken, and which. */
export async function takenNames(db: Db, names: string[]): Promise<Set<string>> {
  const rows = await db
    .select({ name: sql<string>`lower(${users.username})` })
    .from(users)
    .where(inArray(sql`lower(${users.username})`, names));
  return new Set(rows.map((r) => r.name));
}

export async function emailTaken(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return row !== undefined;
}

/**
 * A user created just in time: in `officeId`, with `roleIds`, linked to (issuer, subject) at the tenant.
 * No password works for it ("!sso" verifies nothing): it signs in through the provider.
 */
export async function createSsoUser(
  db: Db,
  u: {
    tenantId: number;
    officeId: number;
    username: string;
    name: string;
    email: string | null;
    roleIds: number[];
    issuer: string;
    subject: string;
    at: Date;
  },
): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        officeId: u.officeId,
        username: u.username,
        name: u.name,
        email: u.email,
        passwordHash: "!sso",
        createdAt: u.at,
        updatedAt: u.at,
      })
      .returning();
    if (!user) throw new Error("user not created");
    if (u.roleIds.length)
      await tx.insert(userRoles).values(u.roleIds.map((roleId) => ({ userId: user.id, roleId })));
    await tx.insert(ssoLinks).values({
      officeId: u.tenantId,
      userId: user.id,
      issuer: u.issuer,
      subject: u.subject,
      createdAt: u.at,
      lastUsedAt: u.at,
    });
    return user;
  });
}

/** Whether a user holds the built-in "every permission" role (the installation's administrator). */
export async function holdsAllPermissions(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: roles.id })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.userId, userId), eq(roles.allPermissions, true)))
    .limit(1);
  return row !== undefined;
}

const roleFields = {
  id: roles.id,
  name: roles.name,
  officeId: roles.officeId,
  permissions: roles.permissions,
  allPermissions: roles.allPermissions,
};

/** Roles by id in the caller's scope, with what granting them needs. */
export async function rolesInScope(db: Db, actor: Actor, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select(roleFields)
    .from(roles)
    .where(scoped(actor, roles, inArray(roles.id, ids)));
}

/** The roles of a tenant in the caller's scope, by name. */
export async function tenantRoles(db: Db, actor: Actor, tenantId: number) {
  return db
    .select(roleFields)
    .from(roles)
    .where(scoped(actor, roles, eq(roles.officeId, tenantId)))
    .orderBy(roles.name);
}

/** Notes a user's sign-in through the provider: when and from which address (as password sign-in does). */
export async function recordSsoSignIn(db: Db, userId: number, at: Date, ip: string): Promise<void> {
  await db.update(users).set({ lastLoginAt: at, lastLoginIp: ip }).where(eq(users.id, userId));
}

/** Which of these roles still exist as roles of the tenant (a just-in-time user gets only those). */
export async function tenantRoleIds(db: Db, tenantId: number, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.officeId, tenantId), inArray(roles.id, ids)));
  return rows.map((r) => r.id);
}

/**
 * Keeps the roles the provider's claim decides in step with it: of `mapped` (the tenant's mapped roles), the
 * user holds exactly `wanted`. Roles outside the mapping (given by hand, or the default one) are left alone.
 * Answers whether anything changed.
 */
export async function syncMappedRoles(
  db: Db,
  userId: number,
  mapped: number[],
  wanted: number[],
): Promise<boolean> {
  if (!mapped.length) return false;
  return db.transaction(async (tx) => {
    const drop = mapped.filter((id) => !wanted.includes(id));
    const dropped = drop.length
      ? await tx
          .delete(userRoles)
          .where(and(eq(userRoles.userId, userId), inArray(userRoles.roleId, drop)))
          .returning({ roleId: userRoles.roleId })
      : [];
    const added = wanted.length
      ? await tx
          .insert(userRoles)
          .values(wanted.map((roleId) => ({ userId, roleId })))
          .onConflictDoNothing()
          .returning({ roleId: userRoles.roleId })
      : [];
    return dropped.length + added.length > 0;
  });
}
