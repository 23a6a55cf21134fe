import type en from "../en/sync";

/** Server messages of synchronized broadcast, in Italian. */
export default {
  "sync.notPlayable": "Il programma {{name}} non può essere riprodotto nel suo stato ({{state}})",
  "sync.otherTenant":
    "Il terminale {{name}} appartiene a un cliente diverso da quello del programma {{program}}",
} satisfies Record<keyof typeof en, string>;
