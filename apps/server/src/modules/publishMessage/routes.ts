import {
  ChecklistQuery,
  IdQuery,
  OkResponse,
  ProgramIdsBody,
  PubMessageDetailResponse,
  PubMessageListQuery,
  PubMessageListResponse,
  PubMessageSaveBody,
  PubMessageSaveResponse,
} from "@marquee/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../platform/access";
import { contentReviewRoutes, reviewCallsUnder } from "../content/review-routes";
import { MessageService } from "./service";

/**
 * Messages: scrolling lines and notices shown over the programs,
 * produced, listed and reviewed under /a/api/publishMessage/, range-scoped
 * like programs. Publishing them lives in the publish module.
 */
export const publishMessageRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new MessageService(app.services);
  const view = { access: { anyOf: ["content:message:view", "content:message:review"] as const } };
  const edit = { access: { permission: "content:message:edit" as const } };
  const review = { access: { permission: "content:message:review" as const } };
  const remove = { access: { permission: "content:message:delete" as const } };
  const tags = ["publishMessage"];

  app.get(
    "/a/api/publishMessage/list",
    {
      config: { access: { permission: "content:message:view" } },
      schema: { tags, querystring: PubMessageListQuery, response: { 200: PubMessageListResponse } },
    },
    async (req) => service.page(actorOf(req), req.query),
  );

  app.get(
    "/a/api/publishMessage/messagePreview",
    { config: view, schema: { tags, querystring: IdQuery, response: { 200: PubMessageDetailResponse } } },
    async (req) => service.detail(actorOf(req), req.query.id),
  );

  app.post(
    "/a/api/publishMessage/ajaxSave",
    { config: edit, schema: { tags, body: PubMessageSaveBody, response: { 200: PubMessageSaveResponse } } },
    async (req) => {
      const { id, force } = req.body;
      if (id !== undefined) req.audit.target = `message:${id}`;
      const row = await service.save(actorOf(req), req.body, req.log);
      req.audit.target = `message:${row.id}`;
      req.audit.detail = { version: row.version, ...(force ? { force } : {}) };
      return {
        id: row.id,
        version: row.version,
        state: row.state,
        updateDate: row.updatedAt.toISOString(),
      };
    },
  );

  app.post(
    "/a/api/publishMessage/ajaxDelete",
    // The one-message form of delete: audited as the same action.
    {
      config: { ...remove, action: "/a/api/publishMessage/delete" },
      schema: { tags, body: IdQuery, response: { 200: OkResponse } },
    },
    async (req) => {
      req.audit.target = `message:${req.body.id}`;
      await service.delete(actorOf(req), [req.body.id]);
      return {};
    },
  );

  app.post(
    "/a/api/publishMessage/delete",
    { config: remove, schema: { tags, body: ProgramIdsBody, response: { 200: OkResponse } } },
    async (req) => {
      req.audit.target = `message:${req.body.ids.join(",")}`;
      await service.delete(actorOf(req), req.body.ids);
      return {};
    },
  );

  // ---- review ----

  app.get(
    "/a/api/publishMessage/checklist",
    {
      config: review,
      schema: { tags, querystring: ChecklistQuery, response: { 200: PubMessageListResponse } },
    },
    // The longest waiting first.
    async (req) => service.page(actorOf(req), req.query, true),
  );

  await app.register(contentReviewRoutes(service, reviewCallsUnder("/a/api/publishMessage", tags)));
};
