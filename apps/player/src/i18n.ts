/**
 * The player's own few strings in the six languages of the console. A screen
 * has no console i18n and nobody to pick a language, so the browser's
 * language decides, falling back to English.
 */

const en = {
  enrolTitle: "This screen is waiting to be authorised",
  enrolCode: "Enrolment code",
  enrolHint: "In the console: Terminal management → Authorise a screen",
  server: "Server",
  connecting: "Connecting to the server…",
  unreachable: "The server cannot be reached; trying again",
  authorisedWaiting: "Authorised — waiting for content",
  noContent: "No content yet",
  disabled: "This screen has been disabled",
  screenId: "Screen {{id}}",
  diagTitle: "Diagnostics",
  diagTerminal: "Terminal",
  diagState: "State",
  diagConnection: "Connection",
  diagManifest: "Manifest",
  diagCache: "Cache",
  diagProgram: "Program",
  diagDownloads: "Downloads",
  diagError: "Last error",
  diagVersion: "Version",
  connected: "connected",
  disconnected: "disconnected",
  none: "none",
  statePending: "pending",
  stateAuthorised: "authorised",
  stateDisabled: "disabled",
  stateUnknown: "not registered",
  downloadProgress: "{{done}} of {{total}} files",
  diagScreen: "Screen",
  diagClock: "Clock offset",
  screenOn: "on",
  screenOff: "off (timer)",
  clockOffset: "{{offset}} ms (round trip {{rtt}} ms)",
};

/** A key of the player's strings. */
export type PlayerKey = keyof typeof en;
type Dictionary = Record<PlayerKey, string>;

/** The languages of the console, in the order it lists them. */
export const PLAYER_LANGUAGES = ["zh_CN", "zh_TW", "en", "it", "ru", "fr"] as const;
/** One of the six languages. */
export type PlayerLanguage = (typeof PLAYER_LANGUAGES)[number];

/** Every string in every language; a test checks they hold the same keys and placeholders. */
export const PLAYER_MESSAGES: Record<PlayerLanguage, Dictionary> = {
  en,
  zh_CN: {
    enrolTitle: "此屏幕正在等待授权",
    enrolCode: "注册码",
    enrolHint: "在控制台中：终端管理 → 授权屏幕",
    server: "服务器",
    connecting: "正在连接服务器…",
    unreachable: "无法连接服务器，正在重试",
    authorisedWaiting: "已授权——等待内容",
    noContent: "暂无内容",
    disabled: "此屏幕已被停用",
    screenId: "屏幕 {{id}}",
    diagTitle: "诊断信息",
    diagTerminal: "终端",
    diagState: "状态",
    diagConnection: "连接",
    diagManifest: "清单",
    diagCache: "缓存",
    diagProgram: "节目",
    diagDownloads: "下载",
    diagError: "最近错误",
    diagVersion: "版本",
    connected: "已连接",
    disconnected: "未连接",
    none: "无",
    statePending: "待授权",
    stateAuthorised: "已授权",
    stateDisabled: "已停用",
    stateUnknown: "未注册",
    downloadProgress: "{{done}} / {{total}} 个文件",
    diagScreen: "屏幕",
    diagClock: "时钟偏差",
    screenOn: "开启",
    screenOff: "关闭（定时）",
    clockOffset: "{{offset}} 毫秒（往返 {{rtt}} 毫秒）",
  },
  zh_TW: {
    enrolTitle: "此螢幕正在等待授權",
    enrolCode: "註冊碼",
    enrolHint: "在控制台中：終端管理 → 授權螢幕",
    server: "伺服器",
    connecting: "正在連線伺服器…",
    unreachable: "無法連線伺服器，正在重試",
    authorisedWaiting: "已授權——等待內容",
    noContent: "尚無內容",
    disabled: "此螢幕已被停用",
    screenId: "螢幕 {{id}}",
    diagTitle: "診斷資訊",
    diagTerminal: "終端",
    diagState: "狀態",
    diagConnection: "連線",
    diagManifest: "清單",
    diagCache: "快取",
    diagProgram: "節目",
    diagDownloads: "下載",
    diagError: "最近錯誤",
    diagVersion: "版本",
    connected: "已連線",
    disconnected: "未連線",
    none: "無",
    statePending: "待授權",
    stateAuthorised: "已授權",
    stateDisabled: "已停用",
    stateUnknown: "未註冊",
    downloadProgress: "{{done}} / {{total}} 個檔案",
    diagScreen: "螢幕",
    diagClock: "時鐘偏差",
    screenOn: "開啟",
    screenOff: "關閉（定時）",
    clockOffset: "{{offset}} 毫秒（往返 {{rtt}} 毫秒）",
  },
  it: {
    enrolTitle: "Questo schermo è in attesa di autorizzazione",
    enrolCode: "Codice di registrazione",
    enrolHint: "Nella console: Gestione terminali → Autorizza uno schermo",
    server: "Server",
    connecting: "Connessione al server…",
    unreachable: "Il server non è raggiungibile; nuovo tentativo in corso",
    authorisedWaiting: "Autorizzato — in attesa di contenuti",
    noContent: "Nessun contenuto per ora",
    disabled: "Questo schermo è stato disattivato",
    screenId: "Schermo {{id}}",
    diagTitle: "Diagnostica",
    diagTerminal: "Terminale",
    diagState: "Stato",
    diagConnection: "Connessione",
    diagManifest: "Manifesto",
    diagCache: "Cache",
    diagProgram: "Programma",
    diagDownloads: "Scaricamenti",
    diagError: "Ultimo errore",
    diagVersion: "Versione",
    connected: "connesso",
    disconnected: "non connesso",
    none: "nessuno",
    statePending: "in attesa",
    stateAuthorised: "autorizzato",
    stateDisabled: "disattivato",
    stateUnknown: "non registrato",
    downloadProgress: "{{done}} di {{total}} file",
    diagScreen: "Schermo",
    diagClock: "Scarto dell'orologio",
    screenOn: "acceso",
    screenOff: "spento (timer)",
    clockOffset: "{{offset}} ms (andata e ritorno {{rtt}} ms)",
  },
  ru: {
    enrolTitle: "Этот экран ожидает авторизации",
    enrolCode: "Код регистрации",
    enrolHint: "В консоли: Управление терминалами → Авторизовать экран",
    server: "Сервер",
    connecting: "Подключение к серверу…",
    unreachable: "Сервер недоступен; повторная попытка",
    authorisedWaiting: "Авторизован — ожидание контента",
    noContent: "Контента пока нет",
    disabled: "Этот экран отключён",
    screenId: "Экран {{id}}",
    diagTitle: "Диагностика",
    diagTerminal: "Терминал",
    diagState: "Состояние",
    diagConnection: "Соединение",
    diagManifest: "Манифест",
    diagCache: "Кэш",
    diagProgram: "Программа",
    diagDownloads: "Загрузки",
    diagError: "Последняя ошибка",
    diagVersion: "Версия",
    connected: "подключён",
    disconnected: "не подключён",
    none: "нет",
    statePending: "ожидает",
    stateAuthorised: "авторизован",
    stateDisabled: "отключён",
    stateUnknown: "не зарегистрирован",
    downloadProgress: "{{done}} из {{total}} файлов",
    diagScreen: "Экран",
    diagClock: "Сдвиг часов",
    screenOn: "включён",
    screenOff: "выключен (таймер)",
    clockOffset: "{{offset}} мс (туда и обратно {{rtt}} мс)",
  },
  fr: {
    enrolTitle: "Cet écran attend d’être autorisé",
    enrolCode: "Code d’enrôlement",
    enrolHint: "Dans la console : Gestion des terminaux → Autoriser un écran",
    server: "Serveur",
    connecting: "Connexion au serveur…",
    unreachable: "Le serveur est injoignable ; nouvelle tentative",
    authorisedWaiting: "Autorisé — en attente de contenu",
    noContent: "Pas encore de contenu",
    disabled: "Cet écran a été désactivé",
    screenId: "Écran {{id}}",
    diagTitle: "Diagnostic",
    diagTerminal: "Terminal",
    diagState: "État",
    diagConnection: "Connexion",
    diagManifest: "Manifeste",
    diagCache: "Cache",
    diagProgram: "Programme",
    diagDownloads: "Téléchargements",
    diagError: "Dernière erreur",
    diagVersion: "Version",
    connected: "connecté",
    disconnected: "déconnecté",
    none: "aucune",
    statePending: "en attente",
    stateAuthorised: "autorisé",
    stateDisabled: "désactivé",
    stateUnknown: "non enregistré",
    downloadProgress: "Fichiers : {{done}} / {{total}}",
    diagScreen: "Écran",
    diagClock: "Décalage d'horloge",
    screenOn: "allumé",
    screenOff: "éteint (minuterie)",
    clockOffset: "{{offset}} ms (aller-retour {{rtt}} ms)",
  },
};

/**
 * The first of the browser's languages the player speaks ("zh-TW", "zh-Hant",
 * "zh-HK" → zh_TW; other Chinese → zh_CN; "fr-CA" → fr…), else English.
 */
export function pickLanguage(browserLanguages: readonly string[]): PlayerLanguage {
  for (const raw of browserLanguages) {
    const tag = raw.toLowerCase().replace(/_/g, "-");
    const [base] = tag.split("-");
    if (base === "zh")
      return /-(tw|hk|mo|hant)(-|$)/.test(tag) && !/-hans(-|$)/.test(tag) ? "zh_TW" : "zh_CN";
    if (base === "en" || base === "it" || base === "ru" || base === "fr") return base;
  }
  return "en";
}

/** A string in a language with its {{placeholders}} filled. */
export function t(lang: PlayerLanguage, key: PlayerKey, vars: Record<string, string | number> = {}): string {
  const text = PLAYER_MESSAGES[lang][key] ?? en[key];
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

/**
 * How the screen names itself in a corner of its idle and enrolment screens: the name an operator gave it,
 * as its last manifest says (a rename arrives with the next sync), with its number; else its number alone.
 */
export function screenLabel(
  lang: PlayerLanguage,
  terminalId: number | null,
  terminalName?: string,
): string | null {
  if (!terminalId) return null;
  const name = terminalName?.trim();
  return name ? `${name} (#${terminalId})` : t(lang, "screenId", { id: terminalId });
}
