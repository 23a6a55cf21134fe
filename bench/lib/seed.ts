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

/** Whatever a list screen needs: the lists an operator opens most, and renaming a material (a save). */
export const OPERATOR_PERMISSIONS: Permission[] = [
  "sys:log:view",
  "content:material:view",
  "content:material:edit",
  "terminal:device:view",
  "content:program:view",
  "content:playPlan:view",
];

export interface SeededUser {
  id: number;
  username: string;
  password: string;
}

/** An operator of the mixed load, with the offices of their data range. */
export interface Operator extends SeededUser {
  officeIds: number[];
}

export interface Seeded {
  platformId: number;
  customerA: { id: number; path: string };
  institutionA: number;
  customerB: number;
  agent: number;
  customerC: number;
  user: SeededUser;
  /** Customer A (subtree: A and A1), institution A1 alone, customer B, and the agent (itself and C). */
  operators: Operator[];
}

async function addOffice(
  db: Database["db"],
  parentId: number,
  type: "agent" | "customer" | "institution",
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
  const agent = await addOffice(db, admin.officeId, "agent", "Agent G");
  const customerC = await addOffice(db, agent.id, "customer", "Customer C");
  const user = await addUser(db, customerA.id, "viewer_a", ["sys:log:view"]);
  const operators: Operator[] = [
    {
      ...(await addUser(db, customerA.id, "op_a", OPERATOR_PERMISSIONS)),
      officeIds: [customerA.id, institutionA.id],
    },
    { ...(await addUser(db, institutionA.id, "op_a1", OPERATOR_PERMISSIONS)), officeIds: [institutionA.id] },
    { ...(await addUser(db, customerB.id, "op_b", OPERATOR_PERMISSIONS)), officeIds: [customerB.id] },
    { ...(await addUser(db, agent.id, "op_g", OPERATOR_PERMISSIONS)), officeIds: [agent.id, customerC.id] },
  ];
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
  await seedContent(database, rows, [customerA.id, institutionA.id, customerB.id, agent.id, customerC.id]);
  // As autovacuum leaves a table that has been written for a while: statistics for the planner and
  // the visibility map set, so a count over an index need not visit the rows.
  await db.execute(sql`vacuum analyze`);
  return {
    platformId: admin.officeId,
    customerA,
    institutionA: institutionA.id,
    customerB: customerB.id,
    agent: agent.id,
    customerC: customerC.id,
    user,
    operators,
  };
}

/** Content names are drawn from these, so a name filter matches a part of each list. */
export const NAME_WORDS = ["lobby", "menu", "promo", "window", "spring", "night"] as const;

/**
 * The content the lists page through, spread over `offices` in turn: a tenth
 * of `auditRows` materials, a fiftieth each of programs, play plans and
 * terminals (2,000 each for 100,000), each in one statement.
 */
async function seedContent(database: Database, auditRows: number, offices: number[]): Promise<void> {
  const { pool } = database;
  const some = Math.max(10, Math.floor(auditRows / 50));
  const name = (what: string) =>
    `(array[${NAME_WORDS.map((w) => `'${w}'`).join(",")}])[1 + (g / 7) % ${NAME_WORDS.length}] || ' ${what} ' || g`;
  const office = `($2::int[])[1 + g % cardinality($2::int[])]`;
  const created = `now() - make_interval(secs => ($1::int - g) * 7776000.0 / $1::int)`;
  await pool.query(
    `insert into materials (office_id, name, type, md5, size, mime, review_state, created_at, updated_at)
     select ${office}, ${name("image")},
       (array['image','video','audio','document'])[1 + g % 4],
       md5(g::text), 1000 + (g * 7919) % 50000000, 'image/png',
       case when g % 11 = 0 then 'pending' else 'approved' end, ${created}, ${created}
     from generate_series(1, $1::int) as g`,
    [Math.max(10, Math.floor(auditRows / 10)), offices],
  );
  await pool.query(
    `insert into programs (office_id, name, width, height, state, doc, created_at, updated_at)
     select ${office}, ${name("program")}, 1920, 1080,
       (array['draft','approved','published'])[1 + g % 3], '{}'::jsonb, ${created}, ${created}
     from generate_series(1, $1::int) as g`,
    [some, offices],
  );
  await pool.query(
    `insert into play_plans (office_id, name, state, doc, created_at, updated_at)
     select ${office}, ${name("plan")}, (array['draft','approved','published'])[1 + g % 3],
       '{"items":[]}'::jsonb, ${created}, ${created}
     from generate_series(1, $1::int) as g`,
    [some, offices],
  );
  await pool.query(
    `insert into terminals (office_id, name, device_id, token_hash, enrol_code, state, model, version,
                            width, height, online, last_seen_at, created_at, updated_at)
     select ${office}, ${name("screen")}, 'dev-' || g, md5('token' || g), 'E' || lpad(g::text, 8, '0'),
       case when g % 17 = 0 then 'disabled' else 'authorised' end, 'bench', '1.0', 1920, 1080, false,
       ${created}, ${created}, ${created}
     from generate_series(1, $1::int) as g`,
    [some, offices],
  );
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
