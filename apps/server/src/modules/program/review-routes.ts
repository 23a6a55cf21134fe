import { ChecklistQuery, ProgramListResponse } from "@marquee/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../platform/access";
import { contentReviewRoutes } from "../content/review-routes";
import type { ProgramService } from "./service";

/**
 * The program review screen (publishProgram/checklist): pending programs,
 * and notes. Its decisions (publishProgram/submitResult) are program/review
 * (program/state-routes.ts).
 */
export const publishProgramReviewRoutes =
  (service: ProgramService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ["publishProgram"];

    app.get(
      "/a/api/publishProgram/checklist",
      {
        config: { access: { permission: "content:program:review" } },
        schema: { tags, querystring: ChecklistQuery, response: { 200: ProgramListResponse } },
      },
      // The longest waiting first.
      async (req) => service.page(actorOf(req), { ...req.query, sort: "updateDate", order: "asc" }),
    );

    await app.register(contentReviewRoutes(service, { tags, note: "/a/api/publishProgram/submitNote" }));
  };
