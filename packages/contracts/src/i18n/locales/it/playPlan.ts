import type en from "../en/playPlan";

/** Server messages of play plans, in Italian. */
export default {
  "plan.programMissing": "Questi programmi non esistono o sono fuori dal tuo ambito dati: {{ids}}",
  "plan.versionConflict":
    "Il piano di riproduzione {{name}} è stato salvato da qualcun altro dopo che l'hai aperto (ora versione {{version}})",
  "plan.stateInvalid":
    "Il piano di riproduzione {{name}} non consente questa operazione nel suo stato ({{state}})",
  "plan.published":
    "Il piano di riproduzione {{name}} è pubblicato come {{publications}}; ritiralo prima di eliminarlo",
  "plan.copyName": "{{name}} (copia)",
  "plan.reviewNotice": "Piano di riproduzione {{name}}: {{result}}",
  "plan.reviewNoticeNote": "Piano di riproduzione {{name}}: {{result}} ({{note}})",
  "plan.reviewRequested": "Il piano di riproduzione {{name}} attende la tua revisione (inviato da {{user}})",
  "plan.programInUse":
    "Il programma {{name}} è usato dai piani di riproduzione {{plans}}; toglilo da questi prima di eliminarlo",
} satisfies Record<keyof typeof en, string>;
