/** Server messages of user behaviour statistics, in English: the source of this domain's keys, which every other language carries. */
export default {
  "behavior.pageUnknown": "is not a page of the console",
  "behavior.viewTooOld": "is more than 24 hours ago",
  "behavior.viewInFuture": "lies in the future",
};
