import { type Dispatch, type Key, type SetStateAction, useEffect } from "react";

/**
 * Selection and paging shared by the server-paged lists (materials, programs,
 * plans, messages, terminals): a selection is a map id → row that survives
 * page changes.
 */

interface WithId {
  id: number;
}

/** antd Table's rowSelection for a selection kept across pages. */
export function rowSelectionAcrossPages<T extends WithId>(
  selected: ReadonlyMap<number, T>,
  onSelect: (next: Map<number, T>) => void,
) {
  return {
    selectedRowKeys: [...selected.keys()],
    preserveSelectedRowKeys: true,
    onChange: (keys: Key[], picked: Array<T | undefined>) => {
      const next = new Map<number, T>();
      for (const key of keys) {
        const id = Number(key);
        const row = picked.find((r) => r?.id === id) ?? selected.get(id);
        if (row) next.set(id, row);
      }
      onSelect(next);
    },
  };
}

/** The card views' own selection: one card, or every card of the page. */
export function pageSelection<T extends WithId>(
  rows: readonly T[],
  selected: ReadonlyMap<number, T>,
  onSelect: (next: Map<number, T>) => void,
) {
  const set = (list: readonly T[], on: boolean) => {
    const next = new Map(selected);
    for (const r of list) {
      if (on) next.set(r.id, r);
      else next.delete(r.id);
    }
    onSelect(next);
  };
  const allOnPage = rows.length > 0 && rows.every((r) => selected.has(r.id));
  return {
    toggle: (r: T, on: boolean) => set([r], on),
    selectPage: (on: boolean) => set(rows, on),
    allOnPage,
    someOnPage: rows.some((r) => selected.has(r.id)),
  };
}

/** Server-side paging of a list: a new page size goes back to page 1. */
export function serverPagination(p: {
  pageNo: number;
  pageSize: number;
  total: number;
  onPage: (pageNo: number, pageSize: number) => void;
}) {
  return {
    current: p.pageNo,
    pageSize: p.pageSize,
    total: p.total,
    showSizeChanger: true,
    pageSizeOptions: [12, 24, 48, 96],
    showTotal: (n: number, range: [number, number]) => `${range[0]}-${range[1]} / ${n}`,
    onChange: (page: number, size: number) => p.onPage(size === p.pageSize ? page : 1, size),
  };
}

/** A page emptied by a delete or a move: the list goes to the last page that still has rows. */
export function useLastFilledPage<P extends { pageNo: number; pageSize: number }>(
  data: { list: readonly unknown[]; total: number } | undefined,
  pageNo: number,
  setPage: Dispatch<SetStateAction<P>>,
): void {
  const total = data?.total ?? 0;
  const emptyPage = data !== undefined && data.list.length === 0 && total > 0 && pageNo > 1;
  useEffect(() => {
    if (emptyPage) setPage((p) => ({ ...p, pageNo: Math.max(1, Math.ceil(total / p.pageSize)) }));
  }, [emptyPage, total, setPage]);
}

/** Keeps selected rows as the list last showed them (an action on them changes their state or name). */
export function useFreshSelection<T extends WithId>(
  listed: readonly T[] | undefined,
  setSelected: Dispatch<SetStateAction<Map<number, T>>>,
): void {
  useEffect(() => {
    if (!listed) return;
    setSelected((current) => {
      const fresh = listed.filter((r) => current.has(r.id) && current.get(r.id) !== r);
      return fresh.length ? new Map([...current, ...fresh.map((r) => [r.id, r] as const)]) : current;
    });
  }, [listed, setSelected]);
}
