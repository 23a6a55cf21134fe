import type en from "../en/publish";

/** Server messages of publishing and delivery, in Italian. */
export default {
  "publish.noTargets": "scegli almeno un terminale, un'istituzione o un gruppo",
  "publish.noTerminals": "La selezione non raggiunge alcun terminale autorizzato nel tuo ambito di dati",
  "publish.stateInvalid": "{{name}} non può essere pubblicato nel suo stato ({{state}})",
  "publish.messageEnded":
    "Il messaggio {{name}} è già terminato; modificane l'ora di fine prima di pubblicarlo",
  "publish.nameTaken": "Esiste già una pubblicazione chiamata {{name}}",
  "publish.otherTenant": "Il terminale {{name}} appartiene a un cliente diverso da quello del contenuto",
  "publish.notActive": "La pubblicazione {{name}} non è attiva ({{state}})",
  "publish.state.scheduled": "Programmata",
  "publish.state.active": "Attiva",
  "publish.state.withdrawn": "Ritirata",
} satisfies Record<keyof typeof en, string>;
