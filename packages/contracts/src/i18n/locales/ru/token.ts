import type en from "../en/token";

/** Server messages of API tokens, in Russian. */
export default {
  "token.tooMany": "У вас уже {{max}} действующих API-токенов: сначала отзовите один",
  "token.officesRequired": "выберите хотя бы одну организацию",
  "token.officeOutOfRange": "организация {{id}} вне вашей области данных",
  "token.rangeWider": "токен не может видеть больше, чем вы: выберите область внутри своей",
  "token.sessionOnly": "Этот вызов требует входа в систему: API-токен не может его выполнить",
  "token.notFound": "У вас нет API-токена {{id}}",
} satisfies Record<keyof typeof en, string>;
