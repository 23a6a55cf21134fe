import type en from "../en/sysSetting";

/** Server messages of system settings, in Russian. */
export default {
  "setting.unknownKey": "Неизвестный параметр: {{key}}",
  "setting.platformOnly":
    "Запрос отклонён: читать и изменять параметр {{key}} могут только пользователи платформы",
} satisfies Record<keyof typeof en, string>;
