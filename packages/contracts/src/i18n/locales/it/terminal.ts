import type { ReasonCode } from "@marquee/terminal-protocol";
import { prefixed } from "../../locales";
import type en from "../en/terminal";

/**
 * Why a command or a delivery failed, and what a screen reported (the codes of
 * REASON_CODES in the terminal protocol): the server writes them in alarm
 * exports and notices, and the console shows them under terminal.reason.
 */
export const reason = {
  pending: "Lo schermo non è ancora autorizzato",
  disabled: "Lo schermo è disattivato",
  offline: "Lo schermo non è connesso",
  undelivered: "Nessun processo del server teneva la connessione dello schermo",
  stopped: "Il server si è fermato prima che lo schermo rispondesse",
  orphaned: "Nessuna risposta: il processo del server che l'ha inviato si è fermato",
  noReason: "Lo schermo ha segnalato un errore senza motivo",
  timeout: "Nessuna risposta entro {{seconds}} s",
  unsupported: "Lo schermo non conosce il comando {{command}}",
  argsInvalid: "Gli argomenti di {{command}} non sono validi",
  argWholeRange: "{{name}} deve essere un numero intero da {{min}} a {{max}}",
  argBoolean: "{{name}} deve essere true o false",
  argSettings: "{{name}} non sono impostazioni del dispositivo valide",
  argProgramId: "{{name}} deve essere l'id di un programma",
  argMessageId: "{{name}} deve essere l'id di un messaggio",
  argPackageId: "{{name}} deve essere l'id di un pacchetto",
  argDateTime: "{{name}} deve essere una data e ora ISO",
  argHashes: "{{name}} deve essere un elenco di hash di file (32 cifre esadecimali)",
  argText: "{{name}} deve essere un testo da {{min}} a {{max}} caratteri",
  argPath: "{{name}} deve essere un percorso",
  argHex: "{{name}} deve essere di {{digits}} cifre esadecimali",
  argBytes: "{{name}} deve essere un numero intero di byte fino a 1 GB",
  argInstant: "{{name}} deve essere un istante in millisecondi",
  notRegistered: "Lo schermo non è registrato",
  notAuthorised: "Lo schermo non è autorizzato",
  manifestLate: "Lo schermo non ha potuto scaricare il manifesto in tempo",
  manifestRefused: "Il server ha rifiutato il token dello schermo nel recupero del manifesto",
  manifestFailed: "Impossibile recuperare il manifesto: {{error}}",
  manifestDownloading: "Manifesto {{version}}: file in download",
  programNotInManifest: "Il programma {{id}} non è nel manifesto di questo schermo",
  programCannotPlay: "Il programma {{name}} (#{{id}}) non può essere riprodotto",
  programInvalid: "Programma {{name}} (#{{id}}): {{error}}",
  programDownloading: "Programma {{name}} (#{{id}}): {{files}} file non ancora scaricati",
  programNotShown: "Il programma {{id}} non è ancora sullo schermo",
  programNotReady: "Il programma {{id}} non è pronto in tempo: {{error}}",
  untilPast: "L'ora di fine (until) è già passata",
  startPassed: "L'ora di inizio è passata ({{seconds}} s fa)",
  emergency: "Un messaggio di emergenza ({{name}}) copre lo schermo",
  messageNotInManifest: "Il messaggio {{id}} non è nel manifesto di questo schermo",
  messageNotShown: "Il messaggio {{id}} non è ancora mostrato",
  messageDownloading: "Messaggio {{id}}: il manifesto è ancora in download",
  messageStartsAt: "Il messaggio {{id}} inizia alle {{at}}",
  messageEnded: "Il messaggio {{id}} è terminato",
  messageDisplaced: "Il messaggio {{id}} non è mostrato: un altro messaggio occupa il suo posto",
  busyNotCleared: "Lo schermo era occupato a scaricare: la cache non è stata svuotata in tempo",
  notCleared: "La cache non è stata svuotata",
  busyNotDeleted: "Lo schermo era occupato a scaricare: nessun file è stato eliminato in tempo",
  nothingShownYet: "Sullo schermo non è ancora mostrato nulla",
  nothingShown: "Sullo schermo non è mostrato nulla",
  noCanvas: "Lo schermo non ha un canvas 2D per lo screenshot",
  screenshotTooLarge: "Lo screenshot non sta in 5 MB",
  screenshotRefused: "Il caricamento dello screenshot è stato rifiutato: {{error}}",
  noGeolocation: "Questo dispositivo non consente la geolocalizzazione",
  geolocationDenied: "Questo dispositivo non consente la geolocalizzazione (permesso negato)",
  positionUnavailable: "La posizione non è disponibile",
  positionUnavailableWhy: "La posizione non è disponibile: {{error}}",
  positionTimeout: "Nessuna posizione entro {{seconds}} s",
  packageLate: "Il download del pacchetto non è terminato in tempo",
  packageHttp: "Download del pacchetto non riuscito: HTTP {{status}}",
  packageFailed: "Download del pacchetto non riuscito: {{error}}",
  packageAddress: "L'indirizzo del pacchetto deve essere un percorso sotto {{prefix}}: {{url}}",
  packageMemory: "Memoria insufficiente per verificare un pacchetto di {{size}} byte",
  packageTooLarge: "Dimensione errata: il pacchetto supera {{size}} byte",
  packageShort: "Dimensione errata: ricevuti {{done}} di {{size}} byte",
  packageChecksum: "Checksum errato: atteso SHA-256 {{expected}}, ottenuto {{got}}",
  downloadWindow: "In attesa della fascia di download ({{start}}–{{end}})",
  downloadWindowClosed: "In attesa della fascia di download",
  fileHttp: "Il file {{file}}: errore HTTP {{status}}",
  fileShort: "Il file {{file}}: ricevuti {{done}} di {{size}} byte",
  fileFailed: "Il file {{file}}: {{error}}",
  fileNoStorage: "Il file {{file}}: spazio di archiviazione insufficiente (servono {{size}} byte)",
  fileStalled: "Il file {{file}}: nessun dato per {{seconds}} s",
  programMissing: "Il programma #{{id}} non è nel manifesto",
  programSkipped: "Programma {{name}} (#{{id}}) saltato: {{error}}",
  programMissingSkipped: "Il programma #{{id}} non è nel manifesto: saltato",
  widgetError: "Programma {{name}} (#{{id}}), scena {{scene}}, widget {{widget}}: {{error}}",
} satisfies Record<ReasonCode, string>;

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
  // Screen truth (issue 24): a screenshot against what the schedule expected.
  "terminal.truth.notSaid":
    "Questo schermo non ha detto cosa mostrava (un player più vecchio): l'immagine non si può verificare",
  "terminal.truth.olderManifest":
    "Questa immagine è stata presa con una versione precedente dei contenuti dello schermo: fai un nuovo screenshot per verificarla",
  "terminal.truth.otherProgram": "Atteso {{expected}}, mostra {{shown}}",
  "terminal.truth.nothingShown": "Atteso {{expected}}, non mostra nulla",
  "terminal.truth.nothingExpected": "A quest'ora non era atteso nulla, mostra {{shown}}",
  "terminal.truth.shouldBeOff": "A quest'ora lo schermo dovrebbe essere spento dal suo timer, ma è acceso",
  "terminal.truth.shouldBeOn": "Lo schermo è spento, ma a quest'ora dovrebbe riprodurre {{expected}}",
  ...prefixed("terminal.reason", reason),
} satisfies Record<keyof typeof en, string>;
