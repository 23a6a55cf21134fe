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
import { and, asc, count, eq, ilike, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { commonProblems } from "../../db/schema";
import { actorOf } from "../../platform/access";
import { allFound, FieldErrors, notFound } from "../../platform/errors";
import { htmlHasText, sanitizeSimpleHtml } from "../../platform/html";
import { likeEscape } from "../../platform/sql";

type Row = typeof commonProblems.$inferSelect;

const problemOut = (r: Row): CommonProblem => ({
  id: r.id,
  question: r.question,
  answer: r.answer,
  lang: isLocale(r.lang) ? r.lang : null,
  sort: r.sort,
  enabled: r.enabled,
  updatedAt: r.updatedAt.toISOString(),
});

const ORDER = [asc(commonProblems.sort), asc(commonProblems.id)];

const keywordWhere = (keyword: string | undefined): SQL | undefined => {
  if (!keyword) return undefined;
  const p = `%${likeEscape(keyword)}%`;
  return or(ilike(commonProblems.question, p), ilike(commonProblems.answer, p));
};

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

  const page = async (ok: string, where: SQL | undefined, pageNo: number, pageSize: number) => {
    const [rows, totals] = await Promise.all([
      db
        .select()
        .from(commonProblems)
        .where(where)
        .orderBy(...ORDER)
        .limit(pageSize)
        .offset((pageNo - 1) * pageSize),
      db.select({ n: count() }).from(commonProblems).where(where),
    ]);
    return {
      code: 0,
      msg: ok,
      list: rows.map(problemOut),
      total: totals[0]?.n ?? 0,
      pageNo,
      pageSize,
    };
  };

  /** What everyone reads: enabled entries written in their language or for every language. */
  app.get(
    "/a/api/commonProblem/list",
    {
      config: { access: { signedIn: true } },
      schema: { tags, querystring: CommonProblemListQuery, response: { 200: CommonProblemListResponse } },
    },
    async (req) => {
      const { keyword, pageNo, pageSize } = req.query;
      const where = and(
        eq(commonProblems.enabled, true),
        or(eq(commonProblems.lang, req.locale), isNull(commonProblems.lang)),
        keywordWhere(keyword),
      );
      return page(req.t("common.ok"), where, pageNo, pageSize);
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
      const { keyword, lang, enabled, pageNo, pageSize } = req.query;
      const c: Array<SQL | undefined> = [keywordWhere(keyword)];
      if (lang === "all") c.push(isNull(commonProblems.lang));
      else if (lang) c.push(eq(commonProblems.lang, lang));
      if (enabled !== undefined) c.push(eq(commonProblems.enabled, enabled));
      return page(req.t("common.ok"), and(...c), pageNo, pageSize);
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
      const saved = await db.transaction(async (tx) => {
        const values = { question, answer, lang, enabled, updatedBy: actor.userId, updatedAt: now };
        if (id !== undefined) {
          const [row] = await tx
            .update(commonProblems)
            .set({ ...values, ...(sort !== undefined ? { sort } : {}) })
            .where(eq(commonProblems.id, id))
            .returning();
          if (!row) throw notFound("FAQ entry", id);
          return row;
        }
        let place = sort;
        if (place === undefined) {
          const [top] = await tx
            .select({ n: sql<number | null>`max(${commonProblems.sort})` })
            .from(commonProblems);
          place = (top?.n ?? 0) + 1;
        }
        const [row] = await tx
          .insert(commonProblems)
          .values({ ...values, sort: place, createdAt: now })
          .returning();
        if (!row) throw new Error("FAQ entry not written");
        return row;
      });
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
      await db.transaction(async (tx) => {
        const rows = await tx
          .select({ id: commonProblems.id, question: commonProblems.question })
          .from(commonProblems)
          .where(inArray(commonProblems.id, ids))
          .for("update");
        allFound(rows, ids, "FAQ entry");
        req.audit.detail = { questions: rows.map((r) => r.question.slice(0, 100)) };
        await tx.delete(commonProblems).where(inArray(commonProblems.id, ids));
      });
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
      await db.transaction(async (tx) => {
        const rows = await tx
          .select({ id: commonProblems.id, sort: commonProblems.sort })
          .from(commonProblems)
          .orderBy(...ORDER)
          .for("update");
        const from = rows.findIndex((r) => r.id === id);
        if (from < 0) throw notFound("FAQ entry", id);
        const to = { up: from - 1, down: from + 1, top: 0, bottom: rows.length - 1 }[move];
        const order = rows.map((r) => r.id);
        order.splice(from, 1);
        order.splice(Math.max(0, Math.min(rows.length - 1, to)), 0, id);
        const before = new Map(rows.map((r) => [r.id, r.sort]));
        for (const [i, rowId] of order.entries()) {
          if (before.get(rowId) === i + 1) continue;
          await tx
            .update(commonProblems)
            .set({ sort: i + 1 })
            .where(eq(commonProblems.id, rowId));
        }
      });
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
