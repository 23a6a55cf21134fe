import { and, asc, count, eq, ilike, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import { commonProblems } from "../../db/schema";
import type { AuditNote } from "../../platform/audit";
import type { Db } from "../../platform/db";
import { allFound, notFound } from "../../platform/errors";
import { likeEscape } from "../../platform/sql";

export type ProblemRow = typeof commonProblems.$inferSelect;

const ORDER = [asc(commonProblems.sort), asc(commonProblems.id)];

const keywordWhere = (keyword: string | undefined): SQL | undefined => {
  if (!keyword) return undefined;
  const p = `%${likeEscape(keyword)}%`;
  return or(ilike(commonProblems.question, p), ilike(commonProblems.answer, p));
};

async function page(db: Db, where: SQL | undefined, pageNo: number, pageSize: number) {
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(commonProblems)
      .where(where)
      .orderBy(...ORDER)
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize),
    db.select({ n: count() }).from(commonProblems).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

/** A page of what everyone reads: enabled entries written in `locale` or for every language. */
export const readerPage = (
  db: Db,
  locale: string,
  q: { keyword?: string; pageNo: number; pageSize: number },
) =>
  page(
    db,
    and(
      eq(commonProblems.enabled, true),
      or(eq(commonProblems.lang, locale), isNull(commonProblems.lang)),
      keywordWhere(q.keyword),
    ),
    q.pageNo,
    q.pageSize,
  );

/** A page of the editors' table: every entry, filtered by keyword, language ("all": for every one) and state. */
export function managePage(
  db: Db,
  q: { keyword?: string; lang?: string; enabled?: boolean; pageNo: number; pageSize: number },
) {
  const { keyword, lang, enabled, pageNo, pageSize } = q;
  const c: Array<SQL | undefined> = [keywordWhere(keyword)];
  if (lang === "all") c.push(isNull(commonProblems.lang));
  else if (lang) c.push(eq(commonProblems.lang, lang));
  if (enabled !== undefined) c.push(eq(commonProblems.enabled, enabled));
  return page(db, and(...c), pageNo, pageSize);
}

/** Creates (no `id`, placed last unless `sort` is given) or updates an entry. */
export async function saveProblem(
  db: Db,
  input: {
    id?: number;
    question: string;
    answer: string;
    lang: string | null;
    enabled: boolean;
    sort?: number;
    userId: number;
  },
  now: Date,
): Promise<ProblemRow> {
  const { id, question, answer, lang, enabled, sort, userId } = input;
  return db.transaction(async (tx) => {
    const values = { question, answer, lang, enabled, updatedBy: userId, updatedAt: now };
    if (id !== undefined) {
      const [row] = await tx
        .update(commonProblems)
        .set({ ...values, ...(sort !== undefined ? { sort } : {}) })
        .where(eq(commonProblems.id, id))
        .returning();
      if (!row) throw notFound("FAQ entry", id);
      return row;
    }
    let place = sort;
    if (place === undefined) {
      const [top] = await tx
        .select({ n: sql<number | null>`max(${commonProblems.sort})` })
        .from(commonProblems);
      place = (top?.n ?? 0) + 1;
    }
    const [row] = await tx
      .insert(commonProblems)
      .values({ ...values, sort: place, createdAt: now })
      .returning();
    if (!row) throw new Error("FAQ entry not written");
    return row;
  });
}

/** Deletes entries (all must exist); their questions go into the audit detail. */
export async function deleteProblems(db: Db, ids: number[], audit: AuditNote): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: commonProblems.id, question: commonProblems.question })
      .from(commonProblems)
      .where(inArray(commonProblems.id, ids))
      .for("update");
    allFound(rows, ids, "FAQ entry");
    audit.detail = { questions: rows.map((r) => r.question.slice(0, 100)) };
    await tx.delete(commonProblems).where(inArray(commonProblems.id, ids));
  });
}

/**
 * Moves an entry in the one order every reader sees. The list is renumbered
 * 1…n on the way, so equal or sparse places never make a move a no-op.
 */
export async function moveProblem(db: Db, id: number, move: "up" | "down" | "top" | "bottom"): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: commonProblems.id, sort: commonProblems.sort })
      .from(commonProblems)
      .orderBy(...ORDER)
      .for("update");
    const from = rows.findIndex((r) => r.id === id);
    if (from < 0) throw notFound("FAQ entry", id);
    const to = { up: from - 1, down: from + 1, top: 0, bottom: rows.length - 1 }[move];
    const order = rows.map((r) => r.id);
    order.splice(from, 1);
    order.splice(Math.max(0, Math.min(rows.length - 1, to)), 0, id);
    const before = new Map(rows.map((r) => [r.id, r.sort]));
    for (const [i, rowId] of order.entries()) {
      if (before.get(rowId) === i + 1) continue;
      await tx
        .update(commonProblems)
        .set({ sort: i + 1 })
        .where(eq(commonProblems.id, rowId));
    }
  });
}
