export default {
  enabled: "Afficher l'annonce",
  enabledHint: "Désactivée : personne ne la voit, quelles que soient les heures.",
  window: "Affichée du – au",
  windowHint:
    "Les deux sont nécessaires pour l'afficher. Laisser la fin vide efface aussi tous les « Ne plus me le rappeler ».",
  titleCh: "Titre (chinois)",
  titleEn: "Titre (anglais)",
  contentCh: "Contenu (chinois)",
  contentEn: "Contenu (anglais)",
  saved: "L'annonce est enregistrée",
  preview: "Ce que voient les utilisateurs après la connexion",
  showsNow: "Affichée maintenant",
  hiddenNow: "Pas affichée maintenant",
  status: {
    live: "Elle apparaît une fois après chaque connexion, jusqu'au {{end}}, et reste jusqu'à ce que l'utilisateur la ferme.",
    off: "L'interrupteur est désactivé.",
    noStart: "Elle n'a pas d'heure de début.",
    noEnd: "Elle n'a pas d'heure de fin.",
    notYet: "Elle commence le {{start}}.",
    ended: "Elle s'est terminée le {{end}}.",
  },
  chineseReaders: "Console en chinois",
  otherReaders: "Autres langues",
  noContent: "(aucun contenu)",
  dismissHint:
    "Les utilisateurs qui ont choisi « Ne plus me le rappeler » ne revoient pas ce texte ; modifier les textes ou les heures le leur montre à nouveau.",
  dismissedHere:
    "Vous avez fermé définitivement cette annonce dans ce navigateur : vous ne la verrez pas après la connexion.",
} as const;
