import type { Permission } from "@marquee/contracts";
/** Permissions of widget management (packages/contracts permission catalogue). */
export const WIDGET_PERMISSIONS = {
  view: "sys:widget:view",
  edit: "sys:widget:edit",
} as const satisfies Record<string, Permission>;
