import {
  DeleteMessagesBody,
  MessageListQuery,
  MessageListResponse,
  MessagesDeletedResponse,
  MessagesUpdatedResponse,
  ReadAllMessagesBody,
  UpdateReadStateQuery,
} from "@marquee/contracts";
import { and, count, desc, eq, inArray } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { notifications } from "../../db/schema";
import { actorOf } from "../../platform/access";
import { AppError } from "../../platform/errors";
import { noticeContent } from "../../platform/notify";
import { scope } from "../../platform/tenancy";

/** The signed-in user's notifications (spec §3, §7 Messages): only ever their own rows. */
export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const view = { access: { permission: "sys:messageNotification:view" as const } };

  app.get(
    "/a/api/message/list",
    {
      config: view,
      schema: { tags: ["message"], querystring: MessageListQuery, response: { 200: MessageListResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const { userId, pageNo, pageSize, readState } = req.query;
      if (userId !== undefined && userId !== actor.userId) {
        throw new AppError(403, "auth.outOfRange", { entity: "user", id: userId });
      }
      // The caller's own notices (the tenancy rule of notifications).
      const mine = scope(actor, notifications);
      const where = readState ? and(mine, eq(notifications.readState, readState)) : mine;
      const [rows, totals, unread] = await Promise.all([
        services.db
          .select()
          .from(notifications)
          .where(where)
          .orderBy(desc(notifications.id))
          .limit(pageSize)
          .offset((pageNo - 1) * pageSize),
        services.db.select({ n: count() }).from(notifications).where(where),
        services.db
          .select({ n: count() })
          .from(notifications)
          .where(and(mine, eq(notifications.readState, "0"))),
      ]);
      return {
        // In the reader's language, from the key and values each notice was filed with.
        messageList: rows.map((r) => ({
          id: r.id,
          content: noticeContent(req.locale, r),
          contentCn: r.contentCn,
          contentEn: r.contentEn,
          createDate: r.createdAt.toISOString(),
          readState: r.readState,
        })),
        total: totals[0]?.n ?? 0,
        unread: unread[0]?.n ?? 0,
        pageNo,
        pageSize,
      };
    },
  );

  app.get(
    "/a/api/message/updateReadState",
    {
      config: { ...view, mutates: true },
      schema: {
        tags: ["message"],
        querystring: UpdateReadStateQuery,
        response: { 200: MessagesUpdatedResponse },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      req.audit.target = `notification:${req.query.id.join(",")}`.slice(0, 500);
      const changed = await services.db
        .update(notifications)
        .set({ readState: req.query.readState })
        .where(and(scope(actor, notifications), inArray(notifications.id, req.query.id)))
        .returning({ id: notifications.id });
      return { updated: changed.length };
    },
  );

  app.post(
    "/a/api/message/readAll",
    {
      config: view,
      schema: { tags: ["message"], body: ReadAllMessagesBody, response: { 200: MessagesUpdatedResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      req.audit.target = "notification:all";
      const changed = await services.db
        .update(notifications)
        .set({ readState: "1" })
        .where(and(scope(actor, notifications), eq(notifications.readState, "0")))
        .returning({ id: notifications.id });
      req.audit.detail = { updated: changed.length };
      return { updated: changed.length };
    },
  );

  app.post(
    "/a/api/message/delete",
    {
      config: view,
      schema: { tags: ["message"], body: DeleteMessagesBody, response: { 200: MessagesDeletedResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      req.audit.target = `notification:${req.body.id.join(",")}`.slice(0, 500);
      const gone = await services.db
        .delete(notifications)
        .where(and(scope(actor, notifications), inArray(notifications.id, req.body.id)))
        .returning({ id: notifications.id });
      return { deleted: gone.length };
    },
  );
};
