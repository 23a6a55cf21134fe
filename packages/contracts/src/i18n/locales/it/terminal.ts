import type en from "../en/terminal";

/** Server messages of terminals and the terminal gateway, in Italian. */
export default {
  "terminal.enrolCodeUnknown":
    "Nessun terminale è in attesa di autorizzazione con il codice {{code}}; controlla il codice mostrato sullo schermo",
  "terminal.groupMissing": "Il gruppo {{id}} non esiste o è fuori dal tuo ambito dati",
  "terminal.groupNotInOffice": "Il gruppo {{id}} non appartiene all'ente {{officeId}}",
  "terminal.groupOtherOffice":
    "Il terminale {{name}} non è nell'ente del gruppo {{group}}; spostalo prima lì",
  "terminal.groupOfficeFixed":
    "Il gruppo {{name}} appartiene a un altro ente; un gruppo non può passare da un ente all'altro",
  "terminal.groupCycle": "Un gruppo non può essere messo dentro sé stesso o uno dei suoi sottogruppi",
  "terminal.groupNameTaken": "Esiste già un gruppo chiamato {{name}} in questa posizione",
  "terminal.groupNotEmpty":
    "Il gruppo {{name}} contiene ancora {{terminals}} terminali e {{groups}} sottogruppi; svuotalo prima",
  "terminal.notAuthorised":
    "Il terminale {{name}} non è ancora autorizzato; autorizzalo prima con il codice mostrato sul suo schermo",
  "terminal.programMissing": "Questi programmi non esistono o sono fuori dal tuo ambito dati: {{ids}}",
  "terminal.programNotPlayable":
    "Il programma {{name}} non può ancora essere riprodotto ({{state}}); invialo e fallo approvare prima",
  "gateway.tokenInvalid":
    "Il token di questo terminale è sconosciuto o è stato sostituito; registra di nuovo il terminale",
  "gateway.notAuthorised": "Questo terminale non è autorizzato (stato: {{state}})",
  "gateway.noPlatform":
    "Il sistema non ha ancora un'istituzione della piattaforma; crea prima il primo amministratore",
  "gateway.screenshotInvalid": "Lo screenshot deve essere un'immagine PNG, JPEG o WebP di al massimo 5 MB",
  "gateway.upgradeRequired": "Questo indirizzo accetta solo connessioni WebSocket dai terminali",
} satisfies Record<keyof typeof en, string>;
