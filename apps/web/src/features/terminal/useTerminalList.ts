import { TERMINAL_VIEW_STATUS, type TerminalSummary } from "@marquee/contracts";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo, useState } from "react";
import { useLastFilledPage } from "../../components/listSelection";
import { terminalApi } from "./api";
import { patchRows } from "./live";
import {
  ALL_SCOPE,
  DEFAULT_PAGE_SIZE,
  EMPTY_FILTERS,
  hasActiveFilters,
  type Scope,
  type TerminalFilterValues,
  toTerminalQuery,
} from "./query";

/** The status of the rows on screen refreshes this often (the page itself is not fetched again). */
export const LIVE_REFRESH_MS = 5_000;
const NO_ROWS: TerminalSummary[] = [];

/** The filters a screen opens with: a status named in the address (`?status=offline`, the home page's links). */
function initialFilters(): TerminalFilterValues {
  const status = TERMINAL_VIEW_STATUS.find(
    (s) => s === new URLSearchParams(window.location.search).get("status"),
  );
  return status ? { ...EMPTY_FILTERS, status } : EMPTY_FILTERS;
}

/**
 * The terminal list the monitoring and settings screens share: filters, the tree scope, server paging, the
 * live status of the rows on screen, and a selection that holds across pages.
 */
export function useTerminalList() {
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<TerminalFilterValues>(initialFilters);
  const [scope, setScope] = useState<Scope>(ALL_SCOPE);
  const [page, setPage] = useState({ pageNo: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [selected, setSelected] = useState<Map<number, TerminalSummary>>(() => new Map());

  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: ["terminal"] }),
    [queryClient],
  );

  const query = toTerminalQuery(filters, scope, page);
  const list = useQuery({
    queryKey: ["terminal", "list", query],
    queryFn: () => terminalApi.list(query),
    placeholderData: keepPreviousData,
  });
  const ids = useMemo(() => (list.data?.list ?? NO_ROWS).map((r) => r.id), [list.data]);
  const live = useQuery({
    queryKey: ["terminal", "live", ids],
    queryFn: () => terminalApi.liveStatus(ids),
    enabled: ids.length > 0,
    refetchInterval: LIVE_REFRESH_MS,
    staleTime: LIVE_REFRESH_MS,
    initialData: { code: 0, msg: "", list: [] },
    initialDataUpdatedAt: () => Date.now(),
  });
  const rows = useMemo(() => {
    const page = list.data?.list ?? NO_ROWS;
    const fresh = live.dataUpdatedAt >= list.dataUpdatedAt;
    return fresh ? patchRows(page, live.data.list) : page;
  }, [list.data, list.dataUpdatedAt, live.data, live.dataUpdatedAt]);

  useLastFilledPage(list.data, page.pageNo, setPage);
  const total = list.data?.total ?? 0;

  const changeFilters = (f: TerminalFilterValues) => {
    setFilters(f);
    setPage((p) => ({ ...p, pageNo: 1 }));
  };
  const changeScope = (s: Scope) => {
    setScope(s);
    setPage((p) => ({ ...p, pageNo: 1 }));
  };
  const resetFilters = () => {
    changeFilters({ ...EMPTY_FILTERS, sort: filters.sort, order: filters.order });
    changeScope(ALL_SCOPE);
  };

  const selection = [...selected.values()];
  const filtered = hasActiveFilters(filters) || scope.officeId !== undefined;

  return {
    filters,
    changeFilters,
    scope,
    changeScope,
    resetFilters,
    page,
    setPage,
    rows,
    total,
    loading: list.isFetching,
    /** The first page arrived and the caller's range holds no terminal at all (not just none matching). */
    nothingYet: list.data !== undefined && total === 0 && !filtered,
    selected,
    setSelected,
    selection,
    selectedIds: selection.map((s) => s.id),
    clearSelection: () => setSelected(new Map()),
    refresh,
  };
}
export type TerminalList = ReturnType<typeof useTerminalList>;
