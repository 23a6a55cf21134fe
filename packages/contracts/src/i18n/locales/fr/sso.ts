import type en from "../en/sso";

/** Server messages of single sign-on (issue 23), in French. */
export default {
  "sso.issuerInvalid": "l'émetteur doit être une adresse http ou https",
  "sso.httpsRequired":
    "l'émetteur doit utiliser https (http simple seulement sur une adresse locale ou privée, si le paramètre ssoAllowHttp l'autorise)",
  "sso.discoveryFailed": "La découverte de {{issuer}} a échoué : {{reason}}",
  "sso.secretRequired": "saisissez le secret du client",
  "sso.jitOfficeRequired": "choisissez l'établissement des nouveaux utilisateurs",
  "sso.jitRoleRequired": "choisissez le rôle des nouveaux utilisateurs",
  "sso.officeOutside": "l'établissement {{id}} n'appartient pas à ce locataire",
  "sso.roleOutside": "le rôle {{id}} n'appartient pas à ce locataire",
  "sso.notTenant":
    "{{name}} n'est pas un locataire : l'authentification unique se règle par plateforme, agent ou client",
  "sso.passwordOff":
    "La connexion par mot de passe est désactivée pour votre organisation : utilisez « Se connecter avec {{label}} »",
  "sso.addressRefused":
    "« {{issuer}} » est sur une adresse que le serveur ne peut pas joindre (jamais une adresse lien-local ou de métadonnées ; une adresse locale ou privée seulement si le paramètre ssoAllowHttp l'autorise)",
} satisfies Record<keyof typeof en, string>;
