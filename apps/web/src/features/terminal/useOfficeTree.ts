import type { TerminalTreeNodeT } from "@marquee/contracts";
import { type UseQueryResult, useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo, useState } from "react";
import { terminalApi } from "./api";
import { withLoadedChildren } from "./tree";

/** How often the per-office online/total counts refresh. */
const TREE_REFRESH_MS = 30_000;

type ChildrenAnswer = Awaited<ReturnType<typeof terminalApi.officeChildren>>;

const childrenKey = (id: number) => ["terminal", "officeChildren", id] as const;

// Stable, so TanStack Query recomputes the map only when an answer changed.
const combineChildren = (results: Array<UseQueryResult<ChildrenAnswer>>) => results.map((r) => r.data?.tree);

/**
 * The caller's office tree with terminal counts (treeDataNew), and the children of large trees asked for
 * one level at a time (findOfficeChild) as the user opens them. One instance serves the tree on the left
 * and the office pickers of the dialogs.
 */
export function useOfficeTree() {
  const queryClient = useQueryClient();
  const root = useQuery({
    queryKey: ["terminal", "officeTree"],
    queryFn: terminalApi.officeTree,
    refetchInterval: TREE_REFRESH_MS,
  });
  const [opened, setOpened] = useState<number[]>([]);
  const answers = useQueries({
    queries: opened.map((id) => ({
      queryKey: childrenKey(id),
      queryFn: () => terminalApi.officeChildren(id),
      refetchInterval: TREE_REFRESH_MS,
    })),
    combine: combineChildren,
  });
  const loaded = useMemo(() => {
    const map = new Map<number, TerminalTreeNodeT[]>();
    opened.forEach((id, i) => {
      const tree = answers[i];
      if (tree) map.set(id, tree);
    });
    return map;
  }, [opened, answers]);
  const tree = useMemo(() => withLoadedChildren(root.data?.tree ?? [], loaded), [root.data, loaded]);

  /** Loads one office's children (antd's loadData); resolves once they are in the tree. */
  const loadChildren = useCallback(
    async (id: number) => {
      await queryClient.fetchQuery({
        queryKey: childrenKey(id),
        queryFn: () => terminalApi.officeChildren(id),
      });
      setOpened((o) => (o.includes(id) ? o : [...o, id]));
    },
    [queryClient],
  );

  return { tree, loaded, loadChildren, loading: root.isLoading, fetching: root.isFetching };
}
