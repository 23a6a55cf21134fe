import type en from "../en/position";

/** Server messages of terminal positions (the map), in Traditional Chinese (Hong Kong / Taiwan usage). */
export default {
  "map.suggestNotConfigured": "未設定地址搜尋：請在系統設定中填寫地址聯想服務（mapSuggestUrl）",
  "map.suggestUnreachable": "無法連線至地址搜尋服務 {{host}}（{{reason}}）",
  "map.suggestFailed": "地址搜尋服務 {{host}} 傳回了無法使用的結果（{{reason}}）",
} satisfies Record<keyof typeof en, string>;
