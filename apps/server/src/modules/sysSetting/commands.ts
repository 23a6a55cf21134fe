import type { CommandLogQuery, CommandLogRow } from "@marquee/contracts";
import { and, desc, eq, gte, ilike, lte, or, type SQL, sql } from "drizzle-orm";
import { terminalCommands, terminals, users } from "../../db/schema";
import type { Actor } from "../../platform/actor";
import { notFound } from "../../platform/errors";
import { rangeWhere } from "../../platform/scope";
import type { Services } from "../../platform/services";
import { likeEscape } from "../../platform/sql";

/**
 * The commands sent to terminals in the actor's range (by the terminal's
 * office), newest first, `size` at a time after the command `lastId`. Command
 * ids are random, so the order is (created_at, id) and the cursor is read
 * back from the row it names: a cursor outside the range answers 404 like a
 * missing one.
 */
export async function listCommands(
  services: Services,
  actor: Actor,
  q: CommandLogQuery,
): Promise<{ list: CommandLogRow[]; lastId: string | null; hasMore: boolean }> {
  const { db } = services;
  const range = rangeWhere(actor, terminals.officeId);
  const c: Array<SQL | undefined> = [range];
  if (q.lastId !== undefined) {
    const [cursor] = await db
      .select({ id: terminalCommands.id })
      .from(terminalCommands)
      .innerJoin(terminals, eq(terminals.id, terminalCommands.terminalId))
      .where(and(eq(terminalCommands.id, q.lastId), range));
    if (!cursor) throw notFound("command", q.lastId);
    // Compared in the database: its timestamps have microseconds, JavaScript dates do not.
    c.push(
      sql`(${terminalCommands.createdAt}, ${terminalCommands.id}) < (select cc.created_at, cc.id from ${terminalCommands} cc where cc.id = ${q.lastId})`,
    );
  }
  if (q.keyword) {
    const like = `%${likeEscape(q.keyword)}%`;
    c.push(or(ilike(terminals.name, like), ilike(terminals.deviceId, like)));
  }
  if (q.name) c.push(eq(terminalCommands.name, q.name));
  if (q.state) c.push(eq(terminalCommands.state, q.state));
  if (q.beginTime) c.push(gte(terminalCommands.createdAt, q.beginTime));
  if (q.endTime) c.push(lte(terminalCommands.createdAt, q.endTime));

  const rows = await db
    .select({
      command: terminalCommands,
      terminalName: terminals.name,
      deviceId: terminals.deviceId,
      officeId: terminals.officeId,
      createdByName: users.username,
    })
    .from(terminalCommands)
    .innerJoin(terminals, eq(terminals.id, terminalCommands.terminalId))
    .leftJoin(users, eq(users.id, terminalCommands.createdBy))
    .where(and(...c))
    .orderBy(desc(terminalCommands.createdAt), desc(terminalCommands.id))
    .limit(q.size + 1);
  const more = rows.length > q.size;
  const list = rows.slice(0, q.size).map(
    ({ command: r, terminalName, deviceId, officeId, createdByName }): CommandLogRow => ({
      id: r.id,
      terminalId: r.terminalId,
      terminalName,
      deviceId,
      officeId,
      name: r.name,
      args: r.args,
      state: r.state,
      reason: r.reason,
      data: r.data ?? null,
      createdBy: r.createdBy,
      createdByName,
      createDate: r.createdAt.toISOString(),
      doneDate: r.doneAt?.toISOString() ?? null,
    }),
  );
  return { list, lastId: more ? (list.at(-1)?.id ?? null) : null, hasMore: more };
}
