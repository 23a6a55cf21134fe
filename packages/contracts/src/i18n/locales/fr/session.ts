import type en from "../en/session";

/** Server messages of signing in and the session's access checks, in French. */
export default {
  "auth.noSession": "Votre session a expiré ; reconnectez-vous",
  "auth.forbidden": "Requête refusée : vous n'avez pas l'autorisation {{permission}}",
  "auth.platformOnly":
    "Requête refusée : seuls les utilisateurs de la plateforme peuvent utiliser {{permission}}",
  "auth.csrf": "Requête refusée : elle doit provenir de la console de ce site",
  "auth.outOfRange": "Requête refusée : {{entity}} {{id}} est hors de votre périmètre de données",
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
  "login.tenantDisabled":
    "{{name}} est désactivé, ses utilisateurs ne peuvent donc pas se connecter ; contactez votre fournisseur",
  "login.tenantExpired":
    "L'abonnement de {{name}} a expiré, ses utilisateurs ne peuvent donc pas se connecter ; contactez votre fournisseur",
  "login.passwordExpired": "Votre mot de passe a expiré ; choisissez-en un nouveau pour vous connecter",
  "login.passwordReset":
    "Votre mot de passe a été défini par un administrateur ; choisissez le vôtre pour vous connecter",
} satisfies Record<keyof typeof en, string>;
