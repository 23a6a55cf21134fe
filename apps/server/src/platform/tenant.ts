import { isPermission, type Permission, tenantMayHold } from "@marquee/contracts";
import type { Actor } from "./actor";
import type { OfficeNode } from "./office-tree";

/** What a role carries, as far as granting it goes. */
export interface GrantableRole {
  officeId: number;
  permissions: readonly string[];
  allPermissions: boolean;
}

/**
 * The permissions of `role` that `actor` cannot hand out: those the actor does
 * not hold, and, for a role of an agent or customer, the platform-only ones.
 * Empty: the actor may create, edit or assign the role. "Every permission"
 * (the built-in administrator) can be granted only by someone who has it.
 */
export function ungrantable(actor: Actor, role: GrantableRole, tenantType: OfficeNode["type"]): string[] {
  if (role.allPermissions) return actor.all && tenantType === "platform" ? [] : ["*"];
  const missing: string[] = [];
  for (const p of role.permissions) {
    if (!isPermission(p)) {
      missing.push(p);
      continue;
    }
    if (tenantType !== "platform" && !tenantMayHold(p as Permission, tenantType)) missing.push(p);
    else if (!actor.all && !actor.permissions.has(p)) missing.push(p);
  }
  return missing;
}
