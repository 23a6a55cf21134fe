export default {
  noPermission: "Accès non autorisé",
  denied: "Requête refusée",
  signOut: "Déconnexion",
  timeout: "Le serveur n'a pas répondu à temps",
  network: "Impossible de joindre le serveur",
  chunkFailed: "Une partie de la page n'a pas pu être chargée. Vérifiez la connexion et rechargez la page",
} as const;
