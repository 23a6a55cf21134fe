import type {
  CommandOutcome,
  SyncDetailResponse,
  SyncListResponse,
  SyncProgramsResponse,
  SyncSession,
  SyncStartBody,
  TerminalSummary,
} from "@marquee/contracts";
import type { z } from "zod";
import { type Envelope, http, type Page } from "../../services/http";

export type SyncTerminalOption = Pick<TerminalSummary, "id" | "name" | "officeName" | "groupName" | "status">;
/** The synchronized broadcast calls. */
export const syncApi = {
  terminals: (q: { name?: string; pageNo: number; pageSize: number }) =>
    http.get<Page<SyncTerminalOption>>("/a/api/sync/terminals", { ...q }),
  programs: (q: { name?: string; pageNo: number; pageSize: number }) =>
    http.get<z.infer<typeof SyncProgramsResponse>>("/a/api/sync/programs", { ...q }),
  start: (body: SyncStartBody) =>
    http.post<Envelope & { session: SyncSession; list: CommandOutcome[] }>("/a/api/sync/start", body, {
      json: true,
      silent: true,
    }),
  list: (q: { pageNo: number; pageSize: number }) =>
    http.get<z.infer<typeof SyncListResponse>>("/a/api/sync/list", { ...q }),
  detail: (id: number) => http.get<SyncDetailResponse>("/a/api/sync/detail", { id }),
  stop: (id: number) => http.post<Envelope & { stopped: number }>("/a/api/sync/stop", { id }, { json: true }),
};
