import type en from "../en/program";

/** Server messages of programs, in French. */
export default {
  "program.idInvalid": "doit comporter de 1 à 40 lettres, chiffres, - ou _",
  "program.colorInvalid": "doit être une couleur comme #1677ff, ou transparent",
  "program.urlInvalid": "doit être une adresse http ou https",
  "program.urlRequired": "une adresse est requise",
  "program.currencyInvalid": "doit être un code de devise de trois lettres comme EUR",
  "program.sceneRequired": "au moins une scène est requise",
  "program.mainSceneRequired": "au moins une scène principale est requise",
  "program.idDuplicate": "cet identifiant est utilisé deux fois",
  "program.targetInvalid": "la scène cible du bouton est absente ou du mauvais type",
  "program.dataSourceMissing": "la source de données qu'il lit n'existe pas",
  "program.materialMissing": "Ces médias n'existent pas ou sont hors de votre périmètre de données : {{ids}}",
  "program.materialNotApproved":
    "Le média {{name}} ne peut pas encore être utilisé (état de validation : {{state}})",
  "program.materialWrongType": "Le média {{name}} est {{type}}, mais cet emplacement attend {{expected}}",
  "program.versionConflict":
    "Le programme {{name}} a été enregistré par quelqu'un d'autre depuis que vous l'avez ouvert (désormais version {{version}})",
  "program.published":
    "Le programme {{name}} est publié ; retirez-le de ses publications avant de le supprimer",
  "program.stateInvalid": "Le programme {{name}} ne permet pas cette opération dans son état ({{state}})",
  "program.importMissing":
    "Ces médias du programme manquent dans votre bibliothèque : {{names}} ; téléversez-les d'abord",
  "program.dataSourceFailed": "Impossible de lire la source de données : {{reason}}",
  "program.copyName": "{{name}} (copie)",
  "program.historyEdited": "Modifié, revenu à l'état de brouillon",
  "program.reviewNotice": "Programme {{name}} : {{result}}",
  "program.reviewNoticeNote": "Programme {{name}} : {{result}} ({{note}})",
  "program.state.draft": "Brouillon",
  "program.state.pending": "En attente de validation",
  "program.state.approved": "Approuvé",
  "program.state.rejected": "Refusé",
  "program.state.published": "Publié",
  "program.kind.image": "une image",
  "program.kind.video": "une vidéo",
  "program.kind.audio": "un fichier audio",
  "program.kind.document": "un document PDF",
  "program.kind.web": "une page web",
  "program.kind.stream": "un flux en direct",
} satisfies Record<keyof typeof en, string>;
