import type en from "../en/playPlan";

/** Server messages of play plans, in French. */
export default {
  "plan.programMissing": "Ces programmes n'existent pas ou sont hors de votre périmètre de données : {{ids}}",
  "plan.versionConflict":
    "Le plan de diffusion {{name}} a été enregistré par quelqu'un d'autre depuis que vous l'avez ouvert (désormais version {{version}})",
  "plan.stateInvalid":
    "Le plan de diffusion {{name}} ne permet pas cette opération dans son état ({{state}})",
  "plan.published":
    "Le plan de diffusion {{name}} est publié sous {{publications}} ; retirez-le avant de le supprimer",
  "plan.copyName": "{{name}} (copie)",
  "plan.reviewNotice": "Plan de diffusion {{name}} : {{result}}",
  "plan.reviewNoticeNote": "Plan de diffusion {{name}} : {{result}} ({{note}})",
  "plan.reviewRequested": "Le plan de diffusion {{name}} attend votre validation (soumis par {{user}})",
  "plan.programInUse":
    "Le programme {{name}} est utilisé par les plans de diffusion {{plans}} ; retirez-le de ces plans avant de le supprimer",
} satisfies Record<keyof typeof en, string>;
