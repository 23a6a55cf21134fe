import type en from "../en/publish";

/** Server messages of publishing and delivery, in French. */
export default {
  "publish.noTargets": "choisissez au moins un terminal, une institution ou un groupe",
  "publish.noTerminals": "La sélection n'atteint aucun terminal autorisé dans votre périmètre de données",
  "publish.stateInvalid": "{{name}} ne peut pas être publié dans son état ({{state}})",
  "publish.messageEnded":
    "Le message {{name}} est déjà terminé ; modifiez son heure de fin avant de le publier",
  "publish.nameTaken": "Une publication nommée {{name}} existe déjà",
  "publish.otherTenant": "Le terminal {{name}} appartient à un autre client que le contenu",
  "publish.notActive": "La publication {{name}} n'est pas active ({{state}})",
  "publish.state.scheduled": "Programmée",
  "publish.state.active": "En vigueur",
  "publish.state.withdrawn": "Retirée",
} satisfies Record<keyof typeof en, string>;
