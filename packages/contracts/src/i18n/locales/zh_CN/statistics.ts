import type en from "../en/statistics";

/** Server messages of statistics, in Simplified Chinese (mainland usage). */
export default {
  "stats.rangeOrder": "不能早于开始日期",
  "stats.rangeTooLong": "日期范围最多 366 天",
  "stats.tooManyIds": "一次最多 500 个终端",
} satisfies Record<keyof typeof en, string>;
