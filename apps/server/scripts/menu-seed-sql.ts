/**
 * Prints the SQL that seeds the menu tree from MENU_SEED (packages/contracts),
 * for a custom drizzle migration: `tsx scripts/menu-seed-sql.ts > src/db/migrations/NNNN_menu_seed.sql`.
 * Menu management edits the rows afterwards; a later seed change gets a new migration.
 */
import { flattenMenu } from "@marquee/contracts";

const q = (v: string | null | undefined) =>
  v === null || v === undefined ? "NULL" : `'${v.replace(/'/g, "''")}'`;
const lines: string[] = [];
for (const m of flattenMenu()) {
  const parent = m.parentName === null ? "NULL" : `(SELECT id FROM menus WHERE name = ${q(m.parentName)})`;
  const roles = m.roles?.length ? `ARRAY[${m.roles.map(q).join(", ")}]::text[]` : "NULL";
  lines.push(
    `INSERT INTO "menus" ("parent_id", "name", "path", "icon", "permission", "roles", "invisible", "sort") VALUES (${parent}, ${q(m.name)}, ${q(m.path)}, ${q(m.icon)}, ${q(m.permission)}, ${roles}, ${m.invisible ? "true" : "false"}, ${m.sort});`,
  );
}
process.stdout.write(
  `-- The menu and route tree of spec §2, generated from packages/contracts/src/menu.ts.\n${lines.join("\n--> statement-breakpoint\n")}\n`,
);
