import type en from "../en/token";

/** Server messages of API tokens, in Simplified Chinese. */
export default {
  "token.tooMany": "您已持有 {{max}} 个有效的 API 令牌，请先撤销一个",
  "token.officesRequired": "请至少选择一个机构",
  "token.officeOutOfRange": "机构 {{id}} 不在您的数据范围内",
  "token.rangeWider": "令牌的可见范围不能超过您本人，请选择您范围内的数据范围",
  "token.sessionOnly": "此操作需要登录会话，API 令牌不能执行",
  "token.notFound": "您没有编号为 {{id}} 的 API 令牌",
  // Service accounts (issue 23).
  "serviceAccount.permissionNotHoldable": "此租户不能持有 {{permission}}",
  "serviceAccount.outranks":
    "服务账号 {{name}} 持有您没有的权限 {{permission}}：只有持有其全部权限的管理员才能修改它或为它创建令牌",
  "serviceAccount.disabled": "服务账号 {{name}} 已停用，请先启用",
} satisfies Record<keyof typeof en, string>;
