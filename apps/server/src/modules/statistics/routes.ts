import {
  CalTerminalCountQuery,
  CalTerminalCountResponse,
  LoginStatsQuery,
  LoginStatsResponse,
  OnlineTimeQuery,
  OnlineTimeResponse,
  PublishWidgetQuery,
  PublishWidgetResponse,
  ResourcesCaseQuery,
  ResourcesCaseResponse,
  StartUpRateBody,
  StartUpRateResponse,
  StatsRefreshResponse,
  TerminalByIdsQuery,
  TerminalByIdsResponse,
  WidgetClickQuery,
  WidgetClickResponse,
  WidgetUseQuery,
  WidgetUseResponse,
} from "@marquee/contracts";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { runsWork } from "../../config";
import { actorOf } from "../../platform/access";
import {
  loginStats,
  onlineTime,
  publishWidgets,
  resourcesCase,
  startUpRate,
  terminalCount,
  terminalsByIds,
  widgetClicks,
  widgetUse,
} from "./repo";
import { RollupJob } from "./rollup";
import { metaOf, statsScope } from "./scope";

const BASE = "/a/api/statistics";
const tags = ["statistics"];
/** A refresh within this long after a pass answers that pass instead of running another. */
const REFRESH_FRESH_MS = 30_000;

/**
 * Data statistics (spec §7 "Statistics"): figures of the caller's
 * data range (an office of it and below, a terminal group), read from the
 * daily roll-ups that the job in rollup.ts keeps up to date every few
 * minutes; every answer says when they were (`asOf`).
 */
export const statisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const job = new RollupJob(services, app.log);
  if (runsWork(app.deps.config.role)) job.start();
  app.addHook("onClose", () => job.stop());

  const view = { access: { permission: "stats:data:view" as const } };
  const scopeOf = (req: FastifyRequest, q: Parameters<typeof statsScope>[2]) =>
    statsScope(services, actorOf(req), q);

  app.get(
    `${BASE}/calTerminalCount`,
    {
      config: view,
      schema: { tags, querystring: CalTerminalCountQuery, response: { 200: CalTerminalCountResponse } },
    },
    async (req) => {
      const s = await scopeOf(req, req.query);
      return { ...metaOf(s), ...(await terminalCount(services, s)) };
    },
  );

  app.get(
    `${BASE}/statisticsTerminalOnlineTime`,
    { config: view, schema: { tags, querystring: OnlineTimeQuery, response: { 200: OnlineTimeResponse } } },
    async (req) => {
      const s = await scopeOf(req, req.query);
      return { ...metaOf(s), ...(await onlineTime(services, s, req.query)) };
    },
  );

  app.post(
    `${BASE}/terminalStartUpRate`,
    // A read that the spec makes a POST: opening the statistics is not an action worth a log row.
    {
      config: { ...view, audit: false },
      schema: { tags, body: StartUpRateBody, response: { 200: StartUpRateResponse } },
    },
    async (req) => {
      const s = await scopeOf(req, req.body);
      return { ...metaOf(s), ...(await startUpRate(services, s)) };
    },
  );

  app.get(
    `${BASE}/statisticsLogin`,
    { config: view, schema: { tags, querystring: LoginStatsQuery, response: { 200: LoginStatsResponse } } },
    async (req) => {
      // Users have no terminal group: the group filter does not apply here.
      const s = await scopeOf(req, { ...req.query, groupId: undefined });
      return { ...metaOf(s), ...(await loginStats(services, s, req.query)) };
    },
  );

  app.get(
    `${BASE}/statisticsResourcesCase`,
    {
      config: view,
      schema: { tags, querystring: ResourcesCaseQuery, response: { 200: ResourcesCaseResponse } },
    },
    async (req) => {
      const s = await scopeOf(req, { ...req.query, groupId: undefined });
      return { ...metaOf(s), ...(await resourcesCase(services, s)) };
    },
  );

  app.get(
    `${BASE}/statisticsPublishProgramWidgetNum`,
    {
      config: view,
      schema: { tags, querystring: PublishWidgetQuery, response: { 200: PublishWidgetResponse } },
    },
    async (req) => {
      const s = await scopeOf(req, { ...req.query, groupId: undefined });
      return { ...metaOf(s), ...(await publishWidgets(services, s)) };
    },
  );

  app.get(
    `${BASE}/statisticsWidgetUse`,
    { config: view, schema: { tags, querystring: WidgetUseQuery, response: { 200: WidgetUseResponse } } },
    async (req) => {
      const s = await scopeOf(req, req.query);
      return { ...metaOf(s), ...(await widgetUse(services, s)) };
    },
  );

  app.get(
    `${BASE}/statisticsWidgetClick`,
    { config: view, schema: { tags, querystring: WidgetClickQuery, response: { 200: WidgetClickResponse } } },
    async (req) => {
      const s = await scopeOf(req, req.query);
      return { ...metaOf(s), ...(await widgetClicks(services, s, req.query)) };
    },
  );

  app.get(
    `${BASE}/getTerminalByTerminalIds`,
    {
      config: view,
      schema: { tags, querystring: TerminalByIdsQuery, response: { 200: TerminalByIdsResponse } },
    },
    async (req) => ({ list: await terminalsByIds(services, actorOf(req), req.query.ids) }),
  );

  app.post(
    `${BASE}/refresh`,
    { config: { ...view, mutates: true }, schema: { tags, response: { 200: StatsRefreshResponse } } },
    async (req) => {
      const r = await job.refresh(REFRESH_FRESH_MS);
      req.audit.target = "statistics:rollups";
      req.audit.detail = { ran: r.ran };
      return { asOf: r.asOf?.toISOString() ?? null, ran: r.ran };
    },
  );
};
