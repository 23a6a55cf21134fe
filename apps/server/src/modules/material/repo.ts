import type { Material } from "@marquee/contracts";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { materialFolders, materials, offices, users } from "../../db/schema";
import type { Actor } from "../../platform/actor";
import { allFound, notFound } from "../../platform/errors";
import type { Services } from "../../platform/services";
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
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, wanted));
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
