import type {
  PopBy,
  PopDetailResponse,
  PopExportView,
  PopKind,
  PopSummaryResponse,
} from "@marquee/contracts";
import { downloadPost, http } from "../../services/http";

/** The filters of the panel, as the proof-of-play calls take them. */
export interface PopFilters {
  from: string;
  to: string;
  officeId?: number;
  groupId?: number;
  programId?: number;
  materialId?: number;
  terminalId?: number;
  kind?: PopKind;
}

export interface PopSummaryParams extends PopFilters {
  by: PopBy;
  pageNo: number;
  pageSize: number;
  sort: "plays" | "duration";
  order: "asc" | "desc";
}

/** Drops the filters that are not set (the query string carries only what is chosen). */
const defined = <T extends object>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

/** Calls of proof of play (contracts/src/pop.ts). */
export const popApi = {
  summary: (q: PopSummaryParams) => http.get<PopSummaryResponse>("/a/api/pop/summary", defined(q)),
  detail: (q: PopFilters & { cursor?: string; size: number }) =>
    http.get<PopDetailResponse>("/a/api/pop/detail", defined(q)),
  /** Downloads the file of `view`; times in the browser's zone. */
  export: (
    q: PopFilters & {
      view: PopExportView;
      format: "xlsx" | "csv";
      sort?: "plays" | "duration";
      order?: "asc" | "desc";
    },
  ) =>
    downloadPost(
      "/a/api/pop/export",
      { ...defined(q), timezone: Intl.DateTimeFormat().resolvedOptions().timeZone },
      `proof-of-play.${q.format}`,
    ),
};
