import type en from "../en/log";

/** Server messages of the system log, in Traditional Chinese (Hong Kong / Taiwan usage). */
export default {
  "log.timeRange": "不能早於開始時間",
  "log.export.sheet": "系統日誌",
  "log.export.col.id": "序號",
  "log.export.col.time": "時間（{{zone}}）",
  "log.export.col.user": "使用者",
  "log.export.col.action": "操作",
  "log.export.col.method": "請求方式",
  "log.export.col.target": "對象",
  "log.export.col.result": "結果",
  "log.export.col.status": "HTTP 狀態碼",
  "log.export.col.ip": "IP 位址",
  "log.export.col.duration": "耗時（毫秒）",
  "log.export.col.userAgent": "瀏覽器",
  "log.export.col.detail": "詳情",
  "log.export.ok": "成功",
  "log.export.fail": "失敗",
  "log.export.pending": "進行中",
  "log.export.interrupted": "已中斷（伺服器在執行中停止）",
} satisfies Record<keyof typeof en, string>;
