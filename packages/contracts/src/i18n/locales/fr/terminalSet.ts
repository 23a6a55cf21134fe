import type en from "../en/terminalSet";

/** Server messages of terminal settings and commands, in French. */
export default {
  "terminalSet.emptyPatch": "Choisissez au moins un réglage à modifier",
  "terminalSet.programNotPlayable":
    "Le programme {{name}} ne peut pas être diffusé maintenant ({{state}}) ; il doit d’abord être approuvé",
  "terminalSet.messageNotPlayable":
    "Le message {{name}} ne peut pas être affiché maintenant ({{state}}) ; il doit d’abord être approuvé",
  "terminalSet.messageEnded": "Le message {{name}} est déjà terminé",
  "terminalSet.messageNotOnTerminal": "Le message {{messageId}} n’est pas affiché sur le terminal {{name}}",
  "terminalSet.multipartRequired": "Envoyez le paquet en multipart/form-data avec un fichier",
  "terminalSet.multipartInvalid": "Le téléversement n’a pas pu être lu : {{reason}}",
  "terminalSet.fileRequired": "Choisissez le fichier du paquet",
  "terminalSet.fileEmpty": "Le fichier du paquet est vide",
  "terminalSet.packageTooLarge": "Le paquet dépasse la limite de téléversement de {{limit}} Mo",
  "terminalSet.commandMissing": "La commande {{id}} n’existe pas ou est hors de votre périmètre de données",
  "terminalSet.contentOtherTenant": "{{name}} appartient à un autre locataire que le terminal {{terminal}}",
  "terminalSet.packageOtherTenant": "Le terminal {{name}} appartient à un autre locataire que le paquet",
} satisfies Record<keyof typeof en, string>;
