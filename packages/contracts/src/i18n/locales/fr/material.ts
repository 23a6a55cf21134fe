import type en from "../en/material";

/** Server messages of materials and uploads, in French. */
export default {
  "material.chunkIndex": "Le bloc {{index}} n'existe pas : ce fichier compte {{count}} blocs",
  "material.chunkCorrupt": "Le bloc {{index}} est arrivé endommagé (longueur ou MD5 faux) ; il sera renvoyé",
  "material.fileCorrupt": "Le fichier reconstitué ne correspond pas à son MD5 ; téléversez-le à nouveau",
  "material.typeRefused":
    "Ce fichier n'est ni une image, ni une vidéo, ni un son, ni un PDF, quel que soit son nom",
  "material.tooLarge": "Le fichier dépasse la limite de téléversement de {{limit}} Mo",
  "material.quota": "Le fichier ne tient pas dans le quota de stockage ({{free}} libres)",
  "material.uploadUnknown": "Ce téléversement n'existe pas ou est terminé ; recommencez",
  "material.uploadLost": "Le fichier de ce téléversement n'est plus sur le serveur ; téléversez-le à nouveau",
  "material.uploadFinishing": "Ce téléversement est en cours de finalisation et ne peut plus être abandonné",
  "material.inUse": "Le média {{name}} est utilisé par {{count}} programme(s) ou plan(s)",
  "material.folderNotEmpty": "Le dossier {{name}} n'est pas vide",
  "material.folderMissing": "Le dossier {{id}} n'existe pas",
  "material.notFile": "Le média {{id}} est une adresse, pas un fichier",
  "material.thumbInvalid": "La vignette doit être une image PNG, JPEG, GIF ou WebP",
  "material.reviewNotice": "Média {{name}} : {{result}}",
  "material.reviewNoticeNote": "Média {{name}} : {{result}} ({{note}})",
} satisfies Record<keyof typeof en, string>;
