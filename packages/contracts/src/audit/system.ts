import { auditActionLabels } from "./texts";

/**
 * Audited actions of the system and the organisation: settings, the log,
 * institutions and their brand, menus, the dictionary, help, statistics and
 * paid services.
 */
export const systemActions = auditActionLabels([
  "/a/api/sysSetting/saveKey",
  "/a/api/sysSetting/testMail",
  "/a/api/sysSetting/announcementManagerSave",
  "logExport",
  "/a/api/office/save",
  "/a/api/office/deleteOffice",
  "/a/api/office/moveinstitude",
  "/a/api/office/openAgentOffice",
  "/a/api/customer/savePersonalSetting",
  "/a/api/customer/uploadBrandImage",
  "/a/api/customer/openPersonal",
  "/a/api/customer/saveDomainName",
  "/a/sys/menu/save",
  "/a/sys/menu/delete",
  "/a/sys/menu/sort",
  "/a/api/dict/typeSave",
  "/a/api/dict/typeDelete",
  "/a/api/dict/itemSave",
  "/a/api/dict/itemDelete",
  "/a/api/commonProblem/save",
  "/a/api/commonProblem/delete",
  "/a/api/commonProblem/sort",
  "/a/api/callCenter/save",
  "/a/api/statistics/refresh",
  "popExport",
  "/a/api/vol/save",
  "/a/api/vol/delete",
  "/a/api/payOrder/create",
  "/a/api/payOrder/cancel",
  "/a/api/payOrder/confirm",
  "/a/api/payOrder/refund",
  "payStripeWebhook",
  // Signed webhooks (issue 23)
  "webhookSave",
  "webhookDelete",
  "webhookRedeliver",
  "webhookTest",
]);
