import type en from "../en/role";

/** Server messages of roles, in Simplified Chinese (mainland usage). */
export default {
  "role.codeFormat": "必须以字母开头，只能包含字母、数字、_、- 或 .",
  "role.permissionUnknown": "不是权限目录中的权限",
  "role.codeTaken": "本机构已有编码为 {{code}} 的角色",
  "role.codeFixed": "内置角色的编码不能修改",
  "role.officeRequired": "请选择角色所属的机构",
  "role.officeNotTenant": "角色属于平台、代理商或客户，不能属于下级机构",
  "role.officeFixed": "角色不能移到其他机构",
  "role.cannotGrant": "您不能授予自己没有的权限：{{permissions}}",
  "role.platformOnly": "代理商或客户的角色不能拥有以下平台权限：{{permissions}}",
  "role.adminOnly": "只有拥有全部权限的用户才能修改角色 {{name}}",
  "role.adminLocked": "角色 {{name}} 拥有全部权限，其权限不能修改",
  "role.tenantAdminLocked": "内置角色 {{name}} 的权限只能由上级机构修改",
  "role.builtIn": "角色 {{name}} 为内置角色，不能删除",
  "role.inUse": "角色 {{name}} 仍有 {{count}} 个用户在使用，请先从这些用户中移除",
} satisfies Record<keyof typeof en, string>;
