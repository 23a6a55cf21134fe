import { type ContentState, IdQuery, ProgramHistoryResponse } from "@marquee/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../platform/access";
import { contentReviewRoutes } from "../content/review-routes";
import type { ProgramService } from "./service";

/**
 * The life of a program: submitted for review (or approved at once while
 * review is off), reviewed, and the history of its states. The rules are
 * shared with plans and messages (content/flow.ts).
 */
export const programStateRoutes =
  (service: ProgramService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ["program"];

    // program/review, and publishProgram/submitResult of the program review screen: one decision,
    // audited as one action.
    await app.register(
      contentReviewRoutes(service, {
        tags,
        submit: "/a/api/program/submit",
        decide: {
          urls: ["/a/api/program/review", "/a/api/publishProgram/submitResult"],
          action: "/a/api/program/review",
        },
      }),
    );

    app.get(
      "/a/api/program/history",
      {
        config: { access: { anyOf: ["content:program:view", "content:program:review"] } },
        schema: { tags, querystring: IdQuery, response: { 200: ProgramHistoryResponse } },
      },
      async (req) => {
        // An edit that brought the program back to draft says so in the reader's language.
        const lines = await service.history(actorOf(req), req.query.id, req.t.bind(req));
        return {
          // Every line of a program's history names the state it moved to.
          list: lines.map(({ from, to, note, byName, at }) => ({
            from,
            to: to as ContentState,
            note,
            byName,
            at,
          })),
        };
      },
    );
  };
