import type {
  ContentHistoryEntry,
  ContentHistoryResponse,
  ContentState,
  PlanDetailResponse,
  PlanListResponse,
  PlanProgramRef,
  PlanSaveResponse,
  ProgramConflict,
  SubmitResponse,
  TerminalScheduleResponse,
  WithdrawResponse,
} from "@marquee/contracts";
import type { PlanDoc } from "@marquee/schedule";
import type { z } from "zod";
import { HttpError, http } from "../../services/http";
import type { ReviewQuery } from "../content/api";

/** Calls of play plans under /a/api/playPlan/ and what the console needs of a terminal's schedule (contracts/src/plan.ts, publish.ts). */

const BASE = "/a/api/playPlan";

export interface PlanQuery {
  pageNo: number;
  pageSize: number;
  name?: string;
  state?: ContentState;
  sort?: "updateDate" | "createDate" | "name";
  order?: "asc" | "desc";
}

export type PlanPage = z.infer<typeof PlanListResponse>;

export type PlanProgram = z.infer<typeof PlanProgramRef>;
export type HistoryEntry = z.infer<typeof ContentHistoryEntry>;
export type TerminalSchedule = z.infer<typeof TerminalScheduleResponse>;

export type PlanDetail = z.infer<typeof PlanDetailResponse>;

export type PlanSaveAnswer = z.infer<typeof PlanSaveResponse>;

/** Who saved the newer version that refused a save (the `current` of a 409 answer, as for programs). */
export type PlanVersionInfo = ProgramConflict;

/** A save refused because someone saved a newer version (HTTP 409). */
export class PlanVersionConflict extends Error {
  constructor(readonly current: PlanVersionInfo) {
    super("playPlan.versionConflict");
  }
}

export const planApi = {
  list: (q: PlanQuery) => http.get<PlanPage>(`${BASE}/list`, { ...q }),
  /** `silent` when the caller shows the failure itself (the editor's failed-load page). */
  detail: (id: number, opts: { silent?: boolean } = {}) =>
    http.get<PlanDetail>(`${BASE}/detail`, { id }, opts),
  /** Saves; throws PlanVersionConflict when the version is stale (the caller asks the user what to do). */
  async save(body: { id?: number; version?: number; force?: boolean; name: string; doc: PlanDoc }) {
    try {
      return await http.post<PlanSaveAnswer>(`${BASE}/save`, body, { json: true, silent: true });
    } catch (e) {
      if (e instanceof HttpError && e.status === 409 && e.body?.current)
        throw new PlanVersionConflict(e.body.current as PlanVersionInfo);
      throw e;
    }
  },
  copy: (id: number, name?: string) =>
    http.post<z.infer<typeof PlanSaveResponse>>(`${BASE}/copy`, { id, name }),
  /** Silent: a refusal (a plan on screens) is shown in a dialog by the caller. */
  remove: (ids: number[]) => http.post(`${BASE}/delete`, { ids: ids.join(",") }, { silent: true }),
  submit: (ids: number[]) =>
    http.post<z.infer<typeof SubmitResponse>>(`${BASE}/submit`, { ids: ids.join(",") }),
  /** Every active publication of the plans leaves its terminals. */
  withdraw: (ids: number[]) =>
    http.post<z.infer<typeof WithdrawResponse>>(`${BASE}/withdraw`, { ids: ids.join(",") }),
  history: (id: number) => http.get<z.infer<typeof ContentHistoryResponse>>(`${BASE}/history`, { id }),
  /** Review: plans waiting for a decision (or decided ones by `state`). */
  checklist: (q: ReviewQuery) => http.get<PlanPage>(`${BASE}/checklist`, { ...q }),
  /** Silent: the decision dialog shows a refusal (e.g. approving one's own plan) in place. */
  review: (ids: number[], result: "approved" | "rejected", note: string) =>
    http.post(`${BASE}/submitResult`, { ids: ids.join(","), result, note }, { silent: true }),
  /** Silent: the note dialog shows a refusal in place. */
  note: (id: number, note: string) => http.post(`${BASE}/submitNote`, { id, note }, { silent: true }),
};

export const scheduleApi = {
  /** What a terminal holds (its plans, programs, messages) and its time zone, for the "what plays when" preview. */
  ofTerminal: (id: number) =>
    http.get<TerminalSchedule>("/a/api/terminal/schedule", { id }, { silent: true }),
};
