export default {
  noPermission: "Nessun permesso",
  denied: "Richiesta negata",
  signOut: "Disconnessione",
  timeout: "Il server non ha risposto in tempo",
  network: "Impossibile raggiungere il server",
  chunkFailed: "Non è stato possibile caricare parte della pagina; controlla la connessione e ricarica",
} as const;
