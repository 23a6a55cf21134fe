import type en from "../en/strategy";

/** Server messages of strategies, in French. */
export default {
  "strategy.nameTaken": "Une stratégie nommée {{name}} existe déjà chez ce locataire",
  "strategy.volumeOverlap": "chevauche une règle de volume précédente (une seule règle à la fois)",
  "strategy.officeOtherTenant": "Une stratégie reste chez son locataire : {{name}} appartient à un autre",
  "strategy.terminalPending": "Le terminal {{name}} attend son autorisation ; autorisez-le d’abord",
  "strategy.notRelated": "Le terminal {{name}} ne suit pas cette stratégie",
  "strategy.noTerminals": "Aucun terminal de votre périmètre ne suit cette stratégie",
} satisfies Record<keyof typeof en, string>;
