import type { TerminalQuery, TerminalSort, TerminalViewStatus } from "./api";
import { SHORT_RUNWAY_HOURS } from "./runway";

/** Page sizes of the list: 50 by default, up to 200 (the virtual table keeps 200 rows smooth). */
export const PAGE_SIZES = [50, 100, 200] as const;
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;

export const TERMINAL_SORTS: readonly TerminalSort[] = ["name", "status", "lastSeen", "createDate"];

/** The filters above the list, as the page holds them. */
export interface TerminalFilterValues {
  keyword: string;
  status?: TerminalViewStatus;
  sort: TerminalSort;
  order: "asc" | "desc";
  /** Offline runway (issue 24): only screens whose runway ends within 24 h. */
  runwayShort?: boolean;
}

export const EMPTY_FILTERS: TerminalFilterValues = { keyword: "", sort: "name", order: "asc" };

/** What the trees on the left chose: an office (with or without the offices below it), or a group. */
export interface Scope {
  officeId?: number;
  groupId?: number;
  includeChildren: boolean;
}

export const ALL_SCOPE: Scope = { includeChildren: true };

/** A page size the list accepts: whole, 1 to 200; anything else falls back to 50. */
export function clampPageSize(size: number): number {
  if (!Number.isInteger(size) || size < 1) return DEFAULT_PAGE_SIZE;
  return Math.min(size, MAX_PAGE_SIZE);
}

/** The list call's query for one page (TerminalListQuery: only the fields it knows, empty ones left out). */
export function toTerminalQuery(
  f: TerminalFilterValues,
  scope: Scope,
  page: { pageNo: number; pageSize: number },
): TerminalQuery {
  const keyword = f.keyword.trim().slice(0, 100);
  return {
    pageNo: Math.max(1, Math.floor(page.pageNo)),
    pageSize: clampPageSize(page.pageSize),
    keyword: keyword || undefined,
    officeId: scope.officeId,
    includeChildren:
      scope.officeId !== undefined && scope.groupId === undefined ? scope.includeChildren : undefined,
    groupId: scope.groupId,
    status: f.status,
    sort: f.sort,
    order: f.order,
    runwayUnderHours: f.runwayShort ? SHORT_RUNWAY_HOURS : undefined,
  };
}

/** The counts call's scope: the same office or group as the list. */
export function countScope(scope: Scope): { officeId?: number; groupId?: number } {
  return scope.groupId !== undefined ? { groupId: scope.groupId } : { officeId: scope.officeId };
}

/** Whether the keyword, a status or the runway filter narrows the list (an empty list then says "nothing matches"). */
export function hasActiveFilters(f: TerminalFilterValues): boolean {
  return f.keyword.trim() !== "" || f.status !== undefined || f.runwayShort === true;
}
