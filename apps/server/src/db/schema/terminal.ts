import { type DeviceSettings, RUNWAY_REASONS, type StrategyDoc } from "@marquee/schedule";
import type { TerminalStatus, WallCell } from "@marquee/terminal-protocol";
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
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
 * Screens. A terminal registers with its device id and gets a token
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
    /**
     * The server process that holds its socket (server_processes): a terminal counts as online only while
     * that process lives, so what a killed process left says nothing once it is known dead.
     */
    heldBy: uuid("held_by"),
    ip: text("ip"),
    /** What it plays until play plans exist: programs chosen for it, in order. */
    programIds: integer("program_ids").array().notNull().default(sql`'{}'::integer[]`),
    /** Active publications that reach this terminal: its manifest is built from them. */
    publicationIds: integer("publication_ids").array().notNull().default(sql`'{}'::integer[]`),
    /** IANA time zone its plans are read in; null: the one the player reports, else the system default. */
    timezone: text("timezone"),
    /** Settings set on this terminal (terminalSet); its strategy's lie under them. */
    settings: jsonb("settings").$type<DeviceSettings>().notNull().default({}),
    /** The strategy it follows, if any. */
    strategyId: integer("strategy_id").references(() => strategies.id, { onDelete: "set null" }),
    /**
     * Played now above the schedule (doProgramPlayNow, synchronized broadcast): a program (null: none),
     * and messages shown now (doMessagePlayNow), each until its `until` (ISO; null: until stopped).
     */
    playNow: jsonb("play_now").$type<{
      programId: number | null;
      until: string | null;
      startAt: number | null;
      messages?: Array<{ messageId: number; until: string | null }>;
      /** Video walls: the wall this play-now is the program of, and this screen's crop of it. */
      wall?: WallCell | null;
    }>(),
    /** Where it stands: placed by hand, reported by the device, or unknown. */
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    address: text("address"),
    positionSource: text("position_source", { enum: ["manual", "device"] }),
    positionAt: timestamp("position_at", { withTimezone: true }),
    screenshotMd5: text("screenshot_md5"),
    screenshotAt: timestamp("screenshot_at", { withTimezone: true }),
    authorisedBy: integer("authorised_by").references(() => users.id, { onDelete: "set null" }),
    authorisedAt: timestamp("authorised_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    // Offline runway (issue 24, docs/runway.md): until when it plays correctly without the network.
    /** Null: beyond the horizon (reason 'beyond') or not computed yet (runway_at null). */
    runwayUntil: timestamp("runway_until", { withTimezone: true }),
    runwayReason: text("runway_reason", { enum: RUNWAY_REASONS }),
    /** The plan, message or data source that ends it. */
    runwayName: text("runway_name"),
    /** The screen holds an older manifest than the current one (or none). */
    runwayBehind: boolean("runway_behind"),
    runwayAt: timestamp("runway_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("terminals_device_uq").on(t.deviceId),
    uniqueIndex("terminals_token_uq").on(t.tokenHash),
    uniqueIndex("terminals_enrol_uq").on(t.enrolCode),
    index("terminals_office_idx").on(t.officeId, t.id),
    index("terminals_group_idx").on(t.groupId),
    index("terminals_state_idx").on(t.state, t.online),
    // The list's default order (by name), read in index order.
    index("terminals_name_idx").on(t.name, t.id),
    // No index on publication_ids (the holders of a publication are read through publication_targets),
    // and pages filled to 70 % (migration 0035): most writes of publication_ids, status or settings are
    // then HOT updates, the new row version on the same page and no index touched.
  ],
);

/** Strategies: named sets of timed settings terminals follow (on/off per weekday, volume by hour, brightness). */
export const strategies = pgTable(
  "strategies",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    officeId: integer("office_id")
      .notNull()
      .references(() => offices.id),
    name: text("name").notNull(),
    remarks: text("remarks"),
    doc: jsonb("doc").$type<StrategyDoc>().notNull().default({}),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("strategies_office_idx").on(t.officeId)],
);

/**
 * Alarms: raised by rules (offline too long, storage low) and by
 * terminals' events (download failed, playback error, fault). At most one
 * open alarm per terminal and kind: a repeat counts up and moves lastAt.
 */
export const alarms = pgTable(
  "alarms",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    terminalId: integer("terminal_id")
      .notNull()
      .references(() => terminals.id, { onDelete: "cascade" }),
    /** The terminal's office when raised (tenant filter without a join). */
    officeId: integer("office_id")
      .notNull()
      .references(() => offices.id),
    kind: text("kind", {
      enum: ["offline", "storageLow", "downloadFailed", "playbackError", "fault", "runwayLow"],
    }).notNull(),
    state: text("state", { enum: ["open", "cleared"] })
      .notNull()
      .default("open"),
    message: text("message").notNull(),
    detail: jsonb("detail").$type<Record<string, unknown>>(),
    count: integer("count").notNull().default(1),
    raisedAt: timestamp("raised_at", { withTimezone: true }).notNull(),
    lastAt: timestamp("last_at", { withTimezone: true }).notNull(),
    clearedAt: timestamp("cleared_at", { withTimezone: true }),
    /** null: cleared by the rule itself (the terminal came back, storage was freed). */
    clearedBy: integer("cleared_by").references(() => users.id, { onDelete: "set null" }),
    clearNote: text("clear_note"),
  },
  (t) => [
    index("alarms_office_idx").on(t.officeId, t.raisedAt),
    index("alarms_terminal_idx").on(t.terminalId, t.kind),
    uniqueIndex("alarms_open_uq").on(t.terminalId, t.kind).where(sql`state = 'open'`),
  ],
);

/** Player update packages (sendDedicatedApk): uploaded once, pushed to terminals with the update command. */
export const playerPackages = pgTable("player_packages", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  officeId: integer("office_id")
    .notNull()
    .references(() => offices.id),
  name: text("name").notNull(),
  version: text("version").notNull(),
  /** Which players it is for (a model, or "web"). */
  model: text("model"),
  md5: text("md5").notNull(),
  sha256: text("sha256").notNull(),
  size: bigint("size", { mode: "number" }).notNull(),
  notes: text("notes"),
  createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Synchronized broadcasts: one program started at one server-clock instant on a group of terminals. */
export const syncSessions = pgTable(
  "sync_sessions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    officeId: integer("office_id")
      .notNull()
      .references(() => offices.id),
    programId: integer("program_id").notNull(),
    terminalIds: integer("terminal_ids").array().notNull(),
    /** The start instant, server clock. */
    startAt: timestamp("start_at", { mode: "date", withTimezone: true, precision: 3 }).notNull(),
    /** The commands sent (one per terminal): their acks carry each player's measured offset. */
    commandIds: text("command_ids").array().notNull().default(sql`'{}'::text[]`),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sync_sessions_office_idx").on(t.officeId, t.createdAt)],
);

/** Commands sent to terminals and what became of each, per terminal (operators see every outcome). */
export const terminalCommands = pgTable(
  "terminal_commands",
  {
    id: text("id").primaryKey(),
    terminalId: integer("terminal_id")
      .notNull()
      .references(() => terminals.id, { onDelete: "cascade" }),
    /** The terminal's office when the command was sent: the history stays with the tenant that sent it. */
    officeId: integer("office_id")
      .notNull()
      .references(() => offices.id),
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
    /**
     * When its own timeout ends it: a command still waiting then ends by itself, whichever process sent
     * it and whether that process still lives (a sweep, not a timer in the sender's memory).
     */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    doneAt: timestamp("done_at", { withTimezone: true }),
  },
  (t) => [
    index("terminal_commands_terminal_idx").on(t.terminalId, t.createdAt),
    index("terminal_commands_office_idx").on(t.officeId, t.createdAt),
    index("terminal_commands_waiting_idx").on(t.expiresAt).where(sql`${t.state} in ('queued', 'sent')`),
  ],
);

/** Events terminals reported (faults, download failures…); alarms are built on them in Terminals II. */
export const terminalEvents = pgTable(
  "terminal_events",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    terminalId: integer("terminal_id")
      .notNull()
      .references(() => terminals.id, { onDelete: "cascade" }),
    /** The terminal's office when it reported: reports stay with the tenant the screen served then. */
    officeId: integer("office_id")
      .notNull()
      .references(() => offices.id),
    kind: text("kind").notNull(),
    message: text("message").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
  },
  (t) => [index("terminal_events_terminal_idx").on(t.terminalId, t.at)],
);

/**
 * Screenshots of screens, kept by how they were taken: asked for by an
 * operator (manual), by the strategy's timer (scheduled) or by monitoring
 * (monitor). The file lives in storage by its MD5; the office is the screen's
 * when it was taken, so the picture stays with the tenant it showed.
 */
export const terminalScreenshots = pgTable(
  "terminal_screenshots",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    terminalId: integer("terminal_id")
      .notNull()
      .references(() => terminals.id, { onDelete: "cascade" }),
    officeId: integer("office_id")
      .notNull()
      .references(() => offices.id),
    kind: text("kind", { enum: ["manual", "scheduled", "monitor"] }).notNull(),
    md5: text("md5").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    // Screen truth (issue 24): what the player says it was showing when it drew the picture (null: older players).
    programId: integer("program_id"),
    sceneId: text("scene_id"),
    shownAt: timestamp("shown_at", { withTimezone: true, precision: 3 }),
    screenOn: boolean("screen_on"),
    manifestVersion: text("manifest_version"),
  },
  (t) => [
    index("terminal_screenshots_office_idx").on(t.officeId, t.at),
    index("terminal_screenshots_terminal_idx").on(t.terminalId, t.at),
  ],
);

/** Proof of play, as the players report it (the statistics roll it up). */
export const playEvents = pgTable(
  "play_events",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    terminalId: integer("terminal_id")
      .notNull()
      .references(() => terminals.id, { onDelete: "cascade" }),
    /** The terminal's office when it played: proof of play stays with the tenant whose content played. */
    officeId: integer("office_id").notNull(),
    programId: integer("program_id").notNull(),
    sceneId: text("scene_id").notNull(),
    widgetId: text("widget_id"),
    materialId: integer("material_id"),
    kind: text("kind", { enum: ["scene", "media", "click"] }).notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    ms: integer("ms").notNull(),
  },
  (t) => [
    index("play_events_terminal_at_idx").on(t.terminalId, t.at),
    // The roll-up reads new events by id; reports of raw rows (proof-of-play detail) by time: BRIN stays small at 50M rows.
    index("play_events_at_brin").using("brin", t.at),
  ],
);
