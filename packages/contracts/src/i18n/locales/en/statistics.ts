/** Server messages of statistics, in English: the source of this domain's keys, which every other language carries. */
export default {
  "stats.rangeOrder": "must not be earlier than the start date",
  "stats.rangeTooLong": "the range may cover at most 366 days",
  "stats.tooManyIds": "at most 500 terminals at a time",
};
