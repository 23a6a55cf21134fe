import type en from "../en/position";

/** Server messages of terminal positions (the map), in Italian. */
export default {
  "map.suggestNotConfigured":
    "La ricerca degli indirizzi non è configurata: impostare il servizio di suggerimento indirizzi (mapSuggestUrl) nelle impostazioni di sistema",
  "map.suggestUnreachable": "Il servizio di ricerca indirizzi {{host}} non è raggiungibile ({{reason}})",
  "map.suggestFailed":
    "Il servizio di ricerca indirizzi {{host}} ha dato una risposta inutilizzabile ({{reason}})",
} satisfies Record<keyof typeof en, string>;
