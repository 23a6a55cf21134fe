import type {
  CallCenterInfoResponse,
  CallCenterSaveBody,
  CommonProblemListResponse,
  CommonProblemSaveBody,
  CommonProblemSaveResponse,
  FAQ_MOVES,
  Permission,
} from "@marquee/contracts";
import type { z } from "zod";
import { http } from "../../services/http";

/** The routes' permissions: operations are checked against the view permission (spec §6). */
export const FAQ_PERMISSIONS = {
  view: "sys:commonProblem:view",
  edit: "sys:commonProblem:edit",
} as const satisfies Record<string, Permission>;
export const CALL_CENTER_PERMISSIONS = {
  view: "sys:callCenter:view",
  edit: "sys:callCenter:edit",
} as const satisfies Record<string, Permission>;

/** FAQ and customer centre calls. Saves are silent: the forms show the server's words. */
export const helpApi = {
  faq: (q: { keyword?: string; pageNo: number; pageSize: number }) =>
    http.get<z.infer<typeof CommonProblemListResponse>>("/a/api/commonProblem/list", q),
  faqManage: (q: { keyword?: string; lang?: string; enabled?: boolean; pageNo: number; pageSize: number }) =>
    http.get<z.infer<typeof CommonProblemListResponse>>("/a/api/commonProblem/manageList", q),
  saveFaq: (body: CommonProblemSaveBody) =>
    http.post<z.infer<typeof CommonProblemSaveResponse>>("/a/api/commonProblem/save", body, {
      json: true,
      silent: true,
    }),
  deleteFaq: (ids: number[]) =>
    http.post("/a/api/commonProblem/delete", { ids: ids.join(",") }, { json: true }),
  moveFaq: (id: number, move: (typeof FAQ_MOVES)[number]) =>
    http.post("/a/api/commonProblem/sort", { id, move }, { json: true }),
  callCenter: () => http.get<z.infer<typeof CallCenterInfoResponse>>("/a/api/callCenter/info"),
  saveCallCenter: (body: CallCenterSaveBody) =>
    http.post<z.infer<typeof CallCenterInfoResponse>>("/a/api/callCenter/save", body, {
      json: true,
      silent: true,
    }),
};
