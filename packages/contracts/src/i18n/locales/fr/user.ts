import type en from "../en/user";

/** Server messages of user management and the password policy, in French. */
export default {
  "user.oldPasswordWrong": "Le mot de passe actuel est incorrect",
  "user.passwordWeak":
    "Le mot de passe doit comporter de 8 à 64 caractères, dont au moins une lettre et un chiffre",
  "user.passwordSame": "Le nouveau mot de passe doit être différent de l'actuel",
  "user.usernameTaken": "Le nom d'utilisateur {{username}} est déjà pris",
  "user.officeOutOfRange": "L'organisation {{id}} est hors de votre périmètre de données",
  "user.avatarInvalid": "L'avatar doit être une image PNG, JPEG, GIF ou WebP",
  "user.avatarTooLarge": "L'avatar ne peut pas dépasser {{max}} Ko",
  "user.passwordPolicy":
    "Le mot de passe doit compter de {{min}} à {{max}} caractères et au moins {{classes}} de ces types : minuscules, majuscules, chiffres, symboles",
  "user.usernameFormat": "ne peut contenir que des lettres, des chiffres et . _ @ -",
  "user.addressUnusable": "Cette adresse ne peut pas être utilisée",
  "user.mailOrPhone": "indiquez soit une adresse e-mail, soit un numéro de téléphone",
  "user.roleOtherTenant":
    "Le rôle {{name}} appartient à un autre locataire que l'institution de l'utilisateur",
  "user.roleNotGrantable":
    "Vous ne pouvez pas attribuer le rôle {{name}} : il comporte des droits que vous ne pouvez pas accorder ({{permissions}})",
  "user.outranks":
    "Vous ne pouvez pas gérer {{username}} : son rôle {{role}} comporte des droits que vous ne pouvez pas accorder",
  "user.selfDisable": "Vous ne pouvez pas désactiver votre propre compte",
  "user.selfDelete": "Vous ne pouvez pas supprimer votre propre compte",
  "user.lastAdmin":
    "{{username}} est le dernier administrateur actif de la plateforme ; il en faut au moins un",
  "user.passwordByReset":
    "Le mot de passe d'un utilisateur se change avec Réinitialiser le mot de passe, pas en le modifiant",
  "user.dataOfficeOutside":
    "L'institution {{id}} n'est ni celle de l'utilisateur ni une institution en dessous",
  "user.rangeTooWide": "Ce périmètre de données est plus large que le vôtre",
  "user.ownPassword": "Changez votre propre mot de passe dans l'espace personnel",
  "user.passwordNotExpired": "Ce mot de passe n'a pas expiré ; connectez-vous avec",
  "user.smsNotConfigured":
    "Les SMS ne sont pas configurés : les codes de vérification ne sont envoyés que par e-mail",
  "user.inUse":
    "Impossible de supprimer {{username}} : d'autres enregistrements font encore référence au compte ; désactivez-le plutôt",
} satisfies Record<keyof typeof en, string>;
