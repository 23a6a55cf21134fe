import type { ReasonCode } from "@marquee/terminal-protocol";
import { prefixed } from "../../locales";
import type en from "../en/terminal";

/**
 * Why a command or a delivery failed, and what a screen reported (the codes of
 * REASON_CODES in the terminal protocol): the server writes them in alarm
 * exports and notices, and the console shows them under terminal.reason.
 */
export const reason = {
  pending: "L'écran n'est pas encore autorisé",
  disabled: "L'écran est désactivé",
  offline: "L'écran n'est pas connecté",
  undelivered: "Aucun processus du serveur ne tenait la connexion de l'écran",
  stopped: "Le serveur s'est arrêté avant la réponse de l'écran",
  orphaned: "Pas de réponse : le processus du serveur qui l'a envoyée s'est arrêté",
  noReason: "L'écran a signalé un échec sans raison",
  timeout: "Pas de réponse en {{seconds}} s",
  unsupported: "L'écran ne connaît pas la commande {{command}}",
  argsInvalid: "Les arguments de {{command}} ne sont pas valides",
  argWholeRange: "{{name}} doit être un nombre entier de {{min}} à {{max}}",
  argBoolean: "{{name}} doit valoir true ou false",
  argSettings: "{{name}} ne sont pas des réglages d'appareil valides",
  argProgramId: "{{name}} doit être l'id d'un programme",
  argMessageId: "{{name}} doit être l'id d'un message",
  argPackageId: "{{name}} doit être l'id d'un paquet",
  argDateTime: "{{name}} doit être une date et heure ISO",
  argHashes: "{{name}} doit être une liste d'empreintes de fichiers (32 chiffres hexadécimaux)",
  argText: "{{name}} doit être un texte de {{min}} à {{max}} caractères",
  argPath: "{{name}} doit être un chemin",
  argHex: "{{name}} doit compter {{digits}} chiffres hexadécimaux",
  argBytes: "{{name}} doit être un nombre entier d'octets jusqu'à 1 Go",
  argInstant: "{{name}} doit être un instant en millisecondes",
  notRegistered: "L'écran n'est pas enregistré",
  notAuthorised: "L'écran n'est pas autorisé",
  manifestLate: "L'écran n'a pas pu récupérer son manifeste à temps",
  manifestRefused: "Le serveur a refusé le jeton de l'écran pour le manifeste",
  manifestFailed: "Le manifeste n'a pas pu être récupéré : {{error}}",
  manifestDownloading: "Manifeste {{version}} : fichiers en cours de téléchargement",
  programNotInManifest: "Le programme {{id}} n'est pas dans le manifeste de cet écran",
  programCannotPlay: "Le programme {{name}} (#{{id}}) ne peut pas être lu",
  programInvalid: "Programme {{name}} (#{{id}}) : {{error}}",
  programDownloading: "Programme {{name}} (#{{id}}) : {{files}} fichier(s) pas encore téléchargé(s)",
  programNotShown: "Le programme {{id}} n'est pas encore à l'écran",
  programNotReady: "Le programme {{id}} n'est pas prêt à temps : {{error}}",
  untilPast: "L'heure de fin (until) est déjà passée",
  startPassed: "L'heure de début est passée (il y a {{seconds}} s)",
  emergency: "Un message d'urgence ({{name}}) couvre l'écran",
  messageNotInManifest: "Le message {{id}} n'est pas dans le manifeste de cet écran",
  messageNotShown: "Le message {{id}} n'est pas encore affiché",
  messageDownloading: "Message {{id}} : le manifeste est encore en téléchargement",
  messageStartsAt: "Le message {{id}} commence à {{at}}",
  messageEnded: "Le message {{id}} est terminé",
  messageDisplaced: "Le message {{id}} n'est pas affiché : un autre message occupe sa place",
  busyNotCleared: "L'écran était occupé à télécharger : le cache n'a pas été vidé à temps",
  notCleared: "Le cache n'a pas été vidé",
  busyNotDeleted: "L'écran était occupé à télécharger : aucun fichier n'a été supprimé à temps",
  nothingShownYet: "Rien n'est encore affiché à l'écran",
  nothingShown: "Rien n'est affiché à l'écran",
  noCanvas: "L'écran n'a pas de canevas 2D pour la capture",
  screenshotTooLarge: "La capture d'écran dépasse 5 Mo",
  screenshotRefused: "L'envoi de la capture a été refusé : {{error}}",
  noGeolocation: "Cet appareil n'autorise pas la géolocalisation",
  geolocationDenied: "Cet appareil n'autorise pas la géolocalisation (permission refusée)",
  positionUnavailable: "La position n'est pas disponible",
  positionUnavailableWhy: "La position n'est pas disponible : {{error}}",
  positionTimeout: "Pas de position en {{seconds}} s",
  packageLate: "Le téléchargement du paquet n'a pas fini à temps",
  packageHttp: "Le téléchargement du paquet a échoué : HTTP {{status}}",
  packageFailed: "Le téléchargement du paquet a échoué : {{error}}",
  packageAddress: "L'adresse du paquet doit être un chemin sous {{prefix}} : {{url}}",
  packageMemory: "Pas assez de mémoire pour vérifier un paquet de {{size}} octets",
  packageTooLarge: "Taille incorrecte : le paquet dépasse {{size}} octets",
  packageShort: "Taille incorrecte : {{done}} octets reçus sur {{size}}",
  packageChecksum: "Somme de contrôle incorrecte : SHA-256 attendu {{expected}}, obtenu {{got}}",
  downloadWindow: "En attente de la plage de téléchargement ({{start}}–{{end}})",
  downloadWindowClosed: "En attente de la plage de téléchargement",
  fileHttp: "Fichier {{file}} : HTTP {{status}}",
  fileShort: "Fichier {{file}} : {{done}} octets reçus sur {{size}}",
  fileFailed: "Fichier {{file}} : {{error}}",
  fileNoStorage: "Fichier {{file}} : espace de stockage insuffisant ({{size}} octets nécessaires)",
  fileStalled: "Fichier {{file}} : aucune donnée depuis {{seconds}} s",
  programMissing: "Le programme #{{id}} n'est pas dans le manifeste",
  programSkipped: "Programme {{name}} (#{{id}}) ignoré : {{error}}",
  programMissingSkipped: "Le programme #{{id}} n'est pas dans le manifeste : ignoré",
  widgetError: "Programme {{name}} (#{{id}}), scène {{scene}}, widget {{widget}} : {{error}}",
} satisfies Record<ReasonCode, string>;

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
  // Screen truth (issue 24): a screenshot against what the schedule expected.
  "terminal.truth.notSaid":
    "Cet écran n'a pas dit ce qu'il affichait (ancien lecteur) : l'image ne peut pas être vérifiée",
  "terminal.truth.olderManifest":
    "Cette image a été prise avec une version antérieure du contenu de l'écran : faites une nouvelle capture pour la vérifier",
  "terminal.truth.otherProgram": "Attendu {{expected}}, affiche {{shown}}",
  "terminal.truth.nothingShown": "Attendu {{expected}}, n'affiche rien",
  "terminal.truth.nothingExpected": "Rien n'était attendu à cette heure, affiche {{shown}}",
  "terminal.truth.shouldBeOff":
    "L'écran devrait être éteint par sa minuterie à cette heure, mais il est allumé",
  "terminal.truth.shouldBeOn": "L'écran est éteint, mais il devrait diffuser {{expected}} à cette heure",
  ...prefixed("terminal.reason", reason),
} satisfies Record<keyof typeof en, string>;
