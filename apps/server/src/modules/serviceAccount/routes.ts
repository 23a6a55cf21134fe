import { randomBytes } from "node:crypto";
import {
  ApiTokenSaveResponse,
  OkResponse,
  type Permission,
  ServiceAccountIdRequest,
  ServiceAccountListQuery,
  ServiceAccountListResponse,
  type ServiceAccountRow,
  ServiceAccountSaveRequest,
  ServiceAccountSaveResponse,
  ServiceAccountTokenListQuery,
  ServiceAccountTokenListResponse,
  ServiceAccountTokenRevokeRequest,
  ServiceAccountTokenSaveRequest,
  tenantMayHold,
} from "@marquee/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../platform/access";
import { type Actor, can } from "../../platform/actor";
import { AppError, FieldErrors } from "../../platform/errors";
import { officeInScope } from "../../platform/tenancy";
import { revokeTokenOf, tokensOf } from "../token/repo";
import { mintToken, tokenOut } from "../token/routes";
import { assertRangeWithin } from "../user/repo";
import {
  deleteServiceAccount,
  insertServiceAccount,
  type ServiceAccountRecord,
  serviceAccountInRange,
  serviceAccountPage,
  tokenUse,
  updateServiceAccount,
} from "./repo";

/** A service account has no password: this is no argon2 hash, so no password ever verifies against it. */
const NO_PASSWORD = "!service-account";

/**
 * Service accounts of a tenant (user management, `sys:serviceAccount:manage`): non-human principals that
 * act only through their API tokens. The rule is the tokens' own: nobody makes or grows an account beyond
 * themselves. Making one, changing its rights, enabling it and making its tokens need every permission it
 * holds (or will hold) and a range inside the caller's; listing it, revoking its tokens, disabling and
 * deleting it (which only take power away) need the permission and the account in the caller's range.
 * Each call that changes something needs a console session (a token cannot make or grow tokens).
 */
export const serviceAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const { db, clock } = services;
  const tags = ["serviceAccount"];
  const access = { permission: "sys:serviceAccount:manage" as const };
  const change = { access, sessionOnly: true as const };

  /** Refuses (403) a permission the caller does not hold, or one the account's tenant may not hold. */
  const assertGrantable = async (actor: Actor, officeId: number, permissions: readonly string[]) => {
    const tenant = await services.tree.tenantOf(officeId);
    for (const p of permissions) {
      if (!can(actor, p as Permission)) throw new AppError(403, "auth.forbidden", { permission: p });
      if (
        (tenant?.type === "agent" || tenant?.type === "customer") &&
        !tenantMayHold(p as Permission, tenant.type)
      )
        throw new FieldErrors([
          { field: "permissions", key: "serviceAccount.permissionNotHoldable", values: { permission: p } },
        ]);
    }
  };

  /** Refuses (403) handing out more of an account that holds a permission the caller lacks. */
  const assertNotAbove = (actor: Actor, account: ServiceAccountRecord) => {
    const above = (account.permissions ?? []).find((p) => !can(actor, p as Permission));
    if (above) throw new AppError(403, "serviceAccount.outranks", { name: account.name, permission: above });
  };

  app.get(
    "/a/api/serviceAccount/list",
    {
      config: { access },
      schema: { tags, querystring: ServiceAccountListQuery, response: { 200: ServiceAccountListResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const q = req.query;
      const { rows, total } = await serviceAccountPage(services, actor, q);
      const now = clock.now();
      const use = await tokenUse(
        db,
        actor,
        rows.map((r) => r.account.id),
        now,
      );
      const list: ServiceAccountRow[] = rows.map(({ account: a, officeName }) => ({
        id: a.id,
        username: a.username,
        name: a.name,
        officeId: a.officeId,
        officeName,
        permissions: a.permissions ?? [],
        dataRange: a.dataRange,
        dataOffices: a.dataOffices,
        enabled: a.enabled,
        remarks: a.remarks,
        liveTokens: use.get(a.id)?.live ?? 0,
        lastUsedAt: use.get(a.id)?.lastUsedAt?.toISOString() ?? null,
        createdAt: a.createdAt.toISOString(),
      }));
      return { list, total, pageNo: q.pageNo, pageSize: q.pageSize };
    },
  );

  app.post(
    "/a/api/serviceAccount/save",
    {
      config: change,
      schema: { tags, body: ServiceAccountSaveRequest, response: { 200: ServiceAccountSaveResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const b = req.body;
      const now = clock.now();
      if (b.id === undefined) {
        req.audit.target = "user:new";
        const missing = (["name", "officeId", "permissions"] as const).filter((f) => b[f] === undefined);
        if (missing.length > 0)
          throw new FieldErrors(missing.map((field) => ({ field, key: "validation.required" as const })));
        const { name, officeId } = b as Required<typeof b>;
        const permissions = [...new Set(b.permissions ?? [])];
        await officeInScope(services.tree, actor, officeId, "officeId");
        await assertGrantable(actor, officeId, permissions);
        const dataRange = b.dataRange ?? "subtree";
        const dataOffices = dataRange === "offices" ? [...new Set(b.dataOffices ?? [])] : [];
        await assertRangeWithin(services, actor, officeId, dataRange, dataOffices);
        const row = await insertServiceAccount(db, {
          officeId,
          username: `svc_${randomBytes(6).toString("hex")}`,
          name,
          passwordHash: NO_PASSWORD,
          enabled: b.enabled ?? true,
          remarks: b.remarks || null,
          dataRange,
          dataOffices,
          permissions,
          createdBy: actor.userId,
          createdAt: now,
          updatedAt: now,
        });
        req.audit.target = `user:${row.id}`;
        req.audit.detail = { serviceAccount: name, username: row.username, officeId, permissions, dataRange };
        return { id: row.id };
      }

      const id = b.id;
      req.audit.target = `user:${id}`;
      const account = await serviceAccountInRange(db, actor, id);
      const officeId = b.officeId ?? account.officeId;
      const permissions = b.permissions ? [...new Set(b.permissions)] : (account.permissions ?? []);
      const dataRange = b.dataRange ?? account.dataRange;
      const dataOffices = dataRange === "offices" ? [...new Set(b.dataOffices ?? account.dataOffices)] : [];
      const enabled = b.enabled ?? account.enabled;
      // Disabling only takes power away; anything else hands it out and needs the account within the caller.
      const onlyDisables = Object.keys(b).every((k) => k === "id" || k === "enabled") && !enabled;
      if (!onlyDisables) {
        assertNotAbove(actor, account);
        if (officeId !== account.officeId) await officeInScope(services.tree, actor, officeId, "officeId");
        await assertGrantable(actor, officeId, permissions);
        await assertRangeWithin(services, actor, officeId, dataRange, dataOffices);
      }
      await updateServiceAccount(db, actor, id, {
        ...(b.name !== undefined && { name: b.name }),
        ...(b.remarks !== undefined && { remarks: b.remarks || null }),
        officeId,
        permissions,
        dataRange,
        dataOffices,
        enabled,
        updatedAt: now,
      });
      // Its tokens act with the new rights (or stop, disabled) at once here, within seconds elsewhere.
      services.actors.invalidate(id);
      req.audit.detail = {
        serviceAccount: b.name ?? account.name,
        fields: Object.keys(b).filter((k) => k !== "id"),
        ...(b.permissions && { permissions }),
        ...(b.enabled !== undefined && { enabled }),
      };
      return { id };
    },
  );

  app.post(
    "/a/api/serviceAccount/delete",
    { config: change, schema: { tags, body: ServiceAccountIdRequest, response: { 200: OkResponse } } },
    async (req) => {
      const actor = actorOf(req);
      const { id } = req.body;
      req.audit.target = `user:${id}`;
      const account = await serviceAccountInRange(db, actor, id);
      req.audit.detail = { serviceAccount: account.name, username: account.username };
      // Its tokens go with it (cascade); what it made stays, its creator cleared like a deleted user's.
      await deleteServiceAccount(db, actor, id);
      services.actors.invalidate(id);
      return {};
    },
  );

  app.get(
    "/a/api/serviceAccount/tokenList",
    {
      config: { access },
      schema: {
        tags,
        querystring: ServiceAccountTokenListQuery,
        response: { 200: ServiceAccountTokenListResponse },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      const account = await serviceAccountInRange(db, actor, req.query.serviceAccountId);
      const now = clock.now();
      return { list: (await tokensOf(db, actor, account.id)).map((r) => tokenOut(r, now)) };
    },
  );

  app.post(
    "/a/api/serviceAccount/tokenSave",
    {
      config: { ...change, action: "serviceAccountTokenSave" },
      schema: { tags, body: ServiceAccountTokenSaveRequest, response: { 200: ApiTokenSaveResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const { serviceAccountId, ...body } = req.body;
      req.audit.target = `user:${serviceAccountId}`;
      const account = await serviceAccountInRange(db, actor, serviceAccountId);
      assertNotAbove(actor, account);
      if (!account.enabled) throw new AppError(409, "serviceAccount.disabled", { name: account.name });
      const owner = await services.actors.get(account.id);
      // A blocked tenant (disabled or expired) leaves the account no actor: nothing to give a token of.
      if (!owner) throw new AppError(409, "serviceAccount.disabled", { name: account.name });
      const { secret, row } = await mintToken(services, owner, actor, "service", body);
      req.audit.target = `token:${row.id}`;
      req.audit.detail = {
        serviceAccount: account.name,
        name: row.name,
        expiresAt: row.expiresAt.toISOString(),
      };
      return { token: secret, item: tokenOut(row, clock.now()) };
    },
  );

  app.post(
    "/a/api/serviceAccount/tokenRevoke",
    {
      config: { ...change, action: "serviceAccountTokenRevoke" },
      schema: { tags, body: ServiceAccountTokenRevokeRequest, response: { 200: OkResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const { serviceAccountId, id } = req.body;
      req.audit.target = `token:${id}`;
      const account = await serviceAccountInRange(db, actor, serviceAccountId);
      req.audit.detail = { serviceAccount: account.name };
      const row = await revokeTokenOf(db, actor, account.id, id, clock.now());
      if (!row) throw new AppError(404, "token.notFound", { id });
      services.apiTokens.forget(id);
      return {};
    },
  );
};
