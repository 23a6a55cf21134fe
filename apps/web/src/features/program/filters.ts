import type { ProgramState, ProgramSummary } from "@marquee/contracts";
import type { CanvasPresetKey } from "@marquee/program";
import type { Dayjs } from "dayjs";
import type { ProgramQuery } from "./api";
import { PRESET_SIZES } from "./canvas";

export type ProgramSort = NonNullable<ProgramQuery["sort"]>;
export const PROGRAM_SORTS: readonly ProgramSort[] = ["updateDate", "createDate", "name"];
export type ViewMode = "grid" | "table";

/** The filters of program management, as the page holds them. */
export interface ProgramFilterValues {
  name: string;
  /** A preset, "custom" (then customWidth/customHeight, either may be empty), or undefined for any size. */
  size?: CanvasPresetKey;
  customWidth?: number;
  customHeight?: number;
  state?: ProgramState;
  mine: boolean;
  /** Created between these days (inclusive). */
  range: [Dayjs, Dayjs] | null;
  sort: ProgramSort;
  order: "asc" | "desc";
}

export const EMPTY_FILTERS: ProgramFilterValues = {
  name: "",
  mine: false,
  range: null,
  sort: "updateDate",
  order: "desc",
};

/** The width/height the list call filters by for a size choice. */
export function sizeQuery(
  size: CanvasPresetKey | undefined,
  customWidth?: number,
  customHeight?: number,
): { width?: number; height?: number } {
  if (size === undefined) return {};
  if (size === "custom") return { width: customWidth, height: customHeight };
  const preset = PRESET_SIZES.get(size);
  return preset ? { width: preset.width, height: preset.height } : {};
}

/** The list call's query for one page; "only mine" needs the signed-in user's id. */
export function toProgramQuery(
  f: ProgramFilterValues,
  page: { pageNo: number; pageSize: number; userId?: number },
): ProgramQuery {
  return {
    pageNo: page.pageNo,
    pageSize: page.pageSize,
    name: f.name.trim() || undefined,
    ...sizeQuery(f.size, f.customWidth, f.customHeight),
    state: f.state,
    creatorId: f.mine ? page.userId : undefined,
    beginTime: f.range ? f.range[0].startOf("day").toISOString() : undefined,
    endTime: f.range ? f.range[1].endOf("day").toISOString() : undefined,
    sort: f.sort,
    order: f.order,
  };
}

/** Whether any filter narrows the list (an empty list then says "nothing matches", not "no programs yet"). */
export function hasActiveFilters(f: ProgramFilterValues): boolean {
  return f.name.trim() !== "" || f.size !== undefined || f.state !== undefined || f.mine || f.range !== null;
}

/** The most recently updated programs of several pages (draft and rejected are two calls), newest first. */
export function newestFirst(
  pages: ReadonlyArray<readonly ProgramSummary[]>,
  limit: number,
): ProgramSummary[] {
  const byId = new Map<number, ProgramSummary>();
  for (const list of pages) for (const p of list) byId.set(p.id, p);
  return [...byId.values()]
    .sort((a, b) => Date.parse(b.updateDate) - Date.parse(a.updateDate) || b.id - a.id)
    .slice(0, limit);
}
