import type en from "../en/token";

/** Server messages of API tokens, in Italian. */
export default {
  "token.tooMany": "Hai già {{max}} token API attivi: revocane uno prima",
  "token.officesRequired": "scegli almeno un ufficio",
  "token.officeOutOfRange": "l'ufficio {{id}} è fuori dal tuo ambito dati",
  "token.rangeWider": "un token non può vedere più di te: scegli un ambito compreso nel tuo",
  "token.sessionOnly": "Questa chiamata richiede una sessione con accesso: un token API non può farla",
  "token.notFound": "Non hai alcun token API {{id}}",
} satisfies Record<keyof typeof en, string>;
