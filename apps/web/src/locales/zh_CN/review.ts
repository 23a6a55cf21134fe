/** The one layout of the four review screens (materials, plans, programs, messages). */
export default {
  titles: {
    material: "审核：素材",
    plan: "审核：播放计划",
    program: "审核：节目",
    message: "审核：消息",
  },
  search: "按名称搜索",
  state: "状态",
  approveSelected_other: "批量通过（{{count}}）",
  rejectSelected_other: "批量驳回（{{count}}）",
  empty: "没有待审核的内容",
  noMatch: "没有匹配的内容",
};
