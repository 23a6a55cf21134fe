import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { offices } from "./offices";
import { users } from "./users";

/** System settings by key (spec §3 "Settings read by key"); absent keys use typed defaults. */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  updatedBy: integer("updated_by"),
});

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
    result: text("result", { enum: ["ok", "fail"] }).notNull(),
    status: integer("status").notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
    durationMs: integer("duration_ms").notNull().default(0),
    detail: jsonb("detail"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("audit_office_id_idx").on(t.officeId, t.id),
    index("audit_office_action_idx").on(t.officeId, t.action, t.id),
    index("audit_user_idx").on(t.userId, t.id),
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
  },
  (t) => [index("menus_parent_idx").on(t.parentId)],
);
