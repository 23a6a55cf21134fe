import {
  bigint,
  bigserial,
  bit,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { terminals } from "./terminal";

/**
 * Statistics. Raw events stay where they are written (play_events,
 * audit_logs, page_views, terminal_online_spans); the console reads only the
 * daily roll-ups below, maintained by the roll-up job, so a year of 10,000
 * terminals answers from a few thousand rows. Days are calendar days in the
 * platform's `defaultTimezone`. Every roll-up row carries the office it was
 * counted under (the terminal's or user's office on that day), so figures of a
 * data range are a path-prefix join on offices.
 */

/** One connected stretch of a terminal: from the socket's accept to its last heartbeat (written with presence). */
export const terminalOnlineSpans = pgTable(
  "terminal_online_spans",
  {
    terminalId: integer("terminal_id")
      .notNull()
      .references(() => terminals.id, { onDelete: "cascade" }),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    endedAt: timestamp("ended_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.terminalId, t.startedAt] }),
    index("terminal_online_spans_ended_idx").on(t.endedAt),
  ],
);

/** Per terminal and day: seconds online, seconds scheduled on (its on/off timers), seconds online while scheduled. */
export const statTerminalDay = pgTable(
  "stat_terminal_day",
  {
    day: date("day", { mode: "string" }).notNull(),
    terminalId: integer("terminal_id").notNull(),
    officeId: integer("office_id").notNull(),
    onlineSec: integer("online_sec").notNull().default(0),
    scheduledSec: integer("scheduled_sec").notNull().default(0),
    onScheduledSec: integer("on_scheduled_sec").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.terminalId, t.day] }),
    index("stat_terminal_day_office_idx").on(t.officeId, t.day),
    index("stat_terminal_day_day_idx").on(t.day),
  ],
);

/** The columns of stat_terminal_day summed over a period (a week, a month) but the period's first day. */
const terminalPeriodColumns = () => ({
  terminalId: integer("terminal_id").notNull(),
  /** The office of the terminal's last day in the period. */
  officeId: integer("office_id").notNull(),
  onlineSec: bigint("online_sec", { mode: "number" }).notNull().default(0),
  scheduledSec: bigint("scheduled_sec", { mode: "number" }).notNull().default(0),
  onScheduledSec: bigint("on_scheduled_sec", { mode: "number" }).notNull().default(0),
  /** Days online (online_sec > 0). */
  days: integer("days").notNull().default(0),
});

/** The same per terminal and calendar month (first day of the month): long ranges read months, not days. */
export const statTerminalMonth = pgTable(
  "stat_terminal_month",
  { month: date("month", { mode: "string" }).notNull(), ...terminalPeriodColumns() },
  (t) => [
    primaryKey({ columns: [t.terminalId, t.month] }),
    index("stat_terminal_month_office_idx").on(t.officeId, t.month),
  ],
);

/**
 * The same per week (its Monday), for the days a range holds either side of
 * its whole months (cutWeeks): a year from any day reads a few weeks and at
 * most a dozen days a terminal, not about 31 days.
 */
export const statTerminalWeek = pgTable(
  "stat_terminal_week",
  { week: date("week", { mode: "string" }).notNull(), ...terminalPeriodColumns() },
  (t) => [
    primaryKey({ columns: [t.terminalId, t.week] }),
    // The weeks of a range, platform-wide or per office, from the index alone (online time's page).
    index("stat_terminal_week_cover_idx").on(t.week, t.officeId, t.terminalId, t.onlineSec, t.days),
  ],
);

/** Per office and day: the terminal figures summed (charts of a whole data range read these). */
export const statOfficeDay = pgTable(
  "stat_office_day",
  {
    day: date("day", { mode: "string" }).notNull(),
    officeId: integer("office_id").notNull(),
    /** Terminals counted under the office that day (authorised ones). */
    terminals: integer("terminals").notNull().default(0),
    /** Terminals online at some time of the day. */
    onlineTerminals: integer("online_terminals").notNull().default(0),
    /** Terminals with scheduled-on time that day. */
    scheduledTerminals: integer("scheduled_terminals").notNull().default(0),
    /** Of those, terminals that were online during their scheduled time. */
    startedTerminals: integer("started_terminals").notNull().default(0),
    onlineSec: bigint("online_sec", { mode: "number" }).notNull().default(0),
    scheduledSec: bigint("scheduled_sec", { mode: "number" }).notNull().default(0),
    onScheduledSec: bigint("on_scheduled_sec", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.officeId, t.day] }), index("stat_office_day_day_idx").on(t.day)],
);

/**
 * Proof of play per terminal and day: plays and milliseconds by program,
 * material and widget (kind scene | media | click; a click counts presses).
 * material_id 0 and widget_id '' stand for none (primary-key columns cannot be null).
 */
export const statPopDay = pgTable(
  "stat_pop_day",
  {
    day: date("day", { mode: "string" }).notNull(),
    terminalId: integer("terminal_id").notNull(),
    officeId: integer("office_id").notNull(),
    kind: text("kind", { enum: ["scene", "media", "click"] }).notNull(),
    programId: integer("program_id").notNull(),
    materialId: integer("material_id").notNull().default(0),
    widgetId: text("widget_id").notNull().default(""),
    plays: integer("plays").notNull().default(0),
    ms: bigint("ms", { mode: "number" }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.terminalId, t.day, t.kind, t.programId, t.materialId, t.widgetId] }),
    index("stat_pop_day_office_idx").on(t.officeId, t.day),
    index("stat_pop_day_day_idx").on(t.day),
    // Reach (distinct terminals of a page of programs or materials) reads these alone, not the whole range.
    // office_id before terminal_id: a customer's office filter is answered from the index, not the heap.
    index("stat_pop_day_program_reach_idx").on(t.kind, t.programId, t.day, t.officeId, t.terminalId),
    index("stat_pop_day_material_reach_idx").on(t.kind, t.materialId, t.day, t.officeId, t.terminalId),
  ],
);

/**
 * stat_pop_day per terminal and calendar month (first day of the month),
 * recomputed from it by the roll-up: per-terminal figures of a long range
 * read the whole months here and only the partial days at either end from
 * stat_pop_day. The office is part of the key, as a day row keeps the office
 * it was counted under: a terminal moved within a month has a row under each,
 * so an office filter counts the same days as over stat_pop_day.
 */
export const statPopMonth = pgTable(
  "stat_pop_month",
  {
    month: date("month", { mode: "string" }).notNull(),
    terminalId: integer("terminal_id").notNull(),
    officeId: integer("office_id").notNull(),
    kind: text("kind", { enum: ["scene", "media", "click"] }).notNull(),
    programId: integer("program_id").notNull(),
    materialId: integer("material_id").notNull().default(0),
    widgetId: text("widget_id").notNull().default(""),
    plays: bigint("plays", { mode: "number" }).notNull().default(0),
    ms: bigint("ms", { mode: "number" }).notNull().default(0),
    /** The first and last day of the month with a row in stat_pop_day (a summary's first and last day played). */
    firstDay: date("first_day", { mode: "string" }).notNull(),
    lastDay: date("last_day", { mode: "string" }).notNull(),
  },
  (t) => [
    primaryKey({
      columns: [t.terminalId, t.month, t.officeId, t.kind, t.programId, t.materialId, t.widgetId],
    }),
    index("stat_pop_month_office_idx").on(t.officeId, t.month),
    index("stat_pop_month_month_idx").on(t.month),
    index("stat_pop_month_program_reach_idx").on(t.kind, t.programId, t.month, t.officeId, t.terminalId),
    index("stat_pop_month_material_reach_idx").on(t.kind, t.materialId, t.month, t.officeId, t.terminalId),
  ],
);

/**
 * stat_pop_day without program, material and widget: a row per terminal,
 * day, office and kind. Reach (distinct terminals) and per-terminal figures
 * of a filter with no program or material read these (about one row per
 * terminal and day) instead of a row per program played; recomputed by the
 * roll-up for the (terminal, day) pairs it touches.
 */
export const statPopReachDay = pgTable(
  "stat_pop_reach_day",
  {
    day: date("day", { mode: "string" }).notNull(),
    terminalId: integer("terminal_id").notNull(),
    officeId: integer("office_id").notNull(),
    kind: text("kind", { enum: ["scene", "media", "click"] }).notNull(),
    plays: bigint("plays", { mode: "number" }).notNull().default(0),
    ms: bigint("ms", { mode: "number" }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.terminalId, t.day, t.officeId, t.kind] }),
    // Reach and per-terminal figures of a range (and of an office) from the index alone (covering).
    index("stat_pop_reach_day_cover_idx").on(t.kind, t.day, t.officeId, t.terminalId, t.plays, t.ms),
  ],
);

/**
 * The columns of a reach roll-up over a period (a week, a month) but the
 * period's first day: stat_pop_reach_day's summed, with the first and last
 * day of the period that has a row in stat_pop_reach_day.
 */
const reachPeriodColumns = () => ({
  terminalId: integer("terminal_id").notNull(),
  officeId: integer("office_id").notNull(),
  kind: text("kind", { enum: ["scene", "media", "click"] }).notNull(),
  plays: bigint("plays", { mode: "number" }).notNull().default(0),
  ms: bigint("ms", { mode: "number" }).notNull().default(0),
  firstDay: date("first_day", { mode: "string" }).notNull(),
  lastDay: date("last_day", { mode: "string" }).notNull(),
});

/**
 * stat_pop_reach_day per week (its Monday), for the days a range holds
 * either side of its whole months: a year from any day reads about 11
 * months, a few weeks and at most 12 days a terminal, not about 31 days.
 * Recomputed by the roll-up for the (terminal, week) pairs it touches.
 */
export const statPopReachWeek = pgTable(
  "stat_pop_reach_week",
  { week: date("week", { mode: "string" }).notNull(), ...reachPeriodColumns() },
  (t) => [
    primaryKey({ columns: [t.terminalId, t.week, t.officeId, t.kind] }),
    // As stat_pop_reach_month's: an index-only scan.
    index("stat_pop_reach_week_cover_idx").on(
      t.kind,
      t.week,
      t.officeId,
      t.terminalId,
      t.plays,
      t.ms,
      t.firstDay,
      t.lastDay,
    ),
  ],
);

/** stat_pop_reach_day per calendar month (first day of the month), as stat_pop_month is to stat_pop_day. */
export const statPopReachMonth = pgTable(
  "stat_pop_reach_month",
  { month: date("month", { mode: "string" }).notNull(), ...reachPeriodColumns() },
  (t) => [
    primaryKey({ columns: [t.terminalId, t.month, t.officeId, t.kind] }),
    // As stat_pop_reach_day's: the whole months of a summary by terminal are an index-only scan.
    index("stat_pop_reach_month_cover_idx").on(
      t.kind,
      t.month,
      t.officeId,
      t.terminalId,
      t.plays,
      t.ms,
      t.firstDay,
      t.lastDay,
    ),
  ],
);

/**
 * The days of a year (bit 1: 1 January … bit 366: 31 December of a leap
 * year) on which a terminal played a program, under the office it was
 * counted under: "terminals reached" of programs over any range is a count
 * of rows whose days meet the range's mask (at most two rows per terminal
 * and program for a range up to a year), not a distinct count over a month
 * of rows per program played. program_id 0 holds the days it played any
 * program (the reach of a summary by terminal or office, or of a whole
 * summary). Bits are only ever set: OR-ed in by the
 * roll-up from the stat_pop_day rows of the (terminal, day) pairs it
 * touches, so a day rolled again (today) stays exact.
 */
export const statPopProgramReach = pgTable(
  "stat_pop_program_reach",
  {
    kind: text("kind", { enum: ["scene", "media", "click"] }).notNull(),
    programId: integer("program_id").notNull(),
    year: integer("year").notNull(),
    officeId: integer("office_id").notNull(),
    terminalId: integer("terminal_id").notNull(),
    days: bit("days", { dimensions: 366 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.programId, t.year, t.officeId, t.terminalId] }),
    // The bits in the index: reach reads a row per terminal and year from it, not a heap page per row.
    index("stat_pop_program_reach_cover_idx").on(
      t.kind,
      t.programId,
      t.year,
      t.officeId,
      t.terminalId,
      t.days,
    ),
  ],
);

/**
 * stat_pop_program_reach per material: the days a terminal played a
 * material. material_id 0 holds the days it played any material (not "no
 * material" as in stat_pop_day): the reach of a summary by material.
 */
export const statPopMaterialReach = pgTable(
  "stat_pop_material_reach",
  {
    kind: text("kind", { enum: ["scene", "media", "click"] }).notNull(),
    materialId: integer("material_id").notNull(),
    year: integer("year").notNull(),
    officeId: integer("office_id").notNull(),
    terminalId: integer("terminal_id").notNull(),
    days: bit("days", { dimensions: 366 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.materialId, t.year, t.officeId, t.terminalId] }),
    index("stat_pop_material_reach_cover_idx").on(
      t.kind,
      t.materialId,
      t.year,
      t.officeId,
      t.terminalId,
      t.days,
    ),
  ],
);

/** Proof of play per office and day (terminals summed): by program, material and office over long ranges. */
export const statPopOfficeDay = pgTable(
  "stat_pop_office_day",
  {
    day: date("day", { mode: "string" }).notNull(),
    officeId: integer("office_id").notNull(),
    kind: text("kind", { enum: ["scene", "media", "click"] }).notNull(),
    programId: integer("program_id").notNull(),
    materialId: integer("material_id").notNull().default(0),
    widgetId: text("widget_id").notNull().default(""),
    plays: bigint("plays", { mode: "number" }).notNull().default(0),
    ms: bigint("ms", { mode: "number" }).notNull().default(0),
    /** Distinct terminals that played it that day. */
    terminals: integer("terminals").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.officeId, t.day, t.kind, t.programId, t.materialId, t.widgetId] }),
    index("stat_pop_office_day_day_idx").on(t.day),
    // A summary by program, material or office and its daily series: one kind's range, index-only.
    index("stat_pop_office_day_cover_idx").on(
      t.kind,
      t.day,
      t.officeId,
      t.programId,
      t.materialId,
      t.plays,
      t.ms,
    ),
  ],
);

/**
 * stat_pop_office_day per calendar month (its first day) and widget, its materials summed: the widget
 * figures (use and clicks) over a long range read a range's whole months here and only the days either
 * side from stat_pop_office_day, a few rows a widget and office instead of one a day and material.
 * Recomputed by the roll-up from the days for the (office, month) pairs a pass touched.
 */
export const statPopWidgetMonth = pgTable(
  "stat_pop_widget_month",
  {
    month: date("month", { mode: "string" }).notNull(),
    officeId: integer("office_id").notNull(),
    kind: text("kind", { enum: ["scene", "media", "click"] }).notNull(),
    programId: integer("program_id").notNull(),
    widgetId: text("widget_id").notNull(),
    plays: bigint("plays", { mode: "number" }).notNull().default(0),
    ms: bigint("ms", { mode: "number" }).notNull().default(0),
    /**
     * The days' `terminals` summed: terminal-days (a terminal that pressed it on three days counts three).
     * Read for clicks, which carry no material; a media widget's terminal counts once per material.
     */
    terminalDays: integer("terminal_days").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.officeId, t.month, t.kind, t.programId, t.widgetId] }),
    index("stat_pop_widget_month_month_idx").on(t.month, t.kind),
  ],
);

/** Console page views reported by the console (beacon), raw; rolled up into stat_page_day. */
export const pageViews = pgTable(
  "page_views",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: integer("user_id").notNull(),
    officeId: integer("office_id").notNull(),
    /** The route name (menu name), never a URL with ids. */
    page: text("page").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
  },
  (t) => [index("page_views_at_idx").on(t.at), index("page_views_user_idx").on(t.userId, t.at)],
);

/** Per user and day: sign-ins, page views and audited actions (from audit_logs and page_views). */
export const statUserDay = pgTable(
  "stat_user_day",
  {
    day: date("day", { mode: "string" }).notNull(),
    userId: integer("user_id").notNull(),
    officeId: integer("office_id").notNull(),
    logins: integer("logins").notNull().default(0),
    pageViews: integer("page_views").notNull().default(0),
    actions: integer("actions").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.day] }),
    index("stat_user_day_office_idx").on(t.officeId, t.day),
    index("stat_user_day_day_idx").on(t.day),
  ],
);

/** Per user, day and page: views. */
export const statPageDay = pgTable(
  "stat_page_day",
  {
    day: date("day", { mode: "string" }).notNull(),
    userId: integer("user_id").notNull(),
    officeId: integer("office_id").notNull(),
    page: text("page").notNull(),
    views: integer("views").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.day, t.page] }),
    index("stat_page_day_office_idx").on(t.officeId, t.day),
  ],
);

/** Per office, day and material type: library materials held at the end of the day (storage growth). */
export const statMaterialDay = pgTable(
  "stat_material_day",
  {
    day: date("day", { mode: "string" }).notNull(),
    officeId: integer("office_id").notNull(),
    type: text("type").notNull(),
    count: integer("count").notNull().default(0),
    bytes: bigint("bytes", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.officeId, t.day, t.type] }), index("stat_material_day_day_idx").on(t.day)],
);

/** How far each roll-up has read its raw events (one row per roll-up name). */
export const statRollupState = pgTable("stat_rollup_state", {
  name: text("name").primaryKey(),
  /** Raw events up to here are counted (exclusive). */
  watermark: timestamp("watermark", { withTimezone: true }).notNull(),
  /** A raw id watermark where the source has one (play_events.id, page_views.id, audit_logs.id). */
  lastId: bigint("last_id", { mode: "number" }).notNull().default(0),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
