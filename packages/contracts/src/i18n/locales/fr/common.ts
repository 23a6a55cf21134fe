import type en from "../en/common";

/** Server messages shared by every domain: answers, validation, mail, schedules, the data disk and initialisation, in French. */
export default {
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
  "common.conflictRetry":
    "Une autre modification des mêmes données était enregistrée au même moment ; réessayez",
  "common.storageFull":
    "Stockage plein : il ne reste que {{free}} sur le disque du serveur ; supprimez des médias inutilisés ou contactez votre administrateur",
  "system.noWorker":
    "Aucun processus serveur n'exécute le travail de fond (MARQUEE_ROLE=worker ou all) : les téléversements attendent leur traitement, les publications programmées leur heure, et les statistiques s'arrêtent. Démarrez un nœud worker.",
  "system.diskLow":
    "Le disque de données du serveur se remplit : {{free}} libres sur {{total}}. Libérez de la place ou agrandissez le disque ; une fois plein, téléversements et enregistrements échouent.",
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
  "mail.notConfigured":
    "La messagerie n'est pas configurée ; définissez le serveur SMTP dans les paramètres système",
  "mail.failed": "L'e-mail n'a pas pu être envoyé : {{reason}}",
  "mail.codeSubject": "Votre code de connexion Marquee",
  "mail.codeBody": "Votre code de vérification est {{code}}. Il est valable {{minutes}} minutes.",
  "sysInit.done": "Le système est déjà initialisé",
  "sysInit.notYet": "Le système n'est pas encore initialisé",
  "schedule.dateInvalid": "doit être une date comme 2026-12-31",
  "schedule.timeInvalid": "doit être une heure de 00:00 à 24:00",
  "schedule.idInvalid": "doit compter 1 à 40 lettres, chiffres, - ou _",
  "schedule.idDuplicate": "deux éléments ont le même identifiant",
  "schedule.weekdaysRequired": "il faut au moins un jour de la semaine",
  "schedule.weekdaysDuplicate": "cite un jour deux fois",
  "schedule.windowsRequired": "il faut au moins une plage horaire",
  "schedule.endBeforeStart": "ne peut pas précéder le début",
  "schedule.colorInvalid": "doit être une couleur comme #1677ff, ou transparent",
  "schedule.textRequired": "il faut un texte",
  "schedule.timezoneInvalid": "doit être un fuseau horaire comme Europe/Paris ou UTC",
  "mail.verifySubject": "Votre code de vérification Marquee",
  "mail.testSubject": "Courriel de test de Marquee",
  "mail.testBody":
    "Ce courriel de test a été envoyé par {{user}} depuis les paramètres système de Marquee. L'envoi par ce serveur SMTP fonctionne.",
  "mail.testSent": "Un courriel de test a été envoyé à {{mail}}",
  "mail.noRecipient":
    "Votre compte n'a pas d'adresse électronique ; saisissez l'adresse à laquelle envoyer le test",
  "mail.testFailed": "Le serveur SMTP a refusé le courriel de test : {{reason}}",
} satisfies Record<keyof typeof en, string>;
