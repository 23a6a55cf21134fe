import type { PubMessageSummary } from "@marquee/contracts";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { publishMessages } from "../../db/schema";
import type { Actor } from "../../platform/actor";
import { allFound, notFound } from "../../platform/errors";
import { scope } from "../../platform/tenancy";
import { publicationFigures } from "../content/publications";
import { authorship, selectSummaries } from "../content/summary";

export type MessageRow = typeof publishMessages.$inferSelect;

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
};

/** A select of message summaries with the two user names joined. */
export const selectMessageSummaries = (db: Tx) => selectSummaries(db, publishMessages, summaryColumns);

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
    ...authorship(r),
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
