import type {
  Permission,
  PermissionNode,
  RoleDetailResponse,
  RoleSaveBody,
  RoleSummary,
  RoleTenant,
} from "@marquee/contracts";
import { type Envelope, http } from "../../services/http";

/** The role screen's permissions (route sys/role). */
export const ROLE_PERMISSIONS = {
  view: "sys:role:view",
  edit: "sys:role:edit",
  remove: "sys:role:delete",
} as const satisfies Record<string, Permission>;

export interface RoleListQuery {
  pageNo: number;
  pageSize: number;
  keyword?: string;
  officeId?: number;
}

/** Role management's calls (/a/api/role/*). */
export const roleApi = {
  list: (q: RoleListQuery) =>
    http.get<Envelope & { list: RoleSummary[]; total: number; pageNo: number; pageSize: number }>(
      "/a/api/role/list",
      { ...q },
    ),
  detail: (id: number) => http.get<Envelope & RoleDetailResponse>("/a/api/role/detail", { id }),
  tenants: (keyword?: string) =>
    http.get<Envelope & { list: RoleTenant[]; own: number | null }>("/a/api/role/tenants", { keyword }),
  permissionTree: (officeId?: number) =>
    http.get<Envelope & { tenant: RoleTenant; tree: PermissionNode[] }>("/a/api/role/permissionTree", {
      officeId,
    }),
  /** Silent: the drawer shows field errors on the fields and refusals above the tree. */
  save: (body: RoleSaveBody) =>
    http.post<Envelope & { id: number }>("/a/api/role/save", body, { json: true, silent: true }),
  remove: (id: number) => http.post("/a/api/role/delete", { id }, { json: true }),
};
