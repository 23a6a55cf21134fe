import type { TerminalTreeNodeT } from "@marquee/contracts";
import { and, count, eq, isNotNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { terminalGroups, terminals } from "../../db/schema";
import type { Actor } from "../../platform/actor";
import type { OfficeTree } from "../../platform/office-tree";
import { officesInScope, scope } from "../../platform/tenancy";
import { connectedSql } from "./repo";

interface Counts {
  total: number;
  online: number;
}

interface Item {
  id: number;
  parentId: number | null;
  name: string;
}

/**
 * A forest of `items` (an item whose parent is not among them is a root), each node counting the
 * terminals of itself and everything below it; siblings sorted by name.
 */
export function forest(
  items: Item[],
  kind: "office" | "group",
  counts: Map<number, Counts>,
): TerminalTreeNodeT[] {
  const nodes = new Map<number, TerminalTreeNodeT>();
  for (const it of items) {
    const own = counts.get(it.id);
    nodes.set(it.id, {
      id: it.id,
      name: it.name,
      kind,
      total: own?.total ?? 0,
      online: own?.online ?? 0,
      children: [],
    });
  }
  const roots: TerminalTreeNodeT[] = [];
  for (const it of items) {
    const node = nodes.get(it.id) as TerminalTreeNodeT;
    const parent = it.parentId === null || it.parentId === it.id ? undefined : nodes.get(it.parentId);
    (parent ? parent.children : roots).push(node);
  }
  const sum = (n: TerminalTreeNodeT, seen: Set<number>): void => {
    seen.add(n.id);
    n.children = n.children.filter((c) => !seen.has(c.id));
    n.children.sort((a, b) => a.name.localeCompare(b.name));
    for (const c of n.children) {
      sum(c, seen);
      n.total += c.total;
      n.online += c.online;
    }
  };
  const seen = new Set<number>();
  roots.sort((a, b) => a.name.localeCompare(b.name));
  for (const r of roots) sum(r, seen);
  return roots;
}

/** The offices of the actor's range as a forest with terminal counts (each node counting what lies below it). */
export async function officeForest(db: Db, tree: OfficeTree, actor: Actor): Promise<TerminalTreeNodeT[]> {
  const ids = await officesInScope(tree, actor);
  const items: Item[] = [];
  for (const id of ids) {
    const node = await tree.get(id);
    if (node) items.push({ id: node.id, parentId: node.parentId, name: node.name });
  }
  const rows = await db
    .select({ id: terminals.officeId, total: count(), online: connectedSql.mapWith(Number) })
    .from(terminals)
    .where(scope(actor, terminals))
    .groupBy(terminals.officeId);
  return forest(items, "office", new Map(rows.map((r) => [r.id, r])));
}

/** The node of office `id` in a forest, or undefined. */
export function findNode(nodes: TerminalTreeNodeT[], id: number): TerminalTreeNodeT | undefined {
  for (const n of nodes) {
    if (n.id === id) return n;
    const below = findNode(n.children, id);
    if (below) return below;
  }
  return undefined;
}

/** The groups of one office as a forest with terminal counts. */
export async function groupForest(db: Db, officeId: number): Promise<TerminalTreeNodeT[]> {
  const [groups, rows] = await Promise.all([
    db
      .select({ id: terminalGroups.id, parentId: terminalGroups.parentId, name: terminalGroups.name })
      .from(terminalGroups)
      .where(eq(terminalGroups.officeId, officeId)),
    db
      .select({ id: terminals.groupId, total: count(), online: connectedSql.mapWith(Number) })
      .from(terminals)
      .where(and(eq(terminals.officeId, officeId), isNotNull(terminals.groupId)))
      .groupBy(terminals.groupId),
  ]);
  const counts = new Map<number, Counts>();
  for (const r of rows) if (r.id !== null) counts.set(r.id, r);
  return forest(groups, "group", counts);
}
