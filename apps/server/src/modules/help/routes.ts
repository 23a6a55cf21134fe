import {
  CallCenterInfoResponse,
  CallCenterSaveBody,
  type CommonProblem,
  CommonProblemDeleteBody,
  CommonProblemListQuery,
  CommonProblemListResponse,
  CommonProblemManageQuery,
  CommonProblemSaveBody,
  CommonProblemSaveResponse,
  CommonProblemSortBody,
  isLocale,
  OkResponse,
} from "@marquee/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../platform/access";
import { FieldErrors } from "../../platform/errors";
import { htmlHasText, sanitizeSimpleHtml } from "../../platform/html";
import { deleteProblems, managePage, moveProblem, type ProblemRow, readerPage, saveProblem } from "./repo";

const problemOut = (r: ProblemRow): CommonProblem => ({
  id: r.id,
  question: r.question,
  answer: r.answer,
  lang: isLocale(r.lang) ? r.lang : null,
  sort: r.sort,
  enabled: r.enabled,
  updatedAt: r.updatedAt.toISOString(),
});

/**
 * FAQ (commonProblemManager) and the customer centre (callCenter): written
 * by the platform (platform-only edit permissions), read by every signed-in
 * user of every tenant.
 */
export const helpRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const db = services.db;
  const tags = ["help"];
  const faqEdit = { access: { permission: "sys:commonProblem:edit" as const } };

  const answerPage = (found: { rows: ProblemRow[]; total: number }, pageNo: number, pageSize: number) => ({
    list: found.rows.map(problemOut),
    total: found.total,
    pageNo,
    pageSize,
  });

  /** What everyone reads: enabled entries written in their language or for every language. */
  app.get(
    "/a/api/commonProblem/list",
    {
      config: { access: { signedIn: true } },
      schema: { tags, querystring: CommonProblemListQuery, response: { 200: CommonProblemListResponse } },
    },
    async (req) => {
      const { pageNo, pageSize } = req.query;
      return answerPage(await readerPage(db, req.locale, req.query), pageNo, pageSize);
    },
  );

  /** The editors' table: every entry, any language, enabled or not. */
  app.get(
    "/a/api/commonProblem/manageList",
    {
      config: faqEdit,
      schema: { tags, querystring: CommonProblemManageQuery, response: { 200: CommonProblemListResponse } },
    },
    async (req) => {
      const { pageNo, pageSize } = req.query;
      return answerPage(await managePage(db, req.query), pageNo, pageSize);
    },
  );

  app.post(
    "/a/api/commonProblem/save",
    {
      config: faqEdit,
      schema: { tags, body: CommonProblemSaveBody, response: { 200: CommonProblemSaveResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const { id, question, lang, enabled, sort } = req.body;
      req.audit.target = `commonProblem:${id ?? "new"}`;
      const answer = sanitizeSimpleHtml(req.body.answer);
      if (!htmlHasText(answer)) throw new FieldErrors([{ field: "answer", key: "help.answerEmpty" }]);
      const now = services.clock.now();
      const saved = await saveProblem(
        db,
        { id, question, answer, lang, enabled, sort, userId: actor.userId },
        now,
      );
      req.audit.target = `commonProblem:${saved.id}`;
      req.audit.detail = {
        question: saved.question.slice(0, 200),
        lang: saved.lang,
        created: id === undefined,
      };
      return { problem: problemOut(saved) };
    },
  );

  app.post(
    "/a/api/commonProblem/delete",
    { config: faqEdit, schema: { tags, body: CommonProblemDeleteBody, response: { 200: OkResponse } } },
    async (req) => {
      const { ids } = req.body;
      req.audit.target = `commonProblem:${ids.join(",")}`.slice(0, 500);
      await deleteProblems(db, ids, req.audit);
      return {};
    },
  );

  /**
   * Moves an entry in the one order every reader sees. The list is renumbered
   * 1…n on the way, so equal or sparse places never make a move a no-op.
   */
  app.post(
    "/a/api/commonProblem/sort",
    { config: faqEdit, schema: { tags, body: CommonProblemSortBody, response: { 200: OkResponse } } },
    async (req) => {
      const { id, move } = req.body;
      req.audit.target = `commonProblem:${id}`;
      req.audit.detail = { move };
      await moveProblem(db, id, move);
      return {};
    },
  );

  app.get(
    "/a/api/callCenter/info",
    { config: { access: { signedIn: true } }, schema: { tags, response: { 200: CallCenterInfoResponse } } },
    async () => ({
      callCenter: await services.settings.get("callCenter"),
    }),
  );

  app.post(
    "/a/api/callCenter/save",
    {
      config: { access: { permission: "sys:callCenter:edit" } },
      schema: { tags, body: CallCenterSaveBody, response: { 200: CallCenterInfoResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      req.audit.target = "setting:callCenter";
      req.audit.detail = { ...req.body };
      await services.settings.set("callCenter", req.body, actor.userId);
      return { callCenter: await services.settings.get("callCenter") };
    },
  );
};
