import {
  OkResponse,
  PermissionTreeQuery,
  PermissionTreeResponse,
  RoleDeleteBody,
  RoleDetailQuery,
  RoleDetailResponse,
  RoleListQuery,
  RoleListResponse,
  RoleSaveBody,
  RoleSaveResponse,
  RoleTenantsQuery,
  RoleTenantsResponse,
} from "@marquee/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../platform/access";
import { listRoles } from "./repo";
import { deleteRole, roleDetail, rolePermissionTree, roleTenants, saveRole } from "./service";

/**
 * Role management (/a/api/role/*): the roles of each tenant (platform, agent,
 * customer) in the caller's range and the permissions they carry. Nobody
 * grants a permission they do not hold (platform/tenant.ts), a tenant's role
 * never carries a platform-only permission, and built-in roles stay.
 */
export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const view = { access: { permission: "sys:role:view" as const } };

  app.get(
    "/a/api/role/list",
    {
      config: view,
      schema: { tags: ["role"], querystring: RoleListQuery, response: { 200: RoleListResponse } },
    },
    async (req) => listRoles(services.db, actorOf(req), req.query),
  );

  app.get(
    "/a/api/role/detail",
    {
      config: view,
      schema: { tags: ["role"], querystring: RoleDetailQuery, response: { 200: RoleDetailResponse } },
    },
    async (req) => roleDetail(services, actorOf(req), req.query.id),
  );

  app.get(
    "/a/api/role/tenants",
    {
      config: view,
      schema: { tags: ["role"], querystring: RoleTenantsQuery, response: { 200: RoleTenantsResponse } },
    },
    async (req) => roleTenants(services.tree, actorOf(req), req.query.keyword),
  );

  app.get(
    "/a/api/role/permissionTree",
    {
      config: view,
      schema: { tags: ["role"], querystring: PermissionTreeQuery, response: { 200: PermissionTreeResponse } },
    },
    async (req) => rolePermissionTree(services, actorOf(req), req.query.officeId, req.locale),
  );

  app.post(
    "/a/api/role/save",
    {
      config: { access: { permission: "sys:role:edit" } },
      schema: { tags: ["role"], body: RoleSaveBody, response: { 200: RoleSaveResponse } },
    },
    async (req) => {
      const b = req.body;
      req.audit.target = b.id === undefined ? `role:${b.code}` : `role:${b.id}`;
      const result = await saveRole(services, actorOf(req), b);
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
      const { id } = req.body;
      req.audit.target = `role:${id}`;
      const row = await deleteRole(services, actorOf(req), id);
      req.audit.detail = { code: row.code, name: row.name, officeId: row.officeId };
      return {};
    },
  );
};
