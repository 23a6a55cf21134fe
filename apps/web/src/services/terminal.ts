import type {
  CommandOutcome,
  ProgramPublishInfoResponse,
  TerminalCommandBody,
  TerminalDetails,
  TerminalGroup,
  TerminalLiveStatus,
  TerminalStatusCount,
  TerminalSummary,
  TerminalTreeNodeT,
  TerminalViewStatus,
} from "@marquee/contracts";
import type { z } from "zod";
import { type Envelope, http } from "./http";

/** Calls of terminal monitoring under /a/api/terminal/ (contracts/src/terminal.ts). */

const BASE = "/a/api/terminal";

export type { TerminalViewStatus };
/** The commands of this issue (refresh, screenshot, volume). */
export type CommandName = z.infer<typeof TerminalCommandBody>["name"];
export type TerminalSort = "name" | "lastSeen" | "createDate" | "status";

/** The list call's query (TerminalListQuery). */
export interface TerminalQuery {
  pageNo: number;
  pageSize: number;
  keyword?: string;
  officeId?: number;
  includeChildren?: boolean;
  groupId?: number;
  status?: TerminalViewStatus;
  sort: TerminalSort;
  order: "asc" | "desc";
}

export interface TerminalPage extends Envelope {
  list: TerminalSummary[];
  total: number;
  pageNo: number;
  pageSize: number;
}

export type TerminalCounts = z.infer<typeof TerminalStatusCount>;
export type TerminalLive = z.infer<typeof TerminalLiveStatus>;
export type TerminalDetail = z.infer<typeof TerminalDetails>;
export type TerminalTree = TerminalTreeNodeT;
export type ProgramPublishInfo = z.infer<typeof ProgramPublishInfoResponse>;

interface TreeAnswer extends Envelope {
  tree: TerminalTreeNodeT[];
}
interface OutcomesAnswer extends Envelope {
  list: CommandOutcome[];
}

export const terminalApi = {
  list: (q: TerminalQuery) => http.get<TerminalPage>(`${BASE}/list`, { ...q }),
  /** Counts of the caller's range, or of an office / a group with what lies below. */
  counts: (scope: { officeId?: number; groupId?: number }) =>
    http.get<Envelope & TerminalCounts>(`${BASE}/terminalStatusCount`, { ...scope }),
  /** The live status of the terminals on screen; silent: a missed poll is retried 5 s later. */
  liveStatus: (ids: readonly number[]) =>
    http.get<Envelope & { list: TerminalLive[] }>(
      `${BASE}/findTerminalStatusArray`,
      { ids: ids.join(",") },
      { silent: true },
    ),
  /** The office tree with terminal counts (the caller's offices). */
  officeTree: () => http.get<TreeAnswer>(`${BASE}/treeDataNew`),
  /** One level of children of an office (each says whether it has more), for a tree too large to send at once. */
  officeChildren: (id: number) => http.get<TreeAnswer>(`${BASE}/findOfficeChild`, { id }),
  groupTree: (officeId: number) => http.get<TreeAnswer>(`${BASE}/groupTree`, { officeId }),
  details: (id: number) => http.get<Envelope & TerminalDetail>(`${BASE}/terminalDetails`, { id }),
  /** What the terminal is set to play, in order, and what it reports playing. */
  publishInfo: (id: number) => http.get<Envelope & ProgramPublishInfo>(`${BASE}/programPublishInfo`, { id }),
  /** Silent: the authorise form shows the refusal at its fields. */
  authorize: (body: { enrolCode: string; officeId: number; groupId?: number; name?: string }) =>
    http.post<Envelope & { terminal: TerminalSummary }>(`${BASE}/authorize`, body, {
      json: true,
      silent: true,
    }),
  moveToOffice: (ids: readonly number[], officeId: number, groupId?: number) =>
    http.post(`${BASE}/updateTerminalOffice`, { ids, officeId, groupId }, { json: true }),
  moveToGroup: (ids: readonly number[], groupId: number | null) =>
    http.post(`${BASE}/updateTerminalGroup`, { ids, groupId }, { json: true }),
  /** Silent: the name form shows the refusal at its field. */
  saveGroup: (body: { id?: number; officeId: number; parentId?: number | null; name: string }) =>
    http.post<Envelope & { group: z.infer<typeof TerminalGroup> }>(`${BASE}/saveTerminalGroup`, body, {
      json: true,
      silent: true,
    }),
  deleteGroup: (id: number) => http.post(`${BASE}/deleteTerminalGroup`, { id }, { json: true }),
  /** Rename, disable or enable one terminal; silent when a form shows the refusal. */
  update: (body: { id: number; name?: string; disabled?: boolean }, opts: { silent?: boolean } = {}) =>
    http.post<Envelope & { terminal: TerminalSummary }>(`${BASE}/update`, body, { json: true, ...opts }),
  remove: (ids: readonly number[]) => http.post(`${BASE}/delete`, { ids }, { json: true }),
  setPrograms: (ids: readonly number[], programIds: readonly number[]) =>
    http.post(`${BASE}/setPrograms`, { ids, programIds }, { json: true }),
  /** Sends a command; answers one outcome per terminal as it stands right after sending. */
  command: (ids: readonly number[], name: CommandName, args: Record<string, unknown> = {}) =>
    http.post<OutcomesAnswer>(`${BASE}/command`, { ids, name, args }, { json: true }),
  /** The outcomes of the commands in a comma list, live; silent: a missed poll is retried a second later. */
  commandResults: (idList: string) =>
    http.get<OutcomesAnswer>(`${BASE}/commandResults`, { ids: idList }, { silent: true }),
};
