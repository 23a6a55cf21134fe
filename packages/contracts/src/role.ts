import { z } from "zod";
import { Envelope, Paging, pageOf, zId } from "./common";
import { isPermission, PERMISSIONS } from "./permissions";

/**
 * Role management, under /a/api/role/:
 * - GET  list            roles in the caller's range, paged, by keyword and tenant, with their user counts;
 * - GET  detail          one role with its permissions and what locks them;
 * - GET  tenants         the platform, agents and customers a role may belong to (the tenant filter);
 * - GET  permissionTree  the permissions as a tree mirroring the menu, each saying whether the caller may grant it;
 * - POST save            create or edit (JSON);
 * - POST delete          delete an unused, not built-in role.
 */

/** A role code: a letter, then letters, digits, `_`, `-` or `.`; unique within its tenant. */
export const ROLE_CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;

/** The kinds of office a role may belong to: tenants, never institutions. */
export const TENANT_TYPES = ["platform", "agent", "customer"] as const;

export const RoleListQuery = Paging.extend({
  /** Part of the name or code. */
  keyword: z.string().trim().max(100).optional(),
  /** Only the roles of this tenant. */
  officeId: zId.optional(),
}).strict();

export const RoleSummary = z.object({
  id: z.number(),
  officeId: z.number(),
  officeName: z.string(),
  officeType: z.string(),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  builtIn: z.boolean(),
  /** The built-in administrator: every permission, now and later. */
  allPermissions: z.boolean(),
  permissionCount: z.number(),
  userCount: z.number(),
  createDate: z.string(),
  updateDate: z.string(),
});
export type RoleSummary = z.infer<typeof RoleSummary>;
export const RoleListResponse = pageOf(RoleSummary);

export const RoleDetailQuery = z.strictObject({ id: zId });

/**
 * Why a role's permissions cannot be changed by the caller:
 * `allPermissions`: the built-in administrator always holds everything;
 * `tenantAdmin`: a tenant's built-in administrator, changed only from above the tenant.
 */
export const ROLE_LOCKS = ["allPermissions", "tenantAdmin"] as const;
export type RoleLock = (typeof ROLE_LOCKS)[number];

export const RoleDetailResponse = Envelope.extend({
  role: RoleSummary.extend({ permissions: z.array(z.string()) }),
  locked: z.enum(ROLE_LOCKS).nullable(),
  /** Permissions of the role the caller does not hold: kept as they are, never added by the caller. */
  ungrantable: z.array(z.string()),
});
export type RoleDetailResponse = z.infer<typeof RoleDetailResponse>;

export const RoleTenantsQuery = z.strictObject({
  keyword: z.string().trim().max(100).optional(),
});
export const RoleTenant = z.object({
  id: z.number(),
  name: z.string(),
  type: z.enum(TENANT_TYPES),
  parentId: z.number().nullable(),
});
export type RoleTenant = z.infer<typeof RoleTenant>;
export const RoleTenantsResponse = Envelope.extend({
  list: z.array(RoleTenant),
  /** The caller's own tenant, when it is in their range (the default of a new role). */
  own: z.number().nullable(),
});

export const PermissionTreeQuery = z.strictObject({
  /** The tenant whose role is edited (platform-only permissions are refused below the platform); default: the caller's. */
  officeId: zId.optional(),
});

/** Why the caller may not grant a permission. */
export const UNGRANTABLE_REASONS = ["notHeld", "platformOnly"] as const;
export type UngrantableReason = (typeof UNGRANTABLE_REASONS)[number];

/**
 * A node of the permission tree: a menu entry (its title from the menu table),
 * a permission leaf, or the "other" node for permissions no menu entry carries.
 */
export interface PermissionNode {
  /** `menu:<id>`, `other`, or the permission itself. */
  key: string;
  kind: "menu" | "permission" | "other";
  /** The menu entry's name (kind menu). */
  name?: string;
  /** The menu entry's title in the caller's language (kind menu). */
  title?: string;
  /** kind permission */
  permission?: string;
  grantable?: boolean;
  reason?: UngrantableReason;
  children: PermissionNode[];
}
export const PermissionNodeSchema: z.ZodType<PermissionNode> = z.lazy(() =>
  z.object({
    key: z.string(),
    kind: z.enum(["menu", "permission", "other"]),
    name: z.string().optional(),
    title: z.string().optional(),
    permission: z.string().optional(),
    grantable: z.boolean().optional(),
    reason: z.enum(UNGRANTABLE_REASONS).optional(),
    children: z.array(PermissionNodeSchema),
  }),
);
export const PermissionTreeResponse = Envelope.extend({
  tenant: RoleTenant,
  tree: z.array(PermissionNodeSchema),
});

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((v) => (v === "" ? null : v));

/**
 * POST save: without `id` a new role of tenant `officeId`; with it, an edit
 * (the tenant never changes). Omitted `permissions` keep the role's own.
 */
export const RoleSaveBody = z.strictObject({
  id: zId.optional(),
  officeId: zId.optional(),
  code: z.string().trim().min(1).max(64).regex(ROLE_CODE_PATTERN, "role.codeFormat"),
  name: z.string().trim().min(1).max(64),
  description: optionalText(500).nullable().optional(),
  permissions: z
    .array(z.string().max(100).refine(isPermission, "role.permissionUnknown"))
    .max(PERMISSIONS.length * 2)
    .optional(),
});
export type RoleSaveBody = z.input<typeof RoleSaveBody>;

export const RoleSaveResponse = Envelope.extend({ id: z.number() });

export const RoleDeleteBody = z.strictObject({ id: zId });
