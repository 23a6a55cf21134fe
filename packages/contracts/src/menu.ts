import { z } from "zod";
import { zBool, zId } from "./common";
import type { Locale } from "./i18n/locales";
import { isPermission, type Permission } from "./permissions";
import { ROLE_CODE_PATTERN } from "./role";

/** Every name of the spec's named route table (§2), in its order. */
export const ROUTE_NAMES = [
  "login",
  "home",
  "resManage",
  "materialManage",
  "contentManage",
  "progMake",
  "playPlan",
  "PlanMake",
  "progManage",
  "messageMake",
  "messageManage",
  "contentCheck",
  "planCheck",
  "progCheck",
  "messageCheck",
  "terminalManage",
  "terminalMonitor",
  "synchronizedBroadcast",
  "terminalInfo",
  "terminalSetting",
  "sysManage",
  "personalInterface",
  "createDomainName",
  "openPersonal",
  "userManage",
  "agentOpening",
  "officeManage",
  "menuManage",
  "roleManage",
  "terminalMap",
  "systemSettings",
  "sysLog",
  "debugging",
  "dictManage",
  "commonProblemManager",
  "callCenter",
  "alarmManagement",
  "widgetManagement",
  "announcementManager",
  "dataStatistics",
  "userBehaviorStatistics",
  "purchaseService",
  "publishSet",
  "terminalSelection",
  "messageNotification",
  "personalCenter",
  "paymentCenter",
  "programEditor",
] as const;

/** A name of the spec's named route table. */
export type RouteName = (typeof ROUTE_NAMES)[number];

/** One entry of the server-driven menu/route tree, as seeded into a new installation. */
export interface MenuSeed {
  /** Route name; entries outside the named table (e.g. "demo") need a title in ROUTE_TITLES too. */
  name: RouteName | string;
  /** Path under the main layout as in spec §2; groups carry a short path of their own. */
  path: string;
  /** An @ant-design/icons component name. */
  icon?: string;
  /** Authority needed at this level ("*" is open); children inherit from parents (spec §5). */
  permission?: Permission | "*";
  /** Role codes that grant access at this level as an alternative to the permission. */
  roles?: string[];
  /** Routed but hidden from the menu. */
  invisible?: boolean;
  children?: MenuSeed[];
}

/** The menu/route tree a new installation starts with (spec §2 "Menu groups" and child pages). */
export const MENU_SEED: readonly MenuSeed[] = [
  { name: "home", path: "home", icon: "HomeOutlined", permission: "*" },
  {
    name: "resManage",
    path: "resManage",
    icon: "FolderOpenOutlined",
    children: [
      {
        name: "materialManage",
        path: "resManage/myRes",
        icon: "PictureOutlined",
        permission: "content:material:view",
      },
    ],
  },
  {
    name: "contentManage",
    path: "contentManage",
    icon: "AppstoreOutlined",
    children: [
      {
        name: "progMake",
        path: "program/make",
        icon: "BuildOutlined",
        permission: "content:program:edit",
        children: [
          {
            name: "programEditor",
            path: "/programEditor",
            icon: "EditOutlined",
            permission: "content:program:edit",
            invisible: true,
          },
        ],
      },
      {
        name: "playPlan",
        path: "playPlan/list",
        icon: "CalendarOutlined",
        permission: "content:playPlan:view",
        children: [
          {
            name: "PlanMake",
            path: "playPlan/planMake",
            icon: "ScheduleOutlined",
            permission: "content:playPlan:edit",
            invisible: true,
          },
        ],
      },
      {
        name: "progManage",
        path: "program/list",
        icon: "ProfileOutlined",
        permission: "content:program:view",
      },
      { name: "messageMake", path: "message/form", icon: "FormOutlined", permission: "content:message:edit" },
      {
        name: "messageManage",
        path: "publishMessage/list",
        icon: "MessageOutlined",
        permission: "content:message:view",
      },
    ],
  },
  {
    name: "contentCheck",
    path: "contentCheck",
    icon: "AuditOutlined",
    children: [
      {
        name: "materialCheck",
        path: "contentCheck/materialCheck",
        icon: "FileImageOutlined",
        permission: "content:material:review",
      },
      {
        name: "planCheck",
        path: "playPlan/checklist",
        icon: "CarryOutOutlined",
        permission: "content:playPlan:review",
      },
      {
        name: "progCheck",
        path: "publishProgram/checklist",
        icon: "FileDoneOutlined",
        permission: "content:program:review",
      },
      {
        name: "messageCheck",
        path: "publishMessage/checklist",
        icon: "CommentOutlined",
        permission: "content:message:review",
      },
    ],
  },
  {
    // Monitor, information and settings are one screen (spec §2), opened on different tabs.
    name: "terminalManage",
    path: "terminalManage",
    icon: "DesktopOutlined",
    children: [
      {
        name: "terminalMonitor",
        path: "terminalMonitor/monitor",
        icon: "MonitorOutlined",
        permission: "terminal:device:view",
      },
      {
        name: "terminalInfo",
        path: "terminalMonitor/info",
        icon: "InfoCircleOutlined",
        permission: "terminal:device:view",
      },
      {
        name: "terminalSetting",
        path: "terminalMonitor/setting",
        icon: "ControlOutlined",
        permission: "terminal:device:settings",
      },
      {
        name: "synchronizedBroadcast",
        path: "terminalMonitor/synchronizedBroadcast",
        icon: "SyncOutlined",
        permission: "terminal:syncBroadcast:view",
      },
    ],
  },
  {
    name: "sysManage",
    path: "sysManage",
    icon: "SettingOutlined",
    children: [
      {
        name: "createDomainName",
        path: "sys/customer/doaminNameSetting",
        icon: "GlobalOutlined",
        permission: "sys:domainName:view",
      },
      {
        name: "personalInterface",
        path: "sys/customer/personalInterface",
        icon: "SkinOutlined",
        permission: "sys:personalInterface:view",
      },
      {
        name: "openPersonal",
        path: "sys/customer/toOpenPersonalPage",
        icon: "BgColorsOutlined",
        permission: "sys:customer:personalise",
      },
      {
        name: "agentOpening",
        path: "sys/office/toOpenAgentOfficePage",
        icon: "UserSwitchOutlined",
        permission: "sys:office:openAgent",
      },
      { name: "userManage", path: "sys/user/", icon: "UserOutlined", permission: "sys:user:view" },
      { name: "officeManage", path: "sys/office", icon: "ApartmentOutlined", permission: "sys:office:view" },
      { name: "menuManage", path: "sysManage/menuManage", icon: "MenuOutlined", permission: "sys:menu:view" },
      {
        name: "roleManage",
        path: "sys/role",
        icon: "SafetyCertificateOutlined",
        permission: "sys:role:view",
      },
      {
        name: "systemSettings",
        path: "sys/sysSetting/list",
        icon: "ToolOutlined",
        permission: "sys:setting:view",
      },
      { name: "sysLog", path: "sys/log", icon: "FileTextOutlined", permission: "sys:log:view" },
      {
        // A page of System management (spec §2 menu groups; migration 0015), also reached from the bell's "View all".
        name: "messageNotification",
        path: "/sysManage/messageNotification",
        icon: "BellOutlined",
        permission: "sys:messageNotification:view",
      },
      {
        name: "alarmManagement",
        path: "abnormalAlarm/abnormalAlarmList",
        icon: "AlertOutlined",
        permission: "terminal:alarm:view",
      },
      {
        name: "widgetManagement",
        path: "widget/list",
        icon: "AppstoreAddOutlined",
        permission: "sys:widget:view",
      },
      {
        name: "announcementManager",
        path: "sys/sysSetting/announcementManager",
        icon: "NotificationOutlined",
        permission: "sys:announcement:view",
      },
      {
        name: "debugging",
        path: "sysManage/debugging",
        icon: "BugOutlined",
        permission: "terminal:device:debug",
      },
      {
        name: "dataStatistics",
        path: "dataStatistics/index",
        icon: "BarChartOutlined",
        permission: "stats:data:view",
      },
      {
        name: "userBehaviorStatistics",
        path: "dataStatistics/userBehavior",
        icon: "LineChartOutlined",
        permission: "stats:userBehavior:view",
      },
      {
        name: "purchaseService",
        path: "sysManage/purchaseService",
        icon: "ShoppingCartOutlined",
        permission: "pay:service:view",
      },
      { name: "dictManage", path: "sysManage/dictManage", icon: "BookOutlined", permission: "sys:dict:view" },
      {
        name: "commonProblemManager",
        path: "sysManage/commonProblemManager",
        icon: "QuestionCircleOutlined",
        permission: "sys:commonProblem:view",
      },
      {
        name: "callCenter",
        path: "sysManage/callCenter",
        icon: "CustomerServiceOutlined",
        permission: "sys:callCenter:view",
      },
      {
        name: "terminalMap",
        path: "sysManage/terminalMap",
        icon: "EnvironmentOutlined",
        permission: "terminal:map:view",
      },
    ],
  },
  {
    name: "paymentCenter",
    path: "paymentCenter/index",
    icon: "PayCircleOutlined",
    permission: "pay:order:view",
  },
  {
    name: "auth",
    path: "auth",
    icon: "LockOutlined",
    children: [
      // Spec §6: the demo page's authority names role manager and permission form; by the rule of §5
      // and §6, either one opens it (README, Decisions).
      { name: "demo", path: "auth/demo", icon: "ExperimentOutlined", permission: "form", roles: ["manager"] },
    ],
  },
  {
    name: "personalCenter",
    path: "/personalCenter",
    icon: "IdcardOutlined",
    permission: "*",
    invisible: true,
  },
  // Kept for server menus that name it; renders nothing (DECISIONS.md).
  { name: "apmWeb", path: "apm-web/a", permission: "*", invisible: true },
  { name: "exception403", path: "exception/403", icon: "StopOutlined", permission: "*", invisible: true },
  {
    name: "exception404",
    path: "exception/404",
    icon: "FileUnknownOutlined",
    permission: "*",
    invisible: true,
  },
  { name: "exception500", path: "exception/500", icon: "WarningOutlined", permission: "*", invisible: true },
];

/** Menu titles of every route name, in the six console languages. */
export const ROUTE_TITLES: Record<string, Record<Locale, string>> = {
  login: { zh_CN: "登录", zh_TW: "登入", en: "Sign in", it: "Accesso", ru: "Вход", fr: "Connexion" },
  home: { zh_CN: "首页", zh_TW: "首頁", en: "Home", it: "Pagina iniziale", ru: "Главная", fr: "Accueil" },
  resManage: {
    zh_CN: "资源管理",
    zh_TW: "資源管理",
    en: "Resource management",
    it: "Gestione risorse",
    ru: "Управление ресурсами",
    fr: "Gestion des ressources",
  },
  materialManage: {
    zh_CN: "素材管理",
    zh_TW: "素材管理",
    en: "Material management",
    it: "Gestione materiali",
    ru: "Управление материалами",
    fr: "Gestion des médias",
  },
  contentManage: {
    zh_CN: "内容管理",
    zh_TW: "內容管理",
    en: "Content management",
    it: "Gestione contenuti",
    ru: "Управление контентом",
    fr: "Gestion du contenu",
  },
  progMake: {
    zh_CN: "节目制作",
    zh_TW: "節目製作",
    en: "Program production",
    it: "Creazione programmi",
    ru: "Создание программ",
    fr: "Création de programmes",
  },
  playPlan: {
    zh_CN: "播放计划",
    zh_TW: "播放計劃",
    en: "Play plans",
    it: "Piani di riproduzione",
    ru: "Планы воспроизведения",
    fr: "Plans de diffusion",
  },
  PlanMake: {
    zh_CN: "计划制作",
    zh_TW: "計劃製作",
    en: "Plan production",
    it: "Creazione piano",
    ru: "Создание плана",
    fr: "Création de plan",
  },
  progManage: {
    zh_CN: "节目管理",
    zh_TW: "節目管理",
    en: "Program management",
    it: "Gestione programmi",
    ru: "Управление программами",
    fr: "Gestion des programmes",
  },
  messageMake: {
    zh_CN: "消息制作",
    zh_TW: "訊息製作",
    en: "Message production",
    it: "Creazione messaggi",
    ru: "Создание сообщений",
    fr: "Création de messages",
  },
  messageManage: {
    zh_CN: "消息管理",
    zh_TW: "訊息管理",
    en: "Message management",
    it: "Gestione messaggi",
    ru: "Управление сообщениями",
    fr: "Gestion des messages",
  },
  contentCheck: {
    zh_CN: "内容审核",
    zh_TW: "內容審核",
    en: "Content review",
    it: "Revisione contenuti",
    ru: "Проверка контента",
    fr: "Validation du contenu",
  },
  materialCheck: {
    zh_CN: "素材审核",
    zh_TW: "素材審核",
    en: "Material review",
    it: "Revisione materiali",
    ru: "Проверка материалов",
    fr: "Validation des médias",
  },
  planCheck: {
    zh_CN: "计划审核",
    zh_TW: "計劃審核",
    en: "Plan review",
    it: "Revisione piani",
    ru: "Проверка планов",
    fr: "Validation des plans",
  },
  progCheck: {
    zh_CN: "节目审核",
    zh_TW: "節目審核",
    en: "Program review",
    it: "Revisione programmi",
    ru: "Проверка программ",
    fr: "Validation des programmes",
  },
  messageCheck: {
    zh_CN: "消息审核",
    zh_TW: "訊息審核",
    en: "Message review",
    it: "Revisione messaggi",
    ru: "Проверка сообщений",
    fr: "Validation des messages",
  },
  terminalManage: {
    zh_CN: "终端管理",
    zh_TW: "終端管理",
    en: "Terminal management",
    it: "Gestione terminali",
    ru: "Управление терминалами",
    fr: "Gestion des terminaux",
  },
  terminalMonitor: {
    zh_CN: "终端监控",
    zh_TW: "終端監控",
    en: "Terminal monitoring",
    it: "Monitoraggio terminali",
    ru: "Мониторинг терминалов",
    fr: "Supervision des terminaux",
  },
  synchronizedBroadcast: {
    zh_CN: "同步播放",
    zh_TW: "同步播放",
    en: "Synchronized playback",
    it: "Riproduzione sincronizzata",
    ru: "Синхронное воспроизведение",
    fr: "Diffusion synchronisée",
  },
  terminalInfo: {
    zh_CN: "终端信息",
    zh_TW: "終端資訊",
    en: "Terminal information",
    it: "Informazioni terminali",
    ru: "Сведения о терминалах",
    fr: "Informations des terminaux",
  },
  terminalSetting: {
    zh_CN: "终端设置",
    zh_TW: "終端設定",
    en: "Terminal settings",
    it: "Impostazioni terminali",
    ru: "Настройки терминалов",
    fr: "Paramètres des terminaux",
  },
  sysManage: {
    zh_CN: "系统管理",
    zh_TW: "系統管理",
    en: "System management",
    it: "Gestione sistema",
    ru: "Управление системой",
    fr: "Gestion du système",
  },
  personalInterface: {
    zh_CN: "个性化界面",
    zh_TW: "個人化介面",
    en: "Personalised interface",
    it: "Interfaccia personalizzata",
    ru: "Персональный интерфейс",
    fr: "Interface personnalisée",
  },
  createDomainName: {
    zh_CN: "创建域名",
    zh_TW: "建立網域名稱",
    en: "Create domain name",
    it: "Crea nome di dominio",
    ru: "Создание доменного имени",
    fr: "Créer un nom de domaine",
  },
  openPersonal: {
    zh_CN: "开通个性化",
    zh_TW: "開通個人化",
    en: "Enable personalisation",
    it: "Attiva personalizzazione",
    ru: "Включение персонализации",
    fr: "Activer la personnalisation",
  },
  userManage: {
    zh_CN: "用户管理",
    zh_TW: "使用者管理",
    en: "User management",
    it: "Gestione utenti",
    ru: "Управление пользователями",
    fr: "Gestion des utilisateurs",
  },
  agentOpening: {
    zh_CN: "代理商开通",
    zh_TW: "代理商開通",
    en: "Agent activation",
    it: "Attivazione agenti",
    ru: "Подключение агентов",
    fr: "Activation des agents",
  },
  officeManage: {
    zh_CN: "机构管理",
    zh_TW: "機構管理",
    en: "Institution management",
    it: "Gestione enti",
    ru: "Управление организациями",
    fr: "Gestion des organisations",
  },
  menuManage: {
    zh_CN: "菜单管理",
    zh_TW: "選單管理",
    en: "Menu management",
    it: "Gestione menu",
    ru: "Управление меню",
    fr: "Gestion des menus",
  },
  roleManage: {
    zh_CN: "角色管理",
    zh_TW: "角色管理",
    en: "Role management",
    it: "Gestione ruoli",
    ru: "Управление ролями",
    fr: "Gestion des rôles",
  },
  terminalMap: {
    zh_CN: "终端地图",
    zh_TW: "終端地圖",
    en: "Terminal map",
    it: "Mappa terminali",
    ru: "Карта терминалов",
    fr: "Carte des terminaux",
  },
  systemSettings: {
    zh_CN: "系统设置",
    zh_TW: "系統設定",
    en: "System settings",
    it: "Impostazioni di sistema",
    ru: "Системные настройки",
    fr: "Paramètres système",
  },
  sysLog: {
    zh_CN: "系统日志",
    zh_TW: "系統日誌",
    en: "System log",
    it: "Registro di sistema",
    ru: "Системный журнал",
    fr: "Journal système",
  },
  debugging: {
    zh_CN: "终端调试",
    zh_TW: "終端調試",
    en: "Terminal debugging",
    it: "Debug dei terminali",
    ru: "Отладка терминалов",
    fr: "Débogage des terminaux",
  },
  dictManage: {
    zh_CN: "字典管理",
    zh_TW: "字典管理",
    en: "Dictionary management",
    it: "Gestione dizionari",
    ru: "Справочники",
    fr: "Gestion des dictionnaires",
  },
  commonProblemManager: {
    zh_CN: "常见问题",
    zh_TW: "常見問題",
    en: "FAQ",
    it: "Domande frequenti",
    ru: "Частые вопросы",
    fr: "Questions fréquentes",
  },
  callCenter: {
    zh_CN: "客服中心",
    zh_TW: "客服中心",
    en: "Customer centre",
    it: "Centro assistenza",
    ru: "Служба поддержки",
    fr: "Centre d'assistance",
  },
  alarmManagement: {
    zh_CN: "告警管理",
    zh_TW: "告警管理",
    en: "Alarm management",
    it: "Gestione allarmi",
    ru: "Управление тревогами",
    fr: "Gestion des alarmes",
  },
  widgetManagement: {
    zh_CN: "组件管理",
    zh_TW: "元件管理",
    en: "Widget management",
    it: "Gestione widget",
    ru: "Управление виджетами",
    fr: "Gestion des widgets",
  },
  announcementManager: {
    zh_CN: "公告管理",
    zh_TW: "公告管理",
    en: "Announcement management",
    it: "Gestione annunci",
    ru: "Управление объявлениями",
    fr: "Gestion des annonces",
  },
  dataStatistics: {
    zh_CN: "数据统计",
    zh_TW: "數據統計",
    en: "Statistics",
    it: "Statistiche",
    ru: "Статистика",
    fr: "Statistiques",
  },
  userBehaviorStatistics: {
    zh_CN: "用户行为统计",
    zh_TW: "使用者行為統計",
    en: "User behaviour statistics",
    it: "Statistiche di utilizzo",
    ru: "Статистика действий пользователей",
    fr: "Statistiques d'utilisation",
  },
  purchaseService: {
    zh_CN: "购买服务",
    zh_TW: "購買服務",
    en: "Purchase services",
    it: "Acquisto servizi",
    ru: "Покупка услуг",
    fr: "Achat de services",
  },
  publishSet: {
    zh_CN: "发布设置",
    zh_TW: "發佈設定",
    en: "Publish settings",
    it: "Impostazioni di pubblicazione",
    ru: "Настройки публикации",
    fr: "Paramètres de publication",
  },
  terminalSelection: {
    zh_CN: "终端选择",
    zh_TW: "終端選擇",
    en: "Terminal selection",
    it: "Selezione terminali",
    ru: "Выбор терминалов",
    fr: "Sélection des terminaux",
  },
  messageNotification: {
    zh_CN: "消息通知",
    zh_TW: "訊息通知",
    en: "Message notifications",
    it: "Notifiche",
    ru: "Уведомления",
    fr: "Notifications des messages",
  },
  personalCenter: {
    zh_CN: "个人中心",
    zh_TW: "個人中心",
    en: "Personal center",
    it: "Area personale",
    ru: "Личный кабинет",
    fr: "Espace personnel",
  },
  paymentCenter: {
    zh_CN: "支付中心",
    zh_TW: "支付中心",
    en: "Payment centre",
    it: "Centro pagamenti",
    ru: "Центр оплаты",
    fr: "Centre de paiement",
  },
  programEditor: {
    zh_CN: "节目编辑器",
    zh_TW: "節目編輯器",
    en: "Program editor",
    it: "Editor dei programmi",
    ru: "Редактор программ",
    fr: "Éditeur de programmes",
  },
  auth: {
    zh_CN: "权限验证",
    zh_TW: "權限驗證",
    en: "Access check",
    it: "Verifica permessi",
    ru: "Проверка прав",
    fr: "Vérification des droits",
  },
  demo: {
    zh_CN: "权限演示",
    zh_TW: "權限演示",
    en: "Permission demo",
    it: "Demo dei permessi",
    ru: "Демонстрация прав",
    fr: "Démo des droits",
  },
  apmWeb: {
    zh_CN: "空白页",
    zh_TW: "空白頁",
    en: "Blank page",
    it: "Pagina vuota",
    ru: "Пустая страница",
    fr: "Page vide",
  },
  exception403: {
    zh_CN: "无权访问",
    zh_TW: "無權存取",
    en: "Access denied",
    it: "Accesso negato",
    ru: "Доступ запрещён",
    fr: "Accès refusé",
  },
  exception404: {
    zh_CN: "页面不存在",
    zh_TW: "頁面不存在",
    en: "Page not found",
    it: "Pagina non trovata",
    ru: "Страница не найдена",
    fr: "Page introuvable",
  },
  exception500: {
    zh_CN: "服务器错误",
    zh_TW: "伺服器錯誤",
    en: "Server error",
    it: "Errore del server",
    ru: "Ошибка сервера",
    fr: "Erreur du serveur",
  },
};

/** A menu entry placed in the tree: its parent's name and its index among siblings. */
export type FlatMenuEntry = MenuSeed & { parentName: string | null; sort: number };

/** The menu tree as a depth-first list, each parent before its children. */
export function flattenMenu(seed: readonly MenuSeed[] = MENU_SEED): FlatMenuEntry[] {
  const entries: FlatMenuEntry[] = [];
  const walk = (level: readonly MenuSeed[], parentName: string | null): void => {
    for (const [sort, entry] of level.entries()) {
      entries.push({ ...entry, parentName, sort });
      if (entry.children) walk(entry.children, entry.name);
    }
  };
  walk(seed, null);
  return entries;
}

/** A node of the route/menu tree that `GET /routes` and `/a/sys/menu/lists` answer (spec §2). */
export interface RouteNode {
  id: number;
  parentId: number | null;
  name: string;
  path: string;
  component: string;
  icon: string | null;
  sort: number;
  meta: {
    /** The title in the caller's language. */
    title: string;
    /** The title in all six languages, so the console can switch without asking again. */
    titles: Record<Locale, string> | null;
    invisible: boolean;
    /** A permission string ("*" open), or a permission with the roles that also grant it (spec §6). */
    authority: { permission: string; role?: string[] } | string;
    /** An external address the entry opens instead of a page (menu management). */
    link?: string | null;
    /** Open `link` inside the console (/inframe) rather than in a new tab. */
    frame?: boolean;
  };
  children: RouteNode[];
}

/**
 * A node of `GET /a/sys/menu/lists` (menu management): the route node with
 * what only the editor needs. `component` and `meta` are as `/routes` serves them.
 */
export interface MenuEntry extends Omit<RouteNode, "children"> {
  /** Seeded entries: their name and path are fixed, and they cannot be deleted. */
  builtIn: boolean;
  /** The permission stored at this level (null: none, the level is open). */
  permission: string | null;
  /** Role codes that grant this level as an alternative to the permission. */
  roles: string[];
  /** The page shown, when not the one registered under `name`. */
  componentOverride: string | null;
  link: string | null;
  frame: boolean;
  children: MenuEntry[];
}

/** A menu entry's name: a letter, then letters, digits or `_` (the console finds pages by it). */
export const MENU_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
/** A route path under the main layout: segments of letters, digits, `-` or `_`, optionally starting or ending with `/`. */
export const MENU_PATH_PATTERN = /^\/?[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*\/?$/;
/** An @ant-design/icons component name, such as SettingOutlined. */
export const MENU_ICON_PATTERN = /^[A-Z][A-Za-z0-9]*(?:Outlined|Filled|TwoTone)$/;
/** The longest menu title. */
export const MENU_TITLE_MAX = 64;

/** Whether `v` is an absolute http(s) address. */
export function isHttpUrl(v: string): boolean {
  try {
    const url = new URL(v);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/** A text field where "" means none (null). */
const emptyIsNull = (inner: z.ZodString) =>
  inner
    .transform((v) => (v === "" ? null : v))
    .nullable()
    .optional();

const title = z.string().trim().max(MENU_TITLE_MAX).optional();

/**
 * POST /a/sys/menu/save (JSON): create (no `id`) or edit an entry. On an edit,
 * an omitted field keeps its value; on a create it takes its default.
 */
export const MenuSaveBody = z.strictObject({
  id: zId.optional(),
  /** null: a top-level entry. */
  parentId: zId.nullable().optional(),
  name: z.string().trim().min(1).max(64).regex(MENU_NAME_PATTERN, "menu.nameFormat"),
  path: z.string().trim().min(1).max(200).regex(MENU_PATH_PATTERN, "menu.pathFormat"),
  icon: emptyIsNull(
    z
      .string()
      .trim()
      .max(64)
      .refine((v) => v === "" || MENU_ICON_PATTERN.test(v), "menu.iconFormat"),
  ),
  sort: z.coerce.number().int().min(0).max(100_000).optional(),
  /** A permission of the catalogue, "*" (open), or "" / null (none). */
  permission: emptyIsNull(
    z
      .string()
      .trim()
      .max(100)
      .refine((v) => v === "" || v === "*" || isPermission(v), "menu.permissionUnknown"),
  ),
  roles: z.array(z.string().trim().max(64).regex(ROLE_CODE_PATTERN, "role.codeFormat")).max(20).optional(),
  invisible: zBool.optional(),
  link: emptyIsNull(
    z
      .string()
      .trim()
      .max(2000)
      .refine((v) => v === "" || isHttpUrl(v), "menu.linkFormat"),
  ),
  frame: zBool.optional(),
  /** The name of a registered page to show instead of the one named like the entry. */
  component: emptyIsNull(
    z
      .string()
      .trim()
      .max(64)
      .refine((v) => v === "" || MENU_NAME_PATTERN.test(v), "menu.componentUnknown"),
  ),
  /** Titles per console language; an empty one takes the default title. */
  titles: z
    .strictObject({ zh_CN: title, zh_TW: title, en: title, it: title, ru: title, fr: title })
    .nullable()
    .optional(),
});
export type MenuSaveBody = z.input<typeof MenuSaveBody>;

/** POST /a/sys/menu/delete */
export const MenuDeleteBody = z.strictObject({ id: zId });

/** POST /a/sys/menu/sort (JSON): moves an entry under `parentId` (null: top level) at position `index`. */
export const MenuSortBody = z.strictObject({
  id: zId,
  parentId: zId.nullable(),
  index: z.coerce.number().int().min(0).max(100_000),
});
export type MenuSortBody = z.input<typeof MenuSortBody>;
