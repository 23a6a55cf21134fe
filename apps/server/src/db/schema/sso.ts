import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { offices } from "./offices";
import { users } from "./users";

/** One mapping of a role claim's value to a role of the tenant. */
export interface SsoRoleMapRow {
  value: string;
  roleId: number;
}

/**
 * Single sign-on (OpenID Connect) of a tenant: the platform, an agent or a customer. One row per tenant;
 * the client secret is kept here as entered and never answered back (the configuration says "set").
 */
export const ssoConfigs = pgTable("sso_configs", {
  /** The tenant (platform, agent or customer office). */
  officeId: integer("office_id")
    .primaryKey()
    .references(() => offices.id, { onDelete: "cascade" }),
  enabled: boolean("enabled").notNull().default(false),
  label: text("label").notNull(),
  issuer: text("issuer").notNull(),
  clientId: text("client_id").notNull(),
  clientSecret: text("client_secret").notNull().default(""),
  scopes: text("scopes").notNull().default("openid email profile"),
  roleClaim: text("role_claim").notNull().default(""),
  roleMap: jsonb("role_map").$type<SsoRoleMapRow[]>().notNull().default([]),
  jit: boolean("jit").notNull().default(false),
  jitOfficeId: integer("jit_office_id"),
  jitRoleId: integer("jit_role_id"),
  passwordLogin: boolean("password_login").notNull().default(true),
  updatedBy: integer("updated_by"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A user's identity at a tenant's provider: (tenant, issuer, subject) names one user of that tenant. */
export const ssoLinks = pgTable(
  "sso_links",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** The tenant whose provider vouched for the subject. */
    officeId: integer("office_id").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    issuer: text("issuer").notNull(),
    subject: text("subject").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("sso_links_identity_uq").on(t.officeId, t.issuer, t.subject),
    index("sso_links_user_idx").on(t.userId),
  ],
);

/**
 * Sign-ins on their way through a provider: keyed by the hash of the `state` sent to it, with the PKCE
 * verifier and the nonce. Read once by the callback (deleted as it is read); older than 10 minutes: void.
 */
export const ssoFlows = pgTable(
  "sso_flows",
  {
    stateHash: text("state_hash").primaryKey(),
    officeId: integer("office_id").notNull(),
    codeVerifier: text("code_verifier").notNull(),
    nonce: text("nonce").notNull(),
    redirectUri: text("redirect_uri").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("sso_flows_expires_idx").on(t.expiresAt)],
);
