import type en from "../en/behavior";

/** Server messages of user behaviour statistics, in Italian. */
export default {
  "behavior.pageUnknown": "non è una pagina della console",
  "behavior.viewTooOld": "risale a più di 24 ore fa",
  "behavior.viewInFuture": "è nel futuro",
} satisfies Record<keyof typeof en, string>;
