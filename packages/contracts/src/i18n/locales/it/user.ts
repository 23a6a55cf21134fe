import type en from "../en/user";

/** Server messages of user management and the password policy, in Italian. */
export default {
  "user.oldPasswordWrong": "La password attuale è errata",
  "user.passwordWeak": "La password deve contenere da 8 a 64 caratteri, con almeno una lettera e una cifra",
  "user.passwordSame": "La nuova password deve essere diversa da quella attuale",
  "user.usernameTaken": "Il nome utente {{username}} è già in uso",
  "user.officeOutOfRange": "L'ente {{id}} è fuori dal tuo ambito dati",
  "user.avatarInvalid": "L'avatar deve essere un'immagine PNG, JPEG, GIF o WebP",
  "user.avatarTooLarge": "L'avatar può essere al massimo di {{max}} KB",
  "user.passwordPolicy":
    "La password deve avere da {{min}} a {{max}} caratteri e almeno {{classes}} di questi tipi: lettere minuscole, lettere maiuscole, cifre, simboli",
  "user.usernameFormat": "può contenere solo lettere, cifre e . _ @ -",
  "user.addressUnusable": "Questo recapito non può essere usato",
  "user.mailOrPhone": "indica un indirizzo email oppure un numero di telefono",
  "user.roleOtherTenant":
    "Il ruolo {{name}} appartiene a un tenant diverso da quello dell'istituzione dell'utente",
  "user.roleNotGrantable":
    "Non puoi assegnare il ruolo {{name}}: contiene permessi che non puoi concedere ({{permissions}})",
  "user.outranks":
    "Non puoi gestire {{username}}: il suo ruolo {{role}} contiene permessi che non puoi concedere",
  "user.selfDisable": "Non puoi disattivare il tuo account",
  "user.selfDelete": "Non puoi eliminare il tuo account",
  "user.lastAdmin": "{{username}} è l'ultimo amministratore attivo della piattaforma; ne serve almeno uno",
  "user.passwordByReset": "La password di un utente si cambia con Reimposta password, non modificandolo",
  "user.dataOfficeOutside": "L'istituzione {{id}} non è quella dell'utente né una sua sottostante",
  "user.rangeTooWide": "Questo ambito dei dati è più ampio del tuo",
  "user.ownPassword": "Cambia la tua password nel centro personale",
  "user.passwordNotExpired": "Questa password non è scaduta; accedi con essa",
  "user.smsNotConfigured": "Gli SMS non sono configurati: i codici di verifica si inviano solo per email",
  "user.inUse":
    "Impossibile eliminare {{username}}: altri record fanno ancora riferimento all'account; disattivalo invece",
} satisfies Record<keyof typeof en, string>;
