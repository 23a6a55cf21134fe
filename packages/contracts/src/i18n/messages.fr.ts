import { accessMessages } from "./access";
import { alarmMessages } from "./alarm";
import { brandMessages } from "./brand";
import { contentMessages } from "./content";
import { debugMessages } from "./debug";
import { helpMessages } from "./help";
import { mapMessages } from "./map";
import type { MessageCatalogue } from "./messages.en";
import { orgMessages } from "./org";
import { payMessages } from "./pay";
import { publishMessages } from "./publish";
import { statsMessages } from "./stats";
import { strategyMessages } from "./strategy";
import { systemMessages } from "./system";
import { terminalSetMessages } from "./terminalSet";
import { userMessages } from "./users";

/** Server messages in French. */
export const fr: MessageCatalogue = {
  "common.ok": "Opération réussie",
  "common.badRequest": "La requête n'est pas valide",
  "common.notFound": "Introuvable : {{path}}",
  "common.recordNotFound": "{{entity}} {{id}} n'existe pas",
  "common.payloadTooLarge": "La requête est trop volumineuse (maximum {{limit}})",
  "common.unsupportedMediaType": "Ce type de contenu n'est pas accepté : {{type}}",
  "common.tooManyRequests": "Trop de requêtes, réessayez dans {{seconds}} secondes",
  "common.internalError":
    "Une erreur est survenue sur le serveur (requête {{requestId}}) ; elle a été journalisée",
  "common.unavailable": "Le service démarre ou la base de données est injoignable ; réessayez sous peu",
  "common.storageFull":
    "Stockage plein : il ne reste que {{free}} sur le disque du serveur ; supprimez des médias inutilisés ou contactez votre administrateur",
  "system.diskLow":
    "Le disque de données du serveur se remplit : {{free}} libres sur {{total}}. Libérez de la place ou agrandissez le disque ; une fois plein, téléversements et enregistrements échouent.",
  "auth.noSession": "Votre session a expiré ; reconnectez-vous",
  "auth.forbidden": "Requête refusée : vous n'avez pas l'autorisation {{permission}}",
  "auth.platformOnly":
    "Requête refusée : seuls les utilisateurs de la plateforme peuvent utiliser {{permission}}",
  "auth.csrf": "Requête refusée : elle doit provenir de la console de ce site",
  "auth.outOfRange": "Requête refusée : {{entity}} {{id}} est hors de votre périmètre de données",
  "validation.failed": "{{field}} : {{message}}",
  "validation.required": "est obligatoire",
  "validation.type": "doit être de type {{expected}}",
  "validation.tooShort": "doit comporter au moins {{min}} caractères",
  "validation.tooLong": "doit comporter au plus {{max}} caractères",
  "validation.tooSmall": "doit être au moins {{min}}",
  "validation.tooBig": "doit être au plus {{max}}",
  "validation.tooFewItems": "nécessite au moins {{min}} éléments",
  "validation.tooManyItems": "accepte au plus {{max}} éléments",
  "validation.format": "a un format incorrect",
  "validation.email": "doit être une adresse e-mail",
  "validation.enum": "doit être l'une des valeurs suivantes : {{options}}",
  "validation.unknownField": "champ inconnu {{key}}",
  "validation.invalid": "n'est pas valide",
  "validation.body": "le corps de la requête n'a pas pu être lu : {{reason}}",
  "login.invalidCredentials": "Nom d'utilisateur ou mot de passe incorrect",
  "login.captchaRequired": "Saisissez les caractères affichés dans l'image",
  "login.captchaWrong": "Les caractères de l'image sont incorrects ; essayez avec la nouvelle image",
  "login.locked": "Trop d'échecs de connexion ; réessayez dans {{minutes}} minutes",
  "login.disabled": "Ce compte est désactivé ; contactez votre administrateur",
  "login.codeRequired": "Saisissez le code de vérification envoyé à {{mail}}",
  "login.codeWrong": "Le code de vérification est incorrect ou a expiré",
  "login.decryptFailed": "Le mot de passe n'a pas pu être déchiffré ; rechargez la page et réessayez",
  "login.codeSent": "Un code de vérification a été envoyé à {{mail}}",
  "login.codeTooSoon": "Patientez {{seconds}} secondes avant de demander un nouveau code",
  "login.noMail": "Ce compte n'a pas d'adresse e-mail pour recevoir le code de vérification",
  "mail.notConfigured":
    "La messagerie n'est pas configurée ; définissez le serveur SMTP dans les paramètres système",
  "mail.failed": "L'e-mail n'a pas pu être envoyé : {{reason}}",
  "mail.codeSubject": "Votre code de connexion Marquee",
  "mail.codeBody": "Votre code de vérification est {{code}}. Il est valable {{minutes}} minutes.",
  "sysInit.done": "Le système est déjà initialisé",
  "sysInit.notYet": "Le système n'est pas encore initialisé",
  "user.oldPasswordWrong": "Le mot de passe actuel est incorrect",
  "user.passwordWeak":
    "Le mot de passe doit comporter de 8 à 64 caractères, dont au moins une lettre et un chiffre",
  "user.passwordSame": "Le nouveau mot de passe doit être différent de l'actuel",
  "user.usernameTaken": "Le nom d'utilisateur {{username}} est déjà pris",
  "user.officeOutOfRange": "L'organisation {{id}} est hors de votre périmètre de données",
  "user.avatarInvalid": "L'avatar doit être une image PNG, JPEG, GIF ou WebP",
  "user.avatarTooLarge": "L'avatar ne peut pas dépasser {{max}} Ko",
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
  "setting.unknownKey": "Paramètre inconnu : {{key}}",
  "setting.platformOnly":
    "Requête refusée : seuls les utilisateurs de la plateforme peuvent lire ou modifier le paramètre {{key}}",
  "audit.result.ok": "réussi",
  "audit.result.fail": "échoué",
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
  "material.reviewNotice": "Média {{name}} : {{result}}",
  "material.reviewNoticeNote": "Média {{name}} : {{result}} ({{note}})",
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
  "widget.iconInvalid":
    "L'image de la palette doit être une image de widget téléversée dans votre organisation",
  "gateway.tokenInvalid":
    "Le jeton de ce terminal est inconnu ou a été remplacé ; enregistrez à nouveau le terminal",
  "gateway.notAuthorised": "Ce terminal n'est pas autorisé (état : {{state}})",
  "gateway.noPlatform":
    "Le système n'a pas encore d'institution de plateforme ; créez d'abord le premier administrateur",
  "gateway.screenshotInvalid": "Une capture d'écran doit être une image PNG, JPEG ou WebP de 5 Mo au plus",
  "gateway.upgradeRequired": "Cette adresse n'accepte que les connexions WebSocket des terminaux",
  ...contentMessages.fr,
  ...publishMessages.fr,
  ...orgMessages.fr,
  ...brandMessages.fr,
  ...userMessages.fr,
  ...accessMessages.fr,
  ...helpMessages.fr,
  ...terminalSetMessages.fr,
  ...strategyMessages.fr,
  ...alarmMessages.fr,
  ...mapMessages.fr,
  ...debugMessages.fr,
  ...statsMessages.fr,
  ...payMessages.fr,
  ...systemMessages.fr,
};
