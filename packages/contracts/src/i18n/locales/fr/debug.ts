import type en from "../en/debug";

/** Server messages of terminal debugging, in French. */
export default {
  "debug.argsTooLarge": "accepte au plus 8 Ko de JSON",
  "debug.upgradeRequired": "Cette adresse est un WebSocket : ouvrez-la avec un client WebSocket",
  "debug.crossSite": "Le socket de débogage doit être ouvert depuis l'adresse de la console",
} satisfies Record<keyof typeof en, string>;
