import type en from "../en/office";

/** Server messages of institutions, agents and customers, in French. */
export default {
  "org.nameTaken": "Une organisation nommée {{name}} existe déjà à cet endroit",
  "org.parentRequired": "Choisissez où placer la nouvelle organisation",
  "org.typeRequired": "Choisissez quoi créer : une organisation, un client ou un agent",
  "org.parentOutOfRange": "L'organisation {{id}} n'existe pas ou est hors de votre périmètre de données",
  "org.customerParent":
    "Un client ne peut se trouver que sous la plateforme ou un agent, pas sous {{parent}}",
  "org.agentParent": "Un agent ne peut se trouver que directement sous la plateforme",
  "org.typeFixed":
    "Le type de {{name}} ne se change pas ici ; une organisation devient agent par l'activation des agents",
  "org.useMove": "Utilisez Déplacer pour mettre {{name}} sous une autre organisation",
  "org.tenantOnly": "Seuls les agents et les clients ont des quotas et une date d'expiration",
  "org.notAbove":
    "Seul un administrateur au-dessus de {{name}} peut modifier ses quotas, sa date d'expiration ou son état",
  "org.deletePlatform": "La plateforme ne peut pas être supprimée",
  "org.deleteOwn": "Vous ne pouvez pas supprimer {{name}} : vous en faites partie",
  "org.deleteNotEmpty":
    "Impossible de supprimer {{name}} : elle contient encore {{what}}. Déplacez-les ou supprimez-les d'abord",
  "org.deleteBusy": "{{name}} a changé pendant la suppression ; réessayez",
  "org.roleInUse":
    "Impossible de supprimer {{name}} : son rôle {{role}} est encore attribué à {{n}} utilisateur(s)",
  "org.count.children": "{{n}} sous-organisation(s)",
  "org.count.users": "{{n}} utilisateur(s)",
  "org.count.terminals": "{{n}} terminal(aux)",
  "org.count.materials": "{{n}} média(s)",
  "org.count.programs": "{{n}} programme(s)",
  "org.count.plans": "{{n}} plan(s) de diffusion",
  "org.count.messages": "{{n}} message(s) diffusé(s)",
  "org.movePlatform": "La plateforme ne peut pas être déplacée",
  "org.moveOwn": "Vous ne pouvez pas déplacer {{name}} : vous en faites partie",
  "org.moveIntoSelf":
    "{{name}} ne peut pas être déplacée en elle-même ni dans l'une de ses sous-organisations",
  "org.moveRoles":
    "{{name}} ne peut pas passer chez un autre locataire tant que {{n}} de ses utilisateurs ont des rôles de {{tenant}} ; retirez d'abord ces rôles",
  "org.tenantPublications":
    "{{name}} ne peut pas changer de locataire tant que {{n}} de ses écrans diffusent des publications de {{tenant}} : un écran ne diffuse que celles de son locataire et deviendrait vide ; retirez d'abord ces publications",
  "org.openAgentType": "Seule une organisation peut devenir agent ; {{name}} est {{type}}",
  "org.openAgentParent": "Seule une organisation directement sous la plateforme peut devenir agent",
  "org.openAgentRoles":
    "{{name}} ne peut pas devenir agent tant que {{n}} de ses utilisateurs ont des rôles de {{tenant}} ; retirez d'abord ces rôles",
  "org.terminalQuota": "{{name}} a atteint son quota de {{quota}} terminaux",
  "org.adminRole.agent": "Administrateur d'agent",
  "org.adminRole.customer": "Administrateur client",
  "org.adminRoleDescription": "Intégré avec {{name}} : tout ce que son administrateur peut faire",
  "org.type.platform": "la plateforme",
  "org.type.agent": "un agent",
  "org.type.customer": "un client",
  "org.type.institution": "une organisation",
} satisfies Record<keyof typeof en, string>;
