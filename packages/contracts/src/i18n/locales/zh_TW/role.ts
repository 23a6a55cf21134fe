import type en from "../en/role";

/** Server messages of roles, in Traditional Chinese (Hong Kong / Taiwan usage). */
export default {
  "role.codeFormat": "必須以字母開頭，只能包含字母、數字、_、- 或 .",
  "role.permissionUnknown": "不是權限目錄中的權限",
  "role.codeTaken": "本機構已有編碼為 {{code}} 的角色",
  "role.codeFixed": "內建角色的編碼不能修改",
  "role.officeRequired": "請選擇角色所屬的機構",
  "role.officeNotTenant": "角色屬於平台、代理商或客戶，不能屬於下級機構",
  "role.officeFixed": "角色不能移到其他機構",
  "role.cannotGrant": "您不能授予自己沒有的權限：{{permissions}}",
  "role.platformOnly": "代理商或客戶的角色不能擁有以下平台權限：{{permissions}}",
  "role.adminOnly": "只有擁有全部權限的使用者才能修改角色 {{name}}",
  "role.adminLocked": "角色 {{name}} 擁有全部權限，其權限不能修改",
  "role.tenantAdminLocked": "內建角色 {{name}} 的權限只能由上級機構修改",
  "role.builtIn": "角色 {{name}} 為內建角色，不能刪除",
  "role.inUse": "角色 {{name}} 仍有 {{count}} 個使用者在使用，請先從這些使用者中移除",
} satisfies Record<keyof typeof en, string>;
