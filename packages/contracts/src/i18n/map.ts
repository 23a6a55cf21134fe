/** Server messages of map (issue 9), in the six languages; merged into messages.<locale>.ts. */
const en = {
  "map.suggestNotConfigured":
    "Address search is not configured: set the address suggestion service (mapSuggestUrl) in the system settings",
  "map.suggestUnreachable": "The address search service {{host}} cannot be reached ({{reason}})",
  "map.suggestFailed": "The address search service {{host}} gave an unusable answer ({{reason}})",
} as const;

type Catalogue = { readonly [K in keyof typeof en]: string };

const zh_CN: Catalogue = {
  "map.suggestNotConfigured": "未配置地址搜索：请在系统设置中填写地址联想服务（mapSuggestUrl）",
  "map.suggestUnreachable": "无法连接地址搜索服务 {{host}}（{{reason}}）",
  "map.suggestFailed": "地址搜索服务 {{host}} 返回了无法使用的结果（{{reason}}）",
};
const zh_TW: Catalogue = {
  "map.suggestNotConfigured": "未設定地址搜尋：請在系統設定中填寫地址聯想服務（mapSuggestUrl）",
  "map.suggestUnreachable": "無法連線至地址搜尋服務 {{host}}（{{reason}}）",
  "map.suggestFailed": "地址搜尋服務 {{host}} 傳回了無法使用的結果（{{reason}}）",
};
const it: Catalogue = {
  "map.suggestNotConfigured":
    "La ricerca degli indirizzi non è configurata: impostare il servizio di suggerimento indirizzi (mapSuggestUrl) nelle impostazioni di sistema",
  "map.suggestUnreachable": "Il servizio di ricerca indirizzi {{host}} non è raggiungibile ({{reason}})",
  "map.suggestFailed":
    "Il servizio di ricerca indirizzi {{host}} ha dato una risposta inutilizzabile ({{reason}})",
};
const ru: Catalogue = {
  "map.suggestNotConfigured":
    "Поиск адресов не настроен: укажите службу подсказок адресов (mapSuggestUrl) в системных настройках",
  "map.suggestUnreachable": "Служба поиска адресов {{host}} недоступна ({{reason}})",
  "map.suggestFailed": "Служба поиска адресов {{host}} вернула непригодный ответ ({{reason}})",
};
const fr: Catalogue = {
  "map.suggestNotConfigured":
    "La recherche d’adresses n’est pas configurée : indiquez le service de suggestion d’adresses (mapSuggestUrl) dans les paramètres système",
  "map.suggestUnreachable": "Le service de recherche d’adresses {{host}} est injoignable ({{reason}})",
  "map.suggestFailed":
    "Le service de recherche d’adresses {{host}} a donné une réponse inutilisable ({{reason}})",
};

export const mapMessages = { en, zh_CN, zh_TW, it, ru, fr };
