import type en from "../en/position";

/** Server messages of terminal positions (the map), in Simplified Chinese (mainland usage). */
export default {
  "map.suggestNotConfigured": "未配置地址搜索：请在系统设置中填写地址联想服务（mapSuggestUrl）",
  "map.suggestUnreachable": "无法连接地址搜索服务 {{host}}（{{reason}}）",
  "map.suggestFailed": "地址搜索服务 {{host}} 返回了无法使用的结果（{{reason}}）",
} satisfies Record<keyof typeof en, string>;
