import { AuditLogRow, LogListQuery, pageOf } from "@marquee/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../platform/access";
import { listAuditLogs } from "./repo";

/** The system log: the audit trail, filtered and paginated within the caller's data range. */
export const logRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  app.get(
    "/a/api/log/ajaxScrollLog",
    {
      config: { access: { permission: "sys:log:view" } },
      schema: { tags: ["log"], querystring: LogListQuery, response: { 200: pageOf(AuditLogRow) } },
    },
    async (req) => {
      const page = await listAuditLogs(services, actorOf(req), req.query);
      return {
        code: 0,
        msg: req.t("common.ok"),
        ...page,
        pageNo: req.query.pageNo,
        pageSize: req.query.pageSize,
      };
    },
  );
};
