import { auditActionLabels } from "./texts";

/** Audited actions on terminals: the screens' own calls, management, settings, strategies, alarms, map, debugging, synchronized playback. */
export const terminalActions = auditActionLabels([
  "/t/register",
  "/t/screenshot",
  "/a/api/terminal/authorize",
  "/a/api/terminal/updateTerminalOffice",
  "/a/api/terminal/updateTerminalGroup",
  "/a/api/terminal/saveTerminalGroup",
  "/a/api/terminal/deleteTerminalGroup",
  "/a/api/terminal/update",
  "/a/api/terminal/delete",
  "/a/api/terminal/setPrograms",
  "/a/api/terminal/command",
  "/a/api/terminalSet/doProgramPlayNow",
  "/a/api/terminalSet/doMessagePlayNow",
  "/a/api/terminalSet/deleteTerminalMessage",
  "/a/api/terminalSet/sendDedicatedApk",
  "/a/api/terminalSet/pushDedicatedApk",
  "/a/api/terminalSet/terminalSet",
  "/a/api/terminalSet/reboot",
  "/a/api/terminalSet/refreshTerminalPrograms",
  "/a/api/terminalSet/screenShoot",
  "/a/api/terminalSet/getRltScreenShoot",
  "/a/api/terminalSet/getRltPrograms",
  "/a/api/terminalSet/deleteFileByTerminalIds",
  "/a/api/terminalSet/doClearProgram",
  "/a/api/terminalSet/retry",
  "/a/api/strategy/saveStrategy",
  "/a/api/strategy/saveStrategyDetails",
  "/a/api/strategy/saveStrategyDetail",
  "/a/api/strategy/deleteStrategy",
  "/a/api/strategy/relationTerminals",
  "/a/api/strategy/disassociateTerminals",
  "/a/api/strategy/sendStrategy",
  "/a/api/abnormalAlarm/abnormalAlarmCleanUp",
  "/a/api/abnormalAlarm/allAbnormalAlarmExport",
  "/a/api/abnormalAlarm/onlyAbnormalAlarmExport",
  "/a/api/terminal/sendGetPositionOrder",
  "/a/api/terminal/autoGetPosition",
  "/a/api/terminal/savePosition",
  "/a/api/terminal/clearPosition",
  "/a/api/debug/send",
  "/a/api/sync/start",
  "/a/api/sync/stop",
  // Video walls (issue 24).
  "/a/api/wall/save",
  "/a/api/wall/delete",
  "/a/api/wall/publish",
  "/a/api/wall/stop",
]);

/**
 * Calls that only read and no longer leave audit rows; older rows of them
 * still read by these names.
 */
export const formerActions = auditActionLabels([
  "/a/api/statistics/terminalStartUpRate",
  "/a/api/terminalSet/getRltMonitor",
  "/a/api/terminalSet/getCurTerminalProgram",
  "/a/api/terminalSet/getCurTerminalMessage",
  "/a/api/terminalSet/autoScanTerminal",
]);
