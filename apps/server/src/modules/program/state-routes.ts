import { IdQuery, ProgramHistoryResponse, ProgramIdsBody, ProgramReviewBody } from "@marquee/contracts";
import { desc, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { programHistory, users } from "../../db/schema";
import { actorOf } from "../../platform/access";
import { decideItems, submitItems } from "../review/flow";
import { programReview } from "../review/kinds";
import { findPrograms, findSummary } from "./repo";
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
        programReview,
        actor,
        (tx) => findPrograms(tx, actor, req.body.ids, true),
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
        const rows = await decideItems(
          services,
          programReview,
          actor,
          (tx) => findPrograms(tx, actor, ids, true),
          { result, note },
          req.t.bind(req),
        );
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
      const rows = await db
        .select({
          from: programHistory.fromState,
          to: programHistory.toState,
          event: programHistory.event,
          note: programHistory.note,
          byName: users.name,
          at: programHistory.at,
        })
        .from(programHistory)
        .leftJoin(users, eq(users.id, programHistory.byUserId))
        .where(eq(programHistory.programId, program.id))
        .orderBy(desc(programHistory.id));
      return {
        code: 0,
        msg: req.t("common.ok"),
        list: rows.map((r) => ({
          from: r.from,
          to: r.to,
          // An edit that brought the program back to draft says so in the reader's language.
          note: r.event === "edit" ? req.t("program.historyEdited") : r.note,
          byName: r.byName,
          at: r.at.toISOString(),
        })),
      };
    },
  );
};
