import type { TerminalTreeNodeT } from "@marquee/contracts";

/** Tree keys: offices and groups share one tree widget each, so the kind is part of the key. */
export const officeKey = (id: number) => `o:${id}`;
export const groupKey = (id: number) => `g:${id}`;

/** The node a tree key names, or null for a key this screen did not make. */
export function parseKey(key: string): { kind: "office" | "group"; id: number } | null {
  const m = /^([og]):(\d+)$/.exec(key);
  if (!m?.[2]) return null;
  return { kind: m[1] === "o" ? "office" : "group", id: Number(m[2]) };
}

/** Whether a node's children are still to be asked for (findOfficeChild answers one level and flags the rest). */
export function needsChildren(
  node: TerminalTreeNodeT,
  loaded: ReadonlyMap<number, TerminalTreeNodeT[]>,
): boolean {
  return node.hasChildren === true && node.children.length === 0 && !loaded.has(node.id);
}

/** Whether a node can open: it has children, or children to ask for. */
export function hasBranches(
  node: TerminalTreeNodeT,
  loaded: ReadonlyMap<number, TerminalTreeNodeT[]>,
): boolean {
  return node.children.length > 0 || (loaded.get(node.id)?.length ?? 0) > 0 || needsChildren(node, loaded);
}

/** The tree with the children loaded so far put in place (a node's own children win when it has some). */
export function withLoadedChildren(
  nodes: readonly TerminalTreeNodeT[],
  loaded: ReadonlyMap<number, TerminalTreeNodeT[]>,
): TerminalTreeNodeT[] {
  return nodes.map((n) => {
    const children = n.children.length > 0 ? n.children : (loaded.get(n.id) ?? []);
    return { ...n, children: withLoadedChildren(children, loaded) };
  });
}

/** A node by id, searched depth first. */
export function findNode(nodes: readonly TerminalTreeNodeT[], id: number): TerminalTreeNodeT | undefined {
  for (const n of nodes) {
    if (n.id === id) return n;
    const deeper = findNode(n.children, id);
    if (deeper) return deeper;
  }
  return undefined;
}

/** Every node in a flat list, parents before children (group pickers list them with their depth). */
export function flatten(
  nodes: readonly TerminalTreeNodeT[],
  depth = 0,
): Array<{ node: TerminalTreeNodeT; depth: number }> {
  return nodes.flatMap((node) => [{ node, depth }, ...flatten(node.children, depth + 1)]);
}

/**
 * Which call moves the selection: within their own office only the group changes (updateTerminalGroup,
 * which can also take them out of any group); otherwise they move office (updateTerminalOffice).
 */
export function moveCall(
  selection: ReadonlyArray<{ officeId: number }>,
  officeId: number,
  groupId: number | undefined,
): { call: "group"; groupId: number | null } | { call: "office"; officeId: number; groupId?: number } {
  if (selection.length > 0 && selection.every((t) => t.officeId === officeId))
    return { call: "group", groupId: groupId ?? null };
  return { call: "office", officeId, groupId };
}
