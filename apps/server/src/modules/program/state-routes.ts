import {
  type ContentState,
  IdQuery,
  ProgramHistoryResponse,
  ProgramIdsBody,
  ProgramReviewBody,
} from "@marquee/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../platform/access";
import { decideItems, submitItems } from "../content/flow";
import { historyOf } from "../content/items";
import { programKind } from "../content/kinds";
import { findSummary } from "./repo";
import { syncScreens } from "./screens";

/**
 * The life of a program: submitted for review (or approved at once while
 * review is off), reviewed, and the history of its states. The rules are
 * shared with plans and messages (review/flow.ts).
 */
export const programStateRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const db = services.db;

  app.post(
    "/a/api/program/submit",
    {
      config: { access: { permission: "content:program:edit" } },
      schema: { tags: ["program"], body: ProgramIdsBody },
    },
    async (req) => {
      const actor = actorOf(req);
      req.audit.target = `program:${req.body.ids.join(",")}`;
      const { state: to } = await submitItems(
        services,
        programKind,
        actor,
        req.body.ids,
        req.t.bind(req),
        req.log,
      );
      req.audit.detail = { state: to };
      await syncScreens(app, req.log, req.body.ids);
      return { code: 0, msg: req.t("common.ok"), state: to };
    },
  );

  // program/review, and publishProgram/submitResult of the program review screen: one decision,
  // audited as one action.
  for (const url of ["/a/api/program/review", "/a/api/publishProgram/submitResult"])
    app.post(
      url,
      {
        config: { access: { permission: "content:program:review" }, action: "/a/api/program/review" },
        schema: { tags: ["program"], body: ProgramReviewBody },
      },
      async (req) => {
        const actor = actorOf(req);
        const { ids, result } = req.body;
        const note = req.body.note || null;
        req.audit.target = `program:${ids.join(",")}`;
        req.audit.detail = { result, note };
        // A reviewer cannot approve what they submitted themselves (403).
        const rows = await decideItems(services, programKind, actor, ids, { result, note }, req.t.bind(req));
        await syncScreens(
          app,
          req.log,
          rows.map((r) => r.id),
        );
        return { code: 0, msg: req.t("common.ok"), count: rows.length };
      },
    );

  app.get(
    "/a/api/program/history",
    {
      config: { access: { anyOf: ["content:program:view", "content:program:review"] } },
      schema: { tags: ["program"], querystring: IdQuery, response: { 200: ProgramHistoryResponse } },
    },
    async (req) => {
      const program = await findSummary(db, actorOf(req), req.query.id);
      // An edit that brought the program back to draft says so in the reader's language.
      const lines = await historyOf(db, programKind, program.id, req.t.bind(req));
      return {
        code: 0,
        msg: req.t("common.ok"),
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
