import { sql } from "drizzle-orm";
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

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
    personalType: integer("personal_type").notNull().default(0),
    logo: text("logo"),
    /** Storage quota of the tenant in bytes (enforced while capacitySetting is "true"); null: unlimited. */
    capacityBytes: bigint("capacity_bytes", { mode: "number" }),
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
