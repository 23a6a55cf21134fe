import type {
  AlarmAskResponse,
  AlarmCleanUpResponse,
  AlarmDetailResponse,
  AlarmKind,
  AlarmListResponse,
  AlarmState,
  GetKeyResponse,
  Permission,
} from "@marquee/contracts";
import type { z } from "zod";
import { downloadPost, http } from "../../services/http";

/** Calls of alarm management (contracts: alarm.ts). */
const BASE = "/a/api/abnormalAlarm";

export const ALARM_PERMISSIONS = {
  view: "terminal:alarm:view",
  clear: "terminal:alarm:clear",
  export: "terminal:alarm:export",
  /** The alarm rules of the user's own tenant (the setting alarmRules). */
  rules: "terminal:alarm:rules",
} as const satisfies Record<string, Permission>;

/** The list's filters as the calls take them (the list and "export all"). */
export interface AlarmQuery {
  state?: AlarmState;
  kind?: AlarmKind;
  keyword?: string;
  officeId?: number;
  beginTime?: string;
  endTime?: string;
}

export type AlarmPage = z.infer<typeof AlarmListResponse>;

export const alarmApi = {
  list: (q: AlarmQuery, pageNo: number, pageSize: number) =>
    http.get<AlarmPage>(`${BASE}/abnormalAlarmList`, { ...q, pageNo, pageSize }),
  details: (id: number) => http.get<AlarmDetailResponse>(`${BASE}/abnormalAlarmClearDeail`, { id }),
  /** Clears the open ones of `ids`; answers how many were open. */
  cleanUp: (ids: readonly number[], note?: string) =>
    http.post<z.infer<typeof AlarmCleanUpResponse>>(
      `${BASE}/abnormalAlarmCleanUp`,
      { ids, ...(note ? { note } : {}) },
      { json: true },
    ),
  /** The alarm rules in force for the user's tenant (its own, else the nearest above it, else the platform's). */
  rules: () =>
    http.get<z.infer<typeof GetKeyResponse>>("/a/api/sysSetting/getKey", {
      key: "alarmRules",
    }),
  /** Saves them as the user's own tenant's (the platform's, for the platform's users); field errors are the form's. */
  saveRules: (value: unknown) =>
    http.post("/a/api/sysSetting/saveKey", { key: "alarmRules", value }, { json: true, silent: true }),
  /** The bell's poll: silent, a missed poll is tried again at the next. */
  ask: () => http.get<AlarmAskResponse>(`${BASE}/askIsHaveAbnormalAlarm`, {}, { silent: true }),
};

/** POSTs an export call and hands the .xlsx to the browser; answers the file name, or throws the server's refusal. */
const download = (path: string, body: unknown) => downloadPost(`${BASE}/${path}`, body, "alarms.xlsx");

/** Every alarm the filters find, as .xlsx, times in `timezone`. */
export const exportAllAlarms = (q: AlarmQuery, timezone: string) =>
  download("allAbnormalAlarmExport", { ...q, timezone });
/** The chosen alarms, as .xlsx. */
export const exportSelectedAlarms = (ids: readonly number[], timezone: string) =>
  download("onlyAbnormalAlarmExport", { ids, timezone });
