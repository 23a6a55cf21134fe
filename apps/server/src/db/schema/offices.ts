import type { Branding } from "@marquee/contracts";
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/** One tree: platform → agents → customers → institutions, with a materialised path "/1/5/9/". */
export const offices = pgTable(
  "offices",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    parentId: integer("parent_id"),
    path: text("path").notNull(),
    type: text("type", { enum: ["platform", "agent", "customer", "institution"] }).notNull(),
    name: text("name").notNull(),
    code: text("code"),
    secondDomainName: text("second_domain_name"),
    /** 1: customisation enabled by the parent (the tenant's branding applies); 0: the parent's brand. */
    personalType: integer("personal_type").notNull().default(0),
    /** The tenant's white-label (logo, favicon, title, footer, colours); null: none of its own. */
    branding: jsonb("branding").$type<Branding>(),
    /** Storage quota of the tenant in bytes (enforced while capacitySetting is "true"); null: unlimited. */
    capacityBytes: bigint("capacity_bytes", { mode: "number" }),
    /** How many terminals the tenant may authorise; null: unlimited. */
    terminalQuota: integer("terminal_quota"),
    /** After this instant nobody of the tenant signs in (its screens keep playing); null: never. */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** A disabled office (and everything below it) cannot sign in. */
    enabled: boolean("enabled").notNull().default(true),
    contactName: text("contact_name"),
    contactPhone: text("contact_phone"),
    contactEmail: text("contact_email"),
    address: text("address"),
    remarks: text("remarks"),
    sort: integer("sort").notNull().default(0),
    createdBy: integer("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("offices_path_uq").on(t.path),
    index("offices_path_prefix_idx").using("btree", sql`${t.path} text_pattern_ops`),
    index("offices_parent_idx").on(t.parentId),
    uniqueIndex("offices_domain_uq").on(t.secondDomainName),
  ],
);
