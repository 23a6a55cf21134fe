import type en from "../en/webhook";

/** Server messages of signed webhooks, in Russian. */
export default {
  "webhook.urlInvalid": "адрес http или https без имени пользователя и пароля",
  "webhook.eventUnknown": "событие из каталога",
  "webhook.secretInvalid": "печатные символы без пробелов",
  "webhook.notFound": "У вашей организации нет вебхука {{id}}",
  "webhook.deliveryNotFound": "У вашей организации нет отправки вебхука {{id}}",
  "webhook.tooMany": "У вашей организации уже {{max}} вебхуков: сначала удалите один",
  "webhook.addressRefused": "Этот адрес не может получать вебхуки: {{reason}}",
} satisfies Record<keyof typeof en, string>;
