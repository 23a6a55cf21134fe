import type en from "../en/position";

/** Server messages of terminal positions (the map), in French. */
export default {
  "map.suggestNotConfigured":
    "La recherche d’adresses n’est pas configurée : indiquez le service de suggestion d’adresses (mapSuggestUrl) dans les paramètres système",
  "map.suggestUnreachable": "Le service de recherche d’adresses {{host}} est injoignable ({{reason}})",
  "map.suggestFailed":
    "Le service de recherche d’adresses {{host}} a donné une réponse inutilisable ({{reason}})",
} satisfies Record<keyof typeof en, string>;
