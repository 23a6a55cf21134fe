import type { AuditResult } from "@marquee/contracts";
import type { Dayjs } from "dayjs";
import type { CommandQuery, LogQuery } from "./api";

/** The system log's filter form. */
export interface LogFilterValues {
  username: string;
  action?: string;
  result?: AuditResult;
  range: [Dayjs, Dayjs] | null;
}

export const EMPTY_LOG_FILTERS: LogFilterValues = { username: "", range: null };

/** The terminal commands' filter form. */
export interface CommandFilterValues {
  keyword: string;
  name?: string;
  state?: CommandQuery["state"];
  range: [Dayjs, Dayjs] | null;
}

export const EMPTY_COMMAND_FILTERS: CommandFilterValues = { keyword: "", range: null };

/** A picked range as the calls take it: both ends included, to the second. */
function rangeOf(range: [Dayjs, Dayjs] | null): { beginTime?: string; endTime?: string } {
  if (!range) return {};
  return {
    beginTime: range[0].millisecond(0).toISOString(),
    endTime: range[1].millisecond(999).toISOString(),
  };
}

/** The log filters as query parameters; empty ones left out (the list, the export). */
export function toLogQuery(v: LogFilterValues): LogQuery {
  const username = v.username.trim();
  return {
    ...(username ? { username } : {}),
    ...(v.action ? { action: v.action } : {}),
    ...(v.result ? { result: v.result } : {}),
    ...rangeOf(v.range),
  };
}

export function toCommandQuery(v: CommandFilterValues): CommandQuery {
  const keyword = v.keyword.trim();
  return {
    ...(keyword ? { keyword } : {}),
    ...(v.name ? { name: v.name } : {}),
    ...(v.state ? { state: v.state } : {}),
    ...rangeOf(v.range),
  };
}

/** The browser's time zone: the export writes times in it. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}
