import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./users";

/** Sessions: the cookie holds a random token; only its SHA-256 is stored. */
export const sessions = pgTable(
  "sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    ip: text("ip"),
    userAgent: text("user_agent"),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

/** Failed sign-ins per key ("user:<name>" or "ip:<address>"): captcha and lockout. */
export const loginGuards = pgTable("login_guards", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull().default(0),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Captcha answers, keyed by a random id kept in a cookie of the browser that asked. */
export const captchas = pgTable("captchas", {
  id: text("id").primaryKey(),
  answerHash: text("answer_hash").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/** Second-factor codes mailed at sign-in; one live code per user. */
export const verificationCodes = pgTable("verification_codes", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  codeHash: text("code_hash").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
  attempts: integer("attempts").notNull().default(0),
});

/** Server secrets generated once (the login RSA key pair). */
export const secrets = pgTable("secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * API tokens: a script's or another system's key to the /a/* calls, with a subset of its owner's permissions
 * and data range (never more: the owner's rights are intersected at every call). Personal tokens belong to
 * the user who made them; service tokens to a service account of the tenant. Only the SHA-256 of the
 * secret is kept; the secret is shown once.
 */
export const apiTokens = pgTable(
  "api_tokens",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** The owner's office: the tenancy rule reads it. */
    officeId: integer("office_id").notNull(),
    /** The user whose rights the token acts with (the maker, or a service account). */
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["personal", "service"] }).notNull(),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull(),
    /** The secret's first characters, shown in lists to tell tokens apart. */
    hint: text("hint").notNull(),
    /** null: every permission of the owner. */
    permissions: text("permissions").array(),
    /** null: the owner's range; otherwise narrower (own rows only, or offices inside it). */
    dataRange: text("data_range", { enum: ["subtree", "offices", "own"] }),
    dataOffices: integer("data_offices").array().notNull().default(sql`'{}'::integer[]`),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    lastUsedIp: text("last_used_ip"),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdBy: integer("created_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("api_tokens_hash_idx").on(t.tokenHash),
    index("api_tokens_user_idx").on(t.userId),
    index("api_tokens_office_idx").on(t.officeId),
  ],
);
