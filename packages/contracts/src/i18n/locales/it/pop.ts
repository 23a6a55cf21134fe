import type en from "../en/pop";

/** Server messages of proof of play, in Italian. */
export default {
  "pop.rangeOrder": "non può essere precedente al primo giorno",
  "pop.rangeTooLong": "l'intervallo può coprire al massimo 366 giorni",
  "pop.export.sheetSummary": "Prova di trasmissione",
  "pop.export.sheetDetail": "Riproduzioni",
  "pop.export.col.id": "N.",
  "pop.export.col.program": "Programma",
  "pop.export.col.material": "Materiale",
  "pop.export.col.terminal": "Terminale",
  "pop.export.col.office": "Istituzione",
  "pop.export.col.plays": "Riproduzioni",
  "pop.export.col.duration": "Durata (s)",
  "pop.export.col.terminals": "Terminali raggiunti",
  "pop.export.col.firstDay": "Primo giorno",
  "pop.export.col.lastDay": "Ultimo giorno",
  "pop.export.col.time": "Ora ({{zone}})",
  "pop.export.col.kind": "Tipo",
  "pop.export.col.scene": "Scena",
  "pop.export.col.widget": "Componente",
  "pop.export.kind.scene": "Programma",
  "pop.export.kind.media": "Contenuto multimediale",
  "pop.export.kind.click": "Clic",
  "pop.export.total": "Totale",
  "pop.export.cut":
    "Sono elencate solo le prime {{max}} riproduzioni: il filtro ne contiene di più. Restringilo per esportare il resto.",
  "pop.export.range": "Giorni dal {{from}} al {{to}} ({{zone}})",
} satisfies Record<keyof typeof en, string>;
