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
import { and, asc, count, eq, ilike, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { offices } from "../../db/schema";
import { actorOf } from "../../platform/access";
import { pathIds } from "../../platform/office-tree";
import { likeEscape } from "../../platform/sql";
import { officeVisible } from "../../platform/tenancy";
import { usedBytes } from "../material/repo";
import {
  childCount,
  findOffice,
  forest,
  nodeColumns,
  officeScope,
  rootWhere,
  toDetail,
  toNode,
} from "./repo";
import { officeWriteRoutes } from "./write-routes";

/** The screens that read the tree: institution management, agent activation (with customers) and users. */
export const OFFICE_READ: readonly Permission[] = ["sys:office:view", "sys:customer:view", "sys:user:view"];

/** Search hits answered at most (the console asks the user to type more beyond that). */
const MAX_HITS = 50;

const siblingsOrder = [asc(offices.sort), asc(offices.name), asc(offices.id)];

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
    async (req) => {
      const rows = await db
        .select(nodeColumns)
        .from(offices)
        .where(officeScope(actorOf(req)))
        .orderBy(...siblingsOrder);
      const now = services.clock.now();
      return { tree: forest(rows.map((r) => toNode(r, now))) };
    },
  );

  app.get(
    "/a/api/office/officeDynamicData",
    {
      config: read,
      schema: { tags, querystring: OfficeDynamicQuery, response: { 200: OfficeNodesResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const { id } = req.query;
      // Ranges are whole subtrees: the children of an office in range are in range too.
      const where =
        id === undefined ? rootWhere(actor) : eq(offices.parentId, (await findOffice(db, actor, id)).id);
      const rows = await db
        .select(nodeColumns)
        .from(offices)
        .where(where)
        .orderBy(...siblingsOrder);
      const now = services.clock.now();
      return { list: rows.map((r) => toNode(r, now)) };
    },
  );

  app.get(
    "/a/api/office/searchOffice",
    {
      config: read,
      schema: { tags, querystring: OfficeSearchQuery, response: { 200: OfficeSearchResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const { name, type } = req.query;
      const rows = await db
        .select({ ...nodeColumns, path: offices.path })
        .from(offices)
        .where(
          and(
            officeScope(actor),
            ilike(offices.name, `%${likeEscape(name)}%`),
            type ? eq(offices.type, type) : undefined,
          ),
        )
        .orderBy(sql`length(${offices.path})`, asc(offices.name), asc(offices.id))
        .limit(MAX_HITS + 1);
      const now = services.clock.now();
      const list = [];
      for (const r of rows.slice(0, MAX_HITS)) {
        // The names from the caller's top office down: never one above their range.
        const trail = [];
        for (const id of pathIds(r.path)) {
          if (!officeVisible(actor, id)) continue;
          const node = await services.tree.get(id);
          if (node) trail.push({ id, name: node.name });
        }
        list.push({ ...toNode(r, now), trail });
      }
      return { list, more: rows.length > MAX_HITS };
    },
  );

  app.get(
    "/a/api/office/findChild",
    {
      config: read,
      schema: { tags, querystring: OfficeChildQuery, response: { 200: OfficeChildResponse } },
    },
    async (req) => {
      const q = req.query;
      const parent = await findOffice(db, actorOf(req), q.id);
      const where = and(
        eq(offices.parentId, parent.id),
        q.name ? ilike(offices.name, `%${likeEscape(q.name)}%`) : undefined,
      );
      // What each child and everything below it holds.
      const below = (table: "users" | "terminals") =>
        sql<number>`(select count(*) from ${sql.raw(table)} x join offices s on s.id = x.office_id
          where s.path like ("offices"."path" || '%'))`.mapWith(Number);
      const [rows, totals] = await Promise.all([
        db
          .select({
            ...nodeColumns,
            contactName: offices.contactName,
            contactPhone: offices.contactPhone,
            terminalQuota: offices.terminalQuota,
            capacityBytes: offices.capacityBytes,
            createdAt: offices.createdAt,
            users: below("users"),
            terminals: below("terminals"),
          })
          .from(offices)
          .where(where)
          .orderBy(...siblingsOrder)
          .limit(q.pageSize)
          .offset((q.pageNo - 1) * q.pageSize),
        db.select({ n: count() }).from(offices).where(where),
      ]);
      const now = services.clock.now();
      return {
        list: rows.map((r) => ({
          ...toNode(r, now),
          contactName: r.contactName,
          contactPhone: r.contactPhone,
          terminalQuota: r.terminalQuota,
          capacityBytes: r.capacityBytes,
          users: r.users,
          terminals: r.terminals,
          createDate: r.createdAt.toISOString(),
        })),
        total: totals[0]?.n ?? 0,
        pageNo: q.pageNo,
        pageSize: q.pageSize,
      };
    },
  );

  app.get(
    "/a/api/office/officeInfo",
    { config: read, schema: { tags, querystring: OfficeInfoQuery, response: { 200: OfficeInfoResponse } } },
    async (req) => {
      const row = await findOffice(db, actorOf(req), req.query.id);
      return {
        office: toDetail(row, await childCount(db, row.id), services.clock.now()),
      };
    },
  );

  app.get(
    "/a/api/office/findInstantStatistics",
    {
      config: read,
      schema: { tags, querystring: InstantStatisticsQuery, response: { 200: InstantStatisticsResponse } },
    },
    async (req) => {
      const row = await findOffice(db, actorOf(req), req.query.id);
      const below = `${row.path}%`;
      // One pass over the subtree's ids (the path prefix uses its index), one over its terminals.
      const [counts, storageBytes] = await Promise.all([
        db.execute<{
          institutions: number;
          agents: number;
          customers: number;
          users: number;
          materials: number;
          programs: number;
          total: number;
          online: number;
          offline: number;
          pending: number;
          disabled: number;
        }>(sql`
          with sub as (select id, type from offices where path like ${below})
          select
            (select count(*) from sub where type = 'institution' and id <> ${row.id})::int as institutions,
            (select count(*) from sub where type = 'agent' and id <> ${row.id})::int as agents,
            (select count(*) from sub where type = 'customer' and id <> ${row.id})::int as customers,
            (select count(*) from users where office_id in (select id from sub))::int as users,
            (select count(*) from materials
              where office_id in (select id from sub) and purpose = 'library')::int as materials,
            (select count(*) from programs where office_id in (select id from sub))::int as programs,
            t.total, t.online, t.offline, t.pending, t.disabled
          from (
            select
              count(*)::int as total,
              (count(*) filter (where state = 'authorised' and online))::int as online,
              (count(*) filter (where state = 'authorised' and not online))::int as offline,
              (count(*) filter (where state = 'pending'))::int as pending,
              (count(*) filter (where state = 'disabled'))::int as disabled
            from terminals where office_id in (select id from sub)
          ) t`),
        usedBytes(services, row.path),
      ]);
      const c = counts.rows[0];
      if (!c) throw new Error("statistics not counted");
      return {
        statistics: {
          officeId: row.id,
          institutions: c.institutions,
          agents: c.agents,
          customers: c.customers,
          users: c.users,
          terminals: {
            total: c.total,
            online: c.online,
            offline: c.offline,
            pending: c.pending,
            disabled: c.disabled,
          },
          materials: c.materials,
          storageBytes,
          programs: c.programs,
        },
      };
    },
  );

  await app.register(officeWriteRoutes);
};
