import type en from "../en/wall";

/** Server messages of video walls, in French. */
export default {
  "wall.cellOutside":
    "L'écran {{terminal}} est placé ligne {{row}}, colonne {{col}}, hors de la grille {{rows}} × {{cols}}",
  "wall.cellTaken": "Deux écrans sont placés ligne {{row}}, colonne {{col}}",
  "wall.terminalTwice": "Le terminal {{terminal}} est placé deux fois",
  "wall.terminalTaken": "Le terminal {{name}} appartient déjà à un autre mur d'images",
  "wall.otherTenant": "Le terminal {{name}} appartient à un autre client que ce mur d'images",
} satisfies Record<keyof typeof en, string>;
