import type en from "../en/behavior";

/** Server messages of user behaviour statistics, in Simplified Chinese (mainland usage). */
export default {
  "behavior.pageUnknown": "不是控制台的页面",
  "behavior.viewTooOld": "早于 24 小时之前",
  "behavior.viewInFuture": "不能晚于当前时间",
} satisfies Record<keyof typeof en, string>;
