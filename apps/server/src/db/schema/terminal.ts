import type { TerminalStatus } from "@marquee/terminal-protocol";
import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { offices } from "./offices";
import { users } from "./users";

/** Groups of terminals: a tree per office, for choosing screens and filtering lists. */
export const terminalGroups = pgTable(
  "terminal_groups",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    officeId: integer("office_id")
      .notNull()
      .references(() => offices.id),
    parentId: integer("parent_id"),
    name: text("name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("terminal_groups_office_idx").on(t.officeId, t.parentId)],
);

/**
 * Screens (issue 6). A terminal registers with its device id and gets a token
 * (stored hashed); it is "pending" in the platform office until an operator
 * authorises it into an office and group by its enrolment code (or the
 * free-access setting admits it). Presence (online, lastSeenAt, status) is
 * held in memory by the process holding the socket and written here in batches.
 */
export const terminals = pgTable(
  "terminals",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    officeId: integer("office_id")
      .notNull()
      .references(() => offices.id),
    groupId: integer("group_id").references(() => terminalGroups.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    deviceId: text("device_id").notNull(),
    tokenHash: text("token_hash").notNull(),
    /** Shown on the screen while pending; the operator types it to authorise this screen. */
    enrolCode: text("enrol_code").notNull(),
    state: text("state", { enum: ["pending", "authorised", "disabled"] })
      .notNull()
      .default("pending"),
    model: text("model").notNull(),
    version: text("version").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** The last status it reported. */
    status: jsonb("status").$type<TerminalStatus>(),
    online: boolean("online").notNull().default(false),
    /** Reported a fault that is not cleared (shown as "fault" in the counts). */
    fault: text("fault"),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }),
    connectedAt: timestamp("connected_at", { withTimezone: true }),
    ip: text("ip"),
    /** What it plays until play plans exist (issue 7): programs chosen for it, in order. */
    programIds: integer("program_ids").array().notNull().default(sql`'{}'::integer[]`),
    /** Active publications that reach this terminal (issue 7): its manifest is built from them. */
    publicationIds: integer("publication_ids").array().notNull().default(sql`'{}'::integer[]`),
    /** IANA time zone its plans are read in; null: the one the player reports, else the system default. */
    timezone: text("timezone"),
    screenshotMd5: text("screenshot_md5"),
    screenshotAt: timestamp("screenshot_at", { withTimezone: true }),
    authorisedBy: integer("authorised_by").references(() => users.id, { onDelete: "set null" }),
    authorisedAt: timestamp("authorised_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("terminals_device_uq").on(t.deviceId),
    uniqueIndex("terminals_token_uq").on(t.tokenHash),
    uniqueIndex("terminals_enrol_uq").on(t.enrolCode),
    index("terminals_office_idx").on(t.officeId, t.id),
    index("terminals_group_idx").on(t.groupId),
    index("terminals_state_idx").on(t.state, t.online),
    index("terminals_publications_idx").using("gin", t.publicationIds),
  ],
);

/** Commands sent to terminals and what became of each, per terminal (operators see every outcome). */
export const terminalCommands = pgTable(
  "terminal_commands",
  {
    id: text("id").primaryKey(),
    terminalId: integer("terminal_id")
      .notNull()
      .references(() => terminals.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    args: jsonb("args").$type<Record<string, unknown>>().notNull(),
    /** queued (not yet on the socket), sent, done, failed (with reason), timeout, offline (not connected). */
    state: text("state", { enum: ["queued", "sent", "done", "failed", "timeout", "offline"] })
      .notNull()
      .default("queued"),
    reason: text("reason"),
    data: jsonb("data").$type<Record<string, unknown>>(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp("done_at", { withTimezone: true }),
  },
  (t) => [index("terminal_commands_terminal_idx").on(t.terminalId, t.createdAt)],
);

/** Events terminals reported (faults, download failures…); alarms are built on them in Terminals II. */
export const terminalEvents = pgTable(
  "terminal_events",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    terminalId: integer("terminal_id")
      .notNull()
      .references(() => terminals.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    message: text("message").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
  },
  (t) => [index("terminal_events_terminal_idx").on(t.terminalId, t.at)],
);

/** Proof of play, as the players report it (statistics roll it up in issue 10). */
export const playEvents = pgTable(
  "play_events",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    terminalId: integer("terminal_id")
      .notNull()
      .references(() => terminals.id, { onDelete: "cascade" }),
    programId: integer("program_id").notNull(),
    sceneId: text("scene_id").notNull(),
    widgetId: text("widget_id"),
    materialId: integer("material_id"),
    kind: text("kind", { enum: ["scene", "media", "click"] }).notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    ms: integer("ms").notNull(),
  },
  (t) => [index("play_events_terminal_at_idx").on(t.terminalId, t.at)],
);
