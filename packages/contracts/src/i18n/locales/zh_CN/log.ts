import type en from "../en/log";

/** Server messages of the system log, in Simplified Chinese (mainland usage). */
export default {
  "log.timeRange": "不能早于开始时间",
  "log.export.sheet": "系统日志",
  "log.export.col.id": "序号",
  "log.export.col.time": "时间（{{zone}}）",
  "log.export.col.user": "用户",
  "log.export.col.action": "操作",
  "log.export.col.method": "请求方式",
  "log.export.col.target": "对象",
  "log.export.col.result": "结果",
  "log.export.col.status": "HTTP 状态码",
  "log.export.col.ip": "IP 地址",
  "log.export.col.duration": "耗时（毫秒）",
  "log.export.col.userAgent": "浏览器",
  "log.export.col.detail": "详情",
  "log.export.ok": "成功",
  "log.export.fail": "失败",
  "log.export.pending": "进行中",
  "log.export.interrupted": "已中断（服务器在执行中停止）",
} satisfies Record<keyof typeof en, string>;
