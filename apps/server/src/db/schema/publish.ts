import { PROGRAM_STATES } from "@marquee/contracts";
import type { MessageDoc, PlanDoc } from "@marquee/schedule";
import { sql } from "drizzle-orm";
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { offices } from "./offices";
import { terminals } from "./terminal";
import { users } from "./users";

/**
 * Play plans: the document (items and default program, validated by
 * @marquee/schedule) with the figures the lists show kept next to it.
 */
export const playPlans = pgTable(
  "play_plans",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    officeId: integer("office_id")
      .notNull()
      .references(() => offices.id),
    name: text("name").notNull(),
    state: text("state", { enum: PROGRAM_STATES }).notNull().default("draft"),
    version: integer("version").notNull().default(1),
    doc: jsonb("doc").$type<PlanDoc>().notNull(),
    itemCount: integer("item_count").notNull().default(0),
    conflictCount: integer("conflict_count").notNull().default(0),
    /** The programs the document names (items and default), for "in use" checks without reading documents. */
    programIds: integer("program_ids").array().notNull().default(sql`'{}'::integer[]`),
    startDate: text("start_date"),
    endDate: text("end_date"),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("play_plans_office_idx").on(t.officeId, t.id),
    index("play_plans_state_idx").on(t.state),
    // The list's default order (the latest saved first), read in index order.
    index("play_plans_updated_idx").on(t.updatedAt, t.id),
    index("play_plans_programs_idx").using("gin", t.programIds),
  ],
);

/** Messages published to screens (scrolling lines and notices). */
export const publishMessages = pgTable(
  "publish_messages",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    officeId: integer("office_id")
      .notNull()
      .references(() => offices.id),
    name: text("name").notNull(),
    state: text("state", { enum: PROGRAM_STATES }).notNull().default("draft"),
    version: integer("version").notNull().default(1),
    doc: jsonb("doc").$type<MessageDoc>().notNull(),
    kind: text("kind", { enum: ["scroll", "notice"] }).notNull(),
    priority: text("priority", { enum: ["normal", "emergency"] }).notNull(),
    startAt: timestamp("start_at", { withTimezone: true }),
    endAt: timestamp("end_at", { withTimezone: true }),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("publish_messages_office_idx").on(t.officeId, t.id),
    index("publish_messages_state_idx").on(t.state),
  ],
);

/**
 * The history of programs, plans and messages, by kind and id: who moved
 * which item where and when (created, edited back to draft, submitted,
 * reviewed, published, withdrawn from its last terminals) and notes, which
 * move nothing. No foreign key: the deletion of an item deletes its lines.
 */
export const contentHistory = pgTable(
  "content_history",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text("kind", { enum: ["program", "plan", "message"] }).notNull(),
    contentId: integer("content_id").notNull(),
    event: text("event", {
      enum: ["create", "edit", "submit", "review", "note", "publish", "withdraw"],
    }).notNull(),
    fromState: text("from_state", { enum: PROGRAM_STATES }),
    toState: text("to_state", { enum: PROGRAM_STATES }),
    note: text("note"),
    byUserId: integer("by_user_id").references(() => users.id, { onDelete: "set null" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("content_history_content_idx").on(t.kind, t.contentId, t.id)],
);

/**
 * A publication: content (a program, a plan or a message, by id) sent to
 * terminals, now or at `publishAt`. The terminals hold the ids of their
 * active publications (terminals.publication_ids), from which their manifest
 * is built; what became of it on each terminal is in publication_targets.
 */
export const publications = pgTable(
  "publications",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    officeId: integer("office_id")
      .notNull()
      .references(() => offices.id),
    kind: text("kind", { enum: ["program", "plan", "message"] }).notNull(),
    contentId: integer("content_id").notNull(),
    /** The publish name (unique in the tenant: reuploadProgramByPublishName finds it by name). */
    name: text("name").notNull(),
    /** The tenant's top office, for the name's uniqueness. */
    tenantId: integer("tenant_id")
      .notNull()
      .references(() => offices.id),
    state: text("state", { enum: ["scheduled", "active", "withdrawn"] }).notNull(),
    publishAt: timestamp("publish_at", { withTimezone: true }),
    activatedAt: timestamp("activated_at", { withTimezone: true }),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
    targetCount: integer("target_count").notNull().default(0),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("publications_tenant_name_uq").on(t.tenantId, t.name),
    index("publications_content_idx").on(t.kind, t.contentId, t.state),
    index("publications_office_idx").on(t.officeId, t.id),
  ],
);

/** What became of a publication on one terminal (see TARGET_STATES in the contracts). */
export const publicationTargets = pgTable(
  "publication_targets",
  {
    publicationId: integer("publication_id")
      .notNull()
      .references(() => publications.id, { onDelete: "cascade" }),
    terminalId: integer("terminal_id")
      .notNull()
      .references(() => terminals.id, { onDelete: "cascade" }),
    state: text("state", {
      enum: [
        "queued",
        "offline",
        "notified",
        "fetched",
        "downloading",
        "downloaded",
        "playing",
        "failed",
        "withdrawn",
      ],
    }).notNull(),
    done: integer("done"),
    total: integer("total"),
    reason: text("reason"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.publicationId, t.terminalId] }),
    index("publication_targets_terminal_idx").on(t.terminalId),
    index("publication_targets_state_idx").on(t.publicationId, t.state),
  ],
);
