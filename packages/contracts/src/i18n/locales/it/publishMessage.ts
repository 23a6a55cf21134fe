import type en from "../en/publishMessage";

/** Server messages of published messages, in Italian. */
export default {
  "pubMessage.versionConflict":
    "Il messaggio {{name}} è stato salvato da qualcun altro dopo che l'hai aperto (ora versione {{version}})",
  "pubMessage.stateInvalid": "Il messaggio {{name}} non consente questa operazione nel suo stato ({{state}})",
  "pubMessage.published":
    "Il messaggio {{name}} è pubblicato come {{publications}}; ritiralo prima di eliminarlo",
  "pubMessage.reviewNotice": "Messaggio {{name}}: {{result}}",
  "pubMessage.reviewNoticeNote": "Messaggio {{name}}: {{result}} ({{note}})",
  "pubMessage.reviewRequested": "Il messaggio {{name}} attende la tua revisione (inviato da {{user}})",
} satisfies Record<keyof typeof en, string>;
