/**
 * Server messages of user management and the password policy (issue 8), in the six
 * languages; merged into the catalogues of messages.<locale>.ts.
 */
const en = {
  "user.passwordPolicy":
    "The password needs {{min}} to {{max}} characters with at least {{classes}} of these kinds: lower-case letters, upper-case letters, digits, symbols",
  "user.usernameFormat": "may contain only letters, digits and . _ @ -",
  "user.addressUnusable": "This address cannot be used",
  "user.mailOrPhone": "give either a mail address or a phone number",
  "user.roleOtherTenant": "Role {{name}} belongs to another tenant than the user's institution",
  "user.roleNotGrantable":
    "You cannot assign the role {{name}}: it carries permissions you cannot grant ({{permissions}})",
  "user.outranks": "You cannot manage {{username}}: their role {{role}} carries permissions you cannot grant",
  "user.selfDisable": "You cannot disable your own account",
  "user.selfDelete": "You cannot delete your own account",
  "user.lastAdmin": "{{username}} is the last enabled platform administrator; keep at least one",
  "user.passwordByReset": "A user's password is changed with Reset password, not by editing",
  "user.dataOfficeOutside": "Institution {{id}} is not at or below the user's institution",
  "user.rangeTooWide": "This data range is wider than your own",
  "user.ownPassword": "Change your own password in the personal centre",
  "user.passwordNotExpired": "This password has not expired; sign in with it",
  "user.smsNotConfigured": "SMS is not configured: verification codes can only be sent by mail",
  "user.inUse":
    "{{username}} cannot be deleted: other records still refer to the account; disable it instead",
  "mail.verifySubject": "Your Marquee verification code",
  "login.tenantDisabled": "{{name}} is disabled, so its users cannot sign in; contact your provider",
  "login.tenantExpired":
    "The subscription of {{name}} has expired, so its users cannot sign in; contact your provider",
  "login.passwordExpired": "Your password has expired; choose a new one to sign in",
  "login.passwordReset": "Your password was set by an administrator; choose your own to sign in",
} as const;

type Catalogue = { readonly [K in keyof typeof en]: string };

const zh_CN: Catalogue = {
  "user.passwordPolicy":
    "密码须为 {{min}} 至 {{max}} 个字符，且至少包含以下 {{classes}} 类字符：小写字母、大写字母、数字、符号",
  "user.usernameFormat": "只能包含字母、数字及 . _ @ -",
  "user.addressUnusable": "此联系方式无法使用",
  "user.mailOrPhone": "请填写邮箱或电话其中之一",
  "user.roleOtherTenant": "角色 {{name}} 属于其他租户，与该用户所在机构不符",
  "user.roleNotGrantable": "您不能分配角色 {{name}}：它包含您无权授予的权限（{{permissions}}）",
  "user.outranks": "您不能管理 {{username}}：其角色 {{role}} 包含您无权授予的权限",
  "user.selfDisable": "不能停用自己的账号",
  "user.selfDelete": "不能删除自己的账号",
  "user.lastAdmin": "{{username}} 是最后一个启用的平台管理员，至少须保留一个",
  "user.passwordByReset": "用户密码须通过“重置密码”修改，不能在编辑中修改",
  "user.dataOfficeOutside": "机构 {{id}} 不在该用户所在机构或其下级",
  "user.rangeTooWide": "该数据范围超出了您自己的数据范围",
  "user.ownPassword": "请在个人中心修改您自己的密码",
  "user.passwordNotExpired": "该密码尚未过期，请直接用它登录",
  "user.smsNotConfigured": "未配置短信服务：验证码只能通过邮件发送",
  "user.inUse": "无法删除 {{username}}：仍有其他记录引用该账号，请改为停用",
  "mail.verifySubject": "您的 Marquee 验证码",
  "login.tenantDisabled": "{{name}} 已被停用，其用户无法登录，请联系您的服务商",
  "login.tenantExpired": "{{name}} 的服务已到期，其用户无法登录，请联系您的服务商",
  "login.passwordExpired": "您的密码已过期，请设置新密码后登录",
  "login.passwordReset": "您的密码由管理员设置，请先设置自己的密码再登录",
};

const zh_TW: Catalogue = {
  "user.passwordPolicy":
    "密碼須為 {{min}} 至 {{max}} 個字元，且至少包含以下 {{classes}} 類字元：小寫字母、大寫字母、數字、符號",
  "user.usernameFormat": "只能包含字母、數字及 . _ @ -",
  "user.addressUnusable": "此聯絡方式無法使用",
  "user.mailOrPhone": "請填寫郵箱或電話其中之一",
  "user.roleOtherTenant": "角色 {{name}} 屬於其他租戶，與該使用者所在機構不符",
  "user.roleNotGrantable": "您不能分配角色 {{name}}：它包含您無權授予的權限（{{permissions}}）",
  "user.outranks": "您不能管理 {{username}}：其角色 {{role}} 包含您無權授予的權限",
  "user.selfDisable": "不能停用自己的帳號",
  "user.selfDelete": "不能刪除自己的帳號",
  "user.lastAdmin": "{{username}} 是最後一個啟用的平台管理員，至少須保留一個",
  "user.passwordByReset": "使用者密碼須透過「重設密碼」修改，不能在編輯中修改",
  "user.dataOfficeOutside": "機構 {{id}} 不在該使用者所在機構或其下級",
  "user.rangeTooWide": "該資料範圍超出了您自己的資料範圍",
  "user.ownPassword": "請在個人中心修改您自己的密碼",
  "user.passwordNotExpired": "該密碼尚未過期，請直接用它登入",
  "user.smsNotConfigured": "未設定簡訊服務：驗證碼只能透過郵件傳送",
  "user.inUse": "無法刪除 {{username}}：仍有其他記錄引用該帳號，請改為停用",
  "mail.verifySubject": "您的 Marquee 驗證碼",
  "login.tenantDisabled": "{{name}} 已被停用，其使用者無法登入，請聯絡您的服務商",
  "login.tenantExpired": "{{name}} 的服務已到期，其使用者無法登入，請聯絡您的服務商",
  "login.passwordExpired": "您的密碼已過期，請設定新密碼後登入",
  "login.passwordReset": "您的密碼由管理員設定，請先設定自己的密碼再登入",
};

const it: Catalogue = {
  "user.passwordPolicy":
    "La password deve avere da {{min}} a {{max}} caratteri e almeno {{classes}} di questi tipi: lettere minuscole, lettere maiuscole, cifre, simboli",
  "user.usernameFormat": "può contenere solo lettere, cifre e . _ @ -",
  "user.addressUnusable": "Questo recapito non può essere usato",
  "user.mailOrPhone": "indica un indirizzo email oppure un numero di telefono",
  "user.roleOtherTenant":
    "Il ruolo {{name}} appartiene a un tenant diverso da quello dell'istituzione dell'utente",
  "user.roleNotGrantable":
    "Non puoi assegnare il ruolo {{name}}: contiene permessi che non puoi concedere ({{permissions}})",
  "user.outranks":
    "Non puoi gestire {{username}}: il suo ruolo {{role}} contiene permessi che non puoi concedere",
  "user.selfDisable": "Non puoi disattivare il tuo account",
  "user.selfDelete": "Non puoi eliminare il tuo account",
  "user.lastAdmin": "{{username}} è l'ultimo amministratore attivo della piattaforma; ne serve almeno uno",
  "user.passwordByReset": "La password di un utente si cambia con Reimposta password, non modificandolo",
  "user.dataOfficeOutside": "L'istituzione {{id}} non è quella dell'utente né una sua sottostante",
  "user.rangeTooWide": "Questo ambito dei dati è più ampio del tuo",
  "user.ownPassword": "Cambia la tua password nel centro personale",
  "user.passwordNotExpired": "Questa password non è scaduta; accedi con essa",
  "user.smsNotConfigured": "Gli SMS non sono configurati: i codici di verifica si inviano solo per email",
  "user.inUse":
    "Impossibile eliminare {{username}}: altri record fanno ancora riferimento all'account; disattivalo invece",
  "mail.verifySubject": "Il tuo codice di verifica Marquee",
  "login.tenantDisabled":
    "{{name}} è disattivato, quindi i suoi utenti non possono accedere; contatta il tuo fornitore",
  "login.tenantExpired":
    "L'abbonamento di {{name}} è scaduto, quindi i suoi utenti non possono accedere; contatta il tuo fornitore",
  "login.passwordExpired": "La tua password è scaduta; scegline una nuova per accedere",
  "login.passwordReset":
    "La tua password è stata impostata da un amministratore; scegline una tua per accedere",
};

const ru: Catalogue = {
  "user.passwordPolicy":
    "Пароль должен содержать от {{min}} до {{max}} символов и не менее {{classes}} из этих видов: строчные буквы, прописные буквы, цифры, знаки",
  "user.usernameFormat": "может содержать только буквы, цифры и . _ @ -",
  "user.addressUnusable": "Этот адрес нельзя использовать",
  "user.mailOrPhone": "укажите либо адрес почты, либо номер телефона",
  "user.roleOtherTenant": "Роль {{name}} принадлежит другому арендатору, чем организация пользователя",
  "user.roleNotGrantable":
    "Вы не можете назначить роль {{name}}: в ней есть права, которые вы не можете выдать ({{permissions}})",
  "user.outranks":
    "Вы не можете управлять {{username}}: в его роли {{role}} есть права, которые вы не можете выдать",
  "user.selfDisable": "Нельзя отключить собственную учётную запись",
  "user.selfDelete": "Нельзя удалить собственную учётную запись",
  "user.lastAdmin":
    "{{username}} — последний включённый администратор платформы; должен остаться хотя бы один",
  "user.passwordByReset": "Пароль пользователя меняется через «Сбросить пароль», а не при редактировании",
  "user.dataOfficeOutside": "Организация {{id}} не является организацией пользователя или подчинённой ей",
  "user.rangeTooWide": "Эта область данных шире вашей собственной",
  "user.ownPassword": "Свой пароль меняйте в личном кабинете",
  "user.passwordNotExpired": "Срок действия этого пароля не истёк; войдите с ним",
  "user.smsNotConfigured": "SMS не настроены: коды подтверждения отправляются только по почте",
  "user.inUse": "Нельзя удалить {{username}}: на учётную запись ещё ссылаются другие записи; отключите её",
  "mail.verifySubject": "Ваш код подтверждения Marquee",
  "login.tenantDisabled":
    "{{name}} отключена, поэтому её пользователи не могут войти; обратитесь к поставщику",
  "login.tenantExpired":
    "Подписка {{name}} истекла, поэтому её пользователи не могут войти; обратитесь к поставщику",
  "login.passwordExpired": "Срок действия пароля истёк; задайте новый, чтобы войти",
  "login.passwordReset": "Ваш пароль задан администратором; задайте свой, чтобы войти",
};

const fr: Catalogue = {
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
  "mail.verifySubject": "Votre code de vérification Marquee",
  "login.tenantDisabled":
    "{{name}} est désactivé, ses utilisateurs ne peuvent donc pas se connecter ; contactez votre fournisseur",
  "login.tenantExpired":
    "L'abonnement de {{name}} a expiré, ses utilisateurs ne peuvent donc pas se connecter ; contactez votre fournisseur",
  "login.passwordExpired": "Votre mot de passe a expiré ; choisissez-en un nouveau pour vous connecter",
  "login.passwordReset":
    "Votre mot de passe a été défini par un administrateur ; choisissez le vôtre pour vous connecter",
};

export const userMessages = { zh_CN, zh_TW, en, it, ru, fr };
