import type en from "../en/behavior";

/** Server messages of user behaviour statistics, in Russian. */
export default {
  "behavior.pageUnknown": "не является страницей консоли",
  "behavior.viewTooOld": "было более 24 часов назад",
  "behavior.viewInFuture": "находится в будущем",
} satisfies Record<keyof typeof en, string>;
