import type {
  MenuListsResponse,
  MenuSaveBody,
  MenuSaveResponse,
  MenuSortBody,
  Permission,
} from "@marquee/contracts";
import type { z } from "zod";
import { http } from "../../services/http";

/** Menu management's permissions (route sysManage/menuManage). */
export const MENU_PERMISSIONS = {
  view: "sys:menu:view",
  edit: "sys:menu:edit",
  remove: "sys:menu:delete",
} as const satisfies Record<string, Permission>;

/** Menu management's calls (/a/sys/menu/*). */
export const menuApi = {
  lists: () => http.get<z.infer<typeof MenuListsResponse>>("/a/sys/menu/lists"),
  /** Silent: the drawer shows field errors on the fields. */
  save: (body: MenuSaveBody) =>
    http.post<z.infer<typeof MenuSaveResponse>>("/a/sys/menu/save", body, { json: true, silent: true }),
  remove: (id: number) => http.post("/a/sys/menu/delete", { id }, { json: true }),
  sort: (body: MenuSortBody) => http.post("/a/sys/menu/sort", body, { json: true }),
};
