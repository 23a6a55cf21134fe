import type en from "../en/debug";

/** Server messages of terminal debugging, in Italian. */
export default {
  "debug.argsTooLarge": "accetta al massimo 8 KB di JSON",
  "debug.upgradeRequired": "Questo indirizzo è un WebSocket: aprilo con un client WebSocket",
  "debug.crossSite": "Il socket di debug va aperto dall'indirizzo della console stessa",
} satisfies Record<keyof typeof en, string>;
