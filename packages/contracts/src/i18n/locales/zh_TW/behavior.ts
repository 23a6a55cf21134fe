import type en from "../en/behavior";

/** Server messages of user behaviour statistics, in Traditional Chinese (Hong Kong / Taiwan usage). */
export default {
  "behavior.pageUnknown": "不是控制台的頁面",
  "behavior.viewTooOld": "早於 24 小時之前",
  "behavior.viewInFuture": "不能晚於目前時間",
} satisfies Record<keyof typeof en, string>;
