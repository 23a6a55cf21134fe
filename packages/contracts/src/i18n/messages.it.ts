import { accessMessages } from "./access";
import { alarmMessages } from "./alarm";
import { brandMessages } from "./brand";
import { contentMessages } from "./content";
import { debugMessages } from "./debug";
import { helpMessages } from "./help";
import { mapMessages } from "./map";
import type { MessageCatalogue } from "./messages.en";
import { orgMessages } from "./org";
import { payMessages } from "./pay";
import { publishMessages } from "./publish";
import { statsMessages } from "./stats";
import { strategyMessages } from "./strategy";
import { systemMessages } from "./system";
import { terminalSetMessages } from "./terminalSet";
import { userMessages } from "./users";

/** Server messages in Italian. */
export const it: MessageCatalogue = {
  "common.ok": "Operazione riuscita",
  "common.badRequest": "La richiesta non è valida",
  "common.notFound": "Non trovato: {{path}}",
  "common.recordNotFound": "{{entity}} {{id}} non esiste",
  "common.payloadTooLarge": "La richiesta è troppo grande (massimo {{limit}})",
  "common.unsupportedMediaType": "Tipo di contenuto non accettato: {{type}}",
  "common.tooManyRequests": "Troppe richieste, riprova tra {{seconds}} secondi",
  "common.internalError":
    "Si è verificato un errore sul server (richiesta {{requestId}}); l'errore è stato registrato",
  "common.unavailable": "Il servizio è in avvio o il database non è raggiungibile; riprova tra poco",
  "common.storageFull":
    "Spazio di archiviazione esaurito: sul disco del server restano solo {{free}}; elimina i materiali inutilizzati o contatta l'amministratore",
  "system.diskLow":
    "Il disco dati del server sta per esaurirsi: {{free}} liberi su {{total}}. Libera spazio o amplia il disco; quando è pieno, caricamenti e salvataggi non riescono.",
  "auth.noSession": "La sessione è scaduta; accedi di nuovo",
  "auth.forbidden": "Richiesta negata: manca l'autorizzazione {{permission}}",
  "auth.platformOnly": "Richiesta negata: solo gli utenti della piattaforma possono usare {{permission}}",
  "auth.csrf": "Richiesta rifiutata: deve provenire dalla console di questo sito",
  "auth.outOfRange": "Richiesta negata: {{entity}} {{id}} è fuori dal tuo ambito dati",
  "validation.failed": "{{field}}: {{message}}",
  "validation.required": "è obbligatorio",
  "validation.type": "deve essere di tipo {{expected}}",
  "validation.tooShort": "deve contenere almeno {{min}} caratteri",
  "validation.tooLong": "deve contenere al massimo {{max}} caratteri",
  "validation.tooSmall": "deve essere almeno {{min}}",
  "validation.tooBig": "deve essere al massimo {{max}}",
  "validation.tooFewItems": "richiede almeno {{min}} elementi",
  "validation.tooManyItems": "accetta al massimo {{max}} elementi",
  "validation.format": "ha un formato non valido",
  "validation.email": "deve essere un indirizzo e-mail",
  "validation.enum": "deve essere uno tra {{options}}",
  "validation.unknownField": "campo sconosciuto {{key}}",
  "validation.invalid": "non è valido",
  "validation.body": "impossibile leggere il corpo della richiesta: {{reason}}",
  "login.invalidCredentials": "Nome utente o password errati",
  "login.captchaRequired": "Inserisci i caratteri mostrati nell'immagine",
  "login.captchaWrong": "I caratteri dell'immagine sono errati; riprova con la nuova immagine",
  "login.locked": "Troppi accessi non riusciti; riprova tra {{minutes}} minuti",
  "login.disabled": "Questo account è disattivato; contatta l'amministratore",
  "login.codeRequired": "Inserisci il codice di verifica inviato a {{mail}}",
  "login.codeWrong": "Il codice di verifica è errato o scaduto",
  "login.decryptFailed": "Impossibile decifrare la password; ricarica la pagina e riprova",
  "login.codeSent": "È stato inviato un codice di verifica a {{mail}}",
  "login.codeTooSoon": "Attendi {{seconds}} secondi prima di richiedere un nuovo codice",
  "login.noMail": "Questo account non ha un indirizzo e-mail per ricevere il codice di verifica",
  "mail.notConfigured": "La posta non è configurata; imposta il server SMTP nelle impostazioni di sistema",
  "mail.failed": "Impossibile inviare l'e-mail: {{reason}}",
  "mail.codeSubject": "Il tuo codice di accesso a Marquee",
  "mail.codeBody": "Il tuo codice di verifica è {{code}}. È valido per {{minutes}} minuti.",
  "sysInit.done": "Il sistema è già inizializzato",
  "sysInit.notYet": "Il sistema non è ancora inizializzato",
  "user.oldPasswordWrong": "La password attuale è errata",
  "user.passwordWeak": "La password deve contenere da 8 a 64 caratteri, con almeno una lettera e una cifra",
  "user.passwordSame": "La nuova password deve essere diversa da quella attuale",
  "user.usernameTaken": "Il nome utente {{username}} è già in uso",
  "user.officeOutOfRange": "L'ente {{id}} è fuori dal tuo ambito dati",
  "user.avatarInvalid": "L'avatar deve essere un'immagine PNG, JPEG, GIF o WebP",
  "user.avatarTooLarge": "L'avatar può essere al massimo di {{max}} KB",
  "material.chunkIndex": "Il blocco {{index}} non esiste: questo file ha {{count}} blocchi",
  "material.chunkCorrupt":
    "Il blocco {{index}} è arrivato danneggiato (lunghezza o MD5 errati); verrà inviato di nuovo",
  "material.fileCorrupt": "Il file ricomposto non corrisponde al suo MD5; caricalo di nuovo",
  "material.typeRefused":
    "Questo file non è un'immagine, un video, un audio o un PDF, qualunque sia il suo nome",
  "material.tooLarge": "Il file supera il limite di caricamento di {{limit}} MB",
  "material.quota": "Il file non rientra nella quota di spazio ({{free}} liberi)",
  "material.uploadUnknown": "Questo caricamento non esiste o è terminato; ricomincia",
  "material.uploadLost": "Il file di questo caricamento non è più sul server; caricalo di nuovo",
  "material.uploadFinishing":
    "Questo caricamento è in fase di completamento e non può più essere abbandonato",
  "material.inUse": "Il contenuto {{name}} è usato da {{count}} programmi o piani",
  "material.folderNotEmpty": "La cartella {{name}} non è vuota",
  "material.folderMissing": "La cartella {{id}} non esiste",
  "material.notFile": "Il contenuto {{id}} è un indirizzo, non un file",
  "material.thumbInvalid": "La miniatura deve essere un'immagine PNG, JPEG, GIF o WebP",
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
  "setting.unknownKey": "Impostazione sconosciuta: {{key}}",
  "setting.platformOnly":
    "Richiesta negata: solo gli utenti della piattaforma possono leggere o modificare l'impostazione {{key}}",
  "audit.result.ok": "riuscito",
  "audit.result.fail": "non riuscito",
  "program.idInvalid": "deve avere da 1 a 40 lettere, cifre, - o _",
  "program.colorInvalid": "deve essere un colore come #1677ff, oppure transparent",
  "program.urlInvalid": "deve essere un indirizzo http o https",
  "program.urlRequired": "serve un indirizzo",
  "program.currencyInvalid": "deve essere un codice valuta di tre lettere come EUR",
  "program.sceneRequired": "serve almeno una scena",
  "program.mainSceneRequired": "serve almeno una scena principale",
  "program.idDuplicate": "questo id è usato due volte",
  "program.targetInvalid": "la scena di destinazione del pulsante manca o è del tipo sbagliato",
  "program.dataSourceMissing": "la fonte dati che legge non esiste",
  "program.materialMissing": "Questi contenuti non esistono o sono fuori dal tuo ambito dati: {{ids}}",
  "program.materialNotApproved":
    "Il contenuto {{name}} non si può ancora usare (stato di revisione: {{state}})",
  "program.materialWrongType": "Il contenuto {{name}} è {{type}}, ma qui serve {{expected}}",
  "program.versionConflict":
    "Il programma {{name}} è stato salvato da qualcun altro dopo che lo hai aperto (ora alla versione {{version}})",
  "program.published": "Il programma {{name}} è pubblicato; toglilo dalle pubblicazioni prima di eliminarlo",
  "program.stateInvalid": "Il programma {{name}} non consente questa operazione nel suo stato ({{state}})",
  "program.importMissing":
    "Questi media del programma non sono nella tua libreria: {{names}}; caricali prima",
  "program.dataSourceFailed": "Impossibile leggere la fonte dati: {{reason}}",
  "program.copyName": "{{name}} (copia)",
  "program.historyEdited": "Modificato, tornato in bozza",
  "program.reviewNotice": "Programma {{name}}: {{result}}",
  "program.reviewNoticeNote": "Programma {{name}}: {{result}} ({{note}})",
  "material.reviewNotice": "Materiale {{name}}: {{result}}",
  "material.reviewNoticeNote": "Materiale {{name}}: {{result}} ({{note}})",
  "program.state.draft": "Bozza",
  "program.state.pending": "In revisione",
  "program.state.approved": "Approvato",
  "program.state.rejected": "Rifiutato",
  "program.state.published": "Pubblicato",
  "program.kind.image": "un'immagine",
  "program.kind.video": "un video",
  "program.kind.audio": "un file audio",
  "program.kind.document": "un documento PDF",
  "program.kind.web": "una pagina web",
  "program.kind.stream": "una diretta",
  "widget.iconInvalid":
    "L'immagine della tavolozza deve essere un'immagine di widget caricata nella tua organizzazione",
  "gateway.tokenInvalid":
    "Il token di questo terminale è sconosciuto o è stato sostituito; registra di nuovo il terminale",
  "gateway.notAuthorised": "Questo terminale non è autorizzato (stato: {{state}})",
  "gateway.noPlatform":
    "Il sistema non ha ancora un'istituzione della piattaforma; crea prima il primo amministratore",
  "gateway.screenshotInvalid": "Lo screenshot deve essere un'immagine PNG, JPEG o WebP di al massimo 5 MB",
  "gateway.upgradeRequired": "Questo indirizzo accetta solo connessioni WebSocket dai terminali",
  ...contentMessages.it,
  ...publishMessages.it,
  ...orgMessages.it,
  ...brandMessages.it,
  ...userMessages.it,
  ...accessMessages.it,
  ...helpMessages.it,
  ...terminalSetMessages.it,
  ...strategyMessages.it,
  ...alarmMessages.it,
  ...mapMessages.it,
  ...debugMessages.it,
  ...statsMessages.it,
  ...payMessages.it,
  ...systemMessages.it,
};
