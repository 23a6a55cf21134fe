import type { ProgramSummary } from "@marquee/contracts";
import type { ProgramDoc } from "@marquee/program";
import { and, arrayOverlaps, eq, getTableColumns, inArray } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { materialRefs, materials, playPlans, programs } from "../../db/schema";
import type { Actor } from "../../platform/actor";
import { AppError, allFound, notFound } from "../../platform/errors";
import { scope } from "../../platform/tenancy";
import { authorship, selectSummaries } from "../content/summary";
import type { MaterialRow } from "../material/repo";

export type ProgramRow = typeof programs.$inferSelect;
/** The database or a transaction of it (other modules import it from here). */
export type { Tx } from "../../db/client";

/** The columns a list shows of a program (never the document). */
const summaryColumns = {
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
};
/** A select of summaries with the two user names joined. */
export const selectProgramSummaries = (db: Tx) => selectSummaries(db, programs, summaryColumns);

export type SummaryRow = Awaited<ReturnType<typeof selectProgramSummaries>>[number];

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
    ...authorship(r),
  };
}

/** The summary of one program the actor may see, or 404. */
export async function findSummary(db: Tx, actor: Actor, id: number): Promise<SummaryRow> {
  const [row] = await selectProgramSummaries(db).where(and(eq(programs.id, id), programScope(actor)));
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

/**
 * Refuses (409) the deletion of programs that plans name, naming the first
 * program and its plans; the full list goes along for the console. Plans are
 * only in the programs' tenant (save checks the range), so nothing leaks.
 */
export async function assertNotInPlans(tx: Tx, rows: Array<{ id: number; name: string }>) {
  const ids = rows.map((r) => r.id);
  if (!ids.length) return;
  const plans = await tx
    .select({ id: playPlans.id, name: playPlans.name, programIds: playPlans.programIds })
    .from(playPlans)
    .where(arrayOverlaps(playPlans.programIds, ids))
    .orderBy(playPlans.name, playPlans.id);
  const usedBy = rows
    .map((r) => ({ id: r.id, name: r.name, plans: plans.filter((p) => p.programIds.includes(r.id)) }))
    .filter((u) => u.plans.length);
  const first = usedBy[0];
  if (!first) return;
  throw new AppError(
    409,
    "plan.programInUse",
    { name: first.name, plans: first.plans.map((p) => p.name).join(", ") },
    {
      usedBy: usedBy.map((u) => ({
        id: u.id,
        name: u.name,
        plans: u.plans.map((p) => ({ id: p.id, name: p.name })),
      })),
    },
  );
}
