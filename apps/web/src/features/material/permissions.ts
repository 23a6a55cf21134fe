import type { Permission } from "@marquee/contracts";

/** The route permission of the material screens: operations are checked against it (spec §6). */
export const MATERIAL_ROUTE_PERMISSION: Permission = "content:material:view";
