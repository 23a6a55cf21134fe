import type en from "../en/widget";

/** Server messages of widgets, in Italian. */
export default {
  "widget.iconInvalid":
    "L'immagine della tavolozza deve essere un'immagine di widget caricata nella tua organizzazione",
} satisfies Record<keyof typeof en, string>;
