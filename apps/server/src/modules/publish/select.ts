import type {
  OfficeCountNode,
  TerminalSelection,
  TerminalTreeNodeT,
  TerminalViewStatus,
} from "@marquee/contracts";
import { and, asc, count, eq, ilike, inArray, isNotNull, notInArray, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { terminalGroups, terminals } from "../../db/schema";
import type { Actor } from "../../platform/actor";
import { notFound } from "../../platform/errors";
import type { Services } from "../../platform/services";
import { likeEscape } from "../../platform/sql";
import { officeInScope, officesInScope, scope } from "../../platform/tenancy";
import { findGroup, groupAndBelow, selectSummaries, statusWhere, toSummaries } from "../terminal/repo";
import { findNode, forest } from "../terminal/tree";

/** A terminal a selection reaches. */
export interface Selected {
  id: number;
  name: string;
  officeId: number;
  online: boolean;
}

/** What a selection reaches: the authorised terminals, and how many it names that cannot take content. */
export interface SelectionResult {
  terminals: Selected[];
  skipped: number;
}

const authorised = eq(terminals.state, "authorised");

/** Offices given by id (404 for one outside the range), with the offices below them unless `below` is false. */
async function officesOf(services: Services, actor: Actor, ids: number[], below: boolean): Promise<number[]> {
  const out = new Set<number>();
  for (const id of ids) {
    const node = await officeInScope(services.tree, actor, id);
    if (below) for (const o of await services.tree.subtreeIds(node.path)) out.add(o);
    else out.add(id);
  }
  return [...out];
}

/** Groups given by id (404 for one outside the range), with the groups below them unless `below` is false. */
async function groupsOf(services: Services, actor: Actor, ids: number[], below: boolean): Promise<number[]> {
  const out = new Set<number>();
  for (const id of ids) {
    const group = await findGroup(services.db, actor, id);
    if (below) for (const g of await groupAndBelow(services.db, group)) out.add(g);
    else out.add(id);
  }
  return [...out];
}

/**
 * The terminals a selection reaches: chosen by id, by office and by group,
 * less the excluded ones, inside the caller's data range. Naming a terminal,
 * office or group outside the range is a 404 (nothing tells it exists).
 * Pending and disabled terminals cannot take content: they are counted as
 * skipped.
 */
export async function resolveSelection(
  services: Services,
  actor: Actor,
  sel: Pick<TerminalSelection, "terminalIds" | "officeIds" | "groupIds" | "excludeIds"> & {
    includeChildren?: boolean;
  },
): Promise<SelectionResult> {
  const { db } = services;
  const below = sel.includeChildren !== false;
  const range = scope(actor, terminals);
  const reach: SQL[] = [];
  if (sel.terminalIds?.length) {
    const found = await db
      .select({ id: terminals.id })
      .from(terminals)
      .where(and(inArray(terminals.id, sel.terminalIds), range));
    const known = new Set(found.map((r) => r.id));
    const missing = sel.terminalIds.find((id) => !known.has(id));
    if (missing !== undefined) throw notFound("terminal", missing);
    reach.push(inArray(terminals.id, sel.terminalIds));
  }
  if (sel.officeIds?.length)
    reach.push(inArray(terminals.officeId, await officesOf(services, actor, sel.officeIds, below)));
  if (sel.groupIds?.length)
    reach.push(inArray(terminals.groupId, await groupsOf(services, actor, sel.groupIds, below)));
  if (!reach.length) return { terminals: [], skipped: 0 };
  const rows = await db
    .select({
      id: terminals.id,
      name: terminals.name,
      officeId: terminals.officeId,
      state: terminals.state,
      online: terminals.online,
    })
    .from(terminals)
    .where(
      and(range, or(...reach), sel.excludeIds?.length ? notInArray(terminals.id, sel.excludeIds) : undefined),
    )
    .orderBy(asc(terminals.id));
  const ready = rows.filter((r) => r.state === "authorised");
  return {
    terminals: ready.map(({ id, name, officeId, online }) => ({ id, name, officeId, online })),
    skipped: rows.length - ready.length,
  };
}

type OfficeCount = z.infer<typeof OfficeCountNode>;

interface Counts {
  total: number;
  online: number;
}

/** Authorised terminals (and the connected ones) per office of the range. */
async function countsByOffice(services: Services, actor: Actor): Promise<Map<number, Counts>> {
  const rows = await services.db
    .select({
      id: terminals.officeId,
      total: count(),
      online: sql<number>`count(*) filter (where ${terminals.online})`.mapWith(Number),
    })
    .from(terminals)
    .where(and(scope(actor, terminals), authorised))
    .groupBy(terminals.officeId);
  return new Map(rows.map((r) => [r.id, r]));
}

/** The offices of the actor's range as a forest, each node counting the authorised terminals in it and below. */
export async function officeCountForest(services: Services, actor: Actor): Promise<TerminalTreeNodeT[]> {
  const ids = await officesInScope(services.tree, actor);
  const items: Array<{ id: number; parentId: number | null; name: string }> = [];
  for (const id of ids) {
    const node = await services.tree.get(id);
    if (node) items.push({ id: node.id, parentId: node.parentId, name: node.name });
  }
  return forest(items, "office", await countsByOffice(services, actor));
}

/** An office node as the paged and searched lists show it. */
async function countNode(services: Services, n: TerminalTreeNodeT): Promise<OfficeCount> {
  const office = await services.tree.get(n.id);
  return {
    id: n.id,
    parentId: office?.parentId ?? null,
    name: n.name,
    path: office?.path ?? "",
    terminalCount: n.total,
    onlineCount: n.online,
    hasChildren: n.children.length > 0,
  };
}

/** One level of the office tree (the children of `parentId`, else the range's top offices), filtered and paged. */
export async function officePage(
  services: Services,
  actor: Actor,
  q: { parentId?: number; name?: string; pageNo: number; pageSize: number },
) {
  const roots = await officeCountForest(services, actor);
  let level = roots;
  if (q.parentId !== undefined) {
    const parent = findNode(roots, q.parentId);
    if (!parent) throw notFound("office", q.parentId);
    level = parent.children;
  }
  const needle = q.name?.trim().toLowerCase();
  const matching = needle ? level.filter((n) => n.name.toLowerCase().includes(needle)) : level;
  const page = matching.slice((q.pageNo - 1) * q.pageSize, q.pageNo * q.pageSize);
  const list: OfficeCount[] = [];
  for (const n of page) list.push(await countNode(services, n));
  return { list, total: matching.length, pageNo: q.pageNo, pageSize: q.pageSize };
}

/** The most offices a search answers (the caller narrows the name beyond that). */
const SEARCH_LIMIT = 200;

/** Offices of the range whose name contains `name`, in tree order, with their counts. */
export async function searchOffices(services: Services, actor: Actor, name: string) {
  const needle = name.trim().toLowerCase();
  const out: OfficeCount[] = [];
  const walk = async (nodes: TerminalTreeNodeT[]) => {
    for (const n of nodes) {
      if (out.length >= SEARCH_LIMIT) return;
      if (n.name.toLowerCase().includes(needle)) out.push(await countNode(services, n));
      await walk(n.children);
    }
  };
  await walk(await officeCountForest(services, actor));
  return out;
}

/**
 * Group trees with authorised terminals counted: the groups of one office,
 * or, without an office, every office of the range that has groups as a node
 * with its group tree below it.
 */
export async function groupCountForest(
  services: Services,
  actor: Actor,
  officeId?: number,
): Promise<TerminalTreeNodeT[]> {
  const { db, tree } = services;
  if (officeId !== undefined) await officeInScope(tree, actor, officeId);
  const officeWhere =
    officeId !== undefined ? eq(terminalGroups.officeId, officeId) : scope(actor, terminalGroups);
  const [groups, rows] = await Promise.all([
    db
      .select({
        id: terminalGroups.id,
        officeId: terminalGroups.officeId,
        parentId: terminalGroups.parentId,
        name: terminalGroups.name,
      })
      .from(terminalGroups)
      .where(officeWhere),
    db
      .select({
        id: terminals.groupId,
        total: count(),
        online: sql<number>`count(*) filter (where ${terminals.online})`.mapWith(Number),
      })
      .from(terminals)
      .where(and(scope(actor, terminals), authorised, isNotNull(terminals.groupId)))
      .groupBy(terminals.groupId),
  ]);
  const counts = new Map<number, Counts>();
  for (const r of rows) if (r.id !== null) counts.set(r.id, r);
  if (officeId !== undefined) return forest(groups, "group", counts);
  const byOffice = new Map<number, typeof groups>();
  for (const g of groups) byOffice.set(g.officeId, [...(byOffice.get(g.officeId) ?? []), g]);
  const out: TerminalTreeNodeT[] = [];
  for (const [id, list] of byOffice) {
    const children = forest(list, "group", counts);
    out.push({
      id,
      name: (await tree.get(id))?.name ?? String(id),
      kind: "office",
      total: children.reduce((n, c) => n + c.total, 0),
      online: children.reduce((n, c) => n + c.online, 0),
      children,
    });
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

/** A page of authorised terminals to choose from, filtered like the terminal list, by name. */
export async function terminalPage(
  services: Services,
  actor: Actor,
  q: {
    name?: string;
    officeId?: number;
    groupId?: number;
    groupIds?: number[];
    includeChildren?: boolean;
    status?: TerminalViewStatus;
    pageNo: number;
    pageSize: number;
  },
) {
  const { db } = services;
  const below = q.includeChildren !== false;
  const c: (SQL | undefined)[] = [scope(actor, terminals), authorised];
  if (q.officeId !== undefined)
    c.push(inArray(terminals.officeId, await officesOf(services, actor, [q.officeId], below)));
  const groups = [...(q.groupId !== undefined ? [q.groupId] : []), ...(q.groupIds ?? [])];
  if (groups.length) c.push(inArray(terminals.groupId, await groupsOf(services, actor, groups, below)));
  if (q.status) c.push(statusWhere(q.status));
  if (q.name) {
    const like = `%${likeEscape(q.name)}%`;
    c.push(or(ilike(terminals.name, like), ilike(terminals.enrolCode, like)));
  }
  const where = and(...c);
  const [rows, totals] = await Promise.all([
    selectSummaries(db)
      .where(where)
      .orderBy(asc(terminals.name), asc(terminals.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db.select({ n: count() }).from(terminals).where(where),
  ]);
  return {
    list: await toSummaries(db, services.tree, rows),
    total: totals[0]?.n ?? 0,
    pageNo: q.pageNo,
    pageSize: q.pageSize,
  };
}
