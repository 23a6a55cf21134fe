import {
  SsoConfigBody,
  SsoGetQuery,
  SsoGetResponse,
  SsoSaveResponse,
  SsoTestBody,
  SsoTestResponse,
} from "@marquee/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../platform/access";
import type { Actor } from "../../platform/actor";
import { binaryResponse } from "../../platform/download";
import { AppError, FieldErrors } from "../../platform/errors";
import { setSessionCookie } from "../../platform/session";
import { officeInScope, officeVisible } from "../../platform/tenancy";
import { ungrantable } from "../../platform/tenant";
import { checkIssuer, type client, discover, reasonOf } from "./oidc";
import { configOf, recordSsoSignIn, rolesInScope, tenantRoles, upsertConfig } from "./repo";
import { callbackUrl, configView, finishSignIn, SsoRefusal, startSignIn } from "./service";

/** Where a finished sign-in lands. */
export const SIGNED_IN_AT = "/login?sso=done";

/** Where a refused sign-in lands: the console's sign-in page, which translates the reason. */
const refusedAt = (reason: string) => `/login?ssoError=${encodeURIComponent(reason)}`;

/**
 * Single sign-on with OpenID Connect: a tenant's configuration (sys:sso:edit, for its own tenant or one in
 * the caller's data range) and the sign-in through the host's tenant's provider (open routes).
 */
export const ssoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const { db, tree } = services;
  const tags = ["sso"];
  const openLimit = { rateLimit: { max: app.deps.config.openRateLimitPerMinute, timeWindow: 60_000 } };
  const edit = { access: { permission: "sys:sso:edit" as const } };

  /** The tenant the caller names (else its own), in its data range, and a tenant (not an institution). */
  const tenantFor = async (actor: Actor, officeId: number | undefined) => {
    const node = await officeInScope(tree, actor, officeId ?? actor.tenantId);
    if (node.type === "institution") throw new AppError(400, "sso.notTenant", { name: node.name });
    return node;
  };

  app.get(
    "/a/api/sso/get",
    { config: edit, schema: { tags, querystring: SsoGetQuery, response: { 200: SsoGetResponse } } },
    async (req) => {
      const tenant = await tenantFor(actorOf(req), req.query.officeId);
      const actor = actorOf(req);
      const row = await configOf(db, tenant.id);
      const offices = [];
      for (const id of await tree.officesOfTenant(tenant.id)) {
        const node = await tree.get(id);
        if (node && officeVisible(actor, id)) offices.push({ id, name: node.name });
      }
      const roles = (await tenantRoles(db, actor, tenant.id))
        .filter((r) => ungrantable(actor, r, tenant.type).length === 0)
        .map((r) => ({ id: r.id, name: r.name }));
      return {
        officeId: tenant.id,
        config: row ? configView(row) : null,
        callbackUrl: callbackUrl(req),
        roles,
        offices,
      };
    },
  );

  app.post(
    "/a/api/sso/save",
    { config: edit, schema: { tags, body: SsoConfigBody, response: { 200: SsoSaveResponse } } },
    async (req) => {
      const actor = actorOf(req);
      const body = req.body;
      const tenant = await tenantFor(actor, body.officeId);
      req.audit.target = `office:${tenant.id}`;
      await checkIssuer(services.settings, body.issuer);
      const before = await configOf(db, tenant.id);
      const secret = body.clientSecret ? body.clientSecret : (before?.clientSecret ?? "");
      if (!secret) throw new FieldErrors([{ field: "clientSecret", key: "sso.secretRequired" }]);
      const tenantOffices = await tree.officesOfTenant(tenant.id);
      if (body.jit && body.jitOfficeId === null)
        throw new FieldErrors([{ field: "jitOfficeId", key: "sso.jitOfficeRequired" }]);
      if (body.jit && body.jitRoleId === null)
        throw new FieldErrors([{ field: "jitRoleId", key: "sso.jitRoleRequired" }]);
      if (body.jitOfficeId !== null && !tenantOffices.includes(body.jitOfficeId))
        throw new FieldErrors([
          { field: "jitOfficeId", key: "sso.officeOutside", values: { id: body.jitOfficeId } },
        ]);
      // Every role handed out must be the tenant's own and one the caller may grant.
      const wanted = [
        ...new Set([...(body.jitRoleId ? [body.jitRoleId] : []), ...body.roleMap.map((m) => m.roleId)]),
      ];
      const found = new Map((await rolesInScope(db, actor, wanted)).map((r) => [r.id, r]));
      for (const id of wanted) {
        const role = found.get(id);
        if (!role || role.officeId !== tenant.id || ungrantable(actor, role, tenant.type).length > 0) {
          const field = id === body.jitRoleId ? "jitRoleId" : "roleMap";
          throw new FieldErrors([{ field, key: "sso.roleOutside", values: { id } }]);
        }
      }
      const row = await upsertConfig(db, {
        officeId: tenant.id,
        enabled: body.enabled,
        label: body.label,
        issuer: body.issuer,
        clientId: body.clientId,
        clientSecret: secret,
        scopes: body.scopes,
        roleClaim: body.roleClaim,
        roleMap: body.roleMap,
        jit: body.jit,
        jitOfficeId: body.jitOfficeId,
        jitRoleId: body.jitRoleId,
        passwordLogin: body.passwordLogin,
        updatedBy: actor.userId,
        updatedAt: services.clock.now(),
      });
      // Never the secret: only whether it changed.
      req.audit.detail = {
        enabled: row.enabled,
        issuer: row.issuer,
        clientId: row.clientId,
        secretChanged: secret !== (before?.clientSecret ?? ""),
        jit: row.jit,
        passwordLogin: row.passwordLogin,
      };
      return { config: configView(row) };
    },
  );

  app.post(
    "/a/api/sso/test",
    { config: edit, schema: { tags, body: SsoTestBody, response: { 200: SsoTestResponse } } },
    async (req) => {
      const at = await checkIssuer(services.settings, req.body.issuer);
      req.audit.detail = { issuer: req.body.issuer };
      let found: ReturnType<client.Configuration["serverMetadata"]>;
      try {
        found = (
          await discover({ issuer: req.body.issuer, clientId: "marquee-test", clientSecret: "-" }, at)
        ).serverMetadata();
      } catch (err) {
        throw new FieldErrors([
          {
            field: "issuer",
            key: "sso.discoveryFailed",
            values: { issuer: req.body.issuer, reason: reasonOf(err) },
          },
        ]);
      }
      return {
        issuer: found.issuer,
        authorizationEndpoint: found.authorization_endpoint ?? null,
        tokenEndpoint: found.token_endpoint ?? null,
        jwksUri: found.jwks_uri ?? null,
        scopesSupported: found.scopes_supported ?? [],
        claimsSupported: found.claims_supported ?? [],
      };
    },
  );

  const redirect = binaryResponse("never 200: a redirect (302) to the provider or to the console", [
    "text/html",
  ]);

  app.get(
    "/sso/start",
    { config: { access: { open: true }, ...openLimit }, schema: { tags, response: redirect } },
    async (req, reply) => {
      try {
        return reply.redirect(await startSignIn(services, req), 302);
      } catch (err) {
        if (!(err instanceof SsoRefusal)) throw err;
        req.log.warn({ reason: err.reason, detail: err.message }, "sso start refused");
        return reply.redirect(refusedAt(err.reason), 302);
      }
    },
  );

  app.get(
    "/sso/callback",
    {
      // Audited as a sign-in (method "sso"), refused ones too. The provider's redirect is a cross-site
      // navigation by design: the one-use state kept server-side is what ties it to the sign-in started here.
      config: { access: { open: true, csrf: false }, action: "login", mutates: true, ...openLimit },
      schema: { tags, response: redirect },
    },
    async (req, reply) => {
      req.audit.detail = { method: "sso" };
      try {
        const done = await finishSignIn(services, req);
        const { user } = done;
        req.audit.userId = user.id;
        req.audit.officeId = user.officeId;
        req.audit.username = user.username;
        req.audit.detail = { method: "sso", linked: done.linked };
        if (!user.enabled) throw new SsoRefusal("userDisabled");
        const block = await tree.blocked(user.officeId, services.clock.now());
        if (block) throw new SsoRefusal("tenantBlocked");
        const token = await services.sessions.create(user.id, req.ip, req.headers["user-agent"]);
        await recordSsoSignIn(db, user.id, services.clock.now(), req.ip);
        setSessionCookie(req, reply, token);
        // The sign-in page loads the session (user, permissions, routes) as after a password, then opens /home.
        return reply.redirect(SIGNED_IN_AT, 302);
      } catch (err) {
        if (!(err instanceof SsoRefusal)) throw err;
        req.log.warn({ reason: err.reason, detail: err.message }, "sso sign-in refused");
        req.audit.refused = true;
        req.audit.detail = { method: "sso", refused: err.reason };
        return reply.redirect(refusedAt(err.reason), 302);
      }
    },
  );
};
