import { PROGRAM_EXPORT_FORMAT, type ProgramExportFile } from "@marquee/contracts";
import type { ProgramDoc } from "@marquee/program";
import { and, desc, eq, inArray, isNotNull, type SQL, sql } from "drizzle-orm";
import { materials } from "../../db/schema";
import type { Actor } from "../../platform/actor";
import type { Db } from "../../platform/db";
import { badRequest } from "../../platform/errors";
import { scope } from "../../platform/tenancy";
import { mediaUses, remapMaterials } from "./media";
import type { ProgramRow } from "./repo";

/** A program as a file: its document and what identifies each medium it plays in another tenant. */
export async function exportFile(db: Db, row: ProgramRow, at: Date): Promise<ProgramExportFile> {
  const doc = row.doc as ProgramDoc;
  const ids = [...new Set(mediaUses(doc).map((u) => u.materialId))];
  const used = ids.length ? await db.select().from(materials).where(inArray(materials.id, ids)) : [];
  return {
    format: PROGRAM_EXPORT_FORMAT,
    formatVersion: 1,
    exportedAt: at.toISOString(),
    name: row.name,
    doc,
    // What identifies each medium in another tenant: its bytes (MD5 and size) or its address.
    media: used.map((m) => ({
      id: m.id,
      name: m.name,
      type: m.type,
      md5: m.md5,
      size: m.size,
      url: m.url,
    })),
  };
}

/**
 * The document of an imported file with its media taken from the actor's
 * library: the same bytes (MD5 and size) or the same address. A medium not
 * found refuses the import (400, naming them all).
 */
export async function importedDoc(
  db: Db,
  actor: Actor,
  file: ProgramExportFile,
): Promise<{ doc: ProgramDoc; matched: number }> {
  const listed = new Map(file.media.map((m) => [m.id, m]));
  const wanted = [...new Set(mediaUses(file.doc).map((u) => u.materialId))];
  const entries = wanted.map((id) => listed.get(id));
  const md5s = entries.flatMap((m) => (m?.md5 ? [m.md5] : []));
  const urls = entries.flatMap((m) => (!m?.md5 && m?.url ? [m.url] : []));
  const matchOn = (c: SQL) =>
    db
      .select({
        id: materials.id,
        md5: materials.md5,
        size: materials.size,
        url: materials.url,
        type: materials.type,
      })
      .from(materials)
      .where(and(c, eq(materials.purpose, "library"), scope(actor, materials)))
      // An approved copy first, then the newest.
      .orderBy(desc(sql`${materials.reviewState} = 'approved'`), desc(materials.id));
  const candidates = [
    ...(md5s.length ? await matchOn(inArray(materials.md5, md5s)) : []),
    ...(urls.length ? await matchOn(and(isNotNull(materials.url), inArray(materials.url, urls)) as SQL) : []),
  ];
  const map = new Map<number, number>();
  const missing: string[] = [];
  wanted.forEach((id, i) => {
    const m = entries[i];
    const match = m
      ? candidates.find((c) =>
          m.md5
            ? c.md5 === m.md5 && c.size === m.size
            : c.md5 === null && c.url === m.url && c.type === m.type,
        )
      : undefined;
    if (match) map.set(id, match.id);
    else missing.push(m?.name ?? `#${id}`);
  });
  if (missing.length) throw badRequest("program.importMissing", { names: missing.join(", ") }, { missing });
  return { doc: remapMaterials(file.doc, map), matched: map.size };
}
