import type {
  AuditResult,
  CommandLogResponse,
  CommandLogRow,
  LogActionsResponse,
  LogDetailsResponse,
  LogListResponse,
  SettingType,
  TestMailResponse,
} from "@marquee/contracts";
import type { z } from "zod";
import { downloadPost, type Envelope, http } from "../../services/http";

/** Calls of system settings and the system log (contracts: sysSetting.ts, log.ts). */

export interface SettingsAnswer extends Envelope {
  jsonObject: Record<string, unknown>;
  types: Record<string, SettingType>;
}

export const settingsApi = {
  /** Every value with its definition: the editor is built from the server's description. */
  load: () => http.get<SettingsAnswer>("/a/api/sysSetting/getKey", { debugTypes: 1 }),
  /** Field errors are the form's to show. */
  save: (key: string, value: unknown) =>
    http.post("/a/api/sysSetting/saveKey", { key, value }, { json: true, silent: true }),
  testMail: (to?: string) =>
    http.post<z.infer<typeof TestMailResponse>>("/a/api/sysSetting/testMail", to ? { to } : {}, {
      json: true,
      silent: true,
    }),
};

/** The system log's filters as the calls take them. */
export interface LogQuery {
  username?: string;
  action?: string;
  result?: AuditResult;
  beginTime?: string;
  endTime?: string;
}

/** Names of what the rows' targets name, by auditNameKey ("terminal:3"), as far as the reader may see them. */
export type TargetNames = Readonly<Record<string, string>>;

export type LogSlice = z.infer<typeof LogListResponse>;

export interface CommandQuery {
  keyword?: string;
  name?: string;
  state?: CommandLogRow["state"];
  beginTime?: string;
  endTime?: string;
}

export type CommandSlice = z.infer<typeof CommandLogResponse>;

export const logApi = {
  /** The rows after `lastId` (the first slice without it). */
  scroll: (q: LogQuery, lastId: number | null, pageSize: number) =>
    http.get<LogSlice>("/a/api/log/ajaxScrollLog", { ...q, pageSize, lastId }),
  details: (id: number) => http.get<z.infer<typeof LogDetailsResponse>>("/a/api/log/detailsFunc", { id }),
  actions: () => http.get<z.infer<typeof LogActionsResponse>>("/a/api/log/actions"),
  commands: (q: CommandQuery, lastId: string | null, size: number) =>
    http.get<CommandSlice>("/a/api/sysSetting/ajaxScrollCmd", { ...q, size, lastId }),
};

export { fileNameOf } from "../../services/http";

/**
 * POST logExport with the filters, then hands the .xlsx to the browser as a
 * download. Answers the file name; a refusal throws with the server's message.
 */
export const downloadLogExport = (q: LogQuery, timezone: string): Promise<string> =>
  downloadPost("/a/sys/log/logExport", { ...q, timezone }, "system-log.xlsx");
