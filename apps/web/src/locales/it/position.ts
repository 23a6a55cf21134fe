export default {
  filters: {
    office: "Istituzione",
    status: "Stato",
    search: "Nome, codice, modello o indirizzo",
  },
  summary: "{{placed}} sulla mappa · {{unplaced}} senza posizione",
  truncated:
    "Sono mostrati i primi {{shown}} di {{total}} schermi: restringere i filtri per vedere gli altri.",
  mapLabel: "Mappa degli schermi",
  loadFailed: "Impossibile caricare la mappa: ricaricare la pagina per riprovare.",
  tiles: {
    failed:
      "Le tessere della mappa non si possono caricare da {{host}}: i marcatori sono mostrati su una mappa vuota.",
    none: "Nessun server di tessere configurato (impostazioni di sistema): i marcatori sono mostrati su una mappa vuota.",
  },
  unplaced: {
    title: "Senza posizione",
    empty: "Tutti gli schermi sono sulla mappa",
    place: "Posiziona",
  },
  placing: {
    title: "Posizionamento di {{name}}",
    hint: "Fare clic sulla mappa dove si trova lo schermo, oppure cercarne l’indirizzo.",
    cancel: "Interrompi",
  },
  moving: {
    title: "Spostamento di {{name}}",
    hint: "Trascinare il marcatore dove si trova lo schermo; viene salvato al rilascio.",
    done: "Fatto",
  },
  address: {
    placeholder: "Cerca un indirizzo",
    noSuggest: "La ricerca indirizzi non è configurata (impostazioni di sistema): fare clic sulla mappa.",
    nothing: "Nessun indirizzo trovato",
    searching: "Ricerca in corso…",
  },
  details: {
    title: "Schermo sulla mappa",
    name: "Nome",
    office: "Istituzione",
    status: "Stato",
    program: "In onda",
    noProgram: "Nessuna segnalazione",
    lastSeen: "Ultimo contatto",
    address: "Indirizzo",
    noAddress: "Nessun indirizzo",
    position: "Posizione",
    notPlaced: "Non ancora sulla mappa",
    source: "Posizionato",
    sources: {
      manual: "A mano",
      device: "Segnalato dallo schermo",
    },
    positionAt: "Dal",
    autoPosition: "Posizione automatica",
    autoPositionHint: "Lo schermo segnala dove si trova (geolocalizzazione, se il dispositivo lo consente).",
  },
  actions: {
    ask: "Chiedi la posizione",
    move: "Sposta",
    place: "Posiziona sulla mappa",
    clear: "Togli dalla mappa",
    clearConfirm: "Togliere {{name}} dalla mappa?",
  },
  run: {
    position: "Posizione richiesta",
    autoOn: "Posizione automatica attivata",
    autoOff: "Posizione automatica disattivata",
    sending: "Invio…",
    waiting: "In attesa della risposta degli schermi…",
    offline: "Lo schermo non è connesso; riprovare quando sarà in linea.",
  },
  done: {
    placed: "{{name}} è sulla mappa",
    autoOff: "La posizione automatica di {{name}} è disattivata: è stato posizionato a mano.",
    cleared: "{{name}} è stato tolto dalla mappa",
  },
};
