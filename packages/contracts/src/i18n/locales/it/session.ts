import type en from "../en/session";

/** Server messages of signing in and the session's access checks, in Italian. */
export default {
  "auth.noSession": "La sessione è scaduta; accedi di nuovo",
  "auth.forbidden": "Richiesta negata: manca l'autorizzazione {{permission}}",
  "auth.platformOnly": "Richiesta negata: solo gli utenti della piattaforma possono usare {{permission}}",
  "auth.csrf": "Richiesta rifiutata: deve provenire dalla console di questo sito",
  "auth.outOfRange": "Richiesta negata: {{entity}} {{id}} è fuori dal tuo ambito dati",
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
  "login.tenantDisabled":
    "{{name}} è disattivato, quindi i suoi utenti non possono accedere; contatta il tuo fornitore",
  "login.tenantExpired":
    "L'abbonamento di {{name}} è scaduto, quindi i suoi utenti non possono accedere; contatta il tuo fornitore",
  "login.passwordExpired": "La tua password è scaduta; scegline una nuova per accedere",
  "login.passwordReset":
    "La tua password è stata impostata da un amministratore; scegline una tua per accedere",
} satisfies Record<keyof typeof en, string>;
