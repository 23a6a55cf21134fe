import type en from "../en/webhook";

/** Server messages of signed webhooks, in Italian. */
export default {
  "webhook.urlInvalid": "un indirizzo http o https senza nome utente né password",
  "webhook.eventUnknown": "un evento del catalogo",
  "webhook.secretInvalid": "caratteri stampabili senza spazi",
  "webhook.notFound": "La tua organizzazione non ha il webhook {{id}}",
  "webhook.deliveryNotFound": "La tua organizzazione non ha l'invio di webhook {{id}}",
  "webhook.tooMany": "La tua organizzazione ha già {{max}} webhook: eliminane uno prima",
  "webhook.addressRefused": "Questo indirizzo non può ricevere webhook: {{reason}}",
} satisfies Record<keyof typeof en, string>;
