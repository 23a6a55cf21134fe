-- The menu and route tree of spec §2, generated from packages/contracts/src/menu.ts.
INSERT INTO "menus" ("parent_id", "name", "path", "icon", "permission", "roles", "invisible", "sort") VALUES (NULL, 'home', 'home', 'HomeOutlined', '*', NULL, false, 0);
--> statement-breakpoint
INSERT INTO "menus" ("parent_id", "name", "path", "icon", "permission", "roles", "invisible", "sort") VALUES (NULL, 'resManage', 'resManage', 'FolderOpenOutlined', NULL, NULL, false, 1);
--> statement-breakpoint
INSERT INTO "menus" ("parent_id", "name", "path", "icon", "permission", "roles", "invisible", "sort") VALUES ((SELECT id FROM menus WHERE name = 'resManage'), 'materialManage', 'resManage/myRes', 'PictureOutlined', 'content:material:view', NULL, false, 0);
--> statement-breakpoint
INSERT INTO "menus" ("parent_id", "name", "path", "icon", "permission", "roles", "invisible", "sort") VALUES (NULL, 'contentManage', 'contentManage', 'AppstoreOutlined', NULL, NULL, false, 2);
--> statement-breakpoint
INSERT INTO "menus" ("parent_id", "name", "path", "icon", "permission", "roles", "invisible", "sort") VALUES ((SELECT id FROM menus WHERE name = 'contentManage'), 'progMake', 'program/make', 'BuildOutlined', 'content:program:edit', NULL, false, 0);
--> statement-breakpoint
INSERT INTO "menus" ("parent_id", "name", "path", "icon", "permission", "roles", "invisible", "sort") VALUES ((SELECT id FROM menus WHERE name = 'progMake'), 'programEditor', '/programEditor', 'EditOutlined', 'content:program:edit', NULL, true, 0);
--> statement-breakpoint
INSERT INTO "menus" ("parent_id", "name", "path", "icon", "permission", "roles", "invisible", "sort") VALUES ((SELECT id FROM menus WHERE name = 'contentManage'), 'playPlan', 'playPlan/list', 'CalendarOutlined', 'content:playPlan:view', NULL, false, 1);
--> statement-breakpoint
INSERT INTO "menus" ("parent_id", "name", "path", "icon", "permission", "roles", "invisible", "sort") VALUES ((SELECT id FROM menus WHERE name = 'playPlan'), 'PlanMake', 'playPlan/planMake', 'ScheduleOutlined', 'content:playPlan:edit', NULL, true, 0);
--> statement-breakpoint
INSERT INTO "menus" ("parent_id", "name", "path", "icon", "permission", "roles", "invisible", "sort") VALUES ((SELECT id FROM menus WHERE name = 'contentManage'), 'progManage', 'program/list', 'ProfileOutlined', 'content:program:view', NULL, false, 2);
--> statement-breakpoint
INSERT INTO "menus" ("parent_id", "name", "path", "icon", "permission", "roles", "invisible", "sort") VALUES ((SELECT id FROM menus WHERE name = 'contentManage'), 'messageMake', 'message/form', 'FormOutlined', 'content:message:edit', NULL, false, 3);
--> statement-breakpoint
INSERT INTO "menus" ("parent_id", "name", "path", "icon", "permission", "roles", "invisible", "sort") VALUES ((SELECT id FROM menus WHERE name = 'contentManage'), 'messageManage', 'publishMessage/list', 'MessageOutlined', 'content:message:view', NULL, false, 4);
--> statement-breakpoint
INSERT INTO "menus" ("parent_id", "name", "path", "icon", "permission", "roles", "invisible", "sort") VALUES (NULL, 'contentCheck', 'contentCheck', 'AuditOutlined', NULL, NULL, false, 3);
--> statement-breakpoint
INSERT INTO "menus" ("parent_id", "name", "path", "icon", "permission", "roles", "invisible", "sort") VALUES ((SELECT id FROM menus WHERE name = 'contentCheck'), 'materialCheck', 'contentCheck/materialCheck', 'FileImageOutlined', 'content:material:review', NULL, false, 0);
--> statement-breakpoint
INSERT INTO "menus" ("parent_id", "name", "path", "icon", "permission", "roles", "invisible", "sort") VALUES ((SELECT id FROM menus WHERE name = 'contentCheck'), 'planCheck', 'playPlan/checklist', 'CarryOutOutlined', 'content:playPlan:review', NULL, false, 1);
--> statement-breakpoint
INSERT INTO "menus" ("parent_id", "name", "path", "icon", "permission", "roles", "invisible", "sort") VALUES ((SELECT id FROM menus WHERE name = 'contentCheck'), 'progCheck', 'publishProgram/checklist', 'FileDoneOutlined', 'content:program:review', NULL, false, 2);
--> statement-breakpoint
INSERT INTO "menus" ("parent_id", "name", "path", "icon", "permission", "roles", "invisible", "sort") VALUES ((SELECT id FROM menus WHERE name = 'contentCheck'), 'messageCheck', 'publishMessage/checklist', 'CommentOutlined', 'content:message:review', NULL, false, 3);
--> statement-breakpoint
INSERT INTO "menus" ("parent_id", "name", "path", "icon", "permission", "roles", "invisible", "sort") VALUES (NULL, 'terminalManage', 'terminalManage', 'DesktopOutlined', NULL, NULL, false, 4);
--> statement-breakpoint
INSERT INTO "menus" ("parent_id", "name", "path", "icon", "permission", "roles", "invisible", "sort") VALUES ((SELECT id FROM menus WHERE name = 'terminalManage'), 'terminalMonitor', 'terminalMonitor/monitor', 'MonitorOutlined', 'terminal:device:view', NULL, false, 0);
--> statement-breakpoint
INSERT INTO "menus" ("parent_id", "name", "path", "icon", "permission", "roles", "invisible", "sort") VALUES ((SELECT id FROM menus WHERE name = 'terminalManage'), 'terminalInfo', 'terminalMonitor/info', 'InfoCircleOutlined', 'terminal:device:view', NULL, false, 1);
--> statement-breakpoint
INSERT INTO "menus" ("parent_id", "name", "path", "icon", "permission", "roles", "invisible", "sort") VALUES ((SELECT id FROM menus WHERE name = 'terminalManage'), 'terminalSetting', 'terminalMonitor/setting', 'ControlOutlined', 'terminal:device:settings', NULL, false, 2);
--> statement-breakpoint
INSERT INTO "menus" ("parent_id", "name", "path", "icon", "permission", "roles", "invisible", "sort") VALUES ((SELECT id FROM menus WHERE name = 'terminalManage'), 'synchronizedBroadcast', 'terminalMonitor/synchronizedBroadcast', 'SyncOutlined', 'terminal:syncBroadcast:view', NULL, false, 3);
--> statement-breakpoint
INSERT INTO "menus" ("parent_id", "name", "path", "icon", "permission", "roles", "invisible", "sort") VALUES (NULL, 'sysManage', 'sysManage', 'SettingOutlined', NULL, NULL, false, 5);
--> statement-breakpoint
INSERT INTO "menus" ("parent_id", "name", "path", "icon", "permission", "roles", "invisible", "sort") VALUES ((SELECT id FROM menus WHERE name = 'sysManage'), 'createDomainName', 'sys/customer/doaminNameSetting', 'GlobalOutlined', 'sys:domainName:view', NULL, false, 0);
--> statement-breakpoint
INSERT INTO "menus" ("parent_id", "name", "path", "icon", "permission", "roles", "invisible", "sort") VALUES ((SELECT id FROM menus WHERE name = 'sysManage'), 'personalInterface', 'sys/customer/personalInterface', 'SkinOutlined', 'sys:personalInterface:view', NULL, false, 1);
--> statement-breakpoint
INSERT INTO "menus" ("parent_id", "name", "path", "icon", "permission", "roles", "invisible", "sort") VALUES ((SELECT id FROM menus WHERE name = 'sysManage'), 'openPersonal', 'sys/customer/toOpenPersonalPage', 'BgColorsOutlined', 'sys:customer:personalise', NULL, false, 2);
--> statement-breakpoint
INSERT INTO "menus" ("parent_id", "name", "path", "icon", "permission", "roles", "invisible", "sort") VALUES ((SELECT id FROM menus WHERE name = 'sysManage'), 'agentOpening', 'sys/office/toOpenAgentOfficePage', 'UserSwitchOutlined', 'sys:office:openAgent', NULL, false, 3);
--> statement-breakpoint
INSERT INTO "menus" ("parent_id", "name", "path", "icon", "permission", "roles", "invisible", "sort") VALUES ((SELECT id FROM menus WHERE name = 'sysManage'), 'userManage', 'sys/user/', 'UserOutlined', 'sys:user:view', NULL, false, 4);
--> statement-breakpoint
INSERT INTO "menus" ("parent_id", "name", "path", "icon", "permission", "roles", "invisible", "sort") VALUES ((SELECT id FROM menus WHERE name = 'sysManage'), 'officeManage', 'sys/office', 'ApartmentOutlined', 'sys:office:view', NULL, false, 5);
--> statement-breakpoint
INSERT INTO "menus" ("parent_id", "name", "path", "icon", "permission", "roles", "invisible", "sort") VALUES ((SELECT id FROM menus WHERE name = 'sysManage'), 'menuManage', 'sysManage/menuManage', 'MenuOutlined', 'sys:menu:view', NULL, false, 6);
--> statement-breakpoint
INSERT INTO "menus" ("parent_id", "name", "path", "icon", "permission", "roles", "invisible", "sort") VALUES ((SELECT id FROM menus WHERE name = 'sysManage'), 'roleManage', 'sys/role', 'SafetyCertificateOutlined', 'sys:role:view', NULL, false, 7);
--> statement-breakpoint
INSERT INTO "menus" ("parent_id", "name", "path", "icon", "permission", "roles", "invisible", "sort") VALUES ((SELECT id FROM menus WHERE name = 'sysManage'), 'systemSettings', 'sys/sysSetting/list', 'ToolOutlined', 'sys:setting:view', NULL, false, 8);
--> statement-breakpoint
INSERT INTO "menus" ("parent_id", "name", "path", "icon", "permission", "roles", "invisible", "sort") VALUES ((SELECT id FROM menus WHERE name = 'sysManage'), 'sysLog', 'sys/log', 'FileTextOutlined', 'sys:log:view', NULL, false, 9);
--> statement-breakpoint
INSERT INTO "menus" ("parent_id", "name", "path", "icon", "permission", "roles", "invisible", "sort") VALUES ((SELECT id FROM menus WHERE name = 'sysManage'), 'messageNotification', '/sysManage/messageNotification', 'BellOutlined', 'sys:messageNotification:view', NULL, true, 10);
--> statement-breakpoint
INSERT INTO "menus" ("parent_id", "name", "path", "icon", "permission", "roles", "invisible", "sort") VALUES ((SELECT id FROM menus WHERE name = 'sysManage'), 'alarmManagement', 'abnormalAlarm/abnormalAlarmList', 'AlertOutlined', 'terminal:alarm:view', NULL, false, 11);
--> statement-breakpoint
INSERT INTO "menus" ("parent_id", "name", "path", "icon", "permission", "roles", "invisible", "sort") VALUES ((SELECT id FROM menus WHERE name = 'sysManage'), 'widgetManagement', 'widget/list', 'AppstoreAddOutlined', 'sys:widget:view', NULL, false, 12);
--> statement-breakpoint
INSERT INTO "menus" ("parent_id", "name", "path", "icon", "permission", "roles", "invisible", "sort") VALUES ((SELECT id FROM menus WHERE name = 'sysManage'), 'announcementManager', 'sys/sysSetting/announcementManager', 'NotificationOutlined', 'sys:announcement:view', NULL, false, 13);
--> statement-breakpoint
INSERT INTO "menus" ("parent_id", "name", "path", "icon", "permission", "roles", "invisible", "sort") VALUES ((SELECT id FROM menus WHERE name = 'sysManage'), 'debugging', 'sysManage/debugging', 'BugOutlined', 'terminal:device:debug', NULL, false, 14);
--> statement-breakpoint
INSERT INTO "menus" ("parent_id", "name", "path", "icon", "permission", "roles", "invisible", "sort") VALUES ((SELECT id FROM menus WHERE name = 'sysManage'), 'dataStatistics', 'dataStatistics/index', 'BarChartOutlined', 'stats:data:view', NULL, false, 15);
--> statement-breakpoint
INSERT INTO "menus" ("parent_id", "name", "path", "icon", "permission", "roles", "invisible", "sort") VALUES ((SELECT id FROM menus WHERE name = 'sysManage'), 'userBehaviorStatistics', 'dataStatistics/userBehavior', 'LineChartOutlined', 'stats:userBehavior:view', NULL, false, 16);
--> statement-breakpoint
INSERT INTO "menus" ("parent_id", "name", "path", "icon", "permission", "roles", "invisible", "sort") VALUES ((SELECT id FROM menus WHERE name = 'sysManage'), 'purchaseService', 'sysManage/purchaseService', 'ShoppingCartOutlined', 'pay:service:view', NULL, false, 17);
--> statement-breakpoint
INSERT INTO "menus" ("parent_id", "name", "path", "icon", "permission", "roles", "invisible", "sort") VALUES ((SELECT id FROM menus WHERE name = 'sysManage'), 'dictManage', 'sysManage/dictManage', 'BookOutlined', 'sys:dict:view', NULL, false, 18);
--> statement-breakpoint
INSERT INTO "menus" ("parent_id", "name", "path", "icon", "permission", "roles", "invisible", "sort") VALUES ((SELECT id FROM menus WHERE name = 'sysManage'), 'commonProblemManager', 'sysManage/commonProblemManager', 'QuestionCircleOutlined', 'sys:commonProblem:view', NULL, false, 19);
--> statement-breakpoint
INSERT INTO "menus" ("parent_id", "name", "path", "icon", "permission", "roles", "invisible", "sort") VALUES ((SELECT id FROM menus WHERE name = 'sysManage'), 'callCenter', 'sysManage/callCenter', 'CustomerServiceOutlined', 'sys:callCenter:view', NULL, false, 20);
--> statement-breakpoint
INSERT INTO "menus" ("parent_id", "name", "path", "icon", "permission", "roles", "invisible", "sort") VALUES ((SELECT id FROM menus WHERE name = 'sysManage'), 'terminalMap', 'sysManage/terminalMap', 'EnvironmentOutlined', 'terminal:map:view', NULL, false, 21);
--> statement-breakpoint
INSERT INTO "menus" ("parent_id", "name", "path", "icon", "permission", "roles", "invisible", "sort") VALUES (NULL, 'paymentCenter', 'paymentCenter/index', 'PayCircleOutlined', 'pay:order:view', NULL, false, 6);
--> statement-breakpoint
INSERT INTO "menus" ("parent_id", "name", "path", "icon", "permission", "roles", "invisible", "sort") VALUES (NULL, 'auth', 'auth', 'LockOutlined', NULL, NULL, false, 7);
--> statement-breakpoint
INSERT INTO "menus" ("parent_id", "name", "path", "icon", "permission", "roles", "invisible", "sort") VALUES ((SELECT id FROM menus WHERE name = 'auth'), 'demo', 'auth/demo', 'ExperimentOutlined', 'demo:form:view', ARRAY['manager']::text[], false, 0);
--> statement-breakpoint
INSERT INTO "menus" ("parent_id", "name", "path", "icon", "permission", "roles", "invisible", "sort") VALUES (NULL, 'personalCenter', '/personalCenter', 'IdcardOutlined', '*', NULL, true, 8);
--> statement-breakpoint
INSERT INTO "menus" ("parent_id", "name", "path", "icon", "permission", "roles", "invisible", "sort") VALUES (NULL, 'apmWeb', 'apm-web/a', NULL, '*', NULL, true, 9);
--> statement-breakpoint
INSERT INTO "menus" ("parent_id", "name", "path", "icon", "permission", "roles", "invisible", "sort") VALUES (NULL, 'exception403', 'exception/403', 'StopOutlined', '*', NULL, true, 10);
--> statement-breakpoint
INSERT INTO "menus" ("parent_id", "name", "path", "icon", "permission", "roles", "invisible", "sort") VALUES (NULL, 'exception404', 'exception/404', 'FileUnknownOutlined', '*', NULL, true, 11);
--> statement-breakpoint
INSERT INTO "menus" ("parent_id", "name", "path", "icon", "permission", "roles", "invisible", "sort") VALUES (NULL, 'exception500', 'exception/500', 'WarningOutlined', '*', NULL, true, 12);
