import type en from "../en/pop";

/** Server messages of proof of play, in Traditional Chinese (Hong Kong / Taiwan usage). */
export default {
  "pop.rangeOrder": "不能早於開始日期",
  "pop.rangeTooLong": "日期範圍最多 366 天",
  "pop.export.sheetSummary": "播放證明",
  "pop.export.sheetDetail": "播放紀錄",
  "pop.export.col.id": "編號",
  "pop.export.col.program": "節目",
  "pop.export.col.material": "素材",
  "pop.export.col.terminal": "終端",
  "pop.export.col.office": "機構",
  "pop.export.col.plays": "播放次數",
  "pop.export.col.duration": "時長（秒）",
  "pop.export.col.terminals": "覆蓋終端數",
  "pop.export.col.firstDay": "首次播放日",
  "pop.export.col.lastDay": "最後播放日",
  "pop.export.col.time": "時間（{{zone}}）",
  "pop.export.col.kind": "類型",
  "pop.export.col.scene": "場景",
  "pop.export.col.widget": "元件",
  "pop.export.kind.scene": "節目",
  "pop.export.kind.media": "媒體",
  "pop.export.kind.click": "點擊",
  "pop.export.total": "合計",
  "pop.export.cut": "僅列出前 {{max}} 筆播放紀錄：篩選結果更多，請縮小範圍後匯出其餘部分。",
  "pop.export.range": "日期 {{from}} 至 {{to}}（{{zone}}）",
} satisfies Record<keyof typeof en, string>;
