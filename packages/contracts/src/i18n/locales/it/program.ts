import type en from "../en/program";

/** Server messages of programs, in Italian. */
export default {
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
} satisfies Record<keyof typeof en, string>;
