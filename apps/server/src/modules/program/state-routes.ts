import {
  type ContentState,
  IdQuery,
  ProgramHistoryResponse,
  ProgramIdsBody,
  ProgramReviewBody,
  ReviewResultResponse,
  SubmitResponse,
} from "@marquee/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../platform/access";
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

    app.post(
      "/a/api/program/submit",
      {
        config: { access: { permission: "content:program:edit" } },
        schema: { tags, body: ProgramIdsBody, response: { 200: SubmitResponse } },
      },
      async (req) => {
        req.audit.target = `program:${req.body.ids.join(",")}`;
        const state = await service.submit(actorOf(req), req.body.ids, req.t.bind(req), req.log);
        req.audit.detail = { state };
        return { state };
      },
    );

    // program/review, and publishProgram/submitResult of the program review screen: one decision,
    // audited as one action.
    for (const url of ["/a/api/program/review", "/a/api/publishProgram/submitResult"])
      app.post(
        url,
        {
          config: { access: { permission: "content:program:review" }, action: "/a/api/program/review" },
          schema: { tags, body: ProgramReviewBody, response: { 200: ReviewResultResponse } },
        },
        async (req) => {
          const { ids, result } = req.body;
          const note = req.body.note || null;
          req.audit.target = `program:${ids.join(",")}`;
          req.audit.detail = { result, note };
          // A reviewer cannot approve what they submitted themselves (403).
          const count = await service.decide(actorOf(req), ids, { result, note }, req.t.bind(req), req.log);
          return { count };
        },
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
