import {
  ChecklistQuery,
  ContentHistoryResponse,
  IdQuery,
  PlanCopyBody,
  PlanDetailResponse,
  PlanListQuery,
  PlanListResponse,
  PlanSaveBody,
  PlanSaveResponse,
  ProgramIdsBody,
  ReviewNoteBody,
  ReviewResultBody,
  SubmitBody,
  SubmitResponse,
} from "@marquee/contracts";
import type { Conflict } from "@marquee/schedule";
import { and, asc, count, desc, eq, ilike, inArray, type SQL } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { playPlans } from "../../db/schema";
import { actorOf } from "../../platform/access";
import { likeEscape } from "../../platform/sql";
import { decideItems, noteItem, submitItems } from "../content/flow";
import { deleteHistory } from "../content/history";
import { historyOf } from "../content/items";
import { planKind } from "../content/kinds";
import { assertNotPublished, deletePublications } from "../content/publications";
import { syncContent } from "../content/sync";
import {
  findPlanSummary,
  findPlans,
  namedPrograms,
  type PlanRow,
  planScope,
  selectPlanSummaries,
  toPlanSummaries,
} from "./repo";
import { PlanService } from "./service";

const SORT = {
  updateDate: playPlans.updatedAt,
  createDate: playPlans.createdAt,
  name: playPlans.name,
} as const;

/** The answer of a call that wrote a plan, with the same-tier overlaps the editor shows as warnings. */
const saved = (msg: string, r: PlanRow, conflicts: Conflict[]) => ({
  code: 0,
  msg,
  id: r.id,
  version: r.version,
  state: r.state,
  updateDate: r.updatedAt.toISOString(),
  conflicts,
});

/**
 * Play plans (issue 7): production, lists and review under
 * /a/api/playPlan/, range-scoped like programs (the creator's office and,
 * for "own" ranges, the creator). Publishing them lives in the publish module.
 */
export const playPlanRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const db = services.db;
  const service = new PlanService(services);
  const view = { access: { anyOf: ["content:playPlan:view", "content:playPlan:review"] as const } };
  const edit = { access: { permission: "content:playPlan:edit" as const } };
  const review = { access: { permission: "content:playPlan:review" as const } };
  // 500 items of up to 24 windows each are larger than the default body limit.
  const docBodyLimit = 4 * 1024 * 1024;

  /** One page of plans matching `where`, newest first unless sorted otherwise. */
  const page = async (
    where: SQL | undefined,
    q: { pageNo: number; pageSize: number; sort?: keyof typeof SORT; order?: "asc" | "desc" },
  ) => {
    const column = SORT[q.sort ?? "updateDate"];
    const [rows, totals] = await Promise.all([
      selectPlanSummaries(db)
        .where(where)
        .orderBy(q.order === "asc" ? asc(column) : desc(column), desc(playPlans.id))
        .limit(q.pageSize)
        .offset((q.pageNo - 1) * q.pageSize),
      db.select({ n: count() }).from(playPlans).where(where),
    ]);
    return {
      list: await toPlanSummaries(db, rows),
      total: totals[0]?.n ?? 0,
      pageNo: q.pageNo,
      pageSize: q.pageSize,
    };
  };

  app.get(
    "/a/api/playPlan/list",
    {
      config: { access: { permission: "content:playPlan:view" } },
      schema: { tags: ["playPlan"], querystring: PlanListQuery, response: { 200: PlanListResponse } },
    },
    async (req) => {
      const q = req.query;
      const c: (SQL | undefined)[] = [planScope(actorOf(req))];
      if (q.name) c.push(ilike(playPlans.name, `%${likeEscape(q.name)}%`));
      if (q.state) c.push(eq(playPlans.state, q.state));
      return { code: 0, msg: req.t("common.ok"), ...(await page(and(...c), q)) };
    },
  );

  app.get(
    "/a/api/playPlan/detail",
    {
      config: view,
      schema: { tags: ["playPlan"], querystring: IdQuery, response: { 200: PlanDetailResponse } },
    },
    async (req) => {
      const summary = await findPlanSummary(db, actorOf(req), req.query.id);
      const [row] = await db
        .select({ doc: playPlans.doc, programIds: playPlans.programIds })
        .from(playPlans)
        .where(eq(playPlans.id, summary.id));
      if (!row) throw new Error("plan vanished");
      const [plan] = await toPlanSummaries(db, [summary]);
      return {
        code: 0,
        msg: req.t("common.ok"),
        plan: plan as NonNullable<typeof plan>,
        doc: row.doc,
        // Checked against the saver's range when saved, like a program's media.
        programs: await namedPrograms(db, row.programIds),
      };
    },
  );

  app.post(
    "/a/api/playPlan/save",
    {
      config: edit,
      bodyLimit: docBodyLimit,
      schema: { tags: ["playPlan"], body: PlanSaveBody, response: { 200: PlanSaveResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const { id, version, force, name, doc } = req.body;
      const t = req.t.bind(req);
      if (id !== undefined) req.audit.target = `plan:${id}`;
      const { row, conflicts } =
        id === undefined
          ? await service.create(actor, name, doc, t)
          : await service.update(actor, id, { version, force: force === true }, name, doc, t);
      req.audit.target = `plan:${row.id}`;
      req.audit.detail = { version: row.version, conflicts: conflicts.length, ...(force ? { force } : {}) };
      if (id !== undefined) await syncContent(app, req.log, "plan", [row.id]);
      return saved(req.t("common.ok"), row, conflicts);
    },
  );

  app.post(
    "/a/api/playPlan/copy",
    {
      config: edit,
      schema: { tags: ["playPlan"], body: PlanCopyBody, response: { 200: PlanSaveResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      req.audit.target = `plan:${req.body.id}`;
      const [source] = await findPlans(db, actor, [req.body.id]);
      if (!source) throw new Error("plan vanished");
      const name = req.body.name ?? req.t("plan.copyName", { name: source.name }).slice(0, 100);
      const { row, conflicts } = await service.create(actor, name, source.doc, req.t.bind(req));
      req.audit.detail = { copy: row.id };
      return saved(req.t("common.ok"), row, conflicts);
    },
  );

  app.post(
    "/a/api/playPlan/delete",
    {
      config: { access: { permission: "content:playPlan:delete" } },
      schema: { tags: ["playPlan"], body: ProgramIdsBody },
    },
    async (req) => {
      const ids = req.body.ids;
      req.audit.target = `plan:${ids.join(",")}`;
      await db.transaction(async (tx) => {
        const rows = await findPlans(tx, actorOf(req), ids, true);
        // What screens play or will play stays until it is withdrawn.
        await assertNotPublished(tx, "plan", rows, "plan.published");
        await deletePublications(tx, "plan", ids);
        await deleteHistory(tx, "plan", ids);
        await tx.delete(playPlans).where(inArray(playPlans.id, ids));
      });
      return { code: 0, msg: req.t("common.ok") };
    },
  );

  // ---- review ----

  app.post(
    "/a/api/playPlan/submit",
    {
      config: edit,
      schema: { tags: ["playPlan"], body: SubmitBody, response: { 200: SubmitResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const ids = req.body.ids;
      req.audit.target = `plan:${ids.join(",")}`;
      const { state } = await submitItems(services, planKind, actor, ids, req.t.bind(req), req.log);
      req.audit.detail = { state };
      await syncContent(app, req.log, "plan", ids);
      return { code: 0, msg: req.t("common.ok"), state };
    },
  );

  app.get(
    "/a/api/playPlan/checklist",
    {
      config: review,
      schema: { tags: ["playPlan"], querystring: ChecklistQuery, response: { 200: PlanListResponse } },
    },
    async (req) => {
      const q = req.query;
      const c: (SQL | undefined)[] = [planScope(actorOf(req)), eq(playPlans.state, q.state)];
      if (q.name) c.push(ilike(playPlans.name, `%${likeEscape(q.name)}%`));
      // The longest waiting first.
      return {
        code: 0,
        msg: req.t("common.ok"),
        ...(await page(and(...c), { ...q, order: "asc" })),
      };
    },
  );

  app.post(
    "/a/api/playPlan/submitResult",
    { config: review, schema: { tags: ["playPlan"], body: ReviewResultBody } },
    async (req) => {
      const actor = actorOf(req);
      const { ids, result } = req.body;
      const note = req.body.note || null;
      req.audit.target = `plan:${ids.join(",")}`;
      req.audit.detail = { result, note };
      const rows = await decideItems(services, planKind, actor, ids, { result, note }, req.t.bind(req));
      await syncContent(app, req.log, "plan", ids);
      return { code: 0, msg: req.t("common.ok"), count: rows.length };
    },
  );

  app.post(
    "/a/api/playPlan/submitNote",
    {
      config: { access: { anyOf: ["content:playPlan:review", "content:playPlan:edit"] as const } },
      schema: { tags: ["playPlan"], body: ReviewNoteBody },
    },
    async (req) => {
      const actor = actorOf(req);
      const { id, note } = req.body;
      req.audit.target = `plan:${id}`;
      req.audit.detail = { note };
      await noteItem(services, planKind, actor, id, note);
      return { code: 0, msg: req.t("common.ok") };
    },
  );

  app.get(
    "/a/api/playPlan/history",
    {
      config: view,
      schema: { tags: ["playPlan"], querystring: IdQuery, response: { 200: ContentHistoryResponse } },
    },
    async (req) => {
      const plan = await findPlanSummary(db, actorOf(req), req.query.id);
      return {
        code: 0,
        msg: req.t("common.ok"),
        list: await historyOf(db, planKind, plan.id, req.t.bind(req)),
      };
    },
  );
};
