import { PROGRAM_STATES } from "@marquee/contracts";
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
import { materials } from "./material";
import { offices } from "./offices";
import { users } from "./users";

/**
 * Programs: the document as built in the editor, with the figures
 * the lists show kept next to it so a list never reads the documents.
 */
export const programs = pgTable(
  "programs",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    officeId: integer("office_id")
      .notNull()
      .references(() => offices.id),
    name: text("name").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    state: text("state", { enum: PROGRAM_STATES }).notNull().default("draft"),
    /** Raised by every save; a save of an older version is refused unless forced. */
    version: integer("version").notNull().default(1),
    doc: jsonb("doc").notNull(),
    sceneCount: integer("scene_count").notNull().default(0),
    widgetCount: integer("widget_count").notNull().default(0),
    mediaBytes: bigint("media_bytes", { mode: "number" }).notNull().default(0),
    /** The WebP thumbnail in the media store (by MD5); null until one was rendered. */
    thumbMd5: text("thumb_md5"),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("programs_office_idx").on(t.officeId, t.id),
    index("programs_state_idx").on(t.state),
    index("programs_updated_idx").on(t.updatedAt),
  ],
);

/** A tenant's choices for each widget type: enabled, default props, its palette image. */
export const widgetSettings = pgTable(
  "widget_settings",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** The tenant: the top office of the tenant (its customer or agent, else the platform). */
    officeId: integer("office_id")
      .notNull()
      .references(() => offices.id),
    type: text("type").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    defaults: jsonb("defaults").notNull().default({}),
    iconMaterialId: integer("icon_material_id").references(() => materials.id, { onDelete: "set null" }),
    updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("widget_settings_office_type_uq").on(t.officeId, t.type)],
);
