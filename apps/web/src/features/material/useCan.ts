import { can } from "../../access/authority";
import { useSession } from "../../stores/session";

/** The route permission of the material screens: operations are checked against it (spec §6). */
export const MATERIAL_ROUTE_PERMISSION = "content:material:view";

/** Whether the signed-in user may do an operation ("*" allows all). */
export function useCan(operation: string, routePermission = MATERIAL_ROUTE_PERMISSION): boolean {
  const permissions = useSession((s) => s.permissions);
  const roles = useSession((s) => s.roles);
  return can(operation, routePermission, permissions, roles).can;
}
