import type en from "../en/statistics";

/** Server messages of statistics, in Traditional Chinese (Hong Kong / Taiwan usage). */
export default {
  "stats.rangeOrder": "不能早於開始日期",
  "stats.rangeTooLong": "日期範圍最多 366 天",
  "stats.tooManyIds": "一次最多 500 個終端",
} satisfies Record<keyof typeof en, string>;
