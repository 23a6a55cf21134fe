import type en from "../en/webhook";

/** Server messages of signed webhooks, in French. */
export default {
  "webhook.urlInvalid": "une adresse http ou https sans nom d'utilisateur ni mot de passe",
  "webhook.eventUnknown": "un événement du catalogue",
  "webhook.secretInvalid": "des caractères imprimables sans espace",
  "webhook.notFound": "Votre organisation n'a pas de webhook {{id}}",
  "webhook.deliveryNotFound": "Votre organisation n'a pas d'envoi de webhook {{id}}",
  "webhook.tooMany": "Votre organisation a déjà {{max}} webhooks : supprimez-en un d'abord",
  "webhook.addressRefused": "Cette adresse ne peut pas recevoir de webhooks : {{reason}}",
} satisfies Record<keyof typeof en, string>;
