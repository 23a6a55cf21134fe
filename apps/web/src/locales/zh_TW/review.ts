/** The one layout of the four review screens (materials, plans, programs, messages). */
export default {
  titles: {
    material: "審核：素材",
    plan: "審核：播放計畫",
    program: "審核：節目",
    message: "審核：訊息",
  },
  search: "依名稱搜尋",
  state: "狀態",
  approveSelected_other: "批次通過（{{count}}）",
  rejectSelected_other: "批次駁回（{{count}}）",
  empty: "沒有待審核的內容",
  noMatch: "沒有符合的內容",
};
