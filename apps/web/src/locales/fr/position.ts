export default {
  filters: {
    office: "Établissement",
    status: "État",
    search: "Nom, code, modèle ou adresse",
  },
  summary: "{{placed}} sur la carte · {{unplaced}} sans position",
  truncated:
    "Seuls les {{shown}} premiers écrans sur {{total}} sont affichés : affinez les filtres pour voir les autres.",
  mapLabel: "Carte des écrans",
  loadFailed: "La carte n’a pas pu être chargée : rechargez la page pour réessayer.",
  tiles: {
    failed:
      "Les tuiles de la carte ne peuvent pas être chargées depuis {{host}} : les marqueurs sont affichés sur une carte vierge.",
    none: "Aucun serveur de tuiles n’est configuré (paramètres système) : les marqueurs sont affichés sur une carte vierge.",
  },
  unplaced: {
    title: "Sans position",
    empty: "Tous les écrans sont sur la carte",
    place: "Placer",
  },
  placing: {
    title: "Placement de {{name}}",
    hint: "Cliquez sur la carte à l’endroit où se trouve l’écran, ou cherchez son adresse.",
    cancel: "Arrêter le placement",
  },
  moving: {
    title: "Déplacement de {{name}}",
    hint: "Faites glisser le marqueur jusqu’à l’écran ; la position est enregistrée quand vous le relâchez.",
    done: "Terminé",
  },
  address: {
    placeholder: "Chercher une adresse",
    noSuggest: "La recherche d’adresses n’est pas configurée (paramètres système) : cliquez sur la carte.",
    nothing: "Aucune adresse trouvée",
    searching: "Recherche…",
  },
  details: {
    title: "Écran sur la carte",
    name: "Nom",
    office: "Établissement",
    status: "État",
    program: "À l’écran",
    noProgram: "Rien de signalé",
    lastSeen: "Dernier contact",
    address: "Adresse",
    noAddress: "Aucune adresse",
    position: "Coordonnées",
    notPlaced: "Pas encore sur la carte",
    source: "Placé",
    sources: {
      manual: "À la main",
      device: "Signalé par l’écran",
    },
    positionAt: "Depuis",
    autoPosition: "Position automatique",
    autoPositionHint: "L’écran indique lui-même où il se trouve (géolocalisation, si l’appareil l’autorise).",
  },
  actions: {
    ask: "Demander sa position",
    move: "Déplacer",
    place: "Placer sur la carte",
    clear: "Retirer de la carte",
    clearConfirm: "Retirer {{name}} de la carte ?",
  },
  run: {
    position: "Position demandée",
    autoOn: "Position automatique activée",
    autoOff: "Position automatique désactivée",
    sending: "Envoi…",
    waiting: "En attente de la réponse des écrans…",
    offline: "L’écran n’est pas connecté ; réessayez quand il sera en ligne.",
  },
  done: {
    placed: "{{name}} est sur la carte",
    autoOff: "La position automatique de {{name}} est désactivée : il a été placé à la main.",
    cleared: "{{name}} a été retiré de la carte",
  },
};
