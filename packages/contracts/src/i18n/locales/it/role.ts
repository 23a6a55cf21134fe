import type en from "../en/role";

/** Server messages of roles, in Italian. */
export default {
  "role.codeFormat": "deve iniziare con una lettera e contenere solo lettere, cifre, _, - o .",
  "role.permissionUnknown": "non è un permesso del catalogo",
  "role.codeTaken": "In questa organizzazione esiste già un ruolo con il codice {{code}}",
  "role.codeFixed": "il codice di un ruolo predefinito non può cambiare",
  "role.officeRequired": "scegli l'organizzazione a cui appartiene il ruolo",
  "role.officeNotTenant": "i ruoli appartengono alla piattaforma, a un agente o a un cliente, non a un ente",
  "role.officeFixed": "un ruolo non può passare a un'altra organizzazione",
  "role.cannotGrant": "Non puoi concedere un permesso che non possiedi: {{permissions}}",
  "role.platformOnly":
    "Un ruolo di un agente o di un cliente non può avere questi permessi della piattaforma: {{permissions}}",
  "role.adminOnly": "Solo chi possiede tutti i permessi può modificare il ruolo {{name}}",
  "role.adminLocked": "Il ruolo {{name}} possiede tutti i permessi; i suoi permessi non possono cambiare",
  "role.tenantAdminLocked":
    "I permessi del ruolo predefinito {{name}} possono essere cambiati solo dall'organizzazione sopra la tua",
  "role.builtIn": "Il ruolo {{name}} è predefinito e non può essere eliminato",
  "role.inUse": "Il ruolo {{name}} è ancora assegnato a {{count}} utente/i; toglilo prima a loro",
} satisfies Record<keyof typeof en, string>;
