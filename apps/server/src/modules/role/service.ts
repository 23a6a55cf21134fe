import {
  type Locale,
  type Permission,
  type RoleLock,
  type RoleSaveBody,
  type RoleTenant,
  tenantMayHold,
} from "@marquee/contracts";
import type { z } from "zod";
import type { Actor } from "../../platform/actor";
import { AppError, FieldErrors, notFound, violates } from "../../platform/errors";
import type { OfficeNode, OfficeTree } from "../../platform/office-tree";
import type { Services } from "../../platform/services";
import { officeInScope, officesInScope, officeVisible } from "../../platform/tenancy";
import { ungrantable } from "../../platform/tenant";
import { loadMenus } from "../menu/repo";
import {
  codeTaken,
  deleteRoleRow,
  findRole,
  holderCount,
  insertRole,
  type RoleRow,
  roleSummary,
  updateRole,
} from "./repo";
import { permissionTree } from "./tree";

type TenantNode = OfficeNode & { type: RoleTenant["type"] };

const isTenant = (o: OfficeNode | undefined): o is TenantNode => o !== undefined && o.type !== "institution";
const tenantOut = (o: TenantNode): RoleTenant => ({
  id: o.id,
  name: o.name,
  type: o.type,
  parentId: o.parentId,
});

/** Whether the caller belongs to the role's own tenant (not to one above it). */
async function ownTenant(tree: OfficeTree, actor: Actor, officeId: number): Promise<boolean> {
  return (await tree.tenantOf(actor.officeId))?.id === officeId;
}

/**
 * Why the caller may not change the role's permissions: the all-permissions
 * administrator never changes; a tenant's built-in role changes only from
 * above the tenant.
 */
async function lockOf(tree: OfficeTree, actor: Actor, role: RoleRow): Promise<RoleLock | null> {
  if (role.allPermissions) return "allPermissions";
  if (role.builtIn && (await ownTenant(tree, actor, role.officeId))) return "tenantAdmin";
  return null;
}

/** A tenant office in the caller's range, or 404 (400 for an institution). */
async function findTenant(tree: OfficeTree, actor: Actor, officeId: number): Promise<TenantNode> {
  const office = await officeInScope(tree, actor, officeId);
  if (!isTenant(office)) throw new FieldErrors([{ field: "officeId", key: "role.officeNotTenant" }]);
  return office;
}

const sameSet = (a: readonly string[], b: readonly string[]) => {
  const set = new Set(a);
  return set.size === new Set(b).size && b.every((p) => set.has(p));
};

/** One role with its permissions, why the caller may not change them, and what they may not grant. */
export async function roleDetail(services: Services, actor: Actor, id: number) {
  const row = await findRole(services.db, actor, id);
  const summary = await roleSummary(services.db, row.id);
  const office = await services.tree.get(row.officeId);
  if (!summary || !office) throw notFound("role", row.id);
  return {
    role: { ...summary, permissions: row.permissions },
    locked: await lockOf(services.tree, actor, row),
    ungrantable: row.allPermissions ? [] : ungrantable(actor, row, office.type),
  };
}

/** The tenants (platform, agents, customers) in the caller's range, in tree order, and the caller's own. */
export async function roleTenants(tree: OfficeTree, actor: Actor, keyword: string | undefined) {
  const ids = await officesInScope(tree, actor);
  const lower = keyword?.toLowerCase();
  const found: TenantNode[] = [];
  for (const id of ids) {
    const office = await tree.get(id);
    if (!isTenant(office)) continue;
    if (lower && !office.name.toLowerCase().includes(lower)) continue;
    found.push(office);
  }
  found.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const own = await tree.tenantOf(actor.officeId);
  return {
    // A picker's worth; a keyword narrows it down.
    list: found.slice(0, 100).map(tenantOut),
    own: own && officeVisible(actor, own.id) ? own.id : null,
  };
}

/** The permission tree for a role of tenant `officeId` (the caller's own tenant when absent). */
export async function rolePermissionTree(
  services: Services,
  actor: Actor,
  officeId: number | undefined,
  locale: Locale,
) {
  const tree = services.tree;
  let tenant: TenantNode | undefined;
  if (officeId !== undefined) tenant = await findTenant(tree, actor, officeId);
  else {
    const own = await tree.tenantOf(actor.officeId);
    if (!isTenant(own)) throw notFound("office", actor.officeId);
    tenant = own;
  }
  const target = tenant;
  const reason = (p: Permission) =>
    target.type !== "platform" && !tenantMayHold(p)
      ? ("platformOnly" as const)
      : ungrantable(actor, { officeId: target.id, permissions: [p], allPermissions: false }, target.type)
            .length
        ? ("notHeld" as const)
        : null;
  return {
    tenant: tenantOut(target),
    tree: permissionTree(await loadMenus(services.db), locale, reason),
  };
}

/**
 * Creates (no `id`) or updates a role in one transaction. Nobody grants a
 * permission they do not hold (platform/tenant.ts), a tenant's role never
 * carries a platform-only permission, and built-in roles keep their code.
 * Answers the id, the office and the permissions before and after.
 */
export async function saveRole(services: Services, actor: Actor, b: z.output<typeof RoleSaveBody>) {
  const result = await services.db.transaction(async (tx) => {
    const existing = b.id === undefined ? undefined : await findRole(tx, actor, b.id, true);
    let officeId: number;
    if (existing) {
      if (b.officeId !== undefined && b.officeId !== existing.officeId)
        throw new FieldErrors([{ field: "officeId", key: "role.officeFixed" }]);
      officeId = existing.officeId;
    } else {
      if (b.officeId === undefined)
        throw new FieldErrors([{ field: "officeId", key: "role.officeRequired" }]);
      officeId = b.officeId;
    }
    const tenant = await findTenant(services.tree, actor, officeId);
    if (existing?.builtIn && b.code !== existing.code)
      throw new FieldErrors([{ field: "code", key: "role.codeFixed" }]);
    if (await codeTaken(tx, officeId, b.code, existing?.id))
      throw new FieldErrors([{ field: "code", key: "role.codeTaken", values: { code: b.code } }]);

    let permissions: string[];
    if (existing?.allPermissions) {
      // Only a holder of everything touches the administrator, and it always keeps everything.
      if (ungrantable(actor, existing, tenant.type).length)
        throw new AppError(403, "role.adminOnly", { name: existing.name });
      if (b.permissions !== undefined) throw new AppError(409, "role.adminLocked", { name: existing.name });
      permissions = existing.permissions;
    } else {
      permissions = b.permissions === undefined ? (existing?.permissions ?? []) : [...new Set(b.permissions)];
      if (
        existing?.builtIn &&
        !sameSet(permissions, existing.permissions) &&
        (await ownTenant(services.tree, actor, existing.officeId))
      )
        throw new AppError(403, "role.tenantAdminLocked", { name: existing.name });
      if (tenant.type !== "platform") {
        const platformOnly = permissions.filter((p) => !tenantMayHold(p as Permission));
        if (platformOnly.length)
          throw new AppError(
            403,
            "role.platformOnly",
            { permissions: platformOnly.join(", ") },
            { permissions: platformOnly },
          );
      }
      // What the role already carries stays; what it gains, the caller must be able to grant.
      const before = new Set(existing?.permissions ?? []);
      const added = permissions.filter((p) => !before.has(p));
      const refused = ungrantable(
        actor,
        { officeId, permissions: added, allPermissions: false },
        tenant.type,
      );
      if (refused.length)
        throw new AppError(
          403,
          "role.cannotGrant",
          { permissions: refused.join(", ") },
          { permissions: refused },
        );
    }

    const values = {
      code: b.code,
      name: b.name,
      description: b.description === undefined ? (existing?.description ?? null) : b.description,
      permissions,
      updatedAt: services.clock.now(),
    };
    try {
      if (existing) {
        await updateRole(tx, existing.id, values);
        return { id: existing.id, officeId, before: existing.permissions, permissions };
      }
      const id = await insertRole(tx, {
        ...values,
        officeId,
        createdBy: actor.userId,
        createdAt: services.clock.now(),
      });
      return { id, officeId, before: [] as string[], permissions };
    } catch (err) {
      if (violates(err, "roles_office_code_uq"))
        throw new FieldErrors([{ field: "code", key: "role.codeTaken", values: { code: b.code } }]);
      throw err;
    }
  });
  // Its users' permissions changed: their next request sees the role as saved.
  services.actors.invalidate();
  return result;
}

/** Deletes a role no user holds; built-in roles stay. Answers the deleted row. */
export async function deleteRole(services: Services, actor: Actor, id: number): Promise<RoleRow> {
  return services.db.transaction(async (tx) => {
    const role = await findRole(tx, actor, id, true);
    if (role.builtIn) throw new AppError(409, "role.builtIn", { name: role.name });
    const n = await holderCount(tx, id);
    if (n > 0) throw new AppError(409, "role.inUse", { name: role.name, count: n }, { count: n });
    await deleteRoleRow(tx, id);
    return role;
  });
}
