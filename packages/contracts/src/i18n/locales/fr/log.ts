import type en from "../en/log";

/** Server messages of the system log, in French. */
export default {
  "log.timeRange": "ne peut pas précéder l'heure de début",
  "log.export.sheet": "Journal système",
  "log.export.col.id": "N°",
  "log.export.col.time": "Heure ({{zone}})",
  "log.export.col.user": "Utilisateur",
  "log.export.col.action": "Opération",
  "log.export.col.method": "Méthode",
  "log.export.col.target": "Cible",
  "log.export.col.result": "Résultat",
  "log.export.col.status": "Statut HTTP",
  "log.export.col.ip": "Adresse IP",
  "log.export.col.duration": "Durée (ms)",
  "log.export.col.userAgent": "Navigateur",
  "log.export.col.detail": "Détails",
  "log.export.ok": "Réussie",
  "log.export.fail": "Échouée",
  "log.export.pending": "En cours",
  "log.export.interrupted": "Interrompue (le serveur s'est arrêté pendant l'opération)",
} satisfies Record<keyof typeof en, string>;
