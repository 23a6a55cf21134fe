import type { WallBezel } from "@marquee/contracts";
import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { offices } from "./offices";
import { terminals } from "./terminal";
import { users } from "./users";

/**
 * Video walls (docs/video-walls.md): screens in a grid showing one program made at the wall's whole
 * resolution, each its crop of it, the bezels compensated; what plays is each screen's play-now.
 */
export const walls = pgTable(
  "walls",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    officeId: integer("office_id")
      .notNull()
      .references(() => offices.id),
    name: text("name").notNull(),
    rows: integer("rows").notNull(),
    cols: integer("cols").notNull(),
    /** Each screen's bezels (mm), every side. */
    bezelMm: jsonb("bezel_mm").$type<WallBezel>().notNull(),
    /** The visible area of one screen (mm). */
    screenWidthMm: doublePrecision("screen_width_mm").notNull(),
    screenHeightMm: doublePrecision("screen_height_mm").notNull(),
    /** The whole wall's resolution (px). */
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** What it plays (the last publication) and from which instant (server clock); null: nothing. */
    programId: integer("program_id"),
    startAt: timestamp("start_at", { mode: "date", withTimezone: true, precision: 3 }),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("walls_office_idx").on(t.officeId)],
);

/** The screens of a wall: a terminal belongs to one wall at most, one per cell. */
export const wallScreens = pgTable(
  "wall_screens",
  {
    wallId: integer("wall_id")
      .notNull()
      .references(() => walls.id, { onDelete: "cascade" }),
    terminalId: integer("terminal_id")
      .notNull()
      .references(() => terminals.id, { onDelete: "cascade" }),
    row: integer("row").notNull(),
    col: integer("col").notNull(),
  },
  (t) => [
    uniqueIndex("wall_screens_terminal_idx").on(t.terminalId),
    uniqueIndex("wall_screens_cell_idx").on(t.wallId, t.row, t.col),
  ],
);
