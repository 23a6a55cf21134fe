import type {
  CalTerminalCountResponse,
  LoginStatsResponse,
  OnlineTimeResponse,
  PublishWidgetResponse,
  ResourcesCaseResponse,
  StartUpRateResponse,
  StatsRefreshResponse,
  WidgetClickResponse,
  WidgetUseResponse,
} from "@marquee/contracts";
import { http } from "../../services/http";

/** Calls of data statistics under /a/api/statistics/ (contracts/src/statistics.ts). */
const BASE = "/a/api/statistics";

/** The range query every statistics call shares (StatsRangeQuery). */
export interface StatsRange {
  from: string;
  to: string;
  officeId?: number;
  groupId?: number;
}

/** A paged statistics list: its page and its order. */
export interface StatsPage<Sort extends string> {
  pageNo: number;
  pageSize: number;
  sort?: Sort;
  order?: "asc" | "desc";
  keyword?: string;
}

/** The range without the terminal group: the figures that are not terminals' do not take it. */
const noGroup = ({ groupId: _, ...r }: StatsRange) => r;

export const statisticsApi = {
  terminalCount: (q: StatsRange) => http.get<CalTerminalCountResponse>(`${BASE}/calTerminalCount`, { ...q }),
  onlineTime: (q: StatsRange, page: StatsPage<"hours" | "days" | "name">) =>
    http.get<OnlineTimeResponse>(`${BASE}/statisticsTerminalOnlineTime`, { ...q, ...page }),
  startUpRate: (q: StatsRange) =>
    http.post<StartUpRateResponse>(`${BASE}/terminalStartUpRate`, q, { json: true }),
  logins: (q: StatsRange, page: StatsPage<"logins" | "lastDay" | "username">) =>
    http.get<LoginStatsResponse>(`${BASE}/statisticsLogin`, { ...noGroup(q), ...page }),
  resources: (q: StatsRange) =>
    http.get<ResourcesCaseResponse>(`${BASE}/statisticsResourcesCase`, noGroup(q)),
  publish: (q: StatsRange) =>
    http.get<PublishWidgetResponse>(`${BASE}/statisticsPublishProgramWidgetNum`, noGroup(q)),
  widgetUse: (q: StatsRange) => http.get<WidgetUseResponse>(`${BASE}/statisticsWidgetUse`, noGroup(q)),
  widgetClick: (q: StatsRange, page: Omit<StatsPage<"clicks" | "program">, "keyword">) =>
    http.get<WidgetClickResponse>(`${BASE}/statisticsWidgetClick`, { ...noGroup(q), ...page }),
  /** Brings the roll-ups up to date now (reuses a pass of the last 30 s). */
  refresh: () => http.post<StatsRefreshResponse>(`${BASE}/refresh`, {}, { json: true }),
};
