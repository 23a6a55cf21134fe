import type en from "../en/role";

/** Server messages of roles, in French. */
export default {
  "role.codeFormat": "doit commencer par une lettre et ne contenir que des lettres, chiffres, _, - ou .",
  "role.permissionUnknown": "n'est pas un droit du catalogue",
  "role.codeTaken": "Un rôle avec le code {{code}} existe déjà dans cette organisation",
  "role.codeFixed": "le code d'un rôle intégré ne peut pas changer",
  "role.officeRequired": "choisissez l'organisation à laquelle appartient le rôle",
  "role.officeNotTenant":
    "les rôles appartiennent à la plateforme, à un agent ou à un client, pas à une organisation interne",
  "role.officeFixed": "un rôle ne peut pas passer à une autre organisation",
  "role.cannotGrant": "Vous ne pouvez pas accorder un droit que vous n'avez pas : {{permissions}}",
  "role.platformOnly":
    "Un rôle d'agent ou de client ne peut pas porter ces droits de la plateforme : {{permissions}}",
  "role.adminOnly": "Seul un détenteur de tous les droits peut modifier le rôle {{name}}",
  "role.adminLocked": "Le rôle {{name}} détient tous les droits ; ses droits ne peuvent pas changer",
  "role.tenantAdminLocked":
    "Les droits du rôle intégré {{name}} ne peuvent être changés que par l'organisation au-dessus de la vôtre",
  "role.builtIn": "Le rôle {{name}} est intégré et ne peut pas être supprimé",
  "role.inUse": "Le rôle {{name}} est encore attribué à {{count}} utilisateur(s) ; retirez-le-leur d'abord",
} satisfies Record<keyof typeof en, string>;
