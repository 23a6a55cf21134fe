import type { Permission } from "@marquee/contracts";
import { useSession } from "../stores/session";
import { can } from "./authority";

/**
 * Whether the signed-in user may do an operation on the current route ("*" allows all): the
 * operation against the route's permission entry and the user's roles (spec §6).
 */
export function useCan(operation: Permission, routePermission: Permission): boolean {
  const permissions = useSession((s) => s.permissions);
  const roles = useSession((s) => s.roles);
  return can(operation, routePermission, permissions, roles).can;
}
