import type en from "../en/token";

/** Server messages of API tokens, in Simplified Chinese. */
export default {
  "token.tooMany": "您已持有 {{max}} 个有效的 API 令牌，请先撤销一个",
  "token.officesRequired": "请至少选择一个机构",
  "token.officeOutOfRange": "机构 {{id}} 不在您的数据范围内",
  "token.rangeWider": "令牌的可见范围不能超过您本人，请选择您范围内的数据范围",
  "token.sessionOnly": "此操作需要登录会话，API 令牌不能执行",
  "token.notFound": "您没有编号为 {{id}} 的 API 令牌",
} satisfies Record<keyof typeof en, string>;
