import {
  type CheckPhoneOrEmailResponse,
  DEFAULT_PASSWORD_POLICY,
  type GetKeyResponse,
  type OfficeTreeNodeT,
  type OfficeTreeResponse,
  PasswordPolicy,
  type RoleOptionsResponse,
  type UserDetail,
  type UserListResponse,
  type UserSaveResponse,
} from "@marquee/contracts";
import type { z } from "zod";
import { http } from "../../services/http";
import { preparePassword, type UserInfoAnswer } from "../../services/session";
import type { UserOffice } from "./form";

export interface UserListParams {
  pageNo: number;
  pageSize: number;
  officeId?: number;
  keyword?: string;
  enabled?: boolean;
  roleId?: number;
}

/** What save sends (the contract's UserSaveBody, lists as arrays, the password in clear until sent). */
export interface UserSavePayload {
  id?: number;
  username?: string;
  name?: string;
  officeId?: number;
  email?: string;
  phone?: string;
  enabled?: boolean;
  remarks?: string;
  roleIds?: number[];
  dataRange?: "subtree" | "offices" | "own";
  dataOffices?: number[];
  password?: string;
}

/** The calls of user management (/a/api/user/*). Forms call them silently and show the errors themselves. */
export const userApi = {
  list: (p: UserListParams) => http.get<z.infer<typeof UserListResponse>>("/a/api/user/usereList", { ...p }),
  /** The office tree of the caller's range (the institution screens' call), flat, parents first. */
  offices: async () => {
    const { tree } = await http.get<z.infer<typeof OfficeTreeResponse>>("/a/api/office/treeDataNew");
    const list: UserOffice[] = [];
    const walk = (n: OfficeTreeNodeT, parentBlocked: boolean) => {
      // Disabled or expired, itself or above: its users cannot sign in.
      const blocked = parentBlocked || n.state === "disabled" || n.state === "expired";
      list.push({ id: n.id, parentId: n.parentId, name: n.name, type: n.type, blocked });
      for (const c of n.children) walk(c, blocked);
    };
    for (const root of tree) walk(root, false);
    return { list };
  },
  detail: async (id: number) =>
    (await http.get<UserInfoAnswer & { user: UserDetail }>("/a/api/user/getUserInfo", { id })).user,
  save: async (v: UserSavePayload) =>
    http.post<z.infer<typeof UserSaveResponse>>(
      "/a/api/user/save",
      { ...v, ...(v.password !== undefined && { password: await preparePassword(v.password) }) },
      { json: true, silent: true },
    ),
  remove: (ids: number[]) => http.post("/a/api/user/delete", { ids }, { json: true, silent: true }),
  setEnabled: (id: number, enabled: boolean) =>
    http.post("/a/api/user/save", { id, enabled }, { json: true, silent: true }),
  /** The roles the caller may give users of this institution (default: their own). */
  roleOptions: (officeId?: number) =>
    http.get<z.infer<typeof RoleOptionsResponse>>("/a/api/user/allRoleList", { officeId }),
  resetPassword: async (userId: number, password: string) =>
    http.post(
      "/a/api/user/modifyPwd",
      { userId, password: await preparePassword(password) },
      { silent: true },
    ),
  checkTaken: (v: { email?: string; phone?: string; userId?: number }) =>
    http.post<z.infer<typeof CheckPhoneOrEmailResponse>>("/a/api/user/checkPhoneOrEmail", v, {
      silent: true,
    }),
};

/** The password policy in force (a public setting), or the default while it cannot be read. */
export async function fetchPasswordPolicy(): Promise<PasswordPolicy> {
  const r = await http.get<z.infer<typeof GetKeyResponse>>(
    "/a/api/sysSetting/getKey",
    { key: "passwordPolicy" },
    { silent: true },
  );
  const parsed = PasswordPolicy.safeParse(r.jsonObject.passwordPolicy);
  return parsed.success ? parsed.data : DEFAULT_PASSWORD_POLICY;
}

/** An expired or administrator-set password replaced without a session (from the sign-in page). */
export async function changeExpiredPassword(v: {
  username: string;
  oldPassword: string;
  newPassword: string;
  validateCode?: string;
}) {
  return http.post(
    "/a/api/user/pwdPastDueModify",
    {
      username: v.username,
      oldPassword: await preparePassword(v.oldPassword),
      newPassword: await preparePassword(v.newPassword),
      validateCode: v.validateCode ?? "",
    },
    { silent: true },
  );
}
