import { AUDIT_RESULTS, type NoticeValues } from "@marquee/contracts";
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { offices } from "./offices";
import { users } from "./users";

/** System settings by key (spec §3 "Settings read by key"); absent keys use typed defaults. */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  updatedBy: integer("updated_by"),
});

/**
 * Settings an agent or customer keeps for itself (the contracts' settings of
 * scope "tenant"): one row per tenant and key; a tenant without one reads the
 * value of the tenant above it, and at the top the platform's (settings).
 */
export const tenantSettings = pgTable(
  "tenant_settings",
  {
    officeId: integer("office_id")
      .notNull()
      .references(() => offices.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    value: jsonb("value").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer("updated_by"),
  },
  (t) => [primaryKey({ columns: [t.officeId, t.key] })],
);

/** Notifications for one user (spec §3 Message/notification). */
export const notifications = pgTable(
  "notifications",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    officeId: integer("office_id")
      .notNull()
      .references(() => offices.id),
    contentCn: text("content_cn").notNull(),
    contentEn: text("content_en").notNull(),
    /**
     * The catalogue key and values it was filed with: rendered in the reader's language when read
     * (null: an older notice, its two texts only). Translatable values are kept as keys (NoticeValue).
     */
    key: text("key"),
    values: jsonb("values").$type<NoticeValues>(),
    readState: text("read_state", { enum: ["0", "1"] })
      .notNull()
      .default("0"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("notifications_user_idx").on(t.userId, t.id)],
);

/** The audit trail: every mutating call, who, what, target, when, from where, and the result. */
export const auditLogs = pgTable(
  "audit_logs",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    officeId: integer("office_id"),
    userId: integer("user_id"),
    username: text("username"),
    action: text("action").notNull(),
    method: text("method").notNull(),
    path: text("path").notNull(),
    target: text("target"),
    /**
     * ok, fail; pending while the call runs (the row is written before the change); interrupted when the
     * process that ran it died first (the change may or may not have been made).
     */
    result: text("result", { enum: AUDIT_RESULTS }).notNull(),
    status: integer("status").notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
    durationMs: integer("duration_ms").notNull().default(0),
    detail: jsonb("detail"),
    /** The server process that ran the call (server_processes), while it is pending. */
    processId: uuid("process_id"),
    /** The API token the call was made with (api_tokens); null for a console session. */
    tokenId: integer("token_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("audit_pending_idx").on(t.processId).where(sql`${t.result} = 'pending'`),
    index("audit_office_id_idx").on(t.officeId, t.id),
    index("audit_office_action_idx").on(t.officeId, t.action, t.id),
    index("audit_user_idx").on(t.userId, t.id),
    // An action filter over a range of several offices: newest first straight from the index.
    index("audit_action_idx").on(t.action, t.id),
  ],
);

/**
 * How many audit rows each office has per action, result and month (UTC): the
 * exact total of a system-log filter without a name or a time range, summed
 * from a few rows however long the trail. Kept by statement triggers on
 * audit_logs (migration 0034), so every insert, result change and delete of
 * an audit row moves its count in the same transaction, whoever writes it.
 * A row of no office counts under office 0.
 */
export const auditLogCounts = pgTable(
  "audit_log_counts",
  {
    officeId: integer("office_id").notNull(),
    action: text("action").notNull(),
    result: text("result", { enum: AUDIT_RESULTS }).notNull(),
    month: date("month", { mode: "string" }).notNull(),
    n: bigint("n", { mode: "number" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.officeId, t.action, t.result, t.month] }),
    index("audit_log_counts_action_idx").on(t.action, t.result),
  ],
);

/** The server-driven menu and route tree (spec §2), seeded by a migration. */
export const menus = pgTable(
  "menus",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    parentId: integer("parent_id"),
    name: text("name").notNull().unique(),
    path: text("path").notNull(),
    icon: text("icon"),
    permission: text("permission"),
    roles: text("roles").array(),
    invisible: boolean("invisible").notNull().default(false),
    sort: integer("sort").notNull().default(0),
    /** An external address: the menu entry opens it (in a new tab, or in /inframe when `frame`). */
    link: text("link"),
    frame: boolean("frame").notNull().default(false),
    /** Page shown for the route; null: the page registered under `name`. */
    component: text("component"),
    /** Titles per console language of an entry added in menu management (seeded names use ROUTE_TITLES). */
    titles: jsonb("titles").$type<Partial<Record<string, string>>>(),
    /** Seeded entries: editable, not deletable (the console has pages for them). */
    builtIn: boolean("built_in").notNull().default(false),
  },
  (t) => [index("menus_parent_idx").on(t.parentId)],
);

/** Typed key/value lists used by forms (terminal models, material types …), spec §2 dictManage. */
export const dictTypes = pgTable("dict_types", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  code: text("code").notNull().unique(),
  name: text("name").notNull(),
  description: text("description"),
  builtIn: boolean("built_in").notNull().default(false),
  sort: integer("sort").notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const dictItems = pgTable(
  "dict_items",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    typeId: integer("type_id")
      .notNull()
      .references(() => dictTypes.id, { onDelete: "cascade" }),
    value: text("value").notNull(),
    label: text("label").notNull(),
    /** Labels per console language; a missing language shows `label`. */
    labels: jsonb("labels").$type<Partial<Record<string, string>>>().notNull().default({}),
    sort: integer("sort").notNull().default(0),
    enabled: boolean("enabled").notNull().default(true),
    remarks: text("remarks"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("dict_items_type_value_uq").on(t.typeId, t.value)],
);

/** FAQ entries (commonProblemManager), written by the platform and shown to every tenant. */
export const commonProblems = pgTable("common_problems", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  question: text("question").notNull(),
  answer: text("answer").notNull(),
  /** The console language it is written in; null: shown in every language. */
  lang: text("lang"),
  sort: integer("sort").notNull().default(0),
  enabled: boolean("enabled").notNull().default(true),
  updatedBy: integer("updated_by"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The server processes on this database, each beating every few seconds: what a process that died left
 * (terminals it held, calls it was running) is recognised by its row going stale, or at once by a process
 * started on the same host when the recorded process id no longer names it.
 */
export const serverProcesses = pgTable("server_processes", {
  id: uuid("id").primaryKey(),
  host: text("host").notNull(),
  pid: integer("pid").notNull(),
  /** When the OS started it (lock.ts processStart), so a reused process id is not taken for it. */
  pidStart: text("pid_start"),
  /** MARQUEE_ROLE of the process: `all` and `worker` run the job handlers and periodic passes. */
  role: text("role").notNull().default("all"),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
  beatAt: timestamp("beat_at", { withTimezone: true }).notNull().defaultNow(),
});
