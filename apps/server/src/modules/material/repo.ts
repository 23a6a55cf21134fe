import type { Material, MaterialListQuery } from "@marquee/contracts";
import { and, asc, count, desc, eq, gte, ilike, inArray, lte, type SQL, sql } from "drizzle-orm";
import {
  materialCounts,
  materialFolders,
  materialRefs,
  materials,
  notifications,
  offices,
  uploads,
  users,
} from "../../db/schema";
import type { Actor } from "../../platform/actor";
import type { Db, Tx } from "../../platform/db";
import { allFound, notFound } from "../../platform/errors";
import { type RawJson, rawJson } from "../../platform/read-cache";
import type { Services } from "../../platform/services";
import { anyOf, filterTotal, isoTime, likeEscape, userName } from "../../platform/sql";
import { officeVisible, scope } from "../../platform/tenancy";

export type MaterialRow = typeof materials.$inferSelect;

/** A material as the API answers it. */
export function toMaterial(r: MaterialRow, uploaderName: string | null): Material {
  const isFile = r.md5 !== null;
  return {
    id: r.id,
    name: r.name,
    type: r.type,
    folderId: r.folderId,
    officeId: r.officeId,
    size: r.size,
    md5: r.md5,
    mime: r.mime,
    url: r.url,
    width: r.width,
    height: r.height,
    durationMs: r.durationMs,
    codec: r.codec,
    thumbUrl: r.thumbMd5 ? `/apm-web/a/api/fileInfosa/getFileHandlex?id=${r.id}` : null,
    fileUrl: isFile ? `/apm-web/a/api/fileInfosa/getFile?id=${r.id}` : r.url,
    reviewState: r.reviewState,
    reviewNote: r.reviewNote,
    convertState: r.convertState,
    convertProgress: r.convertProgress,
    convertError: r.convertError,
    uploaderId: r.createdBy,
    uploaderName,
    createDate: r.createdAt.toISOString(),
  };
}

/** Materials by id that the actor may see; others are reported as missing (nothing leaks across tenants). */
export async function findMaterials(db: Db, actor: Actor, ids: number[]): Promise<MaterialRow[]> {
  const rows = await db
    .select()
    .from(materials)
    .where(and(inArray(materials.id, ids), scope(actor, materials)));
  return allFound(rows, ids, "material");
}

/** A folder the actor may use, or 400 when it is not theirs or gone. */
export async function findFolder(db: Db, actor: Actor, id: number) {
  const [f] = await db.select().from(materialFolders).where(eq(materialFolders.id, id));
  if (!f || !officeVisible(actor, f.officeId)) throw notFound("folder", id);
  return f;
}

/** Names of uploaders, by id. */
export async function uploaderNames(db: Db, ids: Array<number | null>): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((i): i is number => i !== null))];
  if (!wanted.length) return new Map();
  const rows = await db.select({ id: users.id, name: users.name }).from(users).where(anyOf(users.id, wanted));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * The storage an office's files count against: its tenant's, with the
 * tenant's capacity (null: unlimited). The tenant's path covers the files of
 * the tenants below it too (an agent's storage holds its customers').
 */
export async function storageOf(services: Services, officeId: number) {
  const tenantId = (await services.tree.tenantOf(officeId))?.id ?? officeId;
  const node = await services.tree.get(tenantId);
  const [row] = await services.db
    .select({ capacity: offices.capacityBytes })
    .from(offices)
    .where(eq(offices.id, tenantId));
  return { tenantId, path: node?.path ?? "/", capacity: row?.capacity ?? null };
}

/** Bytes the tenant's materials take (each stored file counted once). */
export async function usedBytes(services: Services, tenantPath: string): Promise<number> {
  const r = await services.db.execute<{ used: string | null }>(sql`
    select coalesce(sum(size), 0)::text as used from (
      select distinct on (m.md5) m.size from materials m join offices o on o.id = m.office_id
      where o.path like ${`${tenantPath}%`} and m.md5 is not null
    ) f`);
  return Number(r.rows[0]?.used ?? 0);
}

/** The folders the actor may see, by name. */
export const folderList = (db: Db, actor: Actor) =>
  db
    .select({ id: materialFolders.id, parentId: materialFolders.parentId, name: materialFolders.name })
    .from(materialFolders)
    .where(scope(actor, materialFolders))
    .orderBy(asc(materialFolders.name));

/** Renames (and, when given, moves) a folder. */
export async function updateFolder(db: Db, id: number, name: string, parentId: number | undefined) {
  const [folder] = await db
    .update(materialFolders)
    .set({ name, ...(parentId !== undefined ? { parentId } : {}) })
    .where(eq(materialFolders.id, id))
    .returning();
  return folder;
}

/** Creates a folder in the actor's office. */
export async function insertFolder(db: Db, actor: Actor, parentId: number | null, name: string) {
  const [folder] = await db
    .insert(materialFolders)
    .values({ officeId: actor.officeId, parentId, name, createdBy: actor.userId })
    .returning();
  return folder;
}

/** Whether a folder holds sub-folders or materials. */
export async function folderHoldsAnything(db: Db, id: number): Promise<boolean> {
  const [kids] = await db
    .select({ n: count() })
    .from(materialFolders)
    .where(eq(materialFolders.parentId, id));
  const [items] = await db.select({ n: count() }).from(materials).where(eq(materials.folderId, id));
  return (kids?.n ?? 0) > 0 || (items?.n ?? 0) > 0;
}

export async function deleteFolders(db: Db, ids: number[]): Promise<void> {
  await db.delete(materialFolders).where(inArray(materialFolders.id, ids));
}

const SORT = {
  createDate: materials.createdAt,
  name: materials.name,
  size: materials.size,
  type: materials.type,
} as const;

function listWhere(actor: Actor, q: typeof MaterialListQuery._zod.output, pendingOnly: boolean) {
  // Widget images live in the same store but not in the library.
  const c: (SQL | undefined)[] = [scope(actor, materials), eq(materials.purpose, "library")];
  if (q.folderId !== undefined) c.push(eq(materials.folderId, q.folderId));
  if (q.name) c.push(ilike(materials.name, `%${likeEscape(q.name)}%`));
  if (q.type) c.push(eq(materials.type, q.type));
  if (pendingOnly) c.push(eq(materials.reviewState, "pending"));
  else if (q.reviewState) c.push(eq(materials.reviewState, q.reviewState));
  if (q.uploaderId !== undefined) c.push(eq(materials.createdBy, q.uploaderId));
  if (q.minSize !== undefined) c.push(gte(materials.size, q.minSize));
  if (q.maxSize !== undefined) c.push(lte(materials.size, q.maxSize));
  if (q.beginTime) c.push(gte(materials.createdAt, q.beginTime));
  if (q.endTime) c.push(lte(materials.createdAt, q.endTime));
  return and(...c);
}

/**
 * The total of a library filter from material_counts when it filters by nothing the counts do not keep
 * (its range, a folder, an uploader, a type, a review state): a sum over a few rows per office instead of
 * counting the office's materials. Undefined for a filter that needs the materials themselves (a name, a
 * size or a time).
 */
function countsTotal(actor: Actor, q: typeof MaterialListQuery._zod.output, pendingOnly: boolean) {
  if (q.name || q.minSize !== undefined || q.maxSize !== undefined || q.beginTime || q.endTime)
    return undefined;
  const c: (SQL | undefined)[] = [scope(actor, materialCounts)];
  if (q.folderId !== undefined) c.push(eq(materialCounts.folderId, q.folderId));
  if (q.type) c.push(eq(materialCounts.type, q.type));
  if (pendingOnly) c.push(eq(materialCounts.reviewState, "pending"));
  else if (q.reviewState) c.push(eq(materialCounts.reviewState, q.reviewState));
  if (q.uploaderId !== undefined) c.push(eq(materialCounts.createdBy, q.uploaderId));
  return sql<number>`(select coalesce(sum(${materialCounts.n}), 0) from ${materialCounts} where ${and(...c) ?? sql`true`})`.mapWith(
    Number,
  );
}

/**
 * What the writes below return: the offices of the rows they wrote, so that
 * the read cache drops only those offices' list answers (see watchWrites).
 */
const officeOf = { officeId: materials.officeId };

/**
 * A material as the API answers it (`toMaterial`), as columns PostgreSQL writes the JSON of: the library's
 * pages come as that JSON text, not as rows the server makes into objects and serialises again.
 */
const apiColumns = {
  id: sql`${materials.id}`.as("id"),
  name: sql`${materials.name}`.as("name"),
  type: sql`${materials.type}`.as("type"),
  folderId: sql`${materials.folderId}`.as("folderId"),
  officeId: sql`${materials.officeId}`.as("officeId"),
  size: sql`${materials.size}`.as("size"),
  md5: sql`${materials.md5}`.as("md5"),
  mime: sql`${materials.mime}`.as("mime"),
  url: sql`${materials.url}`.as("url"),
  width: sql`${materials.width}`.as("width"),
  height: sql`${materials.height}`.as("height"),
  durationMs: sql`${materials.durationMs}`.as("durationMs"),
  codec: sql`${materials.codec}`.as("codec"),
  thumbUrl:
    sql`case when ${materials.thumbMd5} <> '' then '/apm-web/a/api/fileInfosa/getFileHandlex?id=' || ${materials.id} end`.as(
      "thumbUrl",
    ),
  fileUrl:
    sql`case when ${materials.md5} is not null then '/apm-web/a/api/fileInfosa/getFile?id=' || ${materials.id} else ${materials.url} end`.as(
      "fileUrl",
    ),
  reviewState: sql`${materials.reviewState}`.as("reviewState"),
  reviewNote: sql`${materials.reviewNote}`.as("reviewNote"),
  convertState: sql`${materials.convertState}`.as("convertState"),
  convertProgress: sql`${materials.convertProgress}`.as("convertProgress"),
  convertError: sql`${materials.convertError}`.as("convertError"),
  uploaderId: sql`${materials.createdBy}`.as("uploaderId"),
  uploaderName: userName(materials, materials.createdBy).as("uploaderName"),
  createDate: isoTime(materials.createdAt).as("createDate"),
};

/**
 * A page of the library (only materials awaiting review when `pendingOnly`) as the API's JSON text, and
 * its total, in one statement: PostgreSQL writes the rows' JSON (`apiColumns`, in the page's order), the
 * answer sends it as it is (`rawJson`), and the total comes with it even past the last page.
 */
export async function materialPage(
  db: Db,
  actor: Actor,
  q: typeof MaterialListQuery._zod.output,
  pendingOnly: boolean,
): Promise<{ list: RawJson<Material[]>; total: number }> {
  const where = listWhere(actor, q, pendingOnly);
  const order = q.order === "asc" ? asc(SORT[q.sort]) : desc(SORT[q.sort]);
  // The page's rows first, then their API columns: PostgreSQL computes a select's columns for every row
  // it reads, the ones the offset skips too (an uploader's name for 100 rows to show 20 on page 5). The
  // subquery takes the table's name, so the columns (`materials`.…) name its rows.
  const rows = db
    .select()
    .from(materials)
    .where(where)
    .orderBy(order, desc(materials.id))
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize);
  const page = db.select(apiColumns).from(sql`(${rows}) as ${materials}`);
  const [row] = await db
    .select({
      // The rows come to the aggregate in the page's order (a sorted subquery, no join above it).
      list: sql<string>`coalesce(json_agg(${sql.identifier("page")}), '[]')::text`,
      total: countsTotal(actor, q, pendingOnly) ?? filterTotal(materials, where),
    })
    .from(sql`(${page}) as ${sql.identifier("page")}`);
  if (!row) throw new Error("library page not read");
  return { list: rawJson(row.list), total: row.total };
}

export async function renameMaterial(db: Db, id: number, name: string, now: Date): Promise<void> {
  await db.update(materials).set({ name, updatedAt: now }).where(eq(materials.id, id)).returning(officeOf);
}

/** Puts materials into a folder (null: the top). */
export async function moveMaterials(
  db: Db,
  ids: number[],
  folderId: number | null,
  now: Date,
): Promise<void> {
  await db
    .update(materials)
    .set({ folderId, updatedAt: now })
    .where(inArray(materials.id, ids))
    .returning(officeOf);
}

/** Copies of materials in the actor's office, pointing at the same stored files (no bytes are copied). */
export async function copyMaterials(db: Db, actor: Actor, rows: MaterialRow[], folderId: number | null) {
  await db.insert(materials).values(
    rows.map(({ id: _id, createdAt: _c, updatedAt: _u, ...r }) => ({
      ...r,
      officeId: actor.officeId,
      folderId,
      createdBy: actor.userId,
    })),
  );
}

/** Where materials are used (programs, plans, widgets). */
export const refsOf = (db: Db, ids: number[]) =>
  db.select().from(materialRefs).where(inArray(materialRefs.materialId, ids));

export async function deleteMaterials(db: Db, ids: number[]): Promise<void> {
  await db.delete(materials).where(inArray(materials.id, ids)).returning(officeOf);
}

/** Creates a material that is an address (no stored file). */
export async function insertUrlMaterial(
  db: Db,
  values: {
    officeId: number;
    folderId: number | null;
    name: string;
    type: MaterialRow["type"];
    url: string;
    reviewState: "pending" | "approved";
    createdBy: number;
  },
): Promise<MaterialRow> {
  const [row] = await db.insert(materials).values(values).returning();
  if (!row) throw new Error("material not created");
  return row;
}

/** Records a review decision on materials. */
export async function reviewMaterials(
  db: Db,
  ids: number[],
  decision: { reviewState: MaterialRow["reviewState"]; reviewNote: string | null; reviewedBy: number },
  now: Date,
): Promise<void> {
  await db
    .update(materials)
    .set({ ...decision, updatedAt: now })
    .where(inArray(materials.id, ids))
    .returning(officeOf);
}

/** Writes notices as given (user, office and texts). */
export async function insertNotices(db: Db, notices: (typeof notifications.$inferInsert)[]): Promise<void> {
  await db.insert(notifications).values(notices);
}

/** Sets a user's avatar address. */
export async function setUserAvatar(db: Db, userId: number, avatar: string, now: Date): Promise<void> {
  await db.update(users).set({ avatar, updatedAt: now }).where(eq(users.id, userId));
}

/** A material of `offices` holding exactly this file (the instant upload's match). */
export async function sameFile(db: Db, md5: string, size: number, officeIds: number[]) {
  const [same] = await db
    .select()
    .from(materials)
    .where(and(eq(materials.md5, md5), eq(materials.size, size), inArray(materials.officeId, officeIds)))
    .limit(1);
  return same;
}

/** Creates a material. */
export async function insertMaterial(db: Tx, values: typeof materials.$inferInsert): Promise<MaterialRow> {
  const [row] = await db.insert(materials).values(values).returning();
  if (!row) throw new Error("material not created");
  return row;
}

/** The user's own upload, by id. */
export async function findUpload(db: Db, id: string, userId: number) {
  const [u] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, id), eq(uploads.userId, userId)));
  return u;
}

export async function deleteUpload(db: Tx, id: string): Promise<void> {
  await db.delete(uploads).where(eq(uploads.id, id));
}

/** Lets the next attempt finish an upload at once (its lease is dropped). */
export async function releaseFinish(db: Db, id: string): Promise<void> {
  await db.update(uploads).set({ finishingUntil: null }).where(eq(uploads.id, id));
}

/** The conversion progress of materials the actor may see. */
export const convertProgress = (db: Db, actor: Actor, ids: number[]) =>
  db
    .select({
      id: materials.id,
      convertState: materials.convertState,
      convertProgress: materials.convertProgress,
      convertError: materials.convertError,
    })
    .from(materials)
    .where(and(inArray(materials.id, ids), scope(actor, materials)));

export async function setThumb(db: Db, id: number, thumbMd5: string): Promise<void> {
  await db.update(materials).set({ thumbMd5 }).where(eq(materials.id, id)).returning(officeOf);
}
