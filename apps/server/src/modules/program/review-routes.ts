import { ChecklistQuery, ProgramListResponse, ReviewNoteBody } from "@marquee/contracts";
import { and, asc, count, desc, eq, ilike, type SQL } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { programs } from "../../db/schema";
import { actorOf } from "../../platform/access";
import { likeEscape } from "../../platform/sql";
import { noteItem } from "../content/flow";
import { programKind } from "../content/kinds";
import { programScope, selectProgramSummaries, toSummary } from "./repo";

/**
 * The program review screen (publishProgram/checklist): pending programs,
 * and notes. Its decisions (publishProgram/submitResult) are program/review
 * (program/state-routes.ts).
 */
export const publishProgramReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const db = services.db;
  const review = { access: { permission: "content:program:review" as const } };

  app.get(
    "/a/api/publishProgram/checklist",
    {
      config: review,
      schema: {
        tags: ["publishProgram"],
        querystring: ChecklistQuery,
        response: { 200: ProgramListResponse },
      },
    },
    async (req) => {
      const q = req.query;
      const c: (SQL | undefined)[] = [programScope(actorOf(req)), eq(programs.state, q.state)];
      if (q.name) c.push(ilike(programs.name, `%${likeEscape(q.name)}%`));
      const where = and(...c);
      const [rows, totals] = await Promise.all([
        selectProgramSummaries(db)
          .where(where)
          // The longest waiting first.
          .orderBy(asc(programs.updatedAt), desc(programs.id))
          .limit(q.pageSize)
          .offset((q.pageNo - 1) * q.pageSize),
        db.select({ n: count() }).from(programs).where(where),
      ]);
      return {
        code: 0,
        msg: req.t("common.ok"),
        list: rows.map(toSummary),
        total: totals[0]?.n ?? 0,
        pageNo: q.pageNo,
        pageSize: q.pageSize,
      };
    },
  );

  app.post(
    "/a/api/publishProgram/submitNote",
    {
      config: { access: { anyOf: ["content:program:review", "content:program:edit"] as const } },
      schema: { tags: ["publishProgram"], body: ReviewNoteBody },
    },
    async (req) => {
      const actor = actorOf(req);
      const { id, note } = req.body;
      req.audit.target = `program:${id}`;
      req.audit.detail = { note };
      await noteItem(services, programKind, actor, id, note);
      return { code: 0, msg: req.t("common.ok") };
    },
  );
};
