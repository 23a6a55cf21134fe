import type en from "../en/session";

/** Server messages of signing in and the session's access checks, in Russian. */
export default {
  "auth.noSession": "Сеанс истёк; войдите снова",
  "auth.forbidden": "Запрос отклонён: нет разрешения {{permission}}",
  "auth.platformOnly": "Запрос отклонён: {{permission}} доступно только пользователям платформы",
  "auth.csrf": "Запрос отклонён: он должен поступать из консоли этого сайта",
  "auth.outOfRange": "Запрос отклонён: {{entity}} {{id}} вне вашей области данных",
  "login.invalidCredentials": "Неверное имя пользователя или пароль",
  "login.captchaRequired": "Введите символы с картинки",
  "login.captchaWrong": "Символы с картинки введены неверно; попробуйте с новой картинкой",
  "login.locked": "Слишком много неудачных попыток входа; повторите через {{minutes}} мин.",
  "login.disabled": "Учётная запись отключена; обратитесь к администратору",
  "login.codeRequired": "Введите код подтверждения, отправленный на {{mail}}",
  "login.codeWrong": "Код подтверждения неверен или истёк",
  "login.decryptFailed": "Не удалось расшифровать пароль; обновите страницу и повторите попытку",
  "login.codeSent": "Код подтверждения отправлен на {{mail}}",
  "login.codeTooSoon": "Новый код можно запросить через {{seconds}} с",
  "login.noMail": "У учётной записи нет адреса электронной почты для кода подтверждения",
  "login.tenantDisabled":
    "{{name}} отключена, поэтому её пользователи не могут войти; обратитесь к поставщику",
  "login.tenantExpired":
    "Подписка {{name}} истекла, поэтому её пользователи не могут войти; обратитесь к поставщику",
  "login.passwordExpired": "Срок действия пароля истёк; задайте новый, чтобы войти",
  "login.passwordReset": "Ваш пароль задан администратором; задайте свой, чтобы войти",
} satisfies Record<keyof typeof en, string>;
