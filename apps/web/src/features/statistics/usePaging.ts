import { useCallback, useState } from "react";
import type { StatsRange } from "./api";

/** A server-paged statistics table's page, order and search. */
export interface Paged<Sort extends string> {
  pageNo: number;
  pageSize: number;
  sort: Sort;
  order: "asc" | "desc";
  keyword?: string;
}

/**
 * The page state of a table below the filters: a change of the filters
 * starts it again from page 1 (the old page may not exist in the new range),
 * keeping its size, order and search.
 */
export function usePaging<Sort extends string>(
  range: StatsRange,
  initial: { sort: Sort; order: "asc" | "desc" },
): [Paged<Sort>, (p: Partial<Paged<Sort>>) => void] {
  const rangeKey = JSON.stringify(range);
  const [state, setState] = useState<{ rangeKey: string; paged: Paged<Sort> }>({
    rangeKey,
    paged: { pageNo: 1, pageSize: 10, ...initial },
  });
  const paged = state.rangeKey === rangeKey ? state.paged : { ...state.paged, pageNo: 1 };
  const update = useCallback(
    (p: Partial<Paged<Sort>>) =>
      setState((s) => ({
        rangeKey,
        paged: { ...(s.rangeKey === rangeKey ? s.paged : { ...s.paged, pageNo: 1 }), ...p },
      })),
    [rangeKey],
  );
  return [paged, update];
}
