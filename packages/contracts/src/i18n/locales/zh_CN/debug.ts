import type en from "../en/debug";

/** Server messages of terminal debugging, in Simplified Chinese (mainland usage). */
export default {
  "debug.argsTooLarge": "JSON 最多 8 KB",
  "debug.upgradeRequired": "此地址是 WebSocket，请使用 WebSocket 客户端打开",
  "debug.crossSite": "调试连接必须从控制台自己的地址打开",
} satisfies Record<keyof typeof en, string>;
