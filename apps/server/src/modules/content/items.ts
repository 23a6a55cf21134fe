import type { ContentState } from "@marquee/contracts";
import { and, eq, inArray, sql } from "drizzle-orm";
import { users } from "../../db/schema";
import type { Actor } from "../../platform/actor";
import type { Tx } from "../../platform/db";
import { AppError, allFound } from "../../platform/errors";
import { scope } from "../../platform/tenancy";
import { deleteHistory, type HistoryEvent, historyLines, writeHistory } from "./history";
import type { ContentSpec } from "./kinds";
import { assertNotPublished, deletePublications } from "./publications";

/** Items of a kind as the shared life reads them: the columns every kind has. */
export async function findItems(tx: Tx, spec: ContentSpec, actor: Actor, ids: number[], lock = false) {
  const t = spec.table;
  const query = tx
    .select({
      id: t.id,
      name: t.name,
      state: t.state,
      officeId: t.officeId,
      createdBy: t.createdBy,
      version: t.version,
      updatedBy: t.updatedBy,
      updatedAt: t.updatedAt,
      endAt: spec.endAt ?? sql<Date | null>`null`,
    })
    .from(t)
    .where(and(inArray(t.id, ids), scope(actor, t)))
    .orderBy(t.id);
  const rows = lock ? await query.for("update") : await query;
  return allFound(rows, ids, spec.kind);
}

export type FoundItem = Awaited<ReturnType<typeof findItems>>[number];

/**
 * Moves items to `to` and writes one history line each: a submission, a
 * review, a publication, a withdrawal. The rows carry the state they leave.
 */
export async function moveItems(
  tx: Tx,
  spec: ContentSpec,
  rows: Array<{ id: number; state: ContentState }>,
  to: ContentState,
  line: { event: HistoryEvent; note: string | null; byUserId: number | null; at: Date },
): Promise<void> {
  if (!rows.length) return;
  const t = spec.table;
  const moving = rows.filter((r) => r.state !== to).map((r) => r.id);
  if (moving.length) await tx.update(t).set({ state: to }).where(inArray(t.id, moving));
  await writeHistory(tx, spec.kind, rows, { to, ...line });
}

/** A note in an item's history, its state unchanged. */
export async function noteLine(
  tx: Tx,
  spec: ContentSpec,
  row: { id: number; state: ContentState },
  byUserId: number,
  note: string,
  at: Date,
): Promise<void> {
  await writeHistory(tx, spec.kind, [row], { to: row.state, event: "note", note, byUserId, at });
}

/** The current state of an item, locked (null when it is gone). */
export async function stateOf(tx: Tx, spec: ContentSpec, id: number): Promise<ContentState | null> {
  const t = spec.table;
  const [row] = await tx.select({ state: t.state }).from(t).where(eq(t.id, id)).for("update");
  return row?.state ?? null;
}

/**
 * The versioned save of any kind: the document checked against the kind's
 * schema (400 naming its fields), the stored item locked, a save of another
 * version than the stored one refused (409, naming who saved which version
 * when) unless forced; then `write` stores the new version, and an edit of an
 * item under review, approved or published (it comes back to draft) is
 * written in its history.
 */
export async function saveVersion<R>(
  tx: Tx,
  spec: ContentSpec,
  actor: Actor,
  id: number,
  save: { version: number | undefined; force: boolean; doc: unknown },
  at: Date,
  write: (next: { version: number; state: "draft"; updatedBy: number; updatedAt: Date }) => Promise<R>,
): Promise<R> {
  spec.validate(save.doc);
  const [current] = await findItems(tx, spec, actor, [id], true);
  if (!current) throw new Error(`${spec.kind} vanished under its lock`);
  if (!save.force && save.version !== current.version) {
    const [by] = current.updatedBy
      ? await tx.select({ name: users.name }).from(users).where(eq(users.id, current.updatedBy))
      : [];
    throw new AppError(
      409,
      spec.keys.versionConflict,
      { name: current.name, version: current.version },
      {
        current: {
          version: current.version,
          updatedByName: by?.name ?? null,
          updateDate: current.updatedAt.toISOString(),
        },
      },
    );
  }
  const saved = await write({
    version: current.version + 1,
    state: "draft",
    updatedBy: actor.userId,
    updatedAt: at,
  });
  if (current.state !== "draft")
    await writeHistory(tx, spec.kind, [current], {
      to: "draft",
      event: "edit",
      note: null,
      byUserId: actor.userId,
      at,
    });
  return saved;
}

/** The first line of a new item's history. */
export async function recordCreated(tx: Tx, spec: ContentSpec, id: number, byUserId: number, at: Date) {
  await writeHistory(tx, spec.kind, [{ id, state: null }], {
    to: "draft",
    event: "create",
    note: null,
    byUserId,
    at,
  });
}

/** The history of an item, newest first; an edit says so in the reader's language. */
export async function historyOf(
  tx: Tx,
  spec: ContentSpec,
  id: number,
  t: (key: ContentSpec["keys"]["historyEdited"]) => string,
) {
  const rows = await historyLines(tx, spec.kind, id);
  return rows.map((r) => ({
    event: r.event,
    from: r.from,
    to: r.to,
    note: r.event === "edit" ? t(spec.keys.historyEdited) : r.note,
    byName: r.byName,
    at: r.at.toISOString(),
  }));
}

/**
 * Deletes items in the actor's range with their history and their withdrawn
 * publications. What screens play or will play stays until it is withdrawn
 * (409 naming the items and their publications).
 */
export async function deleteItems(tx: Tx, spec: ContentSpec, actor: Actor, ids: number[]): Promise<void> {
  const rows = await findItems(tx, spec, actor, ids, true);
  await assertNotPublished(tx, spec.kind, rows, spec.keys.published);
  await deletePublications(tx, spec.kind, ids);
  await deleteHistory(tx, spec.kind, ids);
  await tx.delete(spec.table).where(inArray(spec.table.id, ids));
}
