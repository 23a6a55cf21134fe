import type en from "../en/terminalSet";

/** Server messages of terminal settings and commands, in Italian. */
export default {
  "terminalSet.emptyPatch": "Scegli almeno un'impostazione da modificare",
  "terminalSet.programNotPlayable":
    "Il programma {{name}} non può essere riprodotto ora ({{state}}); deve prima essere approvato",
  "terminalSet.messageNotPlayable":
    "Il messaggio {{name}} non può essere mostrato ora ({{state}}); deve prima essere approvato",
  "terminalSet.messageEnded": "Il messaggio {{name}} è già terminato",
  "terminalSet.messageNotOnTerminal": "Il messaggio {{messageId}} non è mostrato sul terminale {{name}}",
  "terminalSet.multipartRequired": "Invia il pacchetto come multipart/form-data con un file",
  "terminalSet.multipartInvalid": "Impossibile leggere il caricamento: {{reason}}",
  "terminalSet.fileRequired": "Scegli il file del pacchetto",
  "terminalSet.fileEmpty": "Il file del pacchetto è vuoto",
  "terminalSet.packageTooLarge": "Il pacchetto supera il limite di caricamento di {{limit}} MB",
  "terminalSet.commandMissing": "Il comando {{id}} non esiste o è fuori dal tuo ambito di dati",
  "terminalSet.contentOtherTenant":
    "{{name}} appartiene a un tenant diverso da quello del terminale {{terminal}}",
  "terminalSet.packageOtherTenant":
    "Il terminale {{name}} appartiene a un tenant diverso da quello del pacchetto",
} satisfies Record<keyof typeof en, string>;
