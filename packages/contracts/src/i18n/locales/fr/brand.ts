import type en from "../en/brand";

/** Server messages of white-label and second-level domains, in French. */
export default {
  "brand.notPersonalised":
    "La personnalisation n'est pas activée pour {{name}} : ses utilisateurs voient la marque de son parent. La plateforme l'active dans Activer la personnalisation.",
  "brand.notTenant": "{{name}} n'est ni un agent ni un client",
  "brand.imageInvalid": "doit être une image PNG, JPEG, GIF ou WebP (un fichier ICO aussi pour le favicon)",
  "brand.imageTooLarge": "ne doit pas dépasser {{max}} Ko",
  "brand.imageTooLargeAny": "dépasse la taille maximale d'une image de marque",
  "brand.imageRef": "doit être une image téléversée sur cette page",
  "brand.colorFormat": "doit être une couleur comme #1677ff",
  "brand.domainFormat":
    "doit être une seule étiquette DNS : 1 à 63 lettres, chiffres ou tirets, sans tiret au début ni à la fin",
  "brand.domainReserved": "est réservé au système",
  "brand.domainRequired": "saisissez une étiquette de domaine",
  "brand.domainTaken": "{{domain}} est déjà le domaine de {{name}}",
  "brand.domainTakenOther": "{{domain}} est déjà le domaine d'un autre locataire",
  "brand.filingTextRequired": "saisissez le numéro d'enregistrement affiché par le lien",
} satisfies Record<keyof typeof en, string>;
