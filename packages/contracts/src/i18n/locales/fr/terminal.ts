import type en from "../en/terminal";

/** Server messages of terminals and the terminal gateway, in French. */
export default {
  "terminal.enrolCodeUnknown":
    "Aucun terminal n'attend d'autorisation avec le code {{code}} ; vérifiez le code affiché à l'écran",
  "terminal.groupMissing": "Le groupe {{id}} n'existe pas ou est hors de votre périmètre de données",
  "terminal.groupNotInOffice": "Le groupe {{id}} n'appartient pas à l'organisation {{officeId}}",
  "terminal.groupOtherOffice":
    "Le terminal {{name}} n'est pas dans l'organisation du groupe {{group}} ; déplacez-le d'abord",
  "terminal.groupOfficeFixed":
    "Le groupe {{name}} appartient à une autre organisation ; un groupe ne peut pas changer d'organisation",
  "terminal.groupCycle": "Un groupe ne peut pas être placé dans lui-même ni dans l'un de ses sous-groupes",
  "terminal.groupNameTaken": "Un groupe nommé {{name}} existe déjà à cet endroit",
  "terminal.groupNotEmpty":
    "Le groupe {{name}} contient encore {{terminals}} terminal(aux) et {{groups}} sous-groupe(s) ; videz-le d'abord",
  "terminal.notAuthorised":
    "Le terminal {{name}} n'est pas encore autorisé ; autorisez-le d'abord avec le code affiché sur son écran",
  "terminal.programMissing":
    "Ces programmes n'existent pas ou sont hors de votre périmètre de données : {{ids}}",
  "terminal.programNotPlayable":
    "Le programme {{name}} ne peut pas encore être diffusé ({{state}}) ; soumettez-le et faites-le approuver d'abord",
  "gateway.tokenInvalid":
    "Le jeton de ce terminal est inconnu ou a été remplacé ; enregistrez à nouveau le terminal",
  "gateway.notAuthorised": "Ce terminal n'est pas autorisé (état : {{state}})",
  "gateway.noPlatform":
    "Le système n'a pas encore d'institution de plateforme ; créez d'abord le premier administrateur",
  "gateway.screenshotInvalid": "Une capture d'écran doit être une image PNG, JPEG ou WebP de 5 Mo au plus",
  "gateway.upgradeRequired": "Cette adresse n'accepte que les connexions WebSocket des terminaux",
} satisfies Record<keyof typeof en, string>;
