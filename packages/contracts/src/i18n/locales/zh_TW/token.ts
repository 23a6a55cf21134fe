import type en from "../en/token";

/** Server messages of API tokens, in Traditional Chinese. */
export default {
  "token.tooMany": "您已持有 {{max}} 個有效的 API 權杖，請先撤銷一個",
  "token.officesRequired": "請至少選擇一個機構",
  "token.officeOutOfRange": "機構 {{id}} 不在您的資料範圍內",
  "token.rangeWider": "權杖的可見範圍不能超過您本人，請選擇您範圍內的資料範圍",
  "token.sessionOnly": "此操作需要登入工作階段，API 權杖不能執行",
  "token.notFound": "您沒有編號為 {{id}} 的 API 權杖",
  // Service accounts (issue 23).
  "serviceAccount.permissionNotHoldable": "此租戶不能持有 {{permission}}",
  "serviceAccount.outranks":
    "服務帳號 {{name}} 持有您沒有的權限 {{permission}}：只有持有其全部權限的管理員才能修改它或為它建立權杖",
  "serviceAccount.disabled": "服務帳號 {{name}} 已停用，請先啟用",
} satisfies Record<keyof typeof en, string>;
