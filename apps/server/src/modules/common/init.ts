import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { offices, roles, userRoles, users } from "../../db/schema";
import { hashPassword } from "../../platform/password";

export class AlreadyInitialisedError extends Error {}

export interface FirstAdmin {
  officeName: string;
  username: string;
  name: string;
  password: string;
  email?: string | undefined;
}

/** Whether the system has its first administrator. */
export async function isInitialised(db: Db): Promise<boolean> {
  const result = await db.execute<{ exists: boolean }>(sql`select exists(select 1 from users) as "exists"`);
  return result.rows[0]?.exists === true;
}

/**
 * Creates the platform institution, the built-in administrator role and the
 * first administrator, once: a second call (or a concurrent one) is refused.
 */
export async function initialiseSystem(
  db: Db,
  admin: FirstAdmin,
): Promise<{ userId: number; officeId: number }> {
  const passwordHash = await hashPassword(admin.password);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727275)`);
    const taken = await tx.execute<{ exists: boolean }>(sql`select exists(select 1 from users) as "exists"`);
    if (taken.rows[0]?.exists) throw new AlreadyInitialisedError();
    const [office] = await tx
      .insert(offices)
      .values({ type: "platform", name: admin.officeName, path: "/pending/" })
      .returning({ id: offices.id });
    if (!office) throw new Error("platform office not created");
    await tx
      .update(offices)
      .set({ path: `/${office.id}/` })
      .where(sql`${offices.id} = ${office.id}`);
    const [role] = await tx
      .insert(roles)
      .values({
        officeId: office.id,
        code: "admin",
        name: "Administrator",
        allPermissions: true,
        builtIn: true,
      })
      .returning({ id: roles.id });
    const [user] = await tx
      .insert(users)
      .values({
        officeId: office.id,
        username: admin.username,
        name: admin.name,
        passwordHash,
        email: admin.email ?? null,
      })
      .returning({ id: users.id });
    if (!role || !user) throw new Error("administrator not created");
    await tx.insert(userRoles).values({ userId: user.id, roleId: role.id });
    return { userId: user.id, officeId: office.id };
  });
}
