import type en from "../en/pop";

/** Server messages of proof of play, in French. */
export default {
  "pop.rangeOrder": "ne peut pas précéder le premier jour",
  "pop.rangeTooLong": "la période peut couvrir au plus 366 jours",
  "pop.export.sheetSummary": "Preuve de diffusion",
  "pop.export.sheetDetail": "Diffusions",
  "pop.export.col.id": "N°",
  "pop.export.col.program": "Programme",
  "pop.export.col.material": "Média",
  "pop.export.col.terminal": "Écran",
  "pop.export.col.office": "Établissement",
  "pop.export.col.plays": "Diffusions",
  "pop.export.col.duration": "Durée (s)",
  "pop.export.col.terminals": "Terminaux atteints",
  "pop.export.col.firstDay": "Premier jour",
  "pop.export.col.lastDay": "Dernier jour",
  "pop.export.col.time": "Heure ({{zone}})",
  "pop.export.col.kind": "Type",
  "pop.export.col.scene": "Scène",
  "pop.export.col.widget": "Composant",
  "pop.export.kind.scene": "Programme",
  "pop.export.kind.media": "Média",
  "pop.export.kind.click": "Clic",
  "pop.export.total": "Total général",
  "pop.export.cut":
    "Seules les {{max}} premières diffusions sont listées : le filtre en contient davantage. Restreignez-le pour exporter le reste.",
  "pop.export.range": "Jours du {{from}} au {{to}} ({{zone}})",
} satisfies Record<keyof typeof en, string>;
