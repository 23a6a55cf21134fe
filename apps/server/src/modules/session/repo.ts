import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import type { Db } from "../../platform/db";

/** Notes a user's sign-in: when and from which address. */
export async function recordSignIn(db: Db, userId: number, at: Date, ip: string): Promise<void> {
  await db.update(users).set({ lastLoginAt: at, lastLoginIp: ip }).where(eq(users.id, userId));
}
