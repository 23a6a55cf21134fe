import type { ContentState, PlanSummary } from "@marquee/contracts";
import { type Conflict, type PlanDoc, planConflicts } from "@marquee/schedule";
import { and, asc, desc, eq, ilike, inArray, type SQL } from "drizzle-orm";
import { playPlans, programs } from "../../db/schema";
import type { Actor } from "../../platform/actor";
import type { Tx } from "../../platform/db";
import { AppError, allFound, notFound } from "../../platform/errors";
import { filterTotal, likeEscape, pageAndTotal } from "../../platform/sql";
import { scope } from "../../platform/tenancy";
import { publishedSummaries, selectSummaries } from "../content/summary";
import { programScope, thumbUrl } from "../program/repo";

export type PlanRow = typeof playPlans.$inferSelect;

/** The columns a list shows of a plan (never the document). */
const summaryColumns = {
  id: playPlans.id,
  name: playPlans.name,
  state: playPlans.state,
  version: playPlans.version,
  itemCount: playPlans.itemCount,
  conflictCount: playPlans.conflictCount,
  startDate: playPlans.startDate,
  endDate: playPlans.endDate,
};

/** A select of plan summaries with the two user names joined. */
export const selectPlanSummaries = (db: Tx) => selectSummaries(db, playPlans, summaryColumns);

export type PlanSummaryRow = Awaited<ReturnType<typeof selectPlanSummaries>>[number];

/** Plans as lists show them, with their active publications and the terminals these reach. */
export const toPlanSummaries = (db: Tx, rows: PlanSummaryRow[]): Promise<PlanSummary[]> =>
  publishedSummaries(db, "plan", rows, (r) => ({
    id: r.id,
    name: r.name,
    state: r.state,
    version: r.version,
    itemCount: r.itemCount,
    conflictCount: r.conflictCount,
    startDate: r.startDate,
    endDate: r.endDate,
  }));

/** The data-range condition of plans: the creator's office and, for "own" ranges, the creator. */
export const planScope = (actor: Actor) => scope(actor, playPlans);

/** The summary of one plan the actor may see, or 404. */
export async function findPlanSummary(db: Tx, actor: Actor, id: number): Promise<PlanSummaryRow> {
  const [row] = await selectPlanSummaries(db).where(and(eq(playPlans.id, id), planScope(actor)));
  if (!row) throw notFound("plan", id);
  return row;
}

/** Plans by id that the actor may see; one outside the range is reported missing (404), like programs. */
export async function findPlans(db: Tx, actor: Actor, ids: number[], lock = false): Promise<PlanRow[]> {
  const query = db
    .select()
    .from(playPlans)
    .where(and(inArray(playPlans.id, ids), planScope(actor)))
    .orderBy(playPlans.id);
  const rows = lock ? await query.for("update") : await query;
  return allFound(rows, ids, "plan");
}

/** The programs a plan names: its items' and its default program. */
export function programIdsOf(doc: PlanDoc): number[] {
  const ids = doc.items.map((i) => i.programId);
  if (doc.defaultProgramId !== null) ids.push(doc.defaultProgramId);
  return [...new Set(ids)];
}

/** The figures a list shows, computed on save, and the conflicts the editor warns about. */
export function figuresOf(doc: PlanDoc): {
  figures: Pick<PlanRow, "itemCount" | "conflictCount" | "programIds" | "startDate" | "endDate">;
  conflicts: Conflict[];
} {
  const conflicts = planConflicts(doc.items);
  const starts = doc.items.map((i) => i.startDate).sort();
  const ends = doc.items.map((i) => i.endDate);
  // ISO dates sort as strings; an item without an end leaves the plan open.
  const endDate = !ends.length || ends.includes(null) ? null : ((ends as string[]).sort().at(-1) ?? null);
  return {
    figures: {
      itemCount: doc.items.length,
      conflictCount: conflicts.length,
      programIds: programIdsOf(doc),
      startDate: starts[0] ?? null,
      endDate,
    },
    conflicts,
  };
}

/**
 * The check of save: every program the plan names is a program in the
 * caller's data range. A refusal names the missing ids, with a field error
 * for each place that names one. The programs found are locked against
 * deletion until the save commits (program deletion looks for plans naming
 * them).
 */
export async function checkPrograms(
  tx: Tx,
  actor: Actor,
  doc: PlanDoc,
  t: (key: "plan.programMissing", values: Record<string, string>) => string,
) {
  const ids = programIdsOf(doc);
  if (!ids.length) return;
  const rows = await tx
    .select({ id: programs.id })
    .from(programs)
    .where(and(inArray(programs.id, ids), programScope(actor)))
    .for("key share");
  const found = new Set(rows.map((r) => r.id));
  const missing = ids.filter((id) => !found.has(id));
  if (!missing.length) return;
  const places = doc.items
    .map((item, i) => ({ id: item.programId, field: `doc.items.${i}.programId` }))
    .concat(
      doc.defaultProgramId === null ? [] : [{ id: doc.defaultProgramId, field: "doc.defaultProgramId" }],
    )
    .filter((p) => missing.includes(p.id));
  throw new AppError(
    400,
    "plan.programMissing",
    { ids: missing.join(", ") },
    {
      errors: places.map((p) => ({
        field: p.field,
        message: t("plan.programMissing", { ids: String(p.id) }),
      })),
    },
  );
}

/** The programs a plan names, as the plan editor and the review show them. */
export async function namedPrograms(db: Tx, ids: number[]) {
  if (!ids.length) return [];
  const rows = await db
    .select({
      id: programs.id,
      name: programs.name,
      state: programs.state,
      width: programs.width,
      height: programs.height,
      version: programs.version,
      thumbMd5: programs.thumbMd5,
    })
    .from(programs)
    .where(inArray(programs.id, ids))
    .orderBy(programs.id);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    state: r.state,
    width: r.width,
    height: r.height,
    thumbUrl: r.thumbMd5 ? thumbUrl(r.id, r.version) : null,
  }));
}

const SORT = {
  updateDate: playPlans.updatedAt,
  createDate: playPlans.createdAt,
  name: playPlans.name,
} as const;

/** One page of the plans in the actor's range matching the filter, newest first unless sorted otherwise. */
export async function planPage(
  db: Tx,
  actor: Actor,
  q: {
    name?: string;
    state?: ContentState;
    pageNo: number;
    pageSize: number;
    sort?: keyof typeof SORT;
    order?: "asc" | "desc";
  },
) {
  const c: (SQL | undefined)[] = [planScope(actor)];
  if (q.name) c.push(ilike(playPlans.name, `%${likeEscape(q.name)}%`));
  if (q.state) c.push(eq(playPlans.state, q.state));
  const where = and(...c);
  const column = SORT[q.sort ?? "updateDate"];
  const offset = (q.pageNo - 1) * q.pageSize;
  const counted = filterTotal(playPlans, where);
  const page = await selectSummaries(db, playPlans, {
    ...summaryColumns,
    total: counted,
  })
    .where(where)
    .orderBy(q.order === "asc" ? asc(column) : desc(column), desc(playPlans.id))
    .limit(q.pageSize)
    .offset(offset);
  const { rows, total } = await pageAndTotal(db, page, { total: counted, offset });
  return {
    list: await toPlanSummaries(db, rows),
    total,
    pageNo: q.pageNo,
    pageSize: q.pageSize,
  };
}

/** A plan in the actor's range (else 404) as the editor opens it: its summary, its document and the programs it names. */
export async function planDetail(db: Tx, actor: Actor, id: number) {
  const summary = await findPlanSummary(db, actor, id);
  const [row] = await db
    .select({ doc: playPlans.doc, programIds: playPlans.programIds })
    .from(playPlans)
    .where(eq(playPlans.id, summary.id));
  if (!row) throw new Error("plan vanished");
  const [plan] = await toPlanSummaries(db, [summary]);
  return {
    plan: plan as NonNullable<typeof plan>,
    doc: row.doc,
    // Checked against the saver's range when saved, like a program's media.
    programs: await namedPrograms(db, row.programIds),
  };
}
