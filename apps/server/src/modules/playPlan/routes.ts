import {
  ChecklistQuery,
  IdQuery,
  OkResponse,
  PlanCopyBody,
  PlanDetailResponse,
  PlanListQuery,
  PlanListResponse,
  PlanSaveBody,
  PlanSaveResponse,
  ProgramIdsBody,
} from "@marquee/contracts";
import type { Conflict } from "@marquee/schedule";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../platform/access";
import { contentReviewRoutes, reviewCallsUnder } from "../content/review-routes";
import type { PlanRow } from "./repo";
import { PlanService } from "./service";

/** The answer of a call that wrote a plan, with the same-tier overlaps the editor shows as warnings. */
const saved = (r: PlanRow, conflicts: Conflict[]) => ({
  id: r.id,
  version: r.version,
  state: r.state,
  updateDate: r.updatedAt.toISOString(),
  conflicts,
});

/**
 * Play plans: production, lists and review under
 * /a/api/playPlan/, range-scoped like programs (the creator's office and,
 * for "own" ranges, the creator). Publishing them lives in the publish module.
 */
export const playPlanRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new PlanService(app.services);
  const view = { access: { anyOf: ["content:playPlan:view", "content:playPlan:review"] as const } };
  const edit = { access: { permission: "content:playPlan:edit" as const } };
  const review = { access: { permission: "content:playPlan:review" as const } };
  // 500 items of up to 24 windows each are larger than the default body limit.
  const docBodyLimit = 4 * 1024 * 1024;
  const tags = ["playPlan"];

  app.get(
    "/a/api/playPlan/list",
    {
      config: { access: { permission: "content:playPlan:view" } },
      schema: { tags, querystring: PlanListQuery, response: { 200: PlanListResponse } },
    },
    async (req) => service.page(actorOf(req), req.query),
  );

  app.get(
    "/a/api/playPlan/detail",
    { config: view, schema: { tags, querystring: IdQuery, response: { 200: PlanDetailResponse } } },
    async (req) => service.detail(actorOf(req), req.query.id),
  );

  app.post(
    "/a/api/playPlan/save",
    {
      config: edit,
      bodyLimit: docBodyLimit,
      schema: { tags, body: PlanSaveBody, response: { 200: PlanSaveResponse } },
    },
    async (req) => {
      const { id, force } = req.body;
      if (id !== undefined) req.audit.target = `plan:${id}`;
      const { row, conflicts } = await service.save(actorOf(req), req.body, req.t.bind(req), req.log);
      req.audit.target = `plan:${row.id}`;
      req.audit.detail = { version: row.version, conflicts: conflicts.length, ...(force ? { force } : {}) };
      return saved(row, conflicts);
    },
  );

  app.post(
    "/a/api/playPlan/copy",
    { config: edit, schema: { tags, body: PlanCopyBody, response: { 200: PlanSaveResponse } } },
    async (req) => {
      req.audit.target = `plan:${req.body.id}`;
      const { row, conflicts } = await service.copy(
        actorOf(req),
        req.body.id,
        req.body.name,
        req.t.bind(req),
      );
      req.audit.detail = { copy: row.id };
      return saved(row, conflicts);
    },
  );

  app.post(
    "/a/api/playPlan/delete",
    {
      config: { access: { permission: "content:playPlan:delete" } },
      schema: { tags, body: ProgramIdsBody, response: { 200: OkResponse } },
    },
    async (req) => {
      req.audit.target = `plan:${req.body.ids.join(",")}`;
      // What screens play or will play stays until it is withdrawn.
      await service.delete(actorOf(req), req.body.ids);
      return {};
    },
  );

  // ---- review ----

  app.get(
    "/a/api/playPlan/checklist",
    { config: review, schema: { tags, querystring: ChecklistQuery, response: { 200: PlanListResponse } } },
    // The longest waiting first.
    async (req) => service.page(actorOf(req), { ...req.query, order: "asc" }),
  );

  await app.register(contentReviewRoutes(service, reviewCallsUnder("/a/api/playPlan", tags)));
};
