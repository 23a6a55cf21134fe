import type en from "../en/pop";

/** Server messages of proof of play, in Simplified Chinese (mainland usage). */
export default {
  "pop.rangeOrder": "不能早于开始日期",
  "pop.rangeTooLong": "日期范围最多 366 天",
  "pop.export.sheetSummary": "播放证明",
  "pop.export.sheetDetail": "播放记录",
  "pop.export.col.id": "编号",
  "pop.export.col.program": "节目",
  "pop.export.col.material": "素材",
  "pop.export.col.terminal": "终端",
  "pop.export.col.office": "机构",
  "pop.export.col.plays": "播放次数",
  "pop.export.col.duration": "时长（秒）",
  "pop.export.col.terminals": "覆盖终端数",
  "pop.export.col.firstDay": "首次播放日",
  "pop.export.col.lastDay": "最后播放日",
  "pop.export.col.time": "时间（{{zone}}）",
  "pop.export.col.kind": "类型",
  "pop.export.col.scene": "场景",
  "pop.export.col.widget": "组件",
  "pop.export.kind.scene": "节目",
  "pop.export.kind.media": "媒体",
  "pop.export.kind.click": "点击",
  "pop.export.total": "合计",
  "pop.export.cut": "仅列出前 {{max}} 条播放记录：筛选结果更多，请缩小范围后导出其余部分。",
  "pop.export.range": "日期 {{from}} 至 {{to}}（{{zone}}）",
} satisfies Record<keyof typeof en, string>;
