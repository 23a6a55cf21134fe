import type en from "../en/token";

/** Server messages of API tokens, in French. */
export default {
  "token.tooMany": "Vous détenez déjà {{max}} jetons d'API actifs : révoquez-en un d'abord",
  "token.officesRequired": "choisissez au moins un établissement",
  "token.officeOutOfRange": "l'établissement {{id}} est hors de votre périmètre de données",
  "token.rangeWider":
    "un jeton ne peut pas voir plus que vous : choisissez un périmètre inclus dans le vôtre",
  "token.sessionOnly": "Cet appel exige une session ouverte : un jeton d'API ne peut pas le faire",
  "token.notFound": "Vous n'avez pas de jeton d'API {{id}}",
  // Service accounts (issue 23).
  "serviceAccount.permissionNotHoldable": "{{permission}} ne peut pas être détenue dans ce locataire",
  "serviceAccount.outranks":
    "Le compte de service {{name}} détient {{permission}}, que vous n'avez pas : seul un administrateur qui détient toutes ses permissions peut le modifier ou créer ses jetons",
  "serviceAccount.disabled": "Le compte de service {{name}} est désactivé : activez-le d'abord",
} satisfies Record<keyof typeof en, string>;
