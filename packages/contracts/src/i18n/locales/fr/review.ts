import type en from "../en/review";

/** Server messages of content review, in French. */
export default {
  "review.ownSubmission": "Un validateur ne peut pas approuver sa propre soumission ({{name}})",
  "review.historyEdited": "Modifié, revenu à l'état de brouillon",
  "review.programPublished":
    "Le programme {{name}} est publié sous {{publications}} ; retirez-le avant de le supprimer",
  "review.programReviewRequested": "Le programme {{name}} attend votre validation (soumis par {{user}})",
} satisfies Record<keyof typeof en, string>;
