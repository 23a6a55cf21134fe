import type {
  BehaviorActionsResponse,
  BehaviorActiveResponse,
  BehaviorOfficesResponse,
  BehaviorPagesResponse,
  BehaviorUsersQuery,
  BehaviorUsersResponse,
} from "@marquee/contracts";
import { http } from "../../services/http";

/** Calls of user behaviour statistics under /a/api/behavior/ (contracts/src/behavior.ts). */
const BASE = "/a/api/behavior";

/** The range every behaviour call shares (BehaviorRangeQuery). */
export interface BehaviorRange {
  from: string;
  to: string;
  officeId?: number;
}

/** The page, order and search of the per-user table. */
export type UserPaging = Pick<BehaviorUsersQuery, "pageNo" | "pageSize" | "sort" | "order"> & {
  keyword?: string;
};

export const behaviorApi = {
  active: (q: BehaviorRange) => http.get<BehaviorActiveResponse>(`${BASE}/activeUsers`, { ...q }),
  pages: (q: BehaviorRange) => http.get<BehaviorPagesResponse>(`${BASE}/pages`, { ...q }),
  actions: (q: BehaviorRange) => http.get<BehaviorActionsResponse>(`${BASE}/actions`, { ...q }),
  offices: (q: BehaviorRange) => http.get<BehaviorOfficesResponse>(`${BASE}/offices`, { ...q }),
  users: (q: BehaviorRange, page: UserPaging) =>
    http.get<BehaviorUsersResponse>(`${BASE}/users`, { ...q, ...page }),
};
