import type { Permission } from "@marquee/contracts";
import type { CommandName } from "./api";

/** The route permission of the terminal screens: operations are checked against it (spec §6). */
export const TERMINAL_ROUTE_PERMISSION: Permission = "terminal:device:view";

/** The operations of terminal monitoring (contracts/src/permissions.ts). */
export const TERMINAL_PERMISSIONS = {
  view: "terminal:device:view",
  edit: "terminal:device:edit",
  remove: "terminal:device:delete",
  authorize: "terminal:device:authorize",
  command: "terminal:device:command",
  screenshot: "terminal:device:screenshot",
  group: "terminal:group:edit",
  settings: "terminal:device:settings",
  upgrade: "terminal:device:upgrade",
} as const satisfies Record<string, Permission>;

/** The route permission of the terminal settings screen (terminalMonitor/setting): its operations are checked against it. */
export const SETTING_ROUTE_PERMISSION = TERMINAL_PERMISSIONS.settings;

/** The operation each command needs: a screenshot has its own, the others are plain commands. */
export const COMMAND_PERMISSION: Record<CommandName, Permission> = {
  refresh: TERMINAL_PERMISSIONS.command,
  volume: TERMINAL_PERMISSIONS.command,
  screenshot: TERMINAL_PERMISSIONS.screenshot,
  reboot: TERMINAL_PERMISSIONS.command,
  programs: TERMINAL_PERMISSIONS.command,
  position: TERMINAL_PERMISSIONS.command,
};
