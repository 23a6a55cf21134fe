export default {
  403: "Spiacenti, non puoi aprire questa pagina.",
  404: "Spiacenti, questa pagina non esiste.",
  500: "Spiacenti, si è verificato un errore sul server.",
  home: "Torna alla pagina iniziale",
  inframe: "Pagina incorporata",
  inframeMissing: "Non è stato indicato alcun indirizzo per la pagina incorporata",
  demoTitle: "Demo dei permessi",
  demoText:
    "Questa pagina richiede il ruolo manager o il permesso form. I pulsanti qui sotto dipendono dai permessi sulle operazioni.",
  demoAdd: "Aggiungi",
  demoEdit: "Modifica",
  demoDelete: "Elimina",
} as const;
