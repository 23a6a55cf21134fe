import { randomBytes, randomUUID } from "node:crypto";
import { createProgram, createWidget } from "@marquee/program";
import { DEFAULT_MESSAGE } from "@marquee/schedule";
import { type AnyColumn, eq, getTableColumns, getTableName, type Table } from "drizzle-orm";
import { getTableConfig, type PgTable } from "drizzle-orm/pg-core";
import { offices, roles, userRoles, users } from "../src/db/schema";
import { TENANT_OWNED } from "../src/platform/tenancy";
import type { TestApp } from "./helpers";

/**
 * One row in every tenant-owned table for one tenant, made from the schema
 * itself: a table added to the registry is seeded without anyone writing a
 * seeder for it. Every text column carries the tenant's mark and every free
 * number its number, so that an answer that shows any of its rows to another
 * tenant is caught by a substring test. References point at the tenant's own
 * rows: declared foreign keys, and integer columns named after what they hold
 * (terminal_id, program_id…). A column that can be filled neither way stops
 * the seeding with its name, so that a new table cannot pass unseeded.
 */
export interface TenantSeed {
  mark: string;
  /** A number no other figure of the tests has: shown numbers of this tenant. */
  number: number;
  officeId: number;
  userId: number;
  /** The seeded (or existing) row of each tenant-owned table, by table name. */
  rows: Map<string, Record<string, unknown>>;
  /** The primary keys of those rows: the ids another tenant's calls are replayed with. */
  ids: Array<number | string>;
}

type Row = Record<string, unknown>;

/** Integer columns without a declared reference, by name: the table whose row they hold. */
const IMPLICIT: Record<string, string> = {
  terminal_id: "terminals",
  program_id: "programs",
  material_id: "materials",
  icon_material_id: "materials",
  folder_id: "material_folders",
  group_id: "terminal_groups",
  strategy_id: "strategies",
  publication_id: "publications",
  content_id: "programs",
  owner_id: "programs",
  order_id: "pay_orders",
  service_id: "pay_services",
  role_id: "roles",
  user_id: "users",
  created_by: "users",
  updated_by: "users",
  reviewed_by: "users",
  confirmed_by: "users",
  authorised_by: "users",
  cleared_by: "users",
  by_user_id: "users",
  office_id: "offices",
  tenant_id: "offices",
  buyer_office_id: "offices",
  seller_office_id: "offices",
};
/** Integer columns that name a parent row of their own table: left empty. */
const SELF = new Set(["parent_id"]);

/** Values a column must hold to be read by the product as it writes them (documents, kinds of reference). */
function overrides(table: string, seed: Pick<TenantSeed, "mark">, ref: (t: string) => unknown): Row {
  const size = { width: 1920, height: 1080 };
  switch (table) {
    case "programs": {
      const doc = createProgram(size);
      doc.scenes[0]?.widgets.push({
        ...createWidget("text", size),
        id: "w1",
        name: `${seed.mark} widget`,
      } as never);
      return { doc, width: 1920, height: 1080, state: "approved" };
    }
    case "play_plans":
      return {
        state: "approved",
        doc: {
          items: [
            {
              id: "i1",
              programId: ref("programs"),
              startDate: "2020-01-01",
              endDate: null,
              weekdays: [1, 2, 3, 4, 5, 6, 7],
              windows: [{ start: "00:00", end: "24:00" }],
              mode: { kind: "loop" },
              tier: "normal",
            },
          ],
          defaultProgramId: null,
        },
      };
    case "publish_messages":
      return { state: "approved", doc: { ...DEFAULT_MESSAGE, text: `${seed.mark} message` } };
    case "publications":
      return { kind: "program", state: "active" };
    case "terminals":
      return { state: "authorised", online: false, width: 1920, height: 1080, status: null, settings: {} };
    case "material_refs":
      return { ownerType: "program" };
    case "content_history":
      return { kind: "plan", contentId: ref("play_plans") };
    case "materials":
      return { type: "image", purpose: "library", mime: "image/png", url: null };
    case "alarms":
      return { state: "cleared", kind: "fault" };
    case "terminal_commands":
      return { state: "done", args: {} };
    case "sync_sessions":
      return { terminalIds: [ref("terminals")] };
    case "tenant_settings":
      return { key: "alarmRules", value: { v: { offlineMinutes: 11 } } };
    case "uploads":
      return { purpose: "library", received: [] };
    case "notifications":
      return { readState: "0" };
    case "pay_services":
      return { kind: "storage", enabled: true };
    case "pay_orders":
      return { state: "cancelled", provider: "bank" };
    // Video walls (issue 24): a 1 × 1 wall whose one screen is the tenant's terminal.
    case "walls":
      return {
        rows: 1,
        cols: 1,
        bezelMm: { top: 1, right: 1, bottom: 1, left: 1 },
        programId: ref("programs"),
      };
    case "wall_screens":
      return { row: 0, col: 0 };
    default:
      return {};
  }
}

/** References the overrides make (inside documents and arrays): seeded first. */
const AFTER: Record<string, string[]> = {
  play_plans: ["programs"],
  content_history: ["play_plans"],
  sync_sessions: ["terminals", "programs"],
  // Video walls (issue 24).
  walls: ["programs"],
};

/** Tables whose rows exist before any seeding: the tenant's office, its user, role and grant. */
const EXISTING = new Set(["offices", "users", "roles", "user_roles"]);

/** The tables of the registry in an order where every reference is seeded before it is needed. */
function seedOrder(): PgTable[] {
  // The tenant's office, user, role and grant exist already: nothing waits for them.
  const tables = ([...TENANT_OWNED.keys()] as PgTable[]).filter((t) => !EXISTING.has(getTableName(t)));
  const byName = new Map(tables.map((t) => [getTableName(t), t]));
  const deps = new Map<string, Set<string>>();
  for (const t of tables) {
    const name = getTableName(t);
    const d = new Set<string>();
    for (const fk of getTableConfig(t).foreignKeys) d.add(getTableName(fk.reference().foreignTable));
    for (const c of Object.values(getTableColumns(t)) as AnyColumn[]) {
      const target = IMPLICIT[c.name];
      if (target && (c.notNull || !c.hasDefault)) d.add(target);
    }
    for (const extra of AFTER[name] ?? []) d.add(extra);
    d.delete(name);
    deps.set(name, d);
  }
  const out: PgTable[] = [];
  const done = new Set<string>();
  const visit = (name: string, path: string[]) => {
    if (done.has(name) || !byName.has(name)) return;
    if (path.includes(name)) throw new Error(`reference cycle: ${[...path, name].join(" → ")}`);
    for (const d of deps.get(name) ?? []) visit(d, [...path, name]);
    done.add(name);
    out.push(byName.get(name) as PgTable);
  };
  for (const name of byName.keys()) visit(name, []);
  return out;
}

/**
 * Seeds `officeId`'s tenant (an agent or a customer whose user `userId`
 * exists) with one row in every tenant-owned table.
 */
export async function seedTenant(
  t: TestApp,
  officeId: number,
  userId: number,
  mark: string,
  number: number,
): Promise<TenantSeed> {
  const db = t.database.db;
  const rows = new Map<string, Row>();
  const [office] = await db.select().from(offices).where(eq(offices.id, officeId));
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  const [grant] = await db.select().from(userRoles).where(eq(userRoles.userId, userId));
  const [role] = grant ? await db.select().from(roles).where(eq(roles.id, grant.roleId)) : [];
  if (!office || !user || !grant || !role)
    throw new Error(`tenant ${officeId} needs its office, user and role`);
  rows.set("offices", office).set("users", user).set("roles", role).set("user_roles", grant);
  const seed: TenantSeed = { mark, number, officeId, userId, rows, ids: [] };
  const ref = (table: string) => {
    if (table === "offices") return officeId;
    if (table === "users") return userId;
    const row = rows.get(table);
    if (!row) throw new Error(`${table} is needed before it is seeded`);
    return row.id;
  };
  const today = new Date().toISOString().slice(0, 10);
  for (const table of seedOrder()) {
    const name = getTableName(table);
    const fkOf = new Map<string, string>();
    for (const fk of getTableConfig(table).foreignKeys) {
      const r = fk.reference();
      const col = r.columns[0];
      if (col) fkOf.set(col.name, getTableName(r.foreignTable));
    }
    const forced = overrides(name, seed, ref);
    const values: Row = {};
    for (const [key, c] of Object.entries(getTableColumns(table)) as Array<[string, AnyColumn]>) {
      if (key in forced) {
        values[key] = forced[key];
        continue;
      }
      const generated = (c as unknown as { generatedIdentity?: unknown }).generatedIdentity;
      if (generated) continue;
      const target = fkOf.get(c.name) ?? (SELF.has(c.name) ? undefined : IMPLICIT[c.name]);
      const type = c.columnType;
      if (type === "PgInteger" || type === "PgBigInt53" || type === "PgDoublePrecision") {
        if (target) values[key] = ref(target);
        else if (SELF.has(c.name)) values[key] = null;
        else if (c.notNull && !c.hasDefault) values[key] = number;
        else if (!c.hasDefault) values[key] = number;
        continue;
      }
      if (type === "PgArray") {
        if (c.notNull && !c.hasDefault) throw new Error(`${name}.${c.name}: an array the seeder cannot fill`);
        continue;
      }
      if (type === "PgText") {
        if (c.enumValues?.length) {
          if (c.notNull && !c.hasDefault) values[key] = c.enumValues[0];
        } else if (c.name === "id") {
          // Not marked: a caller's own input (an id it names) is echoed in a refusal.
          values[key] = `${name}-${randomBytes(6).toString("hex")}`;
        } else {
          values[key] = `${mark} ${name}.${c.name}`;
        }
        continue;
      }
      if (c.hasDefault || !c.notNull) continue;
      if (type === "PgTimestamp") values[key] = new Date();
      else if (type === "PgDateString" || type === "PgDate") values[key] = today;
      else if (type === "PgBoolean") values[key] = false;
      else if (type === "PgJsonb") values[key] = {};
      // A uuid (a webhook delivery's event id, issue 23).
      else if (type === "PgUUID") values[key] = randomUUID();
      // A bit string (the days-played maps): every bit set, as a roll-up of a terminal that played every day.
      else if (type === "PgBinaryVector")
        values[key] = "1".repeat((c as unknown as { dimensions: number }).dimensions);
      else throw new Error(`${name}.${c.name}: a ${type} the seeder cannot fill`);
    }
    if (name === "pay_orders") values.buyerOfficeId = officeId;
    // Signed webhooks (issue 23): delivered already, or the worker would send it in the middle of a walk.
    if (name === "webhook_deliveries") values.state = "delivered";
    const [row] = await db
      .insert(table)
      .values(values as never)
      .returning();
    if (!row) throw new Error(`${name}: nothing seeded`);
    rows.set(name, row as Row);
  }
  for (const row of rows.values()) {
    const id = row.id;
    if (typeof id === "number" || typeof id === "string") seed.ids.push(id);
  }
  return seed;
}

/** The tables the seeder fills (every tenant-owned one), for the test that checks them all. */
export const seededTables = (): string[] => [...TENANT_OWNED.keys()].map((t: Table) => getTableName(t));
