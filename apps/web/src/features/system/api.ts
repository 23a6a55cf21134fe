import {
  API_PREFIX,
  type AuditLogDetail,
  type AuditLogRow,
  type CommandLogRow,
  type SettingType,
} from "@marquee/contracts";
import { type Envelope, HttpError, http } from "../../services/http";

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
    http.post<Envelope & { to: string }>("/a/api/sysSetting/testMail", to ? { to } : {}, {
      json: true,
      silent: true,
    }),
};

/** The system log's filters as the calls take them. */
export interface LogQuery {
  username?: string;
  action?: string;
  result?: "ok" | "fail";
  beginTime?: string;
  endTime?: string;
}

export interface LogSlice extends Envelope {
  list: AuditLogRow[];
  total: number;
  lastId: number | null;
  hasMore: boolean;
}

export interface CommandQuery {
  keyword?: string;
  name?: string;
  state?: CommandLogRow["state"];
  beginTime?: string;
  endTime?: string;
}

export interface CommandSlice extends Envelope {
  list: CommandLogRow[];
  lastId: string | null;
  hasMore: boolean;
}

export const logApi = {
  /** The rows after `lastId` (the first slice without it). */
  scroll: (q: LogQuery, lastId: number | null, pageSize: number) =>
    http.get<LogSlice>("/a/api/log/ajaxScrollLog", { ...q, pageSize, lastId }),
  details: (id: number) => http.get<Envelope & { log: AuditLogDetail }>("/a/api/log/detailsFunc", { id }),
  actions: () => http.get<Envelope & { list: string[] }>("/a/api/log/actions"),
  commands: (q: CommandQuery, lastId: string | null, size: number) =>
    http.get<CommandSlice>("/a/api/sysSetting/ajaxScrollCmd", { ...q, size, lastId }),
};

/** The file name of a Content-Disposition header. */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star?.[1]) return decodeURIComponent(star[1]);
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? null;
}

/**
 * POST logExport with the filters, then hands the .xlsx to the browser as a
 * download. Answers the file name; a refusal throws with the server's message.
 */
export async function downloadLogExport(q: LogQuery, timezone: string): Promise<string> {
  const res = await fetch(`${API_PREFIX}/a/sys/log/logExport`, {
    method: "POST",
    credentials: "include",
    headers: {
      "Content-Type": "application/json",
      "X-Requested-With": "XMLHttpRequest",
    },
    body: JSON.stringify({ ...q, timezone }),
  });
  if (!res.ok) {
    let body: Envelope | null = null;
    try {
      body = (await res.json()) as Envelope;
    } catch {
      body = null;
    }
    throw new HttpError(body?.msg || `${res.status} ${res.statusText}`, res.status, body);
  }
  const blob = await res.blob();
  const name = fileNameOf(res.headers.get("content-disposition")) ?? "system-log.xlsx";
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
