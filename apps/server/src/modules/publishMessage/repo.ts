import type { ContentState, PubMessageSummary } from "@marquee/contracts";
import { and, asc, desc, eq, ilike, type SQL, sql } from "drizzle-orm";
import { publishMessages } from "../../db/schema";
import type { Actor } from "../../platform/actor";
import type { Tx } from "../../platform/db";
import { notFound } from "../../platform/errors";
import { filterTotal, likeEscape, pageAndTotal } from "../../platform/sql";
import { scope } from "../../platform/tenancy";
import { publishedSummaries, selectSummaries } from "../content/summary";

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
export const toMessageSummaries = (db: Tx, rows: MessageSummaryRow[]): Promise<PubMessageSummary[]> =>
  publishedSummaries(db, "message", rows, (r) => ({
    id: r.id,
    name: r.name,
    state: r.state,
    version: r.version,
    kind: r.kind,
    priority: r.priority,
    text: r.text ?? "",
    startAt: r.startAt?.toISOString() ?? null,
    endAt: r.endAt?.toISOString() ?? null,
  }));

/** The data-range condition of messages: the creator's office and, for "own" ranges, the creator. */
export const messageScope = (actor: Actor) => scope(actor, publishMessages);

/** The summary of one message the actor may see, or 404. */
export async function findMessageSummary(db: Tx, actor: Actor, id: number): Promise<MessageSummaryRow> {
  const [row] = await selectMessageSummaries(db).where(and(eq(publishMessages.id, id), messageScope(actor)));
  if (!row) throw notFound("message", id);
  return row;
}

/** One page of the messages in the actor's range matching the filter: the latest saved first, or the longest waiting. */
export async function messagePage(
  db: Tx,
  actor: Actor,
  q: {
    name?: string;
    state?: ContentState;
    kind?: MessageRow["kind"];
    priority?: MessageRow["priority"];
    pageNo: number;
    pageSize: number;
  },
  oldestFirst = false,
) {
  const c: (SQL | undefined)[] = [messageScope(actor)];
  if (q.name) c.push(ilike(publishMessages.name, `%${likeEscape(q.name)}%`));
  if (q.state) c.push(eq(publishMessages.state, q.state));
  if (q.kind) c.push(eq(publishMessages.kind, q.kind));
  if (q.priority) c.push(eq(publishMessages.priority, q.priority));
  const where = and(...c);
  const offset = (q.pageNo - 1) * q.pageSize;
  const counted = filterTotal(publishMessages, where);
  const page = await selectSummaries(db, publishMessages, {
    ...summaryColumns,
    total: counted,
  })
    .where(where)
    .orderBy(
      oldestFirst ? asc(publishMessages.updatedAt) : desc(publishMessages.updatedAt),
      desc(publishMessages.id),
    )
    .limit(q.pageSize)
    .offset(offset);
  const { rows, total } = await pageAndTotal(db, page, { total: counted, offset });
  return {
    list: await toMessageSummaries(db, rows),
    total,
    pageNo: q.pageNo,
    pageSize: q.pageSize,
  };
}

/** A message in the actor's range (else 404) as the editor opens it: its summary and its document. */
export async function messageDetail(db: Tx, actor: Actor, id: number) {
  const summary = await findMessageSummary(db, actor, id);
  const [row] = await db
    .select({ doc: publishMessages.doc })
    .from(publishMessages)
    .where(eq(publishMessages.id, summary.id));
  if (!row) throw new Error("message vanished");
  const [message] = await toMessageSummaries(db, [summary]);
  return { message: message as NonNullable<typeof message>, doc: row.doc };
}
