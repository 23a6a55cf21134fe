import type en from "../en/debug";

/** Server messages of terminal debugging, in Traditional Chinese (Hong Kong / Taiwan usage). */
export default {
  "debug.argsTooLarge": "JSON 最多 8 KB",
  "debug.upgradeRequired": "此位址是 WebSocket，請使用 WebSocket 用戶端開啟",
  "debug.crossSite": "除錯連線必須從主控台自己的位址開啟",
} satisfies Record<keyof typeof en, string>;
