import type en from "../en/publishMessage";

/** Server messages of published messages, in French. */
export default {
  "pubMessage.versionConflict":
    "Le message {{name}} a été enregistré par quelqu'un d'autre depuis que vous l'avez ouvert (désormais version {{version}})",
  "pubMessage.stateInvalid": "Le message {{name}} ne permet pas cette opération dans son état ({{state}})",
  "pubMessage.published":
    "Le message {{name}} est publié sous {{publications}} ; retirez-le avant de le supprimer",
  "pubMessage.reviewNotice": "Message {{name}} : {{result}}",
  "pubMessage.reviewNoticeNote": "Message {{name}} : {{result}} ({{note}})",
  "pubMessage.reviewRequested": "Le message {{name}} attend votre validation (soumis par {{user}})",
} satisfies Record<keyof typeof en, string>;
