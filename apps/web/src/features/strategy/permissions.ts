import type { Permission } from "@marquee/contracts";
/** The route the strategies tab lives under (terminal settings): operations are checked against it (spec §6). */
export const STRATEGY_ROUTE_PERMISSION: Permission = "terminal:device:settings";

/** The operations on strategies (contracts/src/permissions.ts). */
export const STRATEGY_PERMISSIONS = {
  view: "terminal:strategy:view",
  edit: "terminal:strategy:edit",
  remove: "terminal:strategy:delete",
  send: "terminal:strategy:send",
} as const satisfies Record<string, Permission>;
