import type en from "../en/position";

/** Server messages of terminal positions (the map), in Russian. */
export default {
  "map.suggestNotConfigured":
    "Поиск адресов не настроен: укажите службу подсказок адресов (mapSuggestUrl) в системных настройках",
  "map.suggestUnreachable": "Служба поиска адресов {{host}} недоступна ({{reason}})",
  "map.suggestFailed": "Служба поиска адресов {{host}} вернула непригодный ответ ({{reason}})",
} satisfies Record<keyof typeof en, string>;
