import type { CommandLogQuery, CommandLogRow } from "@marquee/contracts";
import { and, desc, eq, gte, ilike, lte, or, type SQL, sql } from "drizzle-orm";
import { terminalCommands, terminals, users } from "../../db/schema";
import type { Actor } from "../../platform/actor";
import { notFound } from "../../platform/errors";
import type { Services } from "../../platform/services";
import { likeEscape } from "../../platform/sql";
import { namesIn, scope } from "../../platform/tenancy";

/**
 * The commands sent to terminals in the actor's range (by the office the
 * terminal was in when the command was sent: a screen moved to another
 * tenant leaves its commands with the tenant that sent them), newest first, `size` at a time after the command `lastId`. Command
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
  const range = scope(actor, terminalCommands);
  const c: Array<SQL | undefined> = [range];
  if (q.lastId !== undefined) {
    const [cursor] = await db
      .select({ id: terminalCommands.id })
      .from(terminalCommands)
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
      deviceId: terminals.deviceId,
      createdByName: users.username,
    })
    .from(terminalCommands)
    .innerJoin(terminals, eq(terminals.id, terminalCommands.terminalId))
    .leftJoin(users, eq(users.id, terminalCommands.createdBy))
    .where(and(...c))
    .orderBy(desc(terminalCommands.createdAt), desc(terminalCommands.id))
    .limit(q.size + 1);
  const more = rows.length > q.size;
  const page = rows.slice(0, q.size);
  // A terminal that has moved to another tenant since is not named by its new tenant's name.
  const names = await namesIn(
    db,
    actor,
    terminals,
    page.map((r) => r.command.terminalId),
  );
  const list = page.map(
    ({ command: r, deviceId, createdByName }): CommandLogRow => ({
      id: r.id,
      terminalId: r.terminalId,
      terminalName: names.get(r.terminalId) ?? `#${r.terminalId}`,
      deviceId,
      officeId: r.officeId,
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
