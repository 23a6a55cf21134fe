import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { offices } from "./offices";

/** Data range of a user (spec §7 updateDefDataRange): own subtree, chosen offices, or own rows only. */
export const DATA_RANGES = ["subtree", "offices", "own"] as const;
/** A person signs in; a service account acts only through its API tokens. */
export const USER_KINDS = ["person", "service"] as const;

export const users = pgTable(
  "users",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    officeId: integer("office_id")
      .notNull()
      .references(() => offices.id),
    username: text("username").notNull(),
    name: text("name").notNull(),
    passwordHash: text("password_hash").notNull(),
    email: text("email"),
    phone: text("phone"),
    avatar: text("avatar"),
    enabled: boolean("enabled").notNull().default(true),
    twoFactor: boolean("two_factor").notNull().default(false),
    dataRange: text("data_range", { enum: DATA_RANGES }).notNull().default("subtree"),
    dataOffices: integer("data_offices").array().notNull().default(sql`'{}'::integer[]`),
    passwordChangedAt: timestamp("password_changed_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set by an administrator's reset: the next sign-in must choose a new password (pwdPastDueModify). */
    mustChangePassword: boolean("must_change_password").notNull().default(false),
    remarks: text("remarks"),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
    lastLoginIp: text("last_login_ip"),
    createdBy: integer("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    // Service accounts: a `service` user is a tenant's non-human principal, acting only through its API
    // tokens (never signs in); it holds `permissions` directly (no roles), fixed by the administrator who
    // sets them to a subset of their own. null for people, whose rights come from their roles.
    kind: text("kind", { enum: USER_KINDS }).notNull().default("person"),
    permissions: text("permissions").array(),
  },
  (t) => [
    uniqueIndex("users_username_uq").on(sql`lower(${t.username})`),
    uniqueIndex("users_email_uq").on(sql`lower(${t.email})`).where(sql`${t.email} is not null`),
    uniqueIndex("users_phone_uq").on(t.phone).where(sql`${t.phone} is not null`),
    index("users_office_idx").on(t.officeId),
  ],
);

/** Roles carry permission strings; `allPermissions` is the built-in administrator. */
export const roles = pgTable(
  "roles",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    officeId: integer("office_id")
      .notNull()
      .references(() => offices.id),
    code: text("code").notNull(),
    name: text("name").notNull(),
    permissions: text("permissions").array().notNull().default(sql`'{}'::text[]`),
    allPermissions: boolean("all_permissions").notNull().default(false),
    builtIn: boolean("built_in").notNull().default(false),
    description: text("description"),
    createdBy: integer("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("roles_office_code_uq").on(t.officeId, t.code)],
);

export const userRoles = pgTable(
  "user_roles",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    roleId: integer("role_id")
      .notNull()
      .references(() => roles.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index("user_roles_role_idx").on(t.roleId)],
);
