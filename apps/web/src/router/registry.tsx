import { type LazyPage, lazyPage } from "./lazy";

const TerminalScreen = lazyPage(() => import("../features/terminal/TerminalScreen"));

/**
 * Route names that show one screen between them (spec §2: terminal manage, monitor, info and setting), by
 * the screen's key. The screen stays open while its names change; it reads the name it was opened as.
 */
export const SHARED_SCREENS: Record<string, string> = {
  terminalManage: "terminal",
  terminalMonitor: "terminal",
  terminalInfo: "terminal",
  terminalSetting: "terminal",
};

/**
 * Route name → page component (each its own chunk). Server routes name their
 * component; a name without an entry shows the "being built" page until the
 * issue that builds it registers it here.
 */
export const REGISTRY: Record<string, LazyPage> = {
  home: lazyPage(() => import("../features/home/HomePage")),
  messageNotification: lazyPage(() => import("../features/message/NotificationPage")),
  personalCenter: lazyPage(() => import("../features/personal/PersonalCenterPage")),
  materialManage: lazyPage(() => import("../features/material/MaterialPage")),
  materialCheck: lazyPage(() => import("../features/material/MaterialReviewPage")),
  progMake: lazyPage(() => import("../features/program/ProgramMakePage")),
  progManage: lazyPage(() => import("../features/program/ProgramListPage")),
  playPlan: lazyPage(() => import("../features/playPlan/PlanListPage")),
  PlanMake: lazyPage(() => import("../features/playPlan/PlanMakePage")),
  planCheck: lazyPage(() => import("../features/playPlan/PlanReviewPage")),
  messageMake: lazyPage(() => import("../features/publishMessage/MessageFormPage")),
  messageManage: lazyPage(() => import("../features/publishMessage/MessageListPage")),
  messageCheck: lazyPage(() => import("../features/publishMessage/MessageReviewPage")),
  progCheck: lazyPage(() => import("../features/program/ProgramReviewPage")),
  widgetManagement: lazyPage(() => import("../features/widget/WidgetPage")),
  terminalManage: TerminalScreen,
  terminalMonitor: TerminalScreen,
  terminalInfo: TerminalScreen,
  terminalSetting: TerminalScreen,
  synchronizedBroadcast: lazyPage(() => import("../features/sync/SyncBroadcastPage")),
  debugging: lazyPage(() => import("../features/debug/DebuggingPage")),
  terminalMap: lazyPage(() => import("../features/position/TerminalMapPage")),
  alarmManagement: lazyPage(() => import("../features/alarm/AlarmListPage")),
  officeManage: lazyPage(() => import("../features/office/OfficePage")),
  agentOpening: lazyPage(() => import("../features/office/AgentOpeningPage")),
  personalInterface: lazyPage(() => import("../features/brand/PersonalInterfacePage")),
  openPersonal: lazyPage(() => import("../features/brand/OpenPersonalPage")),
  createDomainName: lazyPage(() => import("../features/brand/DomainNamePage")),
  userManage: lazyPage(() => import("../features/user/UserManagePage")),
  roleManage: lazyPage(() => import("../features/role/RoleManagePage")),
  menuManage: lazyPage(() => import("../features/menu/MenuManagePage")),
  dictManage: lazyPage(() => import("../features/dict/DictManagePage")),
  commonProblemManager: lazyPage(() => import("../features/help/CommonProblemPage")),
  callCenter: lazyPage(() => import("../features/help/CallCenterPage")),
  announcementManager: lazyPage(() => import("../features/announcement/AnnouncementManagerPage")),
  systemSettings: lazyPage(() => import("../features/system/SystemSettingsPage")),
  sysLog: lazyPage(() => import("../features/system/SysLogPage")),
  dataStatistics: lazyPage(() => import("../features/statistics/DataStatisticsPage")),
  userBehaviorStatistics: lazyPage(() => import("../features/behavior/UserBehaviorPage")),
  purchaseService: lazyPage(() => import("../features/pay/PurchaseServicePage")),
  paymentCenter: lazyPage(() => import("../features/pay/PaymentCenterPage")),
  exception403: lazyPage(() => import("../features/exception/Forbidden")),
  exception404: lazyPage(() => import("../features/exception/NotFound")),
  exception500: lazyPage(() => import("../features/exception/ServerError")),
  demo: lazyPage(() => import("../features/exception/DemoPage")),
  apmWeb: lazyPage(() => import("../features/exception/EmptyPage")),
  // Signed webhooks (issue 23)
  webhookManage: lazyPage(() => import("../features/webhook/WebhookPage")),
  // Single sign-on (issue 23).
  ssoSettings: lazyPage(() => import("../features/sso/SsoSettingsPage")),
  // Video walls (issue 24).
  videoWalls: lazyPage(() => import("../features/wall/VideoWallPage")),
};

/** The page a route shows: the component it names, else the one of its own name (undefined: not built). */
export function pageOf(route: { name: string; component?: string }): LazyPage | undefined {
  return REGISTRY[route.component ?? route.name] ?? REGISTRY[route.name];
}

export const BeingBuilt = lazyPage(() => import("../features/exception/BeingBuilt"));
