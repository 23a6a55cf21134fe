import type en from "../en/user";

/** Server messages of user management and the password policy, in Russian. */
export default {
  "user.oldPasswordWrong": "Текущий пароль неверен",
  "user.passwordWeak": "Пароль должен содержать от 8 до 64 символов, включая хотя бы одну букву и одну цифру",
  "user.passwordSame": "Новый пароль должен отличаться от текущего",
  "user.usernameTaken": "Имя пользователя {{username}} уже занято",
  "user.officeOutOfRange": "Организация {{id}} вне вашей области данных",
  "user.avatarInvalid": "Аватар должен быть изображением PNG, JPEG, GIF или WebP",
  "user.avatarTooLarge": "Размер аватара — не более {{max}} КБ",
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
} satisfies Record<keyof typeof en, string>;
