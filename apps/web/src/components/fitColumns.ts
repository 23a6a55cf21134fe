import type { TableColumnsType } from "antd";
import { useLayoutEffect, useMemo, useState } from "react";

/** What a table column may say about itself to fit a narrow screen. */
export interface Droppable {
  width?: number | string;
  /**
   * A secondary column: hidden when the table does not fit its box, the highest first (ties: the later
   * column first). A column without it is primary and always shown.
   */
  drop?: number;
}

/** A table's columns, each primary or secondary. */
export type FitColumns<T> = Array<TableColumnsType<T>[number] & Droppable>;

/** The px a table's selection column takes. */
export const SELECTION_WIDTH = 32;

/** How much wider a box must grow before columns dropped for their cells are tried again (a scrollbar and more). */
const GROWTH_PX = 48;

/** The width a column without a numeric width is counted at. */
const DEFAULT_COLUMN = 120;

/**
 * The columns that fit `available` px, secondary ones dropped highest first; and their total width.
 * `more`: secondary columns to drop beyond that (the table's cells turned out wider than their widths).
 */
export function fitColumns<C extends Droppable>(
  columns: readonly C[],
  available: number,
  reserve = 0,
  more = 0,
): { columns: C[]; total: number } {
  const widthOf = (c: C) => (typeof c.width === "number" ? c.width : DEFAULT_COLUMN);
  const kept = [...columns];
  let total = reserve + kept.reduce((n, c) => n + widthOf(c), 0);
  // Unmeasured (a first render, or no layout at all as in tests): every column.
  if (available <= 0) return { columns: kept, total };
  let extra = more;
  while (total > available || extra-- > 0) {
    let victim = -1;
    kept.forEach((c, i) => {
      if (c.drop !== undefined && (victim < 0 || c.drop >= (kept[victim]?.drop ?? 0))) victim = i;
    });
    if (victim < 0) break;
    const [gone] = kept.splice(victim, 1);
    if (gone) total -= widthOf(gone);
  }
  return { columns: kept, total };
}

/**
 * A table's columns fitted to the box `ref` is on, measured as it resizes: the primary columns are always
 * shown and the secondary ones go first on a narrow screen, so no column hides behind a horizontal scroll.
 * `scrollX` is set only when even the primary columns do not fit. `reserve`: px taken by a selection column.
 */
export function useFitColumns<C extends Droppable>(
  columns: readonly C[],
  reserve = 0,
): { ref: (el: HTMLDivElement | null) => void; columns: C[]; scrollX: number | undefined; total: number } {
  // A callback ref: the table's box may appear after the first render (a page that loads first).
  const [box, ref] = useState<HTMLDivElement | null>(null);
  const [available, setAvailable] = useState(0);
  // Secondary columns dropped beyond the count of widths because the table still scrolled sideways.
  const [more, setMore] = useState(0);
  // Bumped when the table itself changes size without a render of ours (a thumbnail or a font arriving
  // widens its cells): the check below runs again.
  const [, setGrown] = useState(0);
  useLayoutEffect(() => {
    const el = box;
    if (!el || typeof ResizeObserver === "undefined") return;
    // A box that grew by more than a scrollbar may hold the columns dropped for their cells again.
    let widest = 0;
    const measure = () => {
      if (el.clientWidth > widest + GROWTH_PX) setMore(0);
      widest = Math.max(widest, el.clientWidth);
      setAvailable(el.clientWidth);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    // The table inside may come and go (a page that loads first): watch whichever is there now and later.
    let watched: Element | null = null;
    const cells = new ResizeObserver(() => setGrown((n) => n + 1));
    const watchTable = () => {
      const table = el.querySelector(".ant-table-content > table, .ant-table-body > table");
      if (table === watched) return;
      if (watched) cells.unobserve(watched);
      watched = table;
      if (table) cells.observe(table);
    };
    watchTable();
    const mutations = new MutationObserver(watchTable);
    mutations.observe(el, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      cells.disconnect();
      mutations.disconnect();
    };
  }, [box]);
  // After a layout in which the table still scrolls sideways (cells wider than their columns' widths): one
  // more secondary column goes, until it fits or only primary columns are left. It only ever grows (but for
  // a box grown by more than a scrollbar), so it settles.
  useLayoutEffect(() => {
    const scroller = box?.querySelector(".ant-table-content, .ant-table-body");
    if (!scroller || available <= 0 || scroller.scrollWidth <= scroller.clientWidth + 1) return;
    if (fitColumns(columns, available, reserve, more).columns.some((c) => c.drop !== undefined))
      setMore((m) => m + 1);
  });
  return useMemo(() => {
    const fitted = fitColumns(columns, available, reserve, more);
    const scrollX = available > 0 && fitted.total <= available ? undefined : fitted.total;
    // `drop` is ours alone: antd gets the columns without it.
    const shown = fitted.columns.map(({ drop: _drop, ...column }) => column as unknown as C);
    return { ref, columns: shown, scrollX, total: fitted.total };
  }, [columns, available, reserve, more]);
}
