import {
  BehaviorActionsResponse,
  BehaviorActiveResponse,
  BehaviorOfficesResponse,
  BehaviorPagesResponse,
  BehaviorRangeQuery,
  BehaviorUsersQuery,
  BehaviorUsersResponse,
  PAGE_VIEW_CALLS_PER_MINUTE,
  PAGE_VIEW_CLOCK_SKEW_MS,
  PAGE_VIEW_MAX_AGE_MS,
  PageViewsBody,
  PageViewsResponse,
} from "@marquee/contracts";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../platform/access";
import { FieldErrors } from "../../platform/errors";
import type { Services } from "../../platform/services";
import { rollupsAsOf } from "../statistics/rollup";
import { type BehaviorScope, resolveScope } from "./range";
import { actions, activeUsers, officesOf, pages, recordPageViews, users } from "./repo";

/** What every behaviour answer carries besides its figures. */
async function meta(services: Services, scope: BehaviorScope) {
  const asOf = await rollupsAsOf(services);
  return { from: scope.from, to: scope.to, timezone: scope.timezone, asOf: asOf?.toISOString() ?? null };
}

/**
 * User behaviour statistics: the console's page-view beacon, and
 * who uses the console and how (/a/api/behavior/*), in the caller's data range.
 */
export const behaviorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const tags = ["behavior"];
  const view = { access: { permission: "stats:userBehavior:view" as const } };

  app.post(
    "/a/api/behavior/pageViews",
    {
      config: {
        access: { signedIn: true },
        // Telemetry, not an action of the user: counting it would count every page shown as one.
        audit: false,
        rateLimit: {
          max: PAGE_VIEW_CALLS_PER_MINUTE,
          timeWindow: 60_000,
          // After the session and access checks, so the limit is the user's own.
          hook: "preHandler",
          keyGenerator: (req: FastifyRequest) => `pageViews:${req.actor?.userId ?? req.ip}`,
        },
      },
      schema: { tags, body: PageViewsBody, response: { 200: PageViewsResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const now = services.clock.now().getTime();
      const problems: ConstructorParameters<typeof FieldErrors>[0] = [];
      const rows = req.body.views.map((v, i) => {
        const at = Date.parse(v.at);
        if (at < now - PAGE_VIEW_MAX_AGE_MS)
          problems.push({ field: `views.${i}.at`, key: "behavior.viewTooOld" });
        else if (at > now + PAGE_VIEW_CLOCK_SKEW_MS)
          problems.push({ field: `views.${i}.at`, key: "behavior.viewInFuture" });
        // A browser clock a little ahead: the view happened now.
        return {
          userId: actor.userId,
          officeId: actor.officeId,
          page: v.page,
          at: new Date(Math.min(at, now)),
        };
      });
      if (problems.length) throw new FieldErrors(problems);
      await recordPageViews(services.db, rows);
      return { accepted: rows.length };
    },
  );

  app.get(
    "/a/api/behavior/activeUsers",
    {
      config: view,
      schema: { tags, querystring: BehaviorRangeQuery, response: { 200: BehaviorActiveResponse } },
    },
    async (req) => {
      const scope = await resolveScope(services, actorOf(req), req.query);
      const figures = await activeUsers(services.db, scope);
      return { ...(await meta(services, scope)), ...figures };
    },
  );

  app.get(
    "/a/api/behavior/pages",
    {
      config: view,
      schema: { tags, querystring: BehaviorRangeQuery, response: { 200: BehaviorPagesResponse } },
    },
    async (req) => {
      const scope = await resolveScope(services, actorOf(req), req.query);
      const list = await pages(services.db, scope);
      return { ...(await meta(services, scope)), list };
    },
  );

  app.get(
    "/a/api/behavior/actions",
    {
      config: view,
      schema: { tags, querystring: BehaviorRangeQuery, response: { 200: BehaviorActionsResponse } },
    },
    async (req) => {
      const scope = await resolveScope(services, actorOf(req), req.query);
      const figures = await actions(services.db, scope);
      return { ...(await meta(services, scope)), ...figures };
    },
  );

  app.get(
    "/a/api/behavior/users",
    {
      config: view,
      schema: { tags, querystring: BehaviorUsersQuery, response: { 200: BehaviorUsersResponse } },
    },
    async (req) => {
      const scope = await resolveScope(services, actorOf(req), req.query);
      const page = await users(services.db, scope, req.query);
      return {
        ...(await meta(services, scope)),
        ...page,
        pageNo: req.query.pageNo,
        pageSize: req.query.pageSize,
      };
    },
  );

  app.get(
    "/a/api/behavior/offices",
    {
      config: view,
      schema: { tags, querystring: BehaviorRangeQuery, response: { 200: BehaviorOfficesResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const scope = await resolveScope(services, actor, req.query);
      const figures = await officesOf(services, actor, scope);
      return { ...(await meta(services, scope)), ...figures };
    },
  );
};
