import type en from "../en/webhook";

/** Server messages of signed webhooks, in Traditional Chinese. */
export default {
  "webhook.urlInvalid": "不含使用者名稱和密碼的 http 或 https 位址",
  "webhook.eventUnknown": "目錄中的事件",
  "webhook.secretInvalid": "不含空格的可列印字元",
  "webhook.notFound": "您的租戶沒有編號為 {{id}} 的 Webhook",
  "webhook.deliveryNotFound": "您的租戶沒有編號為 {{id}} 的 Webhook 投遞",
  "webhook.tooMany": "您的租戶已有 {{max}} 個 Webhook，請先刪除一個",
  "webhook.addressRefused": "此位址不能接收 Webhook：{{reason}}",
} satisfies Record<keyof typeof en, string>;
