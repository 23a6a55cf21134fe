import {
  type AlarmAskResponse,
  type AlarmDetailResponse,
  type AlarmKind,
  type AlarmRow,
  type AlarmState,
  API_PREFIX,
} from "@marquee/contracts";
import { type Envelope, HttpError, http } from "../../services/http";
import { fileNameOf } from "../system/api";

/** Calls of alarm management (contracts: alarm.ts). */
const BASE = "/a/api/abnormalAlarm";

export const ALARM_PERMISSIONS = {
  view: "terminal:alarm:view",
  clear: "terminal:alarm:clear",
  export: "terminal:alarm:export",
} as const;

/** The list's filters as the calls take them (the list and "export all"). */
export interface AlarmQuery {
  state?: AlarmState;
  kind?: AlarmKind;
  keyword?: string;
  officeId?: number;
  beginTime?: string;
  endTime?: string;
}

export interface AlarmPage extends Envelope {
  list: AlarmRow[];
  total: number;
  pageNo: number;
  pageSize: number;
}

export const alarmApi = {
  list: (q: AlarmQuery, pageNo: number, pageSize: number) =>
    http.get<AlarmPage>(`${BASE}/abnormalAlarmList`, { ...q, pageNo, pageSize }),
  details: (id: number) => http.get<AlarmDetailResponse>(`${BASE}/abnormalAlarmClearDeail`, { id }),
  /** Clears the open ones of `ids`; answers how many were open. */
  cleanUp: (ids: readonly number[], note?: string) =>
    http.post<Envelope & { cleared: number }>(
      `${BASE}/abnormalAlarmCleanUp`,
      { ids, ...(note ? { note } : {}) },
      { json: true },
    ),
  /** The bell's poll: silent, a missed poll is tried again at the next. */
  ask: () => http.get<AlarmAskResponse>(`${BASE}/askIsHaveAbnormalAlarm`, {}, { silent: true }),
};

/** POSTs an export call and hands the .xlsx to the browser; answers the file name, or throws the server's refusal. */
async function download(path: string, body: unknown): Promise<string> {
  const res = await fetch(`${API_PREFIX}${BASE}/${path}`, {
    method: "POST",
    credentials: "include",
    headers: { "Content-Type": "application/json", "X-Requested-With": "XMLHttpRequest" },
    body: JSON.stringify(body),
  });
  if (!res.ok) {
    let answer: Envelope | null = null;
    try {
      answer = (await res.json()) as Envelope;
    } catch {
      answer = null;
    }
    throw new HttpError(answer?.msg || `${res.status} ${res.statusText}`, res.status, answer);
  }
  const blob = await res.blob();
  const name = fileNameOf(res.headers.get("content-disposition")) ?? "alarms.xlsx";
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.style.display = "none";
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The browser has started the download; the address is no longer needed after that.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return name;
}

/** Every alarm the filters find, as .xlsx, times in `timezone`. */
export const exportAllAlarms = (q: AlarmQuery, timezone: string) =>
  download("allAbnormalAlarmExport", { ...q, timezone });
/** The chosen alarms, as .xlsx. */
export const exportSelectedAlarms = (ids: readonly number[], timezone: string) =>
  download("onlyAbnormalAlarmExport", { ids, timezone });
