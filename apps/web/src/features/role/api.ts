import type {
  Permission,
  PermissionTreeResponse,
  RoleDetailResponse,
  RoleListResponse,
  RoleSaveBody,
  RoleSaveResponse,
  RoleTenantsResponse,
} from "@marquee/contracts";
import type { z } from "zod";
import { http } from "../../services/http";

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
  list: (q: RoleListQuery) => http.get<z.infer<typeof RoleListResponse>>("/a/api/role/list", { ...q }),
  detail: (id: number) => http.get<RoleDetailResponse>("/a/api/role/detail", { id }),
  tenants: (keyword?: string) =>
    http.get<z.infer<typeof RoleTenantsResponse>>("/a/api/role/tenants", { keyword }),
  permissionTree: (officeId?: number) =>
    http.get<z.infer<typeof PermissionTreeResponse>>("/a/api/role/permissionTree", {
      officeId,
    }),
  /** Silent: the drawer shows field errors on the fields and refusals above the tree. */
  save: (body: RoleSaveBody) =>
    http.post<z.infer<typeof RoleSaveResponse>>("/a/api/role/save", body, { json: true, silent: true }),
  remove: (id: number) => http.post("/a/api/role/delete", { id }, { json: true }),
};
