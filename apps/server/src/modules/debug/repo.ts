import { and, desc, eq, inArray } from "drizzle-orm";
import { terminalCommands, terminalEvents, terminals } from "../../db/schema";
import type { Actor } from "../../platform/actor";
import type { Db } from "../../platform/db";
import { scope } from "../../platform/tenancy";

/** The ids of a terminal's latest `limit` commands, newest first, and its latest `limit` events. */
export async function recentActivity(db: Db, terminalId: number, limit: number) {
  const [commandRows, events] = await Promise.all([
    db
      .select({ id: terminalCommands.id })
      .from(terminalCommands)
      .where(eq(terminalCommands.terminalId, terminalId))
      .orderBy(desc(terminalCommands.createdAt))
      .limit(limit),
    db
      .select({ kind: terminalEvents.kind, message: terminalEvents.message, at: terminalEvents.at })
      .from(terminalEvents)
      .where(eq(terminalEvents.terminalId, terminalId))
      .orderBy(desc(terminalEvents.at), desc(terminalEvents.id))
      .limit(limit),
  ]);
  return { commandIds: commandRows.map((c) => c.id), events };
}

/** Which of `ids` are terminals in the caller's range. */
export async function visibleTerminalIds(db: Db, actor: Actor, ids: number[]): Promise<Set<number>> {
  const visible = ids.length
    ? await db
        .select({ id: terminals.id })
        .from(terminals)
        .where(and(inArray(terminals.id, ids), scope(actor, terminals)))
    : [];
  return new Set(visible.map((v) => v.id));
}
