/** Server messages of signed webhooks, in English: the source of this domain's keys, which every other language carries. */
export default {
  "webhook.urlInvalid": "an http or https address without a user name or password",
  "webhook.eventUnknown": "an event of the catalogue",
  "webhook.secretInvalid": "printable characters without spaces",
  "webhook.notFound": "Your tenant has no webhook {{id}}",
  "webhook.deliveryNotFound": "Your tenant has no webhook delivery {{id}}",
  "webhook.tooMany": "Your tenant already has {{max}} webhooks: delete one first",
  "webhook.addressRefused": "This address cannot receive webhooks: {{reason}}",
};
