export default {
  403: "Désolé, vous ne pouvez pas ouvrir cette page.",
  404: "Désolé, cette page n'existe pas.",
  500: "Désolé, une erreur s'est produite sur le serveur.",
  home: "Retour à l'accueil",
  inframe: "Page intégrée",
  inframeMissing: "Aucune adresse n'a été indiquée pour la page intégrée",
  demoTitle: "Démo des droits",
  demoText:
    "Cette page requiert le rôle manager ou le droit form. Les boutons ci-dessous dépendent des droits sur les opérations.",
  demoAdd: "Ajouter",
  demoEdit: "Modifier",
  demoDelete: "Supprimer",
} as const;
