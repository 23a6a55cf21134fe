import {
  PopDetailQuery,
  PopDetailResponse,
  PopExportBody,
  PopSummaryQuery,
  PopSummaryResponse,
} from "@marquee/contracts";
import { localDateOf } from "@marquee/schedule";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../platform/access";
import { binaryResponse } from "../../platform/download";
import { XLSX_TYPE } from "../../platform/xlsx";
import { popExport } from "./export";
import { describe, detailPage, resolveScope, sortAggregates, summaryAll } from "./repo";

/**
 * Proof of play: what played where, when and for how long, in the
 * caller's data range (the terminals of its offices). Summaries read the
 * daily roll-ups; the detail reads the raw plays a keyset page at a time.
 */
export const popRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const tags = ["pop"];

  app.get(
    "/a/api/pop/summary",
    {
      config: { access: { permission: "stats:proofOfPlay:view" } },
      schema: { tags, querystring: PopSummaryQuery, response: { 200: PopSummaryResponse } },
    },
    async (req) => {
      const q = req.query;
      const scope = await resolveScope(services, actorOf(req), q);
      const all = await summaryAll(services, scope, q.by);
      const sorted = sortAggregates(all.rows, q.sort, q.order);
      const start = (q.pageNo - 1) * q.pageSize;
      const list = await describe(services, scope, q.by, all.kind, sorted.slice(start, start + q.pageSize));
      return {
        list,
        total: sorted.length,
        pageNo: q.pageNo,
        pageSize: q.pageSize,
        by: q.by,
        kind: all.kind,
        timezone: scope.timezone,
        totals: all.totals,
        series: all.series,
      };
    },
  );

  app.get(
    "/a/api/pop/detail",
    {
      config: { access: { permission: "stats:proofOfPlay:view" } },
      schema: { tags, querystring: PopDetailQuery, response: { 200: PopDetailResponse } },
    },
    async (req) => {
      const { cursor, size, ...filter } = req.query;
      const scope = await resolveScope(services, actorOf(req), filter);
      const page = await detailPage(services, scope, cursor, size);
      return {
        list: page.rows.map(({ us: _us, at, programName, ...r }) => ({
          ...r,
          at: at.toISOString(),
          programName: programName ?? `#${r.programId}`,
          materialName: r.materialId === null ? null : (r.materialName ?? `#${r.materialId}`),
        })),
        more: page.more,
        cursor: page.cursor,
        timezone: scope.timezone,
      };
    },
  );

  app.post(
    "/a/api/pop/export",
    {
      config: { access: { permission: "stats:proofOfPlay:export" }, action: "popExport" },
      schema: {
        tags,
        body: PopExportBody,
        response: binaryResponse("the proof of play, a workbook or CSV", [XLSX_TYPE, "text/csv"]),
      },
    },
    async (req, reply) => {
      const { timezone = "UTC", view, format, sort, order, ...filter } = req.body;
      req.audit.target = `pop:${view}`;
      req.audit.detail = { ...filter, view, format, timezone };
      const scope = await resolveScope(services, actorOf(req), filter);
      const t = (key: Parameters<typeof req.t>[0], values?: Record<string, string | number>) =>
        req.t(key, values);
      const stream = await popExport({
        services,
        scope,
        view,
        format,
        sort,
        order,
        timezone,
        t,
        log: req.log,
      });
      const name = `proof-of-play-${view}-${scope.from}-${scope.to}-${localDateOf(timezone, services.clock.now().getTime())}.${format}`;
      return reply
        .header("content-type", format === "xlsx" ? XLSX_TYPE : "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${name}"`)
        .header("cache-control", "no-store")
        .send(stream);
    },
  );
};
