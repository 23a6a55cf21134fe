import type en from "../en/debug";

/** Server messages of terminal debugging, in Russian. */
export default {
  "debug.argsTooLarge": "допускается не более 8 КБ JSON",
  "debug.upgradeRequired": "Этот адрес — WebSocket: откройте его клиентом WebSocket",
  "debug.crossSite": "Отладочное соединение нужно открывать с адреса самой консоли",
} satisfies Record<keyof typeof en, string>;
