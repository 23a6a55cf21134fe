import type en from "../en/token";

/** Server messages of API tokens, in Italian. */
export default {
  "token.tooMany": "Hai già {{max}} token API attivi: revocane uno prima",
  "token.officesRequired": "scegli almeno un ufficio",
  "token.officeOutOfRange": "l'ufficio {{id}} è fuori dal tuo ambito dati",
  "token.rangeWider": "un token non può vedere più di te: scegli un ambito compreso nel tuo",
  "token.sessionOnly": "Questa chiamata richiede una sessione con accesso: un token API non può farla",
  "token.notFound": "Non hai alcun token API {{id}}",
  // Service accounts (issue 23).
  "serviceAccount.permissionNotHoldable": "{{permission}} non può essere concessa in questo tenant",
  "serviceAccount.outranks":
    "L'account di servizio {{name}} ha {{permission}}, che tu non hai: solo un amministratore che ha tutti i suoi permessi può modificarlo o crearne i token",
  "serviceAccount.disabled": "L'account di servizio {{name}} è disattivato: attivalo prima",
} satisfies Record<keyof typeof en, string>;
