import type en from "../en/strategy";

/** Server messages of strategies, in Italian. */
export default {
  "strategy.nameTaken": "Esiste già una strategia chiamata {{name}} in questo tenant",
  "strategy.volumeOverlap": "si sovrappone a una regola di volume precedente (una regola alla volta)",
  "strategy.officeOtherTenant": "Una strategia resta nel suo tenant: {{name}} appartiene a un altro",
  "strategy.terminalPending": "Il terminale {{name}} è in attesa di autorizzazione; autorizzalo prima",
  "strategy.notRelated": "Il terminale {{name}} non segue questa strategia",
  "strategy.noTerminals": "Nessun terminale del tuo ambito segue questa strategia",
} satisfies Record<keyof typeof en, string>;
