import type {
  DataSourceRowsResponse,
  ProgramConflict,
  ProgramCreatedResponse,
  ProgramDetailResponse,
  ProgramExportFile,
  ProgramHistoryResponse,
  ProgramListResponse,
  ProgramSaveResponse,
  ProgramState,
  ProgramSummary,
  RatesResponse,
  WeatherResponse,
  WidgetListResponse,
} from "@marquee/contracts";
import type { DataSource, ProgramDoc } from "@marquee/program";
import type { z } from "zod";
import { HttpError, http } from "../../services/http";
import { reviewCalls } from "../content/api";

/** Calls of programs (their review included), the editor, widget management, weather and rates (contracts/src/program.ts). */

export interface ProgramQuery {
  pageNo: number;
  pageSize: number;
  name?: string;
  width?: number;
  height?: number;
  state?: ProgramState;
  creatorId?: number;
  beginTime?: string;
  endTime?: string;
  sort?: "updateDate" | "createDate" | "name";
  order?: "asc" | "desc";
}

export type ProgramPage = z.infer<typeof ProgramListResponse>;

export type ProgramDetail = z.infer<typeof ProgramDetailResponse>;

export type SaveAnswer = z.infer<typeof ProgramSaveResponse>;

/** A save refused because someone saved a newer version (HTTP 409). */
export class VersionConflict extends Error {
  constructor(readonly current: ProgramConflict) {
    super("program.versionConflict");
  }
}

export const programApi = {
  list: (q: ProgramQuery) => http.get<ProgramPage>("/a/api/program/list", { ...q }),
  /** `silent` when the caller shows the failure itself (the editor's failed-load page). */
  detail: (id: number, opts: { silent?: boolean } = {}) =>
    http.get<ProgramDetail>("/a/api/program/detail", { id }, opts),
  /** Saves; throws VersionConflict when the version is stale (the caller asks the user what to do). */
  async save(body: { id?: number; version?: number; force?: boolean; name: string; doc: ProgramDoc }) {
    try {
      return await http.post<SaveAnswer>("/a/api/program/save", body, { json: true, silent: true });
    } catch (e) {
      if (e instanceof HttpError && e.status === 409 && e.body?.current)
        throw new VersionConflict(e.body.current as ProgramConflict);
      throw e;
    }
  },
  copy: (id: number, name?: string) =>
    http.post<z.infer<typeof ProgramCreatedResponse>>("/a/api/program/copy", { id, name }),
  /** Silent: the rename form shows the refusal at its field. */
  rename: (id: number, name: string) => http.post("/a/api/program/rename", { id, name }, { silent: true }),
  remove: (ids: number[]) => http.post("/a/api/program/delete", { ids: ids.join(",") }, { silent: true }),
  submit: (ids: number[]) => http.post("/a/api/program/submit", { ids: ids.join(",") }),
  history: (id: number) => http.get<z.infer<typeof ProgramHistoryResponse>>("/a/api/program/history", { id }),
  /** The address of the export file (a download). */
  exportUrl: (id: number) => `/apm-web/a/api/program/export?id=${id}`,
  import: (file: ProgramExportFile, name?: string) =>
    http.post<z.infer<typeof ProgramCreatedResponse>>(
      "/a/api/program/import",
      { file, name },
      { json: true, silent: true },
    ),
  previewData: (source: Pick<DataSource, "url" | "format" | "rowsPath">) =>
    http.get<z.infer<typeof DataSourceRowsResponse>>(
      "/a/api/program/dataSource/preview",
      { url: source.url ?? "", format: source.format, rowsPath: source.rowsPath },
      { silent: true },
    ),
};

/** Program review: the pending programs, decisions and notes (program history is program/history). */
export const programReviewApi = reviewCalls<ProgramSummary>("/a/api/publishProgram");

export const widgetApi = {
  list: () => http.get<z.infer<typeof WidgetListResponse>>("/a/api/widget/list"),
  /** The enabled types with the tenant's defaults: the editor's palette. */
  palette: () => http.get<z.infer<typeof WidgetListResponse>>("/a/api/widget/palette"),
  /** `silent` when the caller shows the refusal itself (the defaults form lists it per field). */
  save: (
    body: {
      type: string;
      enabled?: boolean;
      defaults?: Record<string, unknown>;
      iconMaterialId?: number | null;
    },
    opts: { silent?: boolean } = {},
  ) => http.post("/a/api/widget/save", body, { json: true, ...opts }),
};

export const feedApi = {
  weather: (q: { latitude: number; longitude: number; units: string; days: number }) =>
    http.get<z.infer<typeof WeatherResponse>>("/f/common/weather", q, {
      silent: true,
    }),
  rates: (q: { base: string; symbols: string[] }) =>
    http.get<z.infer<typeof RatesResponse>>(
      "/f/common/apiStore",
      { base: q.base, symbols: q.symbols.join(",") },
      { silent: true },
    ),
};
