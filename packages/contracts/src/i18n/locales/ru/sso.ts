import type en from "../en/sso";

/** Server messages of single sign-on (issue 23), in Russian. */
export default {
  "sso.issuerInvalid": "издатель должен быть адресом http или https",
  "sso.httpsRequired":
    "издатель должен использовать https (обычный http только на локальном или частном адресе, если это разрешает настройка ssoAllowHttp)",
  "sso.discoveryFailed": "Обнаружение {{issuer}} не удалось: {{reason}}",
  "sso.secretRequired": "введите секрет клиента",
  "sso.jitOfficeRequired": "выберите подразделение для новых пользователей",
  "sso.jitRoleRequired": "выберите роль новых пользователей",
  "sso.officeOutside": "подразделение {{id}} не принадлежит этому арендатору",
  "sso.roleOutside": "роль {{id}} не принадлежит этому арендатору",
  "sso.notTenant": "{{name}} не арендатор: единый вход настраивается для платформы, агента или клиента",
  "sso.passwordOff": "Вход по паролю отключён для вашей организации: используйте «Войти через {{label}}»",
  "sso.addressRefused":
    "«{{issuer}}» находится по адресу, к которому сервер не может обращаться (никогда — link-local и адреса метаданных; локальные и частные — только если это разрешает настройка ssoAllowHttp)",
} satisfies Record<keyof typeof en, string>;
