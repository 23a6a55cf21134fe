import {
  type DataRange,
  type MessageKey,
  type PasswordPolicy,
  passwordExpired,
  passwordPolicyValues,
  passwordProblems,
  type UserDetail,
} from "@marquee/contracts";
import { and, asc, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { offices, roles, userRoles, users } from "../../db/schema";
import type { Actor } from "../../platform/actor";
import { AppError, FieldErrors, notFound, uniqueViolation } from "../../platform/errors";
import type { OfficeNode } from "../../platform/office-tree";
import type { Services } from "../../platform/services";
import type { SettingsService } from "../../platform/settings";
import { officeVisible, ownRowsOnly, scoped } from "../../platform/tenancy";
import { ungrantable } from "../../platform/tenant";

export type UserRecord = typeof users.$inferSelect;
export type RoleRecord = typeof roles.$inferSelect;

/** Refuses (400, on `field`) a password the configured policy does not accept. */
export async function assertPasswordPolicy(
  settings: SettingsService,
  password: string,
  field: string,
): Promise<PasswordPolicy> {
  const policy = await settings.get("passwordPolicy");
  if (passwordProblems(policy, password).length > 0) {
    throw new FieldErrors([{ field, key: "user.passwordPolicy", values: passwordPolicyValues(policy) }]);
  }
  return policy;
}

/**
 * A user in the actor's data range, or 404 (one of another tenant looks the same as none). People only:
 * a service account is managed by its own calls (serviceAccount/*), never by user management's.
 */
export async function userInRange(db: Db, actor: Actor, id: number): Promise<UserRecord> {
  const [user] = await db
    .select()
    .from(users)
    .where(scoped(actor, users, eq(users.id, id), eq(users.kind, "person")));
  if (!user) throw notFound("user", id);
  return user;
}

/** The roles each of these users holds. */
export async function rolesOfUsers(db: Db, userIds: number[]): Promise<Map<number, RoleRecord[]>> {
  const out = new Map<number, RoleRecord[]>();
  if (userIds.length === 0) return out;
  const rows = await db
    .select({ userId: userRoles.userId, role: roles })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(inArray(userRoles.userId, userIds))
    .orderBy(asc(roles.name), asc(roles.id));
  for (const r of rows) out.set(r.userId, [...(out.get(r.userId) ?? []), r.role]);
  return out;
}

/** The kind of tenant a role belongs to (what its holders may carry). */
async function roleTenantType(services: Services, role: RoleRecord): Promise<OfficeNode["type"]> {
  return (await services.tree.tenantOf(role.officeId))?.type ?? "institution";
}

/**
 * Refuses (403) managing a user who holds a role the actor could not grant:
 * resetting their password or editing them would hand the actor more than
 * they have.
 */
export async function assertManageable(
  services: Services,
  actor: Actor,
  user: UserRecord,
  held: RoleRecord[],
): Promise<void> {
  for (const role of held) {
    if (ungrantable(actor, role, await roleTenantType(services, role)).length > 0) {
      throw new AppError(403, "user.outranks", { username: user.username, role: role.name });
    }
  }
}

/** Roles of the tenant of `officeId` that the actor may assign there, by name. */
export async function assignableRoles(
  services: Services,
  actor: Actor,
  officeId: number,
): Promise<RoleRecord[]> {
  const tenant = await services.tree.tenantOf(officeId);
  if (!tenant || !officeVisible(actor, tenant.id)) return [];
  const rows = await services.db
    .select()
    .from(roles)
    .where(eq(roles.officeId, tenant.id))
    .orderBy(asc(roles.name), asc(roles.id));
  return rows.filter((r) => ungrantable(actor, r, tenant.type).length === 0);
}

/**
 * The roles `roleIds` for a user of `officeId`, each one the actor may
 * assign: unknown or out of range → 404; another tenant's → 403; carrying
 * something the actor cannot grant → 403 naming it.
 */
export async function rolesToAssign(
  services: Services,
  actor: Actor,
  roleIds: number[],
  officeId: number,
): Promise<RoleRecord[]> {
  if (roleIds.length === 0) return [];
  const rows = await services.db.select().from(roles).where(inArray(roles.id, roleIds));
  const tenant = await services.tree.tenantOf(officeId);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const out: RoleRecord[] = [];
  for (const id of roleIds) {
    const role = byId.get(id);
    if (!role || !officeVisible(actor, role.officeId)) throw notFound("role", id);
    if (!tenant || tenant.id !== role.officeId)
      throw new AppError(403, "user.roleOtherTenant", { name: role.name });
    const missing = ungrantable(actor, role, tenant.type);
    if (missing.length > 0) {
      throw new AppError(403, "user.roleNotGrantable", {
        name: role.name,
        permissions: missing.slice(0, 5).join(", ") + (missing.length > 5 ? ", …" : ""),
      });
    }
    out.push(role);
  }
  return out;
}

/**
 * Refuses a data range wider than the actor's own. The actor's range is made
 * of whole subtrees, so an office in it brings its subtree along; an actor
 * who sees only their own rows can give no more than that.
 */
export async function assertRangeWithin(
  services: Services,
  actor: Actor,
  officeId: number,
  dataRange: DataRange,
  dataOffices: number[],
  /** The name the caller's call gives the chosen offices (updateDefDataRange says officeIds). */
  field = "dataOffices",
): Promise<void> {
  if (ownRowsOnly(actor) && dataRange !== "own") {
    throw new FieldErrors([{ field: "dataRange", key: "user.rangeTooWide" }]);
  }
  if (dataRange !== "offices") return;
  if (dataOffices.length === 0) throw new FieldErrors([{ field, key: "validation.required" }]);
  const home = await services.tree.get(officeId);
  for (const id of dataOffices) {
    const node = await services.tree.get(id);
    if (!node || !officeVisible(actor, id)) {
      throw new FieldErrors([{ field, key: "user.officeOutOfRange", values: { id } }]);
    }
    // The actor's range only counts chosen offices inside the user's own subtree.
    if (!home || !node.path.startsWith(home.path)) {
      throw new FieldErrors([{ field, key: "user.dataOfficeOutside", values: { id } }]);
    }
  }
}

/** A field error of the unique fields of users. */
export type TakenField = { field: string; key: MessageKey; values?: Record<string, string> };

/**
 * The refusal of a user name, mail or phone another user has. A mail or phone
 * gets one message, whoever has it and in whatever tenant, naming nobody.
 */
export function takenField(field: "username" | "email" | "phone", username = ""): TakenField {
  return field === "username"
    ? { field, key: "user.usernameTaken", values: { username } }
    : { field, key: "user.addressUnusable" };
}

/** Field errors for a user name, mail or phone another user (not `exceptId`) already has. */
export async function takenFields(
  db: Db,
  values: {
    username?: string | undefined;
    email?: string | null | undefined;
    phone?: string | null | undefined;
  },
  exceptId: number | null,
): Promise<TakenField[]> {
  const others = (cond: SQL) => (exceptId === null ? cond : (and(cond, ne(users.id, exceptId)) as SQL));
  const taken = async (cond: SQL) =>
    (await db.select({ id: users.id }).from(users).where(others(cond)).limit(1)).length > 0;
  const out: TakenField[] = [];
  if (values.username && (await taken(sql`lower(${users.username}) = ${values.username.toLowerCase()}`)))
    out.push(takenField("username", values.username));
  if (values.email && (await taken(sql`lower(${users.email}) = ${values.email.toLowerCase()}`)))
    out.push(takenField("email"));
  if (values.phone && (await taken(eq(users.phone, values.phone)))) out.push(takenField("phone"));
  return out;
}

/** The unique index a failed write ran into (a race between two saves), as the field it is about. */
export function uniqueField(err: unknown): "username" | "email" | "phone" | null {
  const names: Record<string, "username" | "email" | "phone"> = {
    users_username_uq: "username",
    users_email_uq: "email",
    users_phone_uq: "phone",
  };
  return names[uniqueViolation(err) ?? ""] ?? null;
}

/** A write refused by a unique index of users ends like the check before it: a field error (else rethrown). */
export function raceToFieldError(err: unknown, values: Record<string, unknown>): never {
  const field = uniqueField(err);
  if (!field) throw err;
  throw new FieldErrors([takenField(field, String(values.username ?? ""))]);
}

/**
 * How many enabled users hold an every-permission role of the platform,
 * leaving out `except`: the system must keep one.
 */
export async function platformAdminsBesides(db: Db, except: number[]): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`
    select count(distinct ${users.id})::int as n
    from ${users}
    join ${userRoles} on ${userRoles.userId} = ${users.id}
    join ${roles} on ${roles.id} = ${userRoles.roleId}
    join ${offices} on ${offices.id} = ${roles.officeId}
    where ${users.enabled} and ${roles.allPermissions} and ${offices.parentId} is null
      ${
        except.length
          ? sql`and ${users.id} not in (${sql.join(
              except.map((id) => sql`${id}`),
              sql`, `,
            )})`
          : sql``
      }`);
  return result.rows[0]?.n ?? 0;
}

/** Whether a user with these roles is an enabled administrator of the platform itself. */
export async function isPlatformAdmin(services: Services, user: UserRecord, held: RoleRecord[]) {
  if (!user.enabled) return false;
  for (const role of held) {
    if (role.allPermissions && (await services.tree.get(role.officeId))?.parentId === null) return true;
  }
  return false;
}

/** A user as an administrator sees them (getUserInfo?id=), with the permissions of their roles. */
export async function userDetail(
  services: Services,
  user: UserRecord,
): Promise<{
  user: UserDetail;
  permissions: string[];
  roles: Array<{ id: number; code: string; name: string }>;
}> {
  const held = (await rolesOfUsers(services.db, [user.id])).get(user.id) ?? [];
  const office = await services.tree.get(user.officeId);
  const policy = await services.settings.get("passwordPolicy");
  const all = held.some((r) => r.allPermissions);
  return {
    user: {
      id: user.id,
      username: user.username,
      name: user.name,
      avatar: user.avatar,
      email: user.email,
      phone: user.phone,
      officeId: user.officeId,
      officeName: office?.name ?? "",
      officeType: office?.type ?? "institution",
      twoFactor: user.twoFactor,
      dataRange: user.dataRange,
      dataOffices: user.dataOffices,
      enabled: user.enabled,
      remarks: user.remarks,
      roleIds: held.map((r) => r.id),
      mustChangePassword: user.mustChangePassword,
      passwordExpired: passwordExpired(policy, user.passwordChangedAt, services.clock.now()),
      lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
      lastLoginIp: user.lastLoginIp,
      createdAt: user.createdAt.toISOString(),
    },
    permissions: all ? ["*"] : [...new Set(held.flatMap((r) => r.permissions))].sort(),
    roles: held.map((r) => ({ id: r.id, code: r.code, name: r.name })),
  };
}

/** A user's row, whatever its range. */
export async function userById(db: Db, id: number): Promise<UserRecord | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

/** A user's row with the name and type of their office. */
export async function userWithOffice(db: Db, id: number) {
  const [row] = await db
    .select({ user: users, officeName: offices.name, officeType: offices.type })
    .from(users)
    .innerJoin(offices, eq(offices.id, users.officeId))
    .where(eq(users.id, id));
  return row;
}

/** A user's stored e-mail address (undefined for no such user). */
export async function emailOf(db: Db, id: number): Promise<string | null | undefined> {
  const [current] = await db.select({ email: users.email }).from(users).where(eq(users.id, id));
  return current?.email;
}

/** Changes columns of a user. */
export async function updateUser(db: Db, id: number, set: Partial<typeof users.$inferInsert>): Promise<void> {
  await db.update(users).set(set).where(eq(users.id, id));
}
