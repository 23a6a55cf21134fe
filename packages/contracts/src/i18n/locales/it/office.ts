import type en from "../en/office";

/** Server messages of institutions, agents and customers, in Italian. */
export default {
  "org.nameTaken": "In questa posizione esiste già un ente di nome {{name}}",
  "org.parentRequired": "Scegli dove collocare il nuovo ente",
  "org.typeRequired": "Scegli cosa creare: un ente, un cliente o un agente",
  "org.parentOutOfRange": "L'ente {{id}} non esiste o è fuori dal tuo ambito dati",
  "org.customerParent": "Un cliente può stare solo sotto la piattaforma o un agente, non sotto {{parent}}",
  "org.agentParent": "Un agente può stare solo direttamente sotto la piattaforma",
  "org.typeFixed":
    "Il tipo di {{name}} non si cambia qui; un ente diventa agente tramite l'attivazione agenti",
  "org.useMove": "Usa Sposta per mettere {{name}} sotto un altro ente",
  "org.tenantOnly": "Solo agenti e clienti hanno quote e una data di scadenza",
  "org.notAbove":
    "Solo un amministratore superiore a {{name}} può modificarne quote, data di scadenza o stato",
  "org.deletePlatform": "La piattaforma non può essere eliminata",
  "org.deleteOwn": "Non puoi eliminare {{name}}: ne fai parte",
  "org.deleteNotEmpty":
    "Impossibile eliminare {{name}}: contiene ancora {{what}}. Spostali o eliminali prima",
  "org.deleteBusy": "{{name}} è cambiato durante l'eliminazione; riprova",
  "org.roleInUse":
    "Impossibile eliminare {{name}}: il suo ruolo {{role}} è ancora assegnato a {{n}} utente/i",
  "org.count.children": "{{n}} sotto-ente/i",
  "org.count.users": "{{n}} utente/i",
  "org.count.terminals": "{{n}} terminale/i",
  "org.count.materials": "{{n}} materiale/i",
  "org.count.programs": "{{n}} programma/i",
  "org.count.plans": "{{n}} piano/i di riproduzione",
  "org.count.messages": "{{n}} messaggio/i",
  "org.movePlatform": "La piattaforma non può essere spostata",
  "org.moveOwn": "Non puoi spostare {{name}}: ne fai parte",
  "org.moveIntoSelf": "{{name}} non può essere spostato in sé stesso o in uno dei suoi sotto-enti",
  "org.moveRoles":
    "{{name}} non può passare a un altro tenant finché {{n}} dei suoi utenti hanno ruoli di {{tenant}}; togli prima quei ruoli",
  "org.tenantPublications":
    "{{name}} non può cambiare tenant mentre {{n}} dei suoi schermi riproducono pubblicazioni di {{tenant}}: uno schermo riproduce solo quelle del proprio tenant e resterebbe vuoto; ritira prima quelle pubblicazioni",
  "org.openAgentType": "Solo un ente può diventare agente; {{name}} è {{type}}",
  "org.openAgentParent": "Solo un ente direttamente sotto la piattaforma può diventare agente",
  "org.openAgentRoles":
    "{{name}} non può diventare agente finché {{n}} dei suoi utenti hanno ruoli di {{tenant}}; togli prima quei ruoli",
  "org.terminalQuota": "{{name}} ha raggiunto la sua quota di {{quota}} terminali",
  "org.adminRole.agent": "Amministratore agente",
  "org.adminRole.customer": "Amministratore cliente",
  "org.adminRoleDescription": "Predefinito con {{name}}: tutto ciò che il suo amministratore può fare",
  "org.type.platform": "la piattaforma",
  "org.type.agent": "un agente",
  "org.type.customer": "un cliente",
  "org.type.institution": "un ente",
} satisfies Record<keyof typeof en, string>;
