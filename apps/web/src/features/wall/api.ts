import type {
  SyncProgramsResponse,
  TerminalListResponse,
  Wall,
  WallListResponse,
  WallPublishResponse,
  WallSaveBody,
  WallSaveResponse,
  WallSkewResponse,
} from "@marquee/contracts";
import type { z } from "zod";
import { http } from "../../services/http";

/** The video wall calls. */
export const wallApi = {
  list: (q: { pageNo: number; pageSize: number }) =>
    http.get<z.infer<typeof WallListResponse>>("/a/api/wall/list", { ...q }),
  terminals: (q: { name?: string; pageNo: number; pageSize: number }) =>
    http.get<z.infer<typeof TerminalListResponse>>("/a/api/wall/terminals", { ...q }),
  programs: (q: { name?: string; pageNo: number; pageSize: number }) =>
    http.get<z.infer<typeof SyncProgramsResponse>>("/a/api/wall/programs", { ...q }),
  save: (body: WallSaveBody) =>
    http.post<z.infer<typeof WallSaveResponse>>("/a/api/wall/save", body, { json: true, silent: true }),
  remove: (id: number) => http.post("/a/api/wall/delete", { id }, { json: true }),
  publish: (body: { id: number; programId: number; leadSeconds: number }) =>
    http.post<z.infer<typeof WallPublishResponse>>("/a/api/wall/publish", body, { json: true, silent: true }),
  stop: (id: number) => http.post("/a/api/wall/stop", { id }, { json: true }),
  skew: (id: number) => http.get<WallSkewResponse>("/a/api/wall/skew", { id }),
};

export type { Wall };
