import { MONITOR_MAX, type ScannedTerminal } from "@marquee/contracts";
import { and, asc, desc, eq, gte, inArray, or, type SQL, sql } from "drizzle-orm";
import { playerPackages, publications, strategies, terminalCommands, terminals } from "../../db/schema";
import type { Actor } from "../../platform/actor";
import type { Db } from "../../platform/db";
import type { Services } from "../../platform/services";
import { officeInScope, scope, scoped } from "../../platform/tenancy";
import { findGroup, groupAndBelow, type TerminalRow } from "../terminal/repo";

/** At most this many terminals in one scan answer. */
const SCAN_MAX = 200;

/**
 * The terminals waiting for authorisation that the caller may see: every one for the platform's
 * users, else those connecting from the caller's address; online now, or seen (registered or
 * beating) since the scan began.
 */
export async function waitingTerminals(
  db: Db,
  actor: Actor,
  ip: string,
  since: Date | null,
): Promise<ScannedTerminal[]> {
  const where: Array<SQL | undefined> = [eq(terminals.state, "pending")];
  if (actor.tenantType !== "platform") where.push(eq(terminals.ip, ip));
  // Online now, or seen (registered or beating) since the scan began.
  where.push(
    since
      ? or(eq(terminals.online, true), gte(terminals.lastSeenAt, since), gte(terminals.createdAt, since))
      : eq(terminals.online, true),
  );
  const rows = await db
    .select()
    .from(terminals)
    .where(and(...where))
    .orderBy(desc(terminals.createdAt), desc(terminals.id))
    .limit(SCAN_MAX);
  return rows.map((r) => ({
    id: r.id,
    enrolCode: r.enrolCode,
    model: r.model,
    width: r.width,
    height: r.height,
    version: r.status?.version ?? r.version,
    ip: r.ip,
    online: r.online,
    createDate: r.createdAt.toISOString(),
    lastSeenAt: r.lastSeenAt?.toISOString() ?? null,
  }));
}

/** A player_packages row as stored. */
export type PackageRow = typeof playerPackages.$inferSelect;

/** The packages of the caller's tenant, newest first. */
export function packagesOf(db: Db, actor: Actor): Promise<PackageRow[]> {
  return db
    .select()
    .from(playerPackages)
    .where(scope(actor, playerPackages))
    .orderBy(desc(playerPackages.createdAt), desc(playerPackages.id));
}

/** Stores an uploaded package. */
export async function insertPackage(
  db: Db,
  values: typeof playerPackages.$inferInsert,
): Promise<PackageRow | undefined> {
  const [row] = await db.insert(playerPackages).values(values).returning();
  return row;
}

/** A package of the caller's tenant (another tenant's is as missing as one that does not exist). */
export async function packageInScope(db: Db, actor: Actor, id: number): Promise<PackageRow | undefined> {
  const [pkg] = await db
    .select()
    .from(playerPackages)
    .where(scoped(actor, playerPackages, eq(playerPackages.id, id)));
  return pkg;
}

/**
 * The latest `update` command of each terminal of the caller's range, of one package or among
 * these commands, with the terminal's name, the version it runs now and whether it is online.
 */
export function latestUpdateCommands(
  db: Db,
  actor: Actor,
  of: { packageId: number } | { commandIds: string[] },
) {
  const where =
    "packageId" in of
      ? sql`${terminalCommands.args}->>'packageId' = ${String(of.packageId)}`
      : inArray(terminalCommands.id, of.commandIds);
  return db
    .selectDistinctOn([terminalCommands.terminalId], {
      c: terminalCommands,
      terminalName: terminals.name,
      // What it runs now: its latest status, else what it registered with.
      version: sql<string>`coalesce(${terminals.status}->>'version', ${terminals.version})`,
      online: terminals.online,
    })
    .from(terminalCommands)
    .innerJoin(terminals, eq(terminals.id, terminalCommands.terminalId))
    .where(
      and(
        eq(terminalCommands.name, "update"),
        where,
        scope(actor, terminalCommands),
        scope(actor, terminals),
      ),
    )
    .orderBy(terminalCommands.terminalId, desc(terminalCommands.createdAt));
}

/**
 * The live publications (active or scheduled) that reach these terminals: those they hold and those
 * still to be delivered to them.
 */
export async function livePublicationsOf(db: Db, ids: number[]) {
  const idList = sql.join(
    ids.map((id) => sql`${id}::int`),
    sql`, `,
  );
  const reached = await db.execute<{ id: number }>(sql`
      select publication_id as id from publication_targets where terminal_id in (${idList}) and state <> 'withdrawn'
      union select unnest(publication_ids) from terminals where id in (${idList})`);
  const pubIds = reached.rows.map((r) => Number(r.id));
  return pubIds.length
    ? await db
        .select()
        .from(publications)
        .where(and(inArray(publications.id, pubIds), inArray(publications.state, ["active", "scheduled"])))
    : [];
}

/** Empties what these terminals were given to play (their programs and their play-now). */
export async function clearTerminals(db: Db, ids: number[], now: Date): Promise<void> {
  await db
    .update(terminals)
    .set({ programIds: [], playNow: null, updatedAt: now })
    .where(inArray(terminals.id, ids));
}

/** A terminal's latest screenshot as its row holds it. */
export async function screenshotOfTerminal(db: Db, id: number) {
  const [row] = await db
    .select({
      id: terminals.id,
      screenshotMd5: terminals.screenshotMd5,
      screenshotAt: terminals.screenshotAt,
    })
    .from(terminals)
    .where(eq(terminals.id, id));
  return row;
}

/** These commands, of terminals of the caller's range, with what sending them again needs. */
export function commandsOfRange(db: Db, actor: Actor, commandIds: string[]) {
  return db
    .select({
      id: terminalCommands.id,
      terminalId: terminalCommands.terminalId,
      name: terminalCommands.name,
      args: terminalCommands.args,
      state: terminalCommands.state,
    })
    .from(terminalCommands)
    .innerJoin(terminals, eq(terminals.id, terminalCommands.terminalId))
    .where(and(inArray(terminalCommands.id, commandIds), scope(actor, terminals)));
}

/** The name and doc of these strategies. */
export function strategiesByIds(db: Db, ids: number[]) {
  return db
    .select({ id: strategies.id, name: strategies.name, doc: strategies.doc })
    .from(strategies)
    .where(inArray(strategies.id, ids));
}

/**
 * The terminals of the caller's range the live monitor shows for an office or a group (with or
 * without those below), by name, one more than the monitor shows (to tell it was cut).
 */
export async function monitorTerminals(
  services: Services,
  actor: Actor,
  place: { officeId?: number; groupId?: number; includeChildren: boolean },
): Promise<TerminalRow[]> {
  const db = services.db;
  const { officeId, groupId, includeChildren } = place;
  const where: Array<SQL | undefined> = [scope(actor, terminals)];
  if (officeId !== undefined) {
    const node = await officeInScope(services.tree, actor, officeId);
    where.push(
      includeChildren
        ? inArray(terminals.officeId, await services.tree.subtreeIds(node.path))
        : eq(terminals.officeId, officeId),
    );
  }
  if (groupId !== undefined) {
    const group = await findGroup(db, actor, groupId);
    where.push(
      includeChildren
        ? inArray(terminals.groupId, await groupAndBelow(db, group))
        : eq(terminals.groupId, groupId),
    );
  }
  return db
    .select()
    .from(terminals)
    .where(and(...where))
    .orderBy(asc(terminals.name), asc(terminals.id))
    .limit(MONITOR_MAX + 1);
}

/** The latest answer of a terminal to the `programs` command (its data and when it came). */
export async function latestProgramsAck(db: Db, terminalId: number) {
  const [latest] = await db
    .select({ data: terminalCommands.data, doneAt: terminalCommands.doneAt })
    .from(terminalCommands)
    .where(
      and(
        eq(terminalCommands.terminalId, terminalId),
        eq(terminalCommands.name, "programs"),
        eq(terminalCommands.state, "done"),
      ),
    )
    .orderBy(desc(terminalCommands.doneAt))
    .limit(1);
  return latest;
}
