import type {
  CommandOutcome,
  ScreenshotHistoryQuery,
  TerminalSummary,
  TerminalViewStatus,
} from "@marquee/contracts";
import { and, count, desc, eq, inArray, isNotNull, isNull, like, ne, not, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client";
import {
  offices,
  publicationTargets,
  type terminalCommands,
  terminalGroups,
  terminalScreenshots,
  terminals,
} from "../../db/schema";
import type { Actor } from "../../platform/actor";
import { allFound, FieldErrors, notFound } from "../../platform/errors";
import type { OfficeTree } from "../../platform/office-tree";
import { anyOf, likeEscape } from "../../platform/sql";
import { namesIn, officeInScope, scope, scoped } from "../../platform/tenancy";
import { runwayColumns, runwayView } from "./runway";

/** A terminals row as stored. */
export type TerminalRow = typeof terminals.$inferSelect;
/** A terminal_groups row as stored. */
export type GroupRow = typeof terminalGroups.$inferSelect;

/** The columns a summary needs: never the token hash, and of the reported status only the program's name. */
export const summaryColumns = {
  id: terminals.id,
  name: terminals.name,
  officeId: terminals.officeId,
  groupId: terminals.groupId,
  state: terminals.state,
  online: terminals.online,
  fault: terminals.fault,
  model: terminals.model,
  version: terminals.version,
  width: terminals.width,
  height: terminals.height,
  ip: terminals.ip,
  enrolCode: terminals.enrolCode,
  programName: sql<string | null>`${terminals.status}->>'programName'`,
  lastSeenAt: terminals.lastSeenAt,
  screenshotMd5: terminals.screenshotMd5,
  createdAt: terminals.createdAt,
  // Offline runway (issue 24)
  ...runwayColumns,
};
/** A select of summary columns (the caller adds where, order and paging). */
export const selectSummaries = (db: Db) => db.select(summaryColumns).from(terminals);
/** A row of selectSummaries. */
export type SummaryRow = Awaited<ReturnType<typeof selectSummaries>>[number];

/** The status the console shows, from the stored state and presence. */
export function viewStatus(r: Pick<TerminalRow, "state" | "online" | "fault">): TerminalViewStatus {
  if (r.state === "disabled") return "disabled";
  if (r.state === "pending") return "unauthorised";
  if (r.online) return r.fault !== null ? "fault" : "online";
  return "offline";
}

/** The WHERE condition of one view status (the same rule as viewStatus, in SQL). */
export function statusWhere(status: TerminalViewStatus): SQL | undefined {
  const authorised = eq(terminals.state, "authorised");
  switch (status) {
    case "disabled":
      return eq(terminals.state, "disabled");
    case "unauthorised":
      return eq(terminals.state, "pending");
    case "fault":
      return and(authorised, eq(terminals.online, true), isNotNull(terminals.fault));
    case "online":
      return and(authorised, eq(terminals.online, true), isNull(terminals.fault));
    case "offline":
      return and(authorised, not(terminals.online));
  }
}

/** Sort rank of the view status: online first, disabled last. */
export const statusRank = sql<number>`case
  when ${terminals.state} = 'disabled' then 4
  when ${terminals.state} = 'pending' then 3
  when not ${terminals.online} then 2
  when ${terminals.fault} is not null then 1
  else 0 end`;

/** Terminals of an office counted as connected: authorised and online (a fault still counts as connected). */
export const connectedSql = sql<number>`count(*) filter (where ${terminals.state} = 'authorised' and ${terminals.online})`;

/** The address of a terminal's latest screenshot; the hash in it makes a new picture a new address. */
export const screenshotUrl = (id: number, md5: string | null) =>
  md5 ? `/apm-web/a/api/terminal/screenshot?id=${id}&v=${md5.slice(0, 12)}` : null;

/** Summaries of rows, with office names from the office tree and group names in one query for them all. */
export async function toSummaries(db: Db, tree: OfficeTree, rows: SummaryRow[]): Promise<TerminalSummary[]> {
  const groupIds = [...new Set(rows.map((r) => r.groupId).filter((g): g is number => g !== null))];
  const groups = groupIds.length
    ? await db
        .select({ id: terminalGroups.id, name: terminalGroups.name })
        .from(terminalGroups)
        .where(anyOf(terminalGroups.id, groupIds))
    : [];
  const groupName = new Map(groups.map((g) => [g.id, g.name]));
  const out: TerminalSummary[] = [];
  for (const r of rows) {
    out.push({
      id: r.id,
      name: r.name,
      officeId: r.officeId,
      officeName: (await tree.get(r.officeId))?.name ?? null,
      groupId: r.groupId,
      groupName: r.groupId === null ? null : (groupName.get(r.groupId) ?? null),
      state: r.state,
      status: viewStatus(r),
      online: r.online,
      fault: r.fault,
      model: r.model,
      version: r.version,
      width: r.width,
      height: r.height,
      ip: r.ip,
      enrolCode: r.enrolCode,
      programName: r.programName,
      lastSeenAt: r.lastSeenAt?.toISOString() ?? null,
      screenshotUrl: screenshotUrl(r.id, r.screenshotMd5),
      createDate: r.createdAt.toISOString(),
      runway: runwayView(r),
    });
  }
  return out;
}

/** The summary of one terminal the actor may see, or 404. */
export async function findSummary(
  db: Db,
  tree: OfficeTree,
  actor: Actor,
  id: number,
): Promise<TerminalSummary> {
  const [row] = await selectSummaries(db).where(scoped(actor, terminals, eq(terminals.id, id)));
  if (!row) throw notFound("terminal", id);
  const [summary] = await toSummaries(db, tree, [row]);
  if (!summary) throw notFound("terminal", id);
  return summary;
}

/** Terminals by id that the actor may see; any other id is reported missing (nothing leaks across tenants). */
export async function findTerminals(db: Db, actor: Actor, ids: number[]): Promise<TerminalRow[]> {
  const rows = await db
    .select()
    .from(terminals)
    .where(scoped(actor, terminals, inArray(terminals.id, ids)));
  return allFound(rows, ids, "terminal");
}

/** A group the actor may see (its office is in their range), or 404. */
export async function findGroup(db: Db, actor: Actor, id: number): Promise<GroupRow> {
  const [g] = await db
    .select()
    .from(terminalGroups)
    .where(scoped(actor, terminalGroups, eq(terminalGroups.id, id)));
  if (!g) throw notFound("group", id);
  return g;
}

/** A group given as input: it must exist in the actor's range and belong to office `officeId` (else a 400 on `field`). */
export async function groupOfOffice(
  db: Db,
  actor: Actor,
  id: number,
  officeId: number,
  field = "groupId",
): Promise<GroupRow> {
  const [g] = await db
    .select()
    .from(terminalGroups)
    .where(scoped(actor, terminalGroups, eq(terminalGroups.id, id)));
  if (!g) throw new FieldErrors([{ field, key: "terminal.groupMissing", values: { id } }]);
  if (g.officeId !== officeId)
    throw new FieldErrors([{ field, key: "terminal.groupNotInOffice", values: { id, officeId } }]);
  return g;
}

/** The ids of a group and every group below it (groups of one office form a tree through parentId). */
export async function groupAndBelow(db: Db, group: GroupRow): Promise<number[]> {
  const all = await db
    .select({ id: terminalGroups.id, parentId: terminalGroups.parentId })
    .from(terminalGroups)
    .where(eq(terminalGroups.officeId, group.officeId));
  const kids = new Map<number, number[]>();
  for (const g of all) {
    if (g.parentId === null) continue;
    kids.set(g.parentId, [...(kids.get(g.parentId) ?? []), g.id]);
  }
  const out = new Set<number>();
  const stack = [group.id];
  while (stack.length) {
    const id = stack.pop() as number;
    if (out.has(id)) continue;
    out.add(id);
    stack.push(...(kids.get(id) ?? []));
  }
  return [...out];
}

type CommandRow = typeof terminalCommands.$inferSelect;

/** A command row as an outcome. */
export function toOutcome(r: CommandRow, terminalName: string): CommandOutcome {
  return {
    id: r.id,
    terminalId: r.terminalId,
    terminalName,
    name: r.name,
    state: r.state,
    reason: r.reason,
    data: r.data ?? null,
    createDate: r.createdAt.toISOString(),
    doneDate: r.doneAt?.toISOString() ?? null,
  };
}

/**
 * What screens leaving their tenant (moved into another agent's or customer's
 * office) leave behind: everything the old tenant gave them (programs,
 * publications, play-now, strategy, settings, the last screenshot, a position
 * placed by hand), and their place in the old tenant's active publications,
 * which see them withdrawn. Their commands, reports and delivery records stay
 * with the old tenant, where they were made (each carries its office).
 */
export async function leaveTenant(tx: Tx, ids: number[], now: Date): Promise<void> {
  if (!ids.length) return;
  await tx
    .update(terminals)
    .set({
      programIds: [],
      publicationIds: [],
      playNow: null,
      strategyId: null,
      settings: {},
      screenshotMd5: null,
      screenshotAt: null,
      updatedAt: now,
    })
    .where(inArray(terminals.id, ids));
  await tx
    .update(terminals)
    .set({ latitude: null, longitude: null, address: null, positionSource: null, positionAt: null })
    .where(and(inArray(terminals.id, ids), eq(terminals.positionSource, "manual")));
  await tx
    .update(publicationTargets)
    .set({ state: "withdrawn", updatedAt: now })
    .where(and(inArray(publicationTargets.terminalId, ids), ne(publicationTargets.state, "withdrawn")));
}

/** The terminals in the office at `path` and every office below it. */
export async function terminalsBelow(tx: Tx, path: string): Promise<number[]> {
  const rows = await tx
    .select({ id: terminals.id })
    .from(terminals)
    .innerJoin(offices, eq(offices.id, terminals.officeId))
    .where(like(offices.path, `${likeEscape(path)}%`));
  return rows.map((r) => r.id);
}

/** A terminal_screenshots row as stored. */
export type ScreenshotRow = typeof terminalScreenshots.$inferSelect;

/**
 * One page of the screenshot history, newest first, with the total and the names of the screens the
 * caller may read. The node, and the terminal when one is named, must be of the caller's range.
 */
export async function screenshotHistory(
  db: Db,
  tree: OfficeTree,
  actor: Actor,
  q: z.infer<typeof ScreenshotHistoryQuery>,
): Promise<{ rows: ScreenshotRow[]; total: number; names: Map<number, string> }> {
  const below = q.includeChildren !== false;
  const c: Array<SQL | undefined> = [];
  if (q.treeId === undefined) {
    if (q.terminalId === undefined) throw new FieldErrors([{ field: "treeId", key: "validation.required" }]);
  } else if (q.treeType === "group") {
    const group = await findGroup(db, actor, q.treeId);
    const groups = below ? await groupAndBelow(db, group) : [group.id];
    // The screens of the group now, and only the pictures taken while they served its office.
    c.push(
      eq(terminalScreenshots.officeId, group.officeId),
      inArray(
        terminalScreenshots.terminalId,
        db.select({ id: terminals.id }).from(terminals).where(inArray(terminals.groupId, groups)),
      ),
    );
  } else {
    const node = await officeInScope(tree, actor, q.treeId);
    c.push(
      below
        ? inArray(terminalScreenshots.officeId, await tree.subtreeIds(node.path))
        : eq(terminalScreenshots.officeId, node.id),
    );
  }
  if (q.terminalId !== undefined) {
    await findTerminals(db, actor, [q.terminalId]);
    c.push(eq(terminalScreenshots.terminalId, q.terminalId));
  }
  if (q.type) c.push(eq(terminalScreenshots.kind, q.type));
  const where = scoped(actor, terminalScreenshots, ...c);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(terminalScreenshots)
      .where(where)
      .orderBy(desc(terminalScreenshots.at), desc(terminalScreenshots.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db.select({ n: count() }).from(terminalScreenshots).where(where),
  ]);
  const names = await namesIn(
    db,
    actor,
    terminals,
    rows.map((r) => r.terminalId),
  );
  return { rows, total: totals[0]?.n ?? 0, names };
}

/** The ids among these terminals that are of the caller's range. */
export async function visibleTerminalIds(db: Db, actor: Actor, ids: number[]): Promise<Set<number>> {
  const visible = ids.length
    ? await db
        .select({ id: terminals.id })
        .from(terminals)
        .where(and(inArray(terminals.id, ids), scope(actor, terminals)))
    : [];
  return new Set(visible.map((v) => v.id));
}

/** The picture of one shot of a terminal's history, read through its own scope (it stays with the office it was taken for). */
export async function historyShotMd5(
  db: Db,
  actor: Actor,
  terminalId: number,
  shotId: number,
): Promise<string | null | undefined> {
  const [row] = await db
    .select({ md5: terminalScreenshots.md5 })
    .from(terminalScreenshots)
    .where(
      scoped(
        actor,
        terminalScreenshots,
        eq(terminalScreenshots.id, shotId),
        eq(terminalScreenshots.terminalId, terminalId),
      ),
    );
  return row?.md5;
}

/** One screenshot of a terminal's history (the newest when `shotId` is absent), read through its own scope (screen truth). */
export async function findShot(
  db: Db,
  actor: Actor,
  terminalId: number,
  shotId?: number,
): Promise<ScreenshotRow | undefined> {
  const [row] = await db
    .select()
    .from(terminalScreenshots)
    .where(
      scoped(
        actor,
        terminalScreenshots,
        eq(terminalScreenshots.terminalId, terminalId),
        shotId === undefined ? undefined : eq(terminalScreenshots.id, shotId),
      ),
    )
    .orderBy(desc(terminalScreenshots.at), desc(terminalScreenshots.id))
    .limit(1);
  return row;
}
