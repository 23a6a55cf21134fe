import type { ProgramSummary } from "@marquee/contracts";
import type { ProgramDoc } from "@marquee/program";
import { and, eq, getTableColumns, inArray } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { materialRefs, materials, programs, users } from "../../db/schema";
import type { Actor } from "../../platform/actor";
import { AppError, allFound, notFound } from "../../platform/errors";
import { scope } from "../../platform/tenancy";
import type { MaterialRow } from "../material/repo";

export type ProgramRow = typeof programs.$inferSelect;
/** The database or a transaction of it. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0] | Db;

const creator = alias(users, "creator");
const editor = alias(users, "editor");

/** The columns a list shows (never the document), with the names of who created and last saved. */
export const summaryColumns = {
  id: programs.id,
  name: programs.name,
  width: programs.width,
  height: programs.height,
  state: programs.state,
  version: programs.version,
  sceneCount: programs.sceneCount,
  widgetCount: programs.widgetCount,
  mediaBytes: programs.mediaBytes,
  thumbMd5: programs.thumbMd5,
  createdBy: programs.createdBy,
  createdAt: programs.createdAt,
  updatedAt: programs.updatedAt,
  creatorName: creator.name,
  updatedByName: editor.name,
};
/** A select of summaries with the two user names joined. */
export function selectSummaries(db: Tx) {
  return db
    .select(summaryColumns)
    .from(programs)
    .leftJoin(creator, eq(creator.id, programs.createdBy))
    .leftJoin(editor, eq(editor.id, programs.updatedBy));
}

export type SummaryRow = Awaited<ReturnType<typeof selectSummaries>>[number];

/** The address of a program's thumbnail; the version in it makes a new image a new address. */
export const thumbUrl = (id: number, version: number) => `/apm-web/a/api/program/thumb?id=${id}&v=${version}`;

/** A program as lists and the editor show it. */
export function toSummary(r: SummaryRow): ProgramSummary {
  return {
    id: r.id,
    name: r.name,
    width: r.width,
    height: r.height,
    state: r.state,
    version: r.version,
    sceneCount: r.sceneCount,
    widgetCount: r.widgetCount,
    mediaBytes: r.mediaBytes,
    thumbUrl: r.thumbMd5 ? thumbUrl(r.id, r.version) : null,
    creatorId: r.createdBy,
    creatorName: r.creatorName,
    updatedByName: r.updatedByName,
    createDate: r.createdAt.toISOString(),
    updateDate: r.updatedAt.toISOString(),
  };
}

/** The summary of one program the actor may see, or 404. */
export async function findSummary(db: Tx, actor: Actor, id: number): Promise<SummaryRow> {
  const [row] = await selectSummaries(db).where(and(eq(programs.id, id), programScope(actor)));
  if (!row) throw notFound("program", id);
  return row;
}

/** The data-range condition of programs: the creator's office and, for "own" ranges, the creator. */
export const programScope = (actor: Actor) => scope(actor, programs);

/** Programs by id that the actor may see; one outside the range is reported missing (404), like materials. */
export async function findPrograms(db: Tx, actor: Actor, ids: number[], lock = false): Promise<ProgramRow[]> {
  const query = db
    .select()
    .from(programs)
    .where(and(inArray(programs.id, ids), programScope(actor)))
    .orderBy(programs.id);
  const rows = lock ? await query.for("update") : await query;
  return allFound(rows, ids, "program");
}

/** The figures a list shows, computed on save: scenes, widgets, and the bytes of the distinct media. */
export function figuresOf(doc: ProgramDoc, media: ReadonlyMap<number, MaterialRow>) {
  return {
    width: doc.width,
    height: doc.height,
    sceneCount: doc.scenes.length,
    widgetCount: doc.scenes.reduce((n, s) => n + s.widgets.length, 0),
    mediaBytes: [...media.values()].reduce((n, m) => n + m.size, 0),
  };
}

/** Replaces the material references of a program (the material module refuses to delete a used material). */
export async function writeRefs(tx: Tx, programId: number, name: string, materialIds: Iterable<number>) {
  await tx
    .delete(materialRefs)
    .where(and(eq(materialRefs.ownerType, "program"), eq(materialRefs.ownerId, programId)));
  const ids = [...new Set(materialIds)];
  if (!ids.length) return;
  // The media were checked before the transaction; a material deleted since then refuses the save
  // (400, not a broken reference), and the rows are locked against deletion until it commits.
  const still = await tx
    .select({ id: materials.id })
    .from(materials)
    .where(inArray(materials.id, ids))
    .for("key share");
  if (still.length !== ids.length) {
    const present = new Set(still.map((r) => r.id));
    throw new AppError(400, "program.materialMissing", {
      ids: ids.filter((id) => !present.has(id)).join(", "),
    });
  }
  await tx
    .insert(materialRefs)
    .values(
      ids.map((materialId) => ({ materialId, ownerType: "program", ownerId: programId, ownerName: name })),
    );
}

/** The materials a program uses, through its references (written with every save). */
export function mediaOf(db: Tx, programId: number): Promise<MaterialRow[]> {
  return db
    .select(getTableColumns(materials))
    .from(materialRefs)
    .innerJoin(materials, eq(materials.id, materialRefs.materialId))
    .where(and(eq(materialRefs.ownerType, "program"), eq(materialRefs.ownerId, programId)));
}
