import type en from "../en/wall";

/** Server messages of video walls, in Italian. */
export default {
  "wall.cellOutside":
    "Lo schermo {{terminal}} è posto alla riga {{row}}, colonna {{col}}, fuori dalla griglia {{rows}} × {{cols}}",
  "wall.cellTaken": "Due schermi sono posti alla riga {{row}}, colonna {{col}}",
  "wall.terminalTwice": "Il terminale {{terminal}} è posto due volte",
  "wall.terminalTaken": "Il terminale {{name}} appartiene già a un altro videowall",
  "wall.otherTenant": "Il terminale {{name}} appartiene a un cliente diverso da quello di questo videowall",
} satisfies Record<keyof typeof en, string>;
