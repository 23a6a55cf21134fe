import {
  API_PREFIX,
  type ApkUpdateInfoResponse,
  type AutoScanInfoResponse,
  type AutoScanResponse,
  type CommandOutcomesResponse,
  type CurMessageResponse,
  type CurProgramResponse,
  type DeleteTerminalMessageResponse,
  type DeviceSettingsPatch,
  type OnlyProgramListResponse,
  type OnlyScreenshotResponse,
  type PlaySetResponse,
  type ProgramPublishInfoResponse,
  REQUEST_TIMEOUT_MS,
  type RemoveTerminalsResponse,
  type RltMonitorResponse,
  type RltScreenshotResponse,
  type SaveTerminalGroupResponse,
  type ScreenshotHistoryItem,
  type ScreenshotHistoryResponse,
  type ScreenshotKind,
  type ScreenshotTruth,
  type SendApkResponse,
  type TerminalCommandBody,
  type TerminalDetails,
  type TerminalListResponse,
  type TerminalLiveStatus,
  type TerminalResponse,
  type TerminalStatusArrayResponse,
  type TerminalStatusCount,
  type TerminalTreeResponse,
  type TerminalViewStatus,
} from "@marquee/contracts";
import type { z } from "zod";
import i18n from "../../locales";
import { type Envelope, HttpError, http } from "../../services/http";
import { noteAnswer } from "../../services/sessionExpiry";

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
  /** Offline runway (issue 24): only screens whose runway ends within this many hours. */
  runwayUnderHours?: number;
}

export type TerminalPage = z.infer<typeof TerminalListResponse>;

export type TerminalCounts = z.infer<typeof TerminalStatusCount>;
export type TerminalLive = z.infer<typeof TerminalLiveStatus>;
export type TerminalDetail = z.infer<typeof TerminalDetails>;
export type ProgramPublishInfo = z.infer<typeof ProgramPublishInfoResponse>;

export type { ScreenshotHistoryItem, ScreenshotKind };
export type ScreenshotHistoryPage = z.infer<typeof ScreenshotHistoryResponse>;

type TreeAnswer = z.infer<typeof TerminalTreeResponse>;
type OutcomesAnswer = z.infer<typeof CommandOutcomesResponse>;

export const terminalApi = {
  list: (q: TerminalQuery) => http.get<TerminalPage>(`${BASE}/list`, { ...q }),
  /** Counts of the caller's range, or of an office / a group with what lies below. */
  counts: (scope: { officeId?: number; groupId?: number }) =>
    http.get<TerminalCounts>(`${BASE}/terminalStatusCount`, { ...scope }),
  /** The live status of the terminals on screen; silent: a missed poll is retried 5 s later. */
  liveStatus: (ids: readonly number[]) =>
    http.get<z.infer<typeof TerminalStatusArrayResponse>>(
      `${BASE}/findTerminalStatusArray`,
      { ids: ids.join(",") },
      { silent: true },
    ),
  /** The office tree with terminal counts (the caller's offices). */
  officeTree: () => http.get<TreeAnswer>(`${BASE}/treeDataNew`),
  /** One level of children of an office (each says whether it has more), for a tree too large to send at once. */
  officeChildren: (id: number) => http.get<TreeAnswer>(`${BASE}/findOfficeChild`, { id }),
  groupTree: (officeId: number) => http.get<TreeAnswer>(`${BASE}/groupTree`, { officeId }),
  details: (id: number) => http.get<TerminalDetail>(`${BASE}/terminalDetails`, { id }),
  /** What the terminal is set to play, in order, and what it reports playing. */
  publishInfo: (id: number) => http.get<ProgramPublishInfo>(`${BASE}/programPublishInfo`, { id }),
  /** Silent: the authorise form shows the refusal at its fields. */
  authorize: (body: { enrolCode: string; officeId: number; groupId?: number; name?: string }) =>
    http.post<z.infer<typeof TerminalResponse>>(`${BASE}/authorize`, body, {
      json: true,
      silent: true,
    }),
  moveToOffice: (ids: readonly number[], officeId: number, groupId?: number) =>
    http.post(`${BASE}/updateTerminalOffice`, { ids, officeId, groupId }, { json: true }),
  moveToGroup: (ids: readonly number[], groupId: number | null) =>
    http.post(`${BASE}/updateTerminalGroup`, { ids, groupId }, { json: true }),
  /** Silent: the name form shows the refusal at its field. */
  saveGroup: (body: { id?: number; officeId: number; parentId?: number | null; name: string }) =>
    http.post<z.infer<typeof SaveTerminalGroupResponse>>(`${BASE}/saveTerminalGroup`, body, {
      json: true,
      silent: true,
    }),
  deleteGroup: (id: number) => http.post(`${BASE}/deleteTerminalGroup`, { id }, { json: true }),
  /** Rename, disable or enable one terminal; silent when a form shows the refusal. */
  update: (body: { id: number; name?: string; disabled?: boolean }, opts: { silent?: boolean } = {}) =>
    http.post<z.infer<typeof TerminalResponse>>(`${BASE}/update`, body, { json: true, ...opts }),
  remove: (ids: readonly number[]) => http.post(`${BASE}/delete`, { ids }, { json: true }),
  setPrograms: (ids: readonly number[], programIds: readonly number[]) =>
    http.post(`${BASE}/setPrograms`, { ids, programIds }, { json: true }),
  /** Sends a command; answers one outcome per terminal as it stands right after sending. */
  command: (ids: readonly number[], name: CommandName, args: Record<string, unknown> = {}) =>
    http.post<OutcomesAnswer>(`${BASE}/command`, { ids, name, args }, { json: true }),
  /** A screen's screenshots, newest first, of one kind or all (spec §7 findScreenshotBytreeIdAndType). */
  screenshotHistory: (q: { terminalId: number; type?: ScreenshotKind; pageNo: number; pageSize: number }) =>
    http.get<ScreenshotHistoryPage>("/a/api/fileInfosa/findScreenshotBytreeIdAndType", { ...q }),
  /** Screen truth (issue 24): a screenshot (the latest when `shot` is absent) against what the schedule expected then. */
  screenshotTruth: (id: number, shot?: number) =>
    http.get<ScreenshotTruth>(`${BASE}/screenshotTruth`, { id, ...(shot ? { shot } : {}) }, { silent: true }),
  /** The outcomes of the commands in a comma list, live; silent: a missed poll is retried a second later. */
  commandResults: (idList: string) =>
    http.get<OutcomesAnswer>(`${BASE}/commandResults`, { ids: idList }, { silent: true }),
};

/** Calls of terminal settings and commands under /a/api/terminalSet/ (contracts/src/terminalSet.ts). */

const SET = "/a/api/terminalSet";
const json = { json: true } as const;

export type RltMonitor = z.infer<typeof RltMonitorResponse>;
export type RltScreenshot = z.infer<typeof RltScreenshotResponse>;
export type OnlyScreenshot = z.infer<typeof OnlyScreenshotResponse>;
export type OnlyProgramList = z.infer<typeof OnlyProgramListResponse>;
export type CurPrograms = z.infer<typeof CurProgramResponse>;
export type CurMessages = z.infer<typeof CurMessageResponse>;
export type PlaySet = z.infer<typeof PlaySetResponse>;
export type ApkUpdateInfo = z.infer<typeof ApkUpdateInfoResponse>;
export type AutoScan = z.infer<typeof AutoScanResponse>;
export type AutoScanInfo = z.infer<typeof AutoScanInfoResponse>;
export type SendApk = z.infer<typeof SendApkResponse>;

/** The fields of an update package beside its file (SendApkFields). */
export interface ApkFields {
  version: string;
  model?: string;
  notes?: string;
  ids?: readonly number[];
}

/**
 * A multipart POST (sendDedicatedApk carries a file): the same envelope handling as http.ts, without a
 * toast (the upload form shows the refusal at its fields).
 */
async function postForm<T extends Envelope>(path: string, form: FormData): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  let res: Response;
  try {
    res = await fetch(`${API_PREFIX}${path}`, {
      method: "POST",
      body: form,
      credentials: "include",
      signal: controller.signal,
      headers: { "X-Requested-With": "XMLHttpRequest", Accept: "application/json" },
    });
  } catch {
    throw new HttpError(controller.signal.aborted ? i18n.t("http.timeout") : i18n.t("http.network"), 0, null);
  } finally {
    clearTimeout(timer);
  }
  let payload: Envelope | null = null;
  try {
    payload = (await res.json()) as Envelope;
  } catch {
    payload = null;
  }
  if (payload?.msg === "logout") {
    // An ordinary call lets http.ts run its sign-out handling (toast, /logout).
    void http.get(`${SET}/getApkUpdateInfo`, undefined, { silent: true }).catch(() => undefined);
    throw new HttpError("logout", res.status, payload);
  }
  // Any other answer pushed the session cookie two hours on (sessionExpiry).
  noteAnswer();
  if (!res.ok || !payload || payload.code !== 0)
    throw new HttpError(payload?.msg || `${res.status} ${res.statusText}`, res.status, payload);
  return payload as T;
}

export const terminalSetApi = {
  /** Sets (or clears, with null) some of the terminals' own settings; answers the `settings` outcomes. */
  settings: (ids: readonly number[], settings: DeviceSettingsPatch) =>
    http.post<OutcomesAnswer>(`${SET}/terminalSet`, { ids, settings }, { json: true, silent: true }),
  reboot: (ids: readonly number[]) => http.post<OutcomesAnswer>(`${SET}/reboot`, { ids }, json),
  refreshPrograms: (ids: readonly number[]) =>
    http.post<OutcomesAnswer>(`${SET}/refreshTerminalPrograms`, { ids }, json),
  clearPrograms: (ids: readonly number[]) =>
    http.post<OutcomesAnswer>(`${SET}/doClearProgram`, { ids }, json),
  screenshots: (ids: readonly number[]) => http.post<OutcomesAnswer>(`${SET}/screenShoot`, { ids }, json),
  /** Asks each terminal what programs it holds (`programs` command). */
  askPrograms: (ids: readonly number[]) => http.post<OutcomesAnswer>(`${SET}/getRltPrograms`, { ids }, json),
  deleteFiles: (ids: readonly number[]) =>
    http.post<OutcomesAnswer>(`${SET}/deleteFileByTerminalIds`, { ids }, json),
  remove: (ids: readonly number[]) =>
    http.post<z.infer<typeof RemoveTerminalsResponse>>(`${SET}/removeTerminals`, { ids }, json),
  /** Plays a program now (for `minutes`, or until stopped); programId null stops it. */
  playProgram: (ids: readonly number[], programId: number | null, minutes?: number) =>
    http.post<OutcomesAnswer>(`${SET}/doProgramPlayNow`, { ids, programId, minutes }, json),
  playMessage: (ids: readonly number[], messageId: number, minutes?: number) =>
    http.post<OutcomesAnswer>(`${SET}/doMessagePlayNow`, { ids, messageId, minutes }, json),
  /** Per terminal what plays now by order of an operator, and the programs that may be played. */
  playSet: (ids: readonly number[], keyword?: string) =>
    http.get<PlaySet>(`${SET}/doProgramPlaySet`, {
      ids: ids.join(","),
      keyword: keyword || undefined,
    }),
  /** Sends the commands again (those failed, timed out or offline); answers the new outcomes. */
  retry: (commandIds: readonly string[]) => http.post<OutcomesAnswer>(`${SET}/retry`, { commandIds }, json),
  /** Live view of terminals; silent: it is polled. */
  monitor: (ids: readonly number[]) =>
    http.post<RltMonitor>(`${SET}/getRltMonitor`, { ids }, { json: true, silent: true }),
  /** Asks the terminal for a screenshot and waits for it (about 15 s at most). */
  liveScreenshot: (id: number) => http.get<RltScreenshot>(`${SET}/getRltScreenShoot`, { id }),
  latestScreenshot: (id: number) => http.get<OnlyScreenshot>(`${SET}/onlyScreenShoot`, { id }),
  programList: (id: number) => http.get<OnlyProgramList>(`${SET}/onlyProgramList`, { id }),
  currentPrograms: (ids: readonly number[]) =>
    http.post<CurPrograms>(`${SET}/getCurTerminalProgram`, { ids }, json),
  currentMessages: (id: number) => http.post<CurMessages>(`${SET}/getCurTerminalMessage`, { id }, json),
  deleteMessage: (id: number, messageId: number) =>
    http.post<z.infer<typeof DeleteTerminalMessageResponse>>(
      `${SET}/deleteTerminalMessage`,
      { id, messageId },
      json,
    ),
  /** Uploads an update package, and sends it to `ids` when given. Silent: the form shows the refusal. */
  sendPackage: (file: Blob, fileName: string, fields: ApkFields) => {
    const form = new FormData();
    form.append("version", fields.version);
    if (fields.model) form.append("model", fields.model);
    if (fields.notes) form.append("notes", fields.notes);
    if (fields.ids?.length) form.append("ids", fields.ids.join(","));
    // The file goes last: a multipart reader meets the fields before the bytes.
    form.append("file", file, fileName);
    return postForm<SendApk>(`${SET}/sendDedicatedApk`, form);
  },
  /** Sends a package uploaded before to `ids`. Silent: the dialog shows the refusal. */
  pushPackage: (packageId: number, ids: readonly number[]) =>
    http.post<SendApk>(`${SET}/pushDedicatedApk`, { packageId, ids }, { json: true, silent: true }),
  /** The update's progress per terminal (of a package, or of commands), and the uploaded packages; polled. */
  updateInfo: (q: { packageId?: number; commandIds?: readonly string[] }) =>
    http.get<ApkUpdateInfo>(
      `${SET}/getApkUpdateInfo`,
      { packageId: q.packageId, commandIds: q.commandIds?.length ? q.commandIds.join(",") : undefined },
      { silent: true },
    ),
  scan: () => http.post<AutoScan>(`${SET}/autoScanTerminal`, {}, json),
  /** Polled every 2 s while the scan dialog is open. */
  scanInfo: (scanId: string) =>
    http.get<AutoScanInfo>(`${SET}/getAutoScanTerminalInfo`, { scanId }, { silent: true }),
};
