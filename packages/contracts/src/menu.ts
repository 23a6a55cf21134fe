import { z } from "zod";
import { Envelope, zBool, zId } from "./common";
import { LOCALES, type Locale } from "./i18n/locales";
import en from "./i18n/locales/en/menu";
import fr from "./i18n/locales/fr/menu";
import it from "./i18n/locales/it/menu";
import ru from "./i18n/locales/ru/menu";
import zh_CN from "./i18n/locales/zh_CN/menu";
import zh_TW from "./i18n/locales/zh_TW/menu";
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
  // Single sign-on (issue 23).
  "ssoSettings",
  // Signed webhooks (issue 23).
  "webhookManage",
  // Video walls (issue 24).
  "videoWalls",
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
      // Video walls (issue 24).
      {
        name: "videoWalls",
        path: "terminalMonitor/videoWalls",
        icon: "AppstoreOutlined",
        permission: "terminal:wall:view",
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
      // Single sign-on (issue 23): the tenant's OpenID Connect provider (migration 0028 adds it to existing menus).
      { name: "ssoSettings", path: "sys/sso", icon: "SafetyCertificateOutlined", permission: "sys:sso:edit" },
      // Signed webhooks (issue 23): the tenant's endpoints and delivery log (migration 0027 adds it to existing menus).
      { name: "webhookManage", path: "sys/webhook", icon: "ApiOutlined", permission: "sys:webhook:view" },
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

/** A route's title is the server catalogue's message `menu.title.<route name>` (its `menu` domain). */
const ROUTE_TITLE_PREFIX = "menu.title.";

/**
 * The `menu` domain in each language, read here rather than through MESSAGES so
 * that the console, which shows route titles, does not bundle the whole server
 * catalogue.
 */
const MENU_TEXTS: Record<Locale, Record<string, string>> = { zh_CN, zh_TW, en, it, ru, fr };

/** Menu titles of every route name, in the six console languages. */
export const ROUTE_TITLES: Record<string, Record<Locale, string>> = Object.fromEntries(
  Object.keys(en)
    .filter((key) => key.startsWith(ROUTE_TITLE_PREFIX))
    .map((key) => [
      key.slice(ROUTE_TITLE_PREFIX.length),
      Object.fromEntries(LOCALES.map((locale) => [locale, MENU_TEXTS[locale][key] ?? ""])) as Record<
        Locale,
        string
      >,
    ]),
);

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

/** The fields of a node of the route/menu tree, without its children. */
const RouteNodeFields = z.object({
  id: z.number(),
  parentId: z.number().nullable(),
  name: z.string(),
  path: z.string(),
  component: z.string(),
  icon: z.string().nullable(),
  sort: z.number(),
  meta: z.object({
    /** The title in the caller's language. */
    title: z.string(),
    /** The title in all six languages, so the console can switch without asking again. */
    titles: z.record(z.enum(LOCALES), z.string()).nullable(),
    invisible: z.boolean(),
    /** A permission string ("*" open), or a permission with the roles that also grant it (spec §6). */
    authority: z.union([
      z.object({ permission: z.string(), role: z.array(z.string()).optional() }),
      z.string(),
    ]),
    /** An external address the entry opens instead of a page (menu management). */
    link: z.string().nullable().optional(),
    /** Open `link` inside the console (/inframe) rather than in a new tab. */
    frame: z.boolean().optional(),
  }),
});

/**
 * A node of the route/menu tree that `GET /routes` and `/a/sys/menu/lists` answer (spec §2). Recursive, so
 * it is named (`id`): the OpenAPI document holds it once among its components and refers to it.
 */
export type RouteNode = z.infer<typeof RouteNodeFields> & { children: RouteNode[] };
export const RouteNode: z.ZodType<RouteNode> = RouteNodeFields.extend({
  children: z.array(z.lazy(() => RouteNode)),
}).meta({ id: "RouteNode" });

/**
 * A node of `GET /a/sys/menu/lists` (menu management): the route node with
 * what only the editor needs. `component` and `meta` are as `/routes` serves them.
 */
const MenuEntryFields = RouteNodeFields.extend({
  /** Seeded entries: their name and path are fixed, and they cannot be deleted. */
  builtIn: z.boolean(),
  /** The permission stored at this level (null: none, the level is open). */
  permission: z.string().nullable(),
  /** Role codes that grant this level as an alternative to the permission. */
  roles: z.array(z.string()),
  /** The page shown, when not the one registered under `name`. */
  componentOverride: z.string().nullable(),
  link: z.string().nullable(),
  frame: z.boolean(),
});
export type MenuEntry = z.infer<typeof MenuEntryFields> & { children: MenuEntry[] };
export const MenuEntry: z.ZodType<MenuEntry> = MenuEntryFields.extend({
  children: z.array(z.lazy(() => MenuEntry)),
}).meta({ id: "MenuEntry" });

/** GET /routes: the whole route/menu tree, in the caller's language. */
export const RoutesResponse = Envelope.extend({ data: z.array(RouteNode) });

/** GET /a/sys/menu/lists: menu management's tree, invisible entries too. */
export const MenuListsResponse = Envelope.extend({ menuList: z.array(MenuEntry) });

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

/** POST menu/save: the entry's id. */
export const MenuSaveResponse = Envelope.extend({ id: z.number() });

/** POST /a/sys/menu/delete */
export const MenuDeleteBody = z.strictObject({ id: zId });

/** POST /a/sys/menu/sort (JSON): moves an entry under `parentId` (null: top level) at position `index`. */
export const MenuSortBody = z.strictObject({
  id: zId,
  parentId: zId.nullable(),
  index: z.coerce.number().int().min(0).max(100_000),
});
export type MenuSortBody = z.input<typeof MenuSortBody>;
