import type en from "../en/behavior";

/** Server messages of user behaviour statistics, in French. */
export default {
  "behavior.pageUnknown": "n'est pas une page de la console",
  "behavior.viewTooOld": "date de plus de 24 heures",
  "behavior.viewInFuture": "se situe dans le futur",
} satisfies Record<keyof typeof en, string>;
