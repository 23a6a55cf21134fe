import { useCallback, useEffect, useRef, useState } from "react";

/** A node of a tree loaded one level at a time. */
export interface LazyNode {
  id: number;
  parentId: number | null;
  isLeaf: boolean;
}

/** The loaded part of a lazy tree: its roots, and the children of each node opened so far. */
export interface LazyState<T extends LazyNode> {
  roots: T[] | null;
  children: ReadonlyMap<number, T[]>;
}

/** A node with its loaded children below it, as a tree widget takes it. */
export interface Branch<T> {
  node: T;
  /** undefined: not loaded yet (the widget may ask for it). */
  children: Branch<T>[] | undefined;
}

/** The loaded tree as nested branches. */
export function branches<T extends LazyNode>(state: LazyState<T>): Branch<T>[] {
  const build = (nodes: T[], seen: Set<number>): Branch<T>[] =>
    nodes
      .filter((n) => !seen.has(n.id))
      .map((node) => {
        const kids = state.children.get(node.id);
        return { node, children: kids ? build(kids, new Set([...seen, node.id])) : undefined };
      });
  return build(state.roots ?? [], new Set());
}

/** A loaded node by id. */
export function findLoaded<T extends LazyNode>(state: LazyState<T>, id: number): T | undefined {
  const hit = state.roots?.find((n) => n.id === id);
  if (hit) return hit;
  for (const list of state.children.values()) {
    const found = list.find((n) => n.id === id);
    if (found) return found;
  }
  return undefined;
}

/**
 * A tree asked for level by level: `fetch()` answers the roots, `fetch(id)` the
 * children of one node. `refresh` asks again for everything loaded (after a
 * write), dropping the levels that no longer exist.
 */
export function useLazyTree<T extends LazyNode>(fetch: (id?: number) => Promise<T[]>) {
  const [state, setState] = useState<LazyState<T>>({ roots: null, children: new Map() });
  const [loading, setLoading] = useState(true);
  const current = useRef(state);
  current.current = state;

  const load = useCallback(
    async (id: number) => {
      const list = await fetch(id);
      setState((s) => ({ ...s, children: new Map(s.children).set(id, list) }));
      return list;
    },
    [fetch],
  );

  const refresh = useCallback(async () => {
    setLoading(true);
    try {
      const roots = await fetch();
      const opened = [...current.current.children.keys()];
      const levels = await Promise.all(
        opened.map(async (id) => [id, await fetch(id).catch(() => null)] as const),
      );
      const children = new Map<number, T[]>();
      for (const [id, list] of levels) if (list) children.set(id, list);
      setState({ roots, children });
    } catch {
      // the http client has shown why
    } finally {
      setLoading(false);
    }
  }, [fetch]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  return { state, loading, load, refresh };
}
