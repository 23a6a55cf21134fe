import type {
  SyncDetailResponse,
  SyncListResponse,
  SyncProgramsResponse,
  SyncStartBody,
  SyncStartResponse,
  SyncStopResponse,
  TerminalListResponse,
  TerminalSummary,
} from "@marquee/contracts";
import type { z } from "zod";
import { http } from "../../services/http";

export type SyncTerminalOption = Pick<TerminalSummary, "id" | "name" | "officeName" | "groupName" | "status">;
/** The synchronized broadcast calls. */
export const syncApi = {
  terminals: (q: { name?: string; pageNo: number; pageSize: number }) =>
    http.get<z.infer<typeof TerminalListResponse>>("/a/api/sync/terminals", { ...q }),
  programs: (q: { name?: string; pageNo: number; pageSize: number }) =>
    http.get<z.infer<typeof SyncProgramsResponse>>("/a/api/sync/programs", { ...q }),
  start: (body: SyncStartBody) =>
    http.post<z.infer<typeof SyncStartResponse>>("/a/api/sync/start", body, {
      json: true,
      silent: true,
    }),
  list: (q: { pageNo: number; pageSize: number }) =>
    http.get<z.infer<typeof SyncListResponse>>("/a/api/sync/list", { ...q }),
  detail: (id: number) => http.get<SyncDetailResponse>("/a/api/sync/detail", { id }),
  stop: (id: number) =>
    http.post<z.infer<typeof SyncStopResponse>>("/a/api/sync/stop", { id }, { json: true }),
};
