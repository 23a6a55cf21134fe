import type en from "../en/statistics";

/** Server messages of statistics, in Russian. */
export default {
  "stats.rangeOrder": "не может быть раньше даты начала",
  "stats.rangeTooLong": "диапазон может охватывать не более 366 дней",
  "stats.tooManyIds": "не более 500 терминалов за раз",
} satisfies Record<keyof typeof en, string>;
