import type { Permission } from "@marquee/contracts";
/** The route permission of the terminal map: its operations are checked against it (spec §6). */
export const POSITION_ROUTE_PERMISSION: Permission = "terminal:map:view";

/** The operations of the map (contracts/src/permissions.ts), as the server checks them. */
export const POSITION_PERMISSIONS = {
  /** Ask terminals for their position (a command). */
  command: "terminal:device:command",
  /** Automatic position is a setting of the terminal. */
  settings: "terminal:device:settings",
  /** Place, move and remove from the map; search addresses. */
  edit: "terminal:device:edit",
  /** The office tree of the filters comes from terminal monitoring. */
  offices: "terminal:device:view",
} as const satisfies Record<string, Permission>;
