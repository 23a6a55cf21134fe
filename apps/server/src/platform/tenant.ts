import { isPermission, type Permission, tenantMayHold } from "@marquee/contracts";
import type { Actor } from "./actor";
import type { OfficeNode, OfficeTree } from "./office-tree";
import { inRange } from "./scope";

/**
 * The tenant an office belongs to: the nearest platform, agent or customer at
 * or above it. Roles belong to tenants; a user holds roles of their own tenant.
 */
export async function tenantOf(tree: OfficeTree, officeId: number): Promise<OfficeNode | undefined> {
  return tree.nearest(officeId, (o) => o.type !== "institution");
}

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

/**
 * Whether `actor` may assign `role` to a user of `userOfficeId`: the role is
 * in the actor's range, belongs to the user's tenant, and carries nothing the
 * actor cannot grant.
 */
export async function mayAssign(
  tree: OfficeTree,
  actor: Actor,
  role: GrantableRole,
  userOfficeId: number,
): Promise<boolean> {
  if (!inRange(actor, role.officeId)) return false;
  const tenant = await tenantOf(tree, userOfficeId);
  if (!tenant || tenant.id !== role.officeId) return false;
  return ungrantable(actor, role, tenant.type).length === 0;
}
