import type { Permission } from "@marquee/contracts";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../apps/server/src/db/client";
import { offices, roles, userRoles, users } from "../../apps/server/src/db/schema";
import { initialiseSystem } from "../../apps/server/src/modules/common/init";
import { childPath } from "../../apps/server/src/platform/office-tree";
import { hashPassword } from "../../apps/server/src/platform/password";

/** The audit actions of the seeded rows; the benchmark filters on the first. */
export const ACTIONS = [
  "/a/api/program/save",
  "/a/api/terminal/update",
  "/a/api/user/saveUserInfo",
  "/a/api/sysSetting/save",
  "/a/api/program/delete",
  "logout",
] as const;

export interface Seeded {
  platformId: number;
  customerA: { id: number; path: string };
  institutionA: number;
  customerB: number;
  user: { id: number; username: string; password: string };
}

async function addOffice(
  db: Database["db"],
  parentId: number,
  type: "customer" | "institution",
  name: string,
) {
  const [parent] = await db.select().from(offices).where(eq(offices.id, parentId));
  if (!parent) throw new Error(`no office ${parentId}`);
  const [row] = await db.insert(offices).values({ parentId, type, name, path: "/tmp/" }).returning();
  if (!row) throw new Error("office not created");
  const path = childPath(parent.path, row.id);
  await db.update(offices).set({ path }).where(eq(offices.id, row.id));
  return { id: row.id, path };
}

async function addUser(db: Database["db"], officeId: number, username: string, permissions: Permission[]) {
  const password = `${username}Pass1`;
  const [role] = await db
    .insert(roles)
    .values({ officeId, code: `r_${username}`, name: `Role of ${username}`, permissions })
    .returning();
  const [user] = await db
    .insert(users)
    .values({ officeId, username, name: username, passwordHash: await hashPassword(password) })
    .returning();
  if (!role || !user) throw new Error("user not created");
  await db.insert(userRoles).values({ userId: user.id, roleId: role.id });
  return { id: user.id, username, password };
}

/**
 * The platform, customers A (with an institution) and B, a log viewer in A,
 * and `rows` audit rows: 20 % A, 20 % A's institution, 40 % B, 20 % platform,
 * over the last 90 days (newer ids are newer), in one statement.
 */
export async function seed(database: Database, rows: number): Promise<Seeded> {
  const { db, pool } = database;
  const admin = await initialiseSystem(db, {
    officeName: "Platform",
    username: "admin",
    name: "Administrator",
    password: "Admin12345",
  });
  const customerA = await addOffice(db, admin.officeId, "customer", "Customer A");
  const customerB = await addOffice(db, admin.officeId, "customer", "Customer B");
  const institutionA = await addOffice(db, customerA.id, "institution", "Institution A1");
  const user = await addUser(db, customerA.id, "viewer_a", ["sys:log:view"]);
  await pool.query(
    `insert into audit_logs
       (office_id, user_id, username, action, method, path, target, result, status, ip, user_agent,
        duration_ms, created_at)
     select
       case when g % 10 < 2 then $2::int when g % 10 < 4 then $3::int when g % 10 < 8 then $4::int
            else $5::int end,
       case when g % 10 < 2 then $6::int when g % 10 >= 8 then $7::int end,
       (array['viewer_a','alice','bob','carol','dave','erin'])[1 + (g / 3) % 6],
       a.action,
       case when a.action like '%delete' then 'DELETE' else 'POST' end,
       '/apm-web' || a.action,
       'item ' || (g % 997),
       case when g % 13 = 0 then 'fail' else 'ok' end,
       case when g % 13 = 0 then 400 else 200 end,
       '10.0.' || (g % 250) || '.' || (g % 199 + 1),
       'Mozilla/5.0 (bench)',
       g % 120,
       now() - make_interval(secs => ($1::int - g) * 7776000.0 / $1::int + (g % 60))
     from generate_series(1, $1::int) as g
     cross join lateral (select ($8::text[])[1 + (g / 10) % cardinality($8::text[])] as action) as a`,
    [rows, customerA.id, institutionA.id, customerB.id, admin.officeId, user.id, admin.userId, [...ACTIONS]],
  );
  await db.execute(sql`analyze audit_logs`);
  return {
    platformId: admin.officeId,
    customerA,
    institutionA: institutionA.id,
    customerB: customerB.id,
    user,
  };
}

/** The exact number of rows of `action` in customer A's subtree, counted directly. */
export async function expectedTotal(
  database: Database,
  subtreePath: string,
  action: string,
): Promise<number> {
  const r = await database.pool.query<{ n: number }>(
    `select count(*)::int as n from audit_logs
      where action = $2 and office_id in (select id from offices where path like $1 || '%')`,
    [subtreePath, action],
  );
  return r.rows[0]?.n ?? -1;
}
