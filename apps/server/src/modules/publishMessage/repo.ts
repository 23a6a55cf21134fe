import type { PubMessageSummary } from "@marquee/contracts";
import { and, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { publishMessages, users } from "../../db/schema";
import type { Actor } from "../../platform/actor";
import { allFound, notFound } from "../../platform/errors";
import { scope } from "../../platform/tenancy";
import type { Tx } from "../program/repo";
import { publicationFigures } from "../review/publications";

export type MessageRow = typeof publishMessages.$inferSelect;

const creator = alias(users, "creator");
const editor = alias(users, "editor");

/** The columns a list shows: the text from the document, the rest from the row. */
const summaryColumns = {
  id: publishMessages.id,
  name: publishMessages.name,
  state: publishMessages.state,
  version: publishMessages.version,
  kind: publishMessages.kind,
  priority: publishMessages.priority,
  text: sql<string>`${publishMessages.doc}->>'text'`,
  startAt: publishMessages.startAt,
  endAt: publishMessages.endAt,
  createdBy: publishMessages.createdBy,
  createdAt: publishMessages.createdAt,
  updatedAt: publishMessages.updatedAt,
  creatorName: creator.name,
  updatedByName: editor.name,
};

/** A select of message summaries with the two user names joined. */
export function selectMessageSummaries(db: Tx) {
  return db
    .select(summaryColumns)
    .from(publishMessages)
    .leftJoin(creator, eq(creator.id, publishMessages.createdBy))
    .leftJoin(editor, eq(editor.id, publishMessages.updatedBy));
}

export type MessageSummaryRow = Awaited<ReturnType<typeof selectMessageSummaries>>[number];

/** Messages as lists show them, with their active publications and the terminals these reach. */
export async function toMessageSummaries(db: Tx, rows: MessageSummaryRow[]): Promise<PubMessageSummary[]> {
  const figures = await publicationFigures(
    db,
    "message",
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    state: r.state,
    version: r.version,
    kind: r.kind,
    priority: r.priority,
    text: r.text ?? "",
    startAt: r.startAt?.toISOString() ?? null,
    endAt: r.endAt?.toISOString() ?? null,
    publicationCount: figures.get(r.id)?.publicationCount ?? 0,
    terminalCount: figures.get(r.id)?.terminalCount ?? 0,
    creatorId: r.createdBy,
    creatorName: r.creatorName,
    updatedByName: r.updatedByName,
    createDate: r.createdAt.toISOString(),
    updateDate: r.updatedAt.toISOString(),
  }));
}

/** The data-range condition of messages: the creator's office and, for "own" ranges, the creator. */
export const messageScope = (actor: Actor) => scope(actor, publishMessages);

/** The summary of one message the actor may see, or 404. */
export async function findMessageSummary(db: Tx, actor: Actor, id: number): Promise<MessageSummaryRow> {
  const [row] = await selectMessageSummaries(db).where(and(eq(publishMessages.id, id), messageScope(actor)));
  if (!row) throw notFound("message", id);
  return row;
}

/** Messages by id that the actor may see; one outside the range is reported missing (404). */
export async function findMessages(db: Tx, actor: Actor, ids: number[], lock = false): Promise<MessageRow[]> {
  const query = db
    .select()
    .from(publishMessages)
    .where(and(inArray(publishMessages.id, ids), messageScope(actor)))
    .orderBy(publishMessages.id);
  const rows = lock ? await query.for("update") : await query;
  return allFound(rows, ids, "message");
}
