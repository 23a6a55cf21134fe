import type { ContentState, ProgramSummary } from "@marquee/contracts";
import type { ProgramDoc } from "@marquee/program";
import {
  and,
  arrayOverlaps,
  asc,
  desc,
  eq,
  getTableColumns,
  gte,
  ilike,
  inArray,
  lte,
  type SQL,
} from "drizzle-orm";
import { materialRefs, materials, playPlans, programs } from "../../db/schema";
import type { Actor } from "../../platform/actor";
import type { Db, Tx } from "../../platform/db";
import { AppError, allFound, notFound } from "../../platform/errors";
import { filterTotal, likeEscape, pageAndTotal } from "../../platform/sql";
import { scope } from "../../platform/tenancy";
import { deleteHistory } from "../content/history";
import { assertNotPublished, deletePublications } from "../content/publications";
import { authorship, selectSummaries } from "../content/summary";
import { type MaterialRow, toMaterial, uploaderNames } from "../material/repo";

export type ProgramRow = typeof programs.$inferSelect;

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

const SORT = {
  updateDate: programs.updatedAt,
  createDate: programs.createdAt,
  name: programs.name,
} as const;

/** One page of the programs in the actor's range matching the filter, the latest saved first unless sorted otherwise. */
export async function programPage(
  db: Tx,
  actor: Actor,
  q: {
    name?: string;
    width?: number;
    height?: number;
    state?: ContentState;
    creatorId?: number;
    beginTime?: string;
    endTime?: string;
    sort?: keyof typeof SORT;
    order?: "asc" | "desc";
    pageNo: number;
    pageSize: number;
  },
) {
  const c: (SQL | undefined)[] = [programScope(actor)];
  if (q.name) c.push(ilike(programs.name, `%${likeEscape(q.name)}%`));
  if (q.width !== undefined) c.push(eq(programs.width, q.width));
  if (q.height !== undefined) c.push(eq(programs.height, q.height));
  if (q.state) c.push(eq(programs.state, q.state));
  if (q.creatorId !== undefined) c.push(eq(programs.createdBy, q.creatorId));
  if (q.beginTime) c.push(gte(programs.createdAt, new Date(q.beginTime)));
  if (q.endTime) c.push(lte(programs.createdAt, new Date(q.endTime)));
  const where = and(...c);
  const column = SORT[q.sort ?? "updateDate"];
  const offset = (q.pageNo - 1) * q.pageSize;
  const counted = filterTotal(programs, where);
  const page = await selectSummaries(db, programs, { ...summaryColumns, total: counted })
    .where(where)
    .orderBy(q.order === "asc" ? asc(column) : desc(column), desc(programs.id))
    .limit(q.pageSize)
    .offset(offset);
  const { rows, total } = await pageAndTotal(db, page, { total: counted, offset });
  return { list: rows.map(toSummary), total, pageNo: q.pageNo, pageSize: q.pageSize };
}

/** A program in the actor's range (else 404) as the editor opens it: its summary, its document and its own media. */
export async function programDetail(db: Db, actor: Actor, id: number) {
  const summary = await findSummary(db, actor, id);
  const [row] = await db.select({ doc: programs.doc }).from(programs).where(eq(programs.id, summary.id));
  // The program's own media (checked against the saver's range when saved): names, thumbnails, addresses.
  const used = await mediaOf(db, summary.id);
  const names = await uploaderNames(
    db,
    used.map((m) => m.createdBy),
  );
  return {
    program: toSummary(summary),
    doc: row?.doc as ProgramDoc,
    materials: used.map((m) => toMaterial(m, m.createdBy === null ? null : (names.get(m.createdBy) ?? null))),
  };
}

/** Renames a program in the actor's range, and its name on the references of its materials. */
export async function renameProgram(tx: Tx, actor: Actor, id: number, name: string, at: Date) {
  await findPrograms(tx, actor, [id], true);
  await tx.update(programs).set({ name, updatedBy: actor.userId, updatedAt: at }).where(eq(programs.id, id));
  await tx
    .update(materialRefs)
    .set({ ownerName: name })
    .where(and(eq(materialRefs.ownerType, "program"), eq(materialRefs.ownerId, id)));
}

/**
 * Deletes programs in the actor's range with their history, material
 * references and withdrawn publications. A program named by a plan, or
 * published, plays or may play on screens: refused (409).
 */
export async function deletePrograms(tx: Tx, actor: Actor, ids: number[]) {
  const rows = await findPrograms(tx, actor, ids, true);
  await assertNotInPlans(tx, rows);
  await assertNotPublished(tx, "program", rows, "review.programPublished");
  const published = rows.find((r) => r.state === "published");
  if (published) throw new AppError(409, "program.published", { name: published.name });
  await deletePublications(tx, "program", ids);
  await deleteHistory(tx, "program", ids);
  await tx
    .delete(materialRefs)
    .where(and(eq(materialRefs.ownerType, "program"), inArray(materialRefs.ownerId, ids)));
  // The thumbnail file stays in the content-addressed store, where other programs may share it.
  await tx.delete(programs).where(inArray(programs.id, ids));
}

/** The thumbnail hash of a program in the actor's range (null: none, or not in range). */
export async function thumbOf(db: Tx, actor: Actor, id: number): Promise<string | null> {
  const [row] = await db
    .select({ thumbMd5: programs.thumbMd5 })
    .from(programs)
    .where(and(eq(programs.id, id), programScope(actor)));
  return row?.thumbMd5 ?? null;
}
