import {
  ChecklistQuery,
  ContentHistoryResponse,
  IdQuery,
  ProgramIdsBody,
  PubMessageDetailResponse,
  PubMessageListQuery,
  PubMessageListResponse,
  PubMessageSaveBody,
  PubMessageSaveResponse,
  ReviewNoteBody,
  ReviewResultBody,
  SubmitBody,
  SubmitResponse,
} from "@marquee/contracts";
import { and, asc, count, desc, eq, ilike, inArray, type SQL } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { publishMessages } from "../../db/schema";
import { actorOf } from "../../platform/access";
import type { Actor } from "../../platform/actor";
import { likeEscape } from "../../platform/sql";
import { decideItems, noteItem, submitItems } from "../content/flow";
import { deleteHistory } from "../content/history";
import { historyOf } from "../content/items";
import { messageKind } from "../content/kinds";
import { assertNotPublished, deletePublications } from "../content/publications";
import { syncContent } from "../content/sync";
import {
  findMessageSummary,
  findMessages,
  messageScope,
  selectMessageSummaries,
  toMessageSummaries,
} from "./repo";
import { MessageService } from "./service";

/**
 * Messages (issue 7): scrolling lines and notices shown over the programs,
 * produced, listed and reviewed under /a/api/publishMessage/, range-scoped
 * like programs. Publishing them lives in the publish module.
 */
export const publishMessageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const db = services.db;
  const service = new MessageService(services);
  const view = { access: { anyOf: ["content:message:view", "content:message:review"] as const } };
  const edit = { access: { permission: "content:message:edit" as const } };
  const review = { access: { permission: "content:message:review" as const } };
  const remove = { access: { permission: "content:message:delete" as const } };

  /** One page of messages matching `where`. */
  const page = async (
    where: SQL | undefined,
    q: { pageNo: number; pageSize: number },
    oldestFirst = false,
  ) => {
    const [rows, totals] = await Promise.all([
      selectMessageSummaries(db)
        .where(where)
        .orderBy(
          oldestFirst ? asc(publishMessages.updatedAt) : desc(publishMessages.updatedAt),
          desc(publishMessages.id),
        )
        .limit(q.pageSize)
        .offset((q.pageNo - 1) * q.pageSize),
      db.select({ n: count() }).from(publishMessages).where(where),
    ]);
    return {
      list: await toMessageSummaries(db, rows),
      total: totals[0]?.n ?? 0,
      pageNo: q.pageNo,
      pageSize: q.pageSize,
    };
  };

  /** Deletes messages the actor may delete, unless one is published or scheduled (409 naming them). */
  const deleteMessages = async (actor: Actor, ids: number[]) => {
    await db.transaction(async (tx) => {
      const rows = await findMessages(tx, actor, ids, true);
      await assertNotPublished(tx, "message", rows, "pubMessage.published");
      await deletePublications(tx, "message", ids);
      await deleteHistory(tx, "message", ids);
      await tx.delete(publishMessages).where(inArray(publishMessages.id, ids));
    });
  };

  app.get(
    "/a/api/publishMessage/list",
    {
      config: { access: { permission: "content:message:view" } },
      schema: {
        tags: ["publishMessage"],
        querystring: PubMessageListQuery,
        response: { 200: PubMessageListResponse },
      },
    },
    async (req) => {
      const q = req.query;
      const c: (SQL | undefined)[] = [messageScope(actorOf(req))];
      if (q.name) c.push(ilike(publishMessages.name, `%${likeEscape(q.name)}%`));
      if (q.state) c.push(eq(publishMessages.state, q.state));
      if (q.kind) c.push(eq(publishMessages.kind, q.kind));
      if (q.priority) c.push(eq(publishMessages.priority, q.priority));
      return { code: 0, msg: req.t("common.ok"), ...(await page(and(...c), q)) };
    },
  );

  app.get(
    "/a/api/publishMessage/messagePreview",
    {
      config: view,
      schema: {
        tags: ["publishMessage"],
        querystring: IdQuery,
        response: { 200: PubMessageDetailResponse },
      },
    },
    async (req) => {
      const summary = await findMessageSummary(db, actorOf(req), req.query.id);
      const [row] = await db
        .select({ doc: publishMessages.doc })
        .from(publishMessages)
        .where(eq(publishMessages.id, summary.id));
      if (!row) throw new Error("message vanished");
      const [message] = await toMessageSummaries(db, [summary]);
      return {
        code: 0,
        msg: req.t("common.ok"),
        message: message as NonNullable<typeof message>,
        doc: row.doc,
      };
    },
  );

  app.post(
    "/a/api/publishMessage/ajaxSave",
    {
      config: edit,
      schema: {
        tags: ["publishMessage"],
        body: PubMessageSaveBody,
        response: { 200: PubMessageSaveResponse },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      const { id, force } = req.body;
      if (id !== undefined) req.audit.target = `message:${id}`;
      const row = await service.save(actor, req.body);
      req.audit.target = `message:${row.id}`;
      req.audit.detail = { version: row.version, ...(force ? { force } : {}) };
      if (id !== undefined) await syncContent(app, req.log, "message", [row.id]);
      return {
        code: 0,
        msg: req.t("common.ok"),
        id: row.id,
        version: row.version,
        state: row.state,
        updateDate: row.updatedAt.toISOString(),
      };
    },
  );

  app.post(
    "/a/api/publishMessage/ajaxDelete",
    // The one-message form of delete: audited as the same action.
    {
      config: { ...remove, action: "/a/api/publishMessage/delete" },
      schema: { tags: ["publishMessage"], body: IdQuery },
    },
    async (req) => {
      req.audit.target = `message:${req.body.id}`;
      await deleteMessages(actorOf(req), [req.body.id]);
      return { code: 0, msg: req.t("common.ok") };
    },
  );

  app.post(
    "/a/api/publishMessage/delete",
    { config: remove, schema: { tags: ["publishMessage"], body: ProgramIdsBody } },
    async (req) => {
      req.audit.target = `message:${req.body.ids.join(",")}`;
      await deleteMessages(actorOf(req), req.body.ids);
      return { code: 0, msg: req.t("common.ok") };
    },
  );

  // ---- review ----

  app.post(
    "/a/api/publishMessage/submit",
    {
      config: edit,
      schema: { tags: ["publishMessage"], body: SubmitBody, response: { 200: SubmitResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const ids = req.body.ids;
      req.audit.target = `message:${ids.join(",")}`;
      const { state } = await submitItems(services, messageKind, actor, ids, req.t.bind(req), req.log);
      req.audit.detail = { state };
      await syncContent(app, req.log, "message", ids);
      return { code: 0, msg: req.t("common.ok"), state };
    },
  );

  app.get(
    "/a/api/publishMessage/checklist",
    {
      config: review,
      schema: {
        tags: ["publishMessage"],
        querystring: ChecklistQuery,
        response: { 200: PubMessageListResponse },
      },
    },
    async (req) => {
      const q = req.query;
      const c: (SQL | undefined)[] = [messageScope(actorOf(req)), eq(publishMessages.state, q.state)];
      if (q.name) c.push(ilike(publishMessages.name, `%${likeEscape(q.name)}%`));
      // The longest waiting first.
      return { code: 0, msg: req.t("common.ok"), ...(await page(and(...c), q, true)) };
    },
  );

  app.post(
    "/a/api/publishMessage/submitResult",
    { config: review, schema: { tags: ["publishMessage"], body: ReviewResultBody } },
    async (req) => {
      const actor = actorOf(req);
      const { ids, result } = req.body;
      const note = req.body.note || null;
      req.audit.target = `message:${ids.join(",")}`;
      req.audit.detail = { result, note };
      const rows = await decideItems(services, messageKind, actor, ids, { result, note }, req.t.bind(req));
      await syncContent(app, req.log, "message", ids);
      return { code: 0, msg: req.t("common.ok"), count: rows.length };
    },
  );

  app.post(
    "/a/api/publishMessage/submitNote",
    {
      config: { access: { anyOf: ["content:message:review", "content:message:edit"] as const } },
      schema: { tags: ["publishMessage"], body: ReviewNoteBody },
    },
    async (req) => {
      const actor = actorOf(req);
      const { id, note } = req.body;
      req.audit.target = `message:${id}`;
      req.audit.detail = { note };
      await noteItem(services, messageKind, actor, id, note);
      return { code: 0, msg: req.t("common.ok") };
    },
  );

  app.get(
    "/a/api/publishMessage/history",
    {
      config: view,
      schema: { tags: ["publishMessage"], querystring: IdQuery, response: { 200: ContentHistoryResponse } },
    },
    async (req) => {
      const message = await findMessageSummary(db, actorOf(req), req.query.id);
      return {
        code: 0,
        msg: req.t("common.ok"),
        list: await historyOf(db, messageKind, message.id, req.t.bind(req)),
      };
    },
  );
};
