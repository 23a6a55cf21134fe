import type en from "../en/webhook";

/** Server messages of signed webhooks, in Simplified Chinese. */
export default {
  "webhook.urlInvalid": "不含用户名和密码的 http 或 https 地址",
  "webhook.eventUnknown": "目录中的事件",
  "webhook.secretInvalid": "不含空格的可打印字符",
  "webhook.notFound": "您的租户没有编号为 {{id}} 的 Webhook",
  "webhook.deliveryNotFound": "您的租户没有编号为 {{id}} 的 Webhook 投递",
  "webhook.tooMany": "您的租户已有 {{max}} 个 Webhook，请先删除一个",
  "webhook.addressRefused": "该地址不能接收 Webhook：{{reason}}",
} satisfies Record<keyof typeof en, string>;
