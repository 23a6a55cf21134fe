export default {
  enabled: "Mostra l'annuncio",
  enabledHint: "Spento: nessuno lo vede, qualunque siano gli orari.",
  window: "Mostrato da – a",
  windowHint:
    "Servono entrambi perché sia mostrato. Lasciare vuota la fine cancella anche ogni «Non ricordarmelo più».",
  titleCh: "Titolo (cinese)",
  titleEn: "Titolo (inglese)",
  contentCh: "Contenuto (cinese)",
  contentEn: "Contenuto (inglese)",
  saved: "L'annuncio è stato salvato",
  preview: "Ciò che gli utenti vedono dopo l'accesso",
  showsNow: "Visibile ora",
  hiddenNow: "Non visibile ora",
  status: {
    live: "Compare una volta dopo ogni accesso, fino al {{end}}, e resta finché l'utente non lo chiude.",
    off: "L'interruttore è spento.",
    noStart: "Manca l'ora di inizio.",
    noEnd: "Manca l'ora di fine.",
    notYet: "Inizia il {{start}}.",
    ended: "È terminato il {{end}}.",
  },
  chineseReaders: "Console in cinese",
  otherReaders: "Altre lingue",
  noContent: "(nessun contenuto)",
  dismissHint:
    "Chi ha scelto «Non ricordarmelo più» non rivede questo testo; cambiare i testi o gli orari lo mostra di nuovo.",
  dismissedHere:
    "Hai chiuso definitivamente proprio questo annuncio in questo browser: non lo vedrai dopo l'accesso.",
} as const;
