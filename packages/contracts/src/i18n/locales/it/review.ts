import type en from "../en/review";

/** Server messages of content review, in Italian. */
export default {
  "review.ownSubmission": "Chi revisiona non può approvare un proprio invio ({{name}})",
  "review.historyEdited": "Modificato, tornato in bozza",
  "review.programPublished":
    "Il programma {{name}} è pubblicato come {{publications}}; ritiralo prima di eliminarlo",
  "review.programReviewRequested": "Il programma {{name}} attende la tua revisione (inviato da {{user}})",
} satisfies Record<keyof typeof en, string>;
