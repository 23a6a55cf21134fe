import type en from "../en/log";

/** Server messages of the system log, in Italian. */
export default {
  "log.timeRange": "non può essere precedente all'ora di inizio",
  "log.export.sheet": "Registro di sistema",
  "log.export.col.id": "N.",
  "log.export.col.time": "Ora ({{zone}})",
  "log.export.col.user": "Utente",
  "log.export.col.action": "Azione",
  "log.export.col.method": "Metodo",
  "log.export.col.target": "Oggetto",
  "log.export.col.result": "Esito",
  "log.export.col.status": "Stato HTTP",
  "log.export.col.ip": "Indirizzo IP",
  "log.export.col.duration": "Durata (ms)",
  "log.export.col.userAgent": "Client (agente utente)",
  "log.export.col.detail": "Dettagli",
  "log.export.ok": "Riuscita",
  "log.export.fail": "Non riuscita",
  "log.export.pending": "In corso",
  "log.export.interrupted": "Interrotta (il server si è fermato durante l'operazione)",
} satisfies Record<keyof typeof en, string>;
