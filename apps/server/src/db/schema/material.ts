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
import { users } from "./users";

/** Folders of the media library, a tree per tenant office. */
export const materialFolders = pgTable(
  "material_folders",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    officeId: integer("office_id")
      .notNull()
      .references(() => offices.id),
    parentId: integer("parent_id"),
    name: text("name").notNull(),
    createdBy: integer("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("material_folders_office_idx").on(t.officeId, t.parentId)],
);

/** Materials: uploaded files (stored once by MD5) or addresses (web pages, streams). */
export const materials = pgTable(
  "materials",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    officeId: integer("office_id")
      .notNull()
      .references(() => offices.id),
    folderId: integer("folder_id"),
    name: text("name").notNull(),
    type: text("type", { enum: ["image", "video", "audio", "document", "web", "stream"] }).notNull(),
    md5: text("md5"),
    size: bigint("size", { mode: "number" }).notNull().default(0),
    mime: text("mime"),
    url: text("url"),
    width: integer("width"),
    height: integer("height"),
    durationMs: integer("duration_ms"),
    codec: text("codec"),
    /** library: the media library; widget: images of widgets, kept out of the library lists. */
    purpose: text("purpose", { enum: ["library", "widget"] })
      .notNull()
      .default("library"),
    thumbMd5: text("thumb_md5"),
    reviewState: text("review_state", { enum: ["pending", "approved", "rejected"] })
      .notNull()
      .default("approved"),
    reviewNote: text("review_note"),
    reviewedBy: integer("reviewed_by"),
    convertState: text("convert_state", { enum: ["none", "queued", "running", "done", "failed"] })
      .notNull()
      .default("none"),
    convertProgress: integer("convert_progress").notNull().default(0),
    convertError: text("convert_error"),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("materials_office_idx").on(t.officeId, t.id),
    index("materials_folder_idx").on(t.folderId),
    index("materials_md5_idx").on(t.md5, t.size),
    index("materials_review_idx").on(t.reviewState),
    // The library's lists: the count of a range read from the index alone, and a page in the default
    // order (newest first) or by name read in index order rather than sorting the whole range.
    index("materials_library_office_idx").on(t.officeId, t.id).where(sql`${t.purpose} = 'library'`),
    index("materials_library_created_idx").on(t.createdAt, t.id).where(sql`${t.purpose} = 'library'`),
    index("materials_library_name_idx").on(t.name, t.id).where(sql`${t.purpose} = 'library'`),
    // By size, and a count of one type in a range (the list's type filter) from the index alone.
    index("materials_library_size_idx").on(t.size, t.id).where(sql`${t.purpose} = 'library'`),
    index("materials_library_office_type_idx")
      .on(t.officeId, t.type, t.id)
      .where(sql`${t.purpose} = 'library'`),
  ],
);

/**
 * How many library materials each office has per folder, uploader, type and review state: the exact total
 * of a library list filtered by nothing else (its range, a folder, a type, a review state, an uploader),
 * summed from a few rows instead of counting thousands of materials on every page. Kept by statement
 * triggers on materials (migration 0036), so every insert, update and delete of a material moves its count
 * in the same transaction, whoever writes it. No folder and no uploader count under 0.
 */
export const materialCounts = pgTable(
  "material_counts",
  {
    officeId: integer("office_id").notNull(),
    folderId: integer("folder_id").notNull(),
    createdBy: integer("created_by").notNull(),
    type: text("type").notNull(),
    reviewState: text("review_state").notNull(),
    n: bigint("n", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.officeId, t.folderId, t.createdBy, t.type, t.reviewState] })],
);

/** Chunked uploads in progress: which chunks have arrived (resumable across reloads and restarts). */
export const uploads = pgTable(
  "uploads",
  {
    id: text("id").primaryKey(),
    officeId: integer("office_id").notNull(),
    userId: integer("user_id").notNull(),
    md5: text("md5").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    name: text("name").notNull(),
    folderId: integer("folder_id"),
    chunkSize: integer("chunk_size").notNull(),
    chunkCount: integer("chunk_count").notNull(),
    /** What the file becomes: a library material, a widget image, or the uploader's avatar. */
    purpose: text("purpose", { enum: ["library", "widget", "personal"] })
      .notNull()
      .default("library"),
    received: integer("received").array().notNull().default(sql`'{}'::integer[]`),
    /**
     * Finishing: one request at a time holds the upload until this instant (a lease, so that a process
     * killed while finishing does not hold it for ever). Null while chunks are still arriving.
     */
    finishingUntil: timestamp("finishing_until", { withTimezone: true }),
    /**
     * The whole file was checked against its MD5 and its type (set before it moves into the store): a
     * finish cut short by a crash resumes from here without reading the file again.
     */
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    /**
     * On a bucket: the multipart upload the chunks are parts of, and each received part's ETag by chunk
     * index, so that any process can finish (or abort) it. Null on the local store.
     */
    multipartId: text("multipart_id"),
    parts: jsonb("parts").$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The last chunk or check: a sweep expires uploads untouched for long (with their chunk files). */
    touchedAt: timestamp("touched_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("uploads_user_file_uq").on(t.userId, t.md5, t.size, t.folderId, t.purpose)],
);

/** Where a material is used (programs, plans, widgets fill it); a used material is not deleted unless forced. */
export const materialRefs = pgTable(
  "material_refs",
  {
    materialId: integer("material_id")
      .notNull()
      .references(() => materials.id, { onDelete: "cascade" }),
    ownerType: text("owner_type").notNull(),
    ownerId: integer("owner_id").notNull(),
    ownerName: text("owner_name").notNull(),
  },
  (t) => [uniqueIndex("material_refs_uq").on(t.materialId, t.ownerType, t.ownerId)],
);
