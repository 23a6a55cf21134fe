import {
  InstantStatisticsQuery,
  InstantStatisticsResponse,
  OfficeChildQuery,
  OfficeChildResponse,
  OfficeDynamicQuery,
  OfficeInfoQuery,
  OfficeInfoResponse,
  OfficeNodesResponse,
  OfficeSearchQuery,
  OfficeSearchResponse,
  OfficeTreeResponse,
  type Permission,
} from "@marquee/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../platform/access";
import { childPage, officeDetail, rangeForest, searchOffices, subtreeStatistics, treeLevel } from "./repo";
import { officeWriteRoutes } from "./write-routes";

/** The screens that read the tree: institution management, agent activation (with customers) and users. */
export const OFFICE_READ: readonly Permission[] = ["sys:office:view", "sys:customer:view", "sys:user:view"];

/**
 * Institutions: the office tree of the caller's data range, one
 * level at a time or whole, search, children with what they hold, and
 * statistics of a subtree (/a/api/office/*). Writes are in write-routes.ts.
 */
export const officeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const db = services.db;
  const tags = ["office"];
  const read = { access: { anyOf: OFFICE_READ } };

  app.get(
    "/a/api/office/treeDataNew",
    { config: read, schema: { tags, response: { 200: OfficeTreeResponse } } },
    async (req) => ({ tree: await rangeForest(db, actorOf(req), services.clock.now()) }),
  );

  app.get(
    "/a/api/office/officeDynamicData",
    {
      config: read,
      schema: { tags, querystring: OfficeDynamicQuery, response: { 200: OfficeNodesResponse } },
    },
    async (req) => ({ list: await treeLevel(db, actorOf(req), req.query.id, services.clock.now()) }),
  );

  app.get(
    "/a/api/office/searchOffice",
    {
      config: read,
      schema: { tags, querystring: OfficeSearchQuery, response: { 200: OfficeSearchResponse } },
    },
    async (req) => searchOffices(services, actorOf(req), req.query),
  );

  app.get(
    "/a/api/office/findChild",
    {
      config: read,
      schema: { tags, querystring: OfficeChildQuery, response: { 200: OfficeChildResponse } },
    },
    async (req) => childPage(db, actorOf(req), req.query, services.clock.now()),
  );

  app.get(
    "/a/api/office/officeInfo",
    { config: read, schema: { tags, querystring: OfficeInfoQuery, response: { 200: OfficeInfoResponse } } },
    async (req) => ({ office: await officeDetail(db, actorOf(req), req.query.id, services.clock.now()) }),
  );

  app.get(
    "/a/api/office/findInstantStatistics",
    {
      config: read,
      schema: { tags, querystring: InstantStatisticsQuery, response: { 200: InstantStatisticsResponse } },
    },
    async (req) => ({ statistics: await subtreeStatistics(services, actorOf(req), req.query.id) }),
  );

  await app.register(officeWriteRoutes);
};
