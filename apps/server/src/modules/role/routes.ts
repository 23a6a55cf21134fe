import {
  OkResponse,
  type Permission,
  PermissionTreeQuery,
  PermissionTreeResponse,
  RoleDeleteBody,
  RoleDetailQuery,
  RoleDetailResponse,
  RoleListQuery,
  RoleListResponse,
  type RoleLock,
  RoleSaveBody,
  RoleSaveResponse,
  type RoleSummary,
  type RoleTenant,
  RoleTenantsQuery,
  RoleTenantsResponse,
  tenantMayHold,
} from "@marquee/contracts";
import { and, asc, count, desc, eq, ilike, ne, or, type SQL, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { offices, roles, userRoles } from "../../db/schema";
import { actorOf } from "../../platform/access";
import type { Actor } from "../../platform/actor";
import type { Tx } from "../../platform/db";
import { AppError, FieldErrors, notFound, violates } from "../../platform/errors";
import type { OfficeNode, OfficeTree } from "../../platform/office-tree";
import { likeEscape } from "../../platform/sql";
import { officeInScope, officesInScope, officeVisible, scope } from "../../platform/tenancy";
import { ungrantable } from "../../platform/tenant";
import { loadMenus } from "../menu/repo";
import { permissionTree } from "./tree";

type RoleRow = typeof roles.$inferSelect;
type TenantNode = OfficeNode & { type: RoleTenant["type"] };

const isTenant = (o: OfficeNode | undefined): o is TenantNode => o !== undefined && o.type !== "institution";
const tenantOut = (o: TenantNode): RoleTenant => ({
  id: o.id,
  name: o.name,
  type: o.type,
  parentId: o.parentId,
});

const userCount = sql<number>`(select count(*)::int from ${userRoles} where ${userRoles.roleId} = ${roles.id})`;

const summaryColumns = {
  id: roles.id,
  officeId: roles.officeId,
  officeName: offices.name,
  officeType: offices.type,
  code: roles.code,
  name: roles.name,
  description: roles.description,
  builtIn: roles.builtIn,
  allPermissions: roles.allPermissions,
  permissions: roles.permissions,
  userCount,
  createdAt: roles.createdAt,
  updatedAt: roles.updatedAt,
};
const selectSummaries = (db: Tx) =>
  db.select(summaryColumns).from(roles).innerJoin(offices, eq(offices.id, roles.officeId));
type SummaryRow = Awaited<ReturnType<typeof selectSummaries>>[number];

const toSummary = (r: SummaryRow): RoleSummary => ({
  id: r.id,
  officeId: r.officeId,
  officeName: r.officeName,
  officeType: r.officeType,
  code: r.code,
  name: r.name,
  description: r.description,
  builtIn: r.builtIn,
  allPermissions: r.allPermissions,
  permissionCount: r.permissions.length,
  userCount: r.userCount,
  createDate: r.createdAt.toISOString(),
  updateDate: r.updatedAt.toISOString(),
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

/** One role in the caller's range (locked for an update), or 404 like a missing one. */
async function findRole(tx: Tx, actor: Actor, id: number, lock = false): Promise<RoleRow> {
  const query = tx.select().from(roles).where(eq(roles.id, id));
  const [row] = lock ? await query.for("update") : await query;
  if (!row || !officeVisible(actor, row.officeId)) throw notFound("role", id);
  return row;
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

/**
 * Role management (/a/api/role/*): the roles of each tenant (platform, agent,
 * customer) in the caller's range and the permissions they carry. Nobody
 * grants a permission they do not hold (platform/tenant.ts), a tenant's role
 * never carries a platform-only permission, and built-in roles stay.
 */
export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const db = services.db;
  const view = { access: { permission: "sys:role:view" as const } };

  app.get(
    "/a/api/role/list",
    {
      config: view,
      schema: { tags: ["role"], querystring: RoleListQuery, response: { 200: RoleListResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const q = req.query;
      const c: (SQL | undefined)[] = [scope(actor, roles)];
      if (q.officeId !== undefined) {
        if (!officeVisible(actor, q.officeId)) throw notFound("office", q.officeId);
        c.push(eq(roles.officeId, q.officeId));
      }
      if (q.keyword) {
        const like = `%${likeEscape(q.keyword)}%`;
        c.push(or(ilike(roles.name, like), ilike(roles.code, like)));
      }
      const where = and(...c);
      const [rows, totals] = await Promise.all([
        selectSummaries(db)
          .where(where)
          .orderBy(asc(offices.path), desc(roles.builtIn), asc(roles.name), asc(roles.id))
          .limit(q.pageSize)
          .offset((q.pageNo - 1) * q.pageSize),
        db.select({ n: count() }).from(roles).innerJoin(offices, eq(offices.id, roles.officeId)).where(where),
      ]);
      return {
        list: rows.map(toSummary),
        total: totals[0]?.n ?? 0,
        pageNo: q.pageNo,
        pageSize: q.pageSize,
      };
    },
  );

  app.get(
    "/a/api/role/detail",
    {
      config: view,
      schema: { tags: ["role"], querystring: RoleDetailQuery, response: { 200: RoleDetailResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const row = await findRole(db, actor, req.query.id);
      const [summary] = await selectSummaries(db).where(eq(roles.id, row.id));
      const office = await services.tree.get(row.officeId);
      if (!summary || !office) throw notFound("role", row.id);
      return {
        role: { ...toSummary(summary), permissions: row.permissions },
        locked: await lockOf(services.tree, actor, row),
        ungrantable: row.allPermissions ? [] : ungrantable(actor, row, office.type),
      };
    },
  );

  app.get(
    "/a/api/role/tenants",
    {
      config: view,
      schema: { tags: ["role"], querystring: RoleTenantsQuery, response: { 200: RoleTenantsResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const tree = services.tree;
      const ids = await officesInScope(tree, actor);
      const keyword = req.query.keyword?.toLowerCase();
      const found: TenantNode[] = [];
      for (const id of ids) {
        const office = await tree.get(id);
        if (!isTenant(office)) continue;
        if (keyword && !office.name.toLowerCase().includes(keyword)) continue;
        found.push(office);
      }
      found.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
      const own = await tree.tenantOf(actor.officeId);
      return {
        // A picker's worth; a keyword narrows it down.
        list: found.slice(0, 100).map(tenantOut),
        own: own && officeVisible(actor, own.id) ? own.id : null,
      };
    },
  );

  app.get(
    "/a/api/role/permissionTree",
    {
      config: view,
      schema: { tags: ["role"], querystring: PermissionTreeQuery, response: { 200: PermissionTreeResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const tree = services.tree;
      let tenant: TenantNode | undefined;
      if (req.query.officeId !== undefined) tenant = await findTenant(tree, actor, req.query.officeId);
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
        tree: permissionTree(await loadMenus(db), req.locale, reason),
      };
    },
  );

  app.post(
    "/a/api/role/save",
    {
      config: { access: { permission: "sys:role:edit" } },
      schema: { tags: ["role"], body: RoleSaveBody, response: { 200: RoleSaveResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const b = req.body;
      req.audit.target = b.id === undefined ? `role:${b.code}` : `role:${b.id}`;
      const result = await db.transaction(async (tx) => {
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
        const [clash] = await tx
          .select({ id: roles.id })
          .from(roles)
          .where(
            and(
              eq(roles.officeId, officeId),
              eq(roles.code, b.code),
              existing ? ne(roles.id, existing.id) : undefined,
            ),
          );
        if (clash)
          throw new FieldErrors([{ field: "code", key: "role.codeTaken", values: { code: b.code } }]);

        let permissions: string[];
        if (existing?.allPermissions) {
          // Only a holder of everything touches the administrator, and it always keeps everything.
          if (ungrantable(actor, existing, tenant.type).length)
            throw new AppError(403, "role.adminOnly", { name: existing.name });
          if (b.permissions !== undefined)
            throw new AppError(409, "role.adminLocked", { name: existing.name });
          permissions = existing.permissions;
        } else {
          permissions =
            b.permissions === undefined ? (existing?.permissions ?? []) : [...new Set(b.permissions)];
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
            await tx.update(roles).set(values).where(eq(roles.id, existing.id));
            return { id: existing.id, officeId, before: existing.permissions, permissions };
          }
          const [row] = await tx
            .insert(roles)
            .values({ ...values, officeId, createdBy: actor.userId, createdAt: services.clock.now() })
            .returning({ id: roles.id });
          if (!row) throw new Error("role not created");
          return { id: row.id, officeId, before: [] as string[], permissions };
        } catch (err) {
          if (violates(err, "roles_office_code_uq"))
            throw new FieldErrors([{ field: "code", key: "role.codeTaken", values: { code: b.code } }]);
          throw err;
        }
      });
      // Its users' permissions changed: their next request sees the role as saved.
      services.actors.invalidate();
      req.audit.target = `role:${result.id}`;
      const before = new Set(result.before);
      const after = new Set(result.permissions);
      req.audit.detail = {
        code: b.code,
        officeId: result.officeId,
        added: result.permissions.filter((p) => !before.has(p)),
        removed: result.before.filter((p) => !after.has(p)),
      };
      return { id: result.id };
    },
  );

  app.post(
    "/a/api/role/delete",
    {
      config: { access: { permission: "sys:role:delete" } },
      schema: { tags: ["role"], body: RoleDeleteBody, response: { 200: OkResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const { id } = req.body;
      req.audit.target = `role:${id}`;
      const row = await db.transaction(async (tx) => {
        const role = await findRole(tx, actor, id, true);
        if (role.builtIn) throw new AppError(409, "role.builtIn", { name: role.name });
        const [holders] = await tx.select({ n: count() }).from(userRoles).where(eq(userRoles.roleId, id));
        const n = holders?.n ?? 0;
        if (n > 0) throw new AppError(409, "role.inUse", { name: role.name, count: n }, { count: n });
        await tx.delete(roles).where(eq(roles.id, id));
        return role;
      });
      req.audit.detail = { code: row.code, name: row.name, officeId: row.officeId };
      return {};
    },
  );
};
