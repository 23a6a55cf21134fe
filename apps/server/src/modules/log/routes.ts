import {
  type AuditLogRow,
  LogActionsResponse,
  LogDetailsQuery,
  LogDetailsResponse,
  LogExportBody,
  LogListQuery,
  LogListResponse,
} from "@marquee/contracts";
import { localDateOf } from "@marquee/schedule";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../platform/access";
import { binaryResponse } from "../../platform/download";
import { XLSX_TYPE } from "../../platform/xlsx";
import { logWorkbook } from "./export";
import { targetNames } from "./names";
import { distinctActions, findAuditLog, listAuditLogs } from "./repo";

/** The system log: the audit trail, filtered, paged or scrolled, in detail and exported, within the caller's data range. */
export const logRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  app.get(
    "/a/api/log/ajaxScrollLog",
    {
      config: { access: { permission: "sys:log:view" } },
      schema: { tags: ["log"], querystring: LogListQuery, response: { 200: LogListResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const { targets, list, ...page } = await listAuditLogs(services, actor, req.query);
      return {
        // The rows' JSON text, sent as it is (answerJson): the declared type is what that text holds.
        list: list as unknown as AuditLogRow[],
        ...page,
        // Read after the cached page: names change without the audit trail being written.
        names: await targetNames(services.db, actor, targets),
        pageNo: req.query.lastId === undefined ? req.query.pageNo : 1,
        pageSize: req.query.pageSize,
      };
    },
  );

  app.get(
    "/a/api/log/detailsFunc",
    {
      config: { access: { permission: "sys:log:view" } },
      schema: { tags: ["log"], querystring: LogDetailsQuery, response: { 200: LogDetailsResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const log = await findAuditLog(services, actor, req.query.id);
      return { log, names: await targetNames(services.db, actor, [log]) };
    },
  );

  app.get(
    "/a/api/log/actions",
    {
      config: { access: { permission: "sys:log:view" } },
      schema: { tags: ["log"], response: { 200: LogActionsResponse } },
    },
    async (req) => ({
      list: await distinctActions(services, actorOf(req)),
    }),
  );

  app.post(
    "/a/sys/log/logExport",
    {
      config: { access: { permission: "sys:log:export" }, action: "logExport" },
      schema: {
        tags: ["log"],
        body: LogExportBody,
        response: binaryResponse("the system log, a workbook", [XLSX_TYPE]),
      },
    },
    async (req, reply) => {
      const actor = actorOf(req);
      const { timezone = "UTC", ...filter } = req.body;
      req.audit.target = "log:export";
      req.audit.detail = {
        ...filter,
        beginTime: filter.beginTime?.toISOString(),
        endTime: filter.endTime?.toISOString(),
        timezone,
      };
      const t = (key: Parameters<typeof req.t>[0], values?: Record<string, string | number>) =>
        req.t(key, values);
      const stream = logWorkbook({ services, actor, filter, timezone, locale: req.locale, t, log: req.log });
      const name = `system-log-${localDateOf(timezone, services.clock.now().getTime())}.xlsx`;
      return reply
        .header("content-type", XLSX_TYPE)
        .header("content-disposition", `attachment; filename="${name}"`)
        .header("cache-control", "no-store")
        .send(stream);
    },
  );
};
