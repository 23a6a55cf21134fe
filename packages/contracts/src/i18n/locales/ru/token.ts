import type en from "../en/token";

/** Server messages of API tokens, in Russian. */
export default {
  "token.tooMany": "У вас уже {{max}} действующих API-токенов: сначала отзовите один",
  "token.officesRequired": "выберите хотя бы одну организацию",
  "token.officeOutOfRange": "организация {{id}} вне вашей области данных",
  "token.rangeWider": "токен не может видеть больше, чем вы: выберите область внутри своей",
  "token.sessionOnly": "Этот вызов требует входа в систему: API-токен не может его выполнить",
  "token.notFound": "У вас нет API-токена {{id}}",
  // Service accounts (issue 23).
  "serviceAccount.permissionNotHoldable": "{{permission}} не может принадлежать этому арендатору",
  "serviceAccount.outranks":
    "Сервисная учётная запись {{name}} имеет {{permission}}, которого нет у вас: изменить её или создать её токены может только администратор со всеми её правами",
  "serviceAccount.disabled": "Сервисная учётная запись {{name}} отключена: сначала включите её",
} satisfies Record<keyof typeof en, string>;
