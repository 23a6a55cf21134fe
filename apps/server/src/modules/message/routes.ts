import {
  DeleteMessagesBody,
  MessageListQuery,
  MessageListResponse,
  MessagesDeletedResponse,
  MessagesUpdatedResponse,
  ReadAllMessagesBody,
  UpdateReadStateQuery,
} from "@marquee/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../platform/access";
import { AppError } from "../../platform/errors";
import { noticeContent } from "../../platform/notify";
import { deleteNotices, pageNotices, readAllNotices, setReadState } from "./repo";

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
      const { rows, total, unread } = await pageNotices(services.db, actor, { pageNo, pageSize, readState });
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
        total,
        unread,
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
      return { updated: await setReadState(services.db, actor, req.query.id, req.query.readState) };
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
      const updated = await readAllNotices(services.db, actor);
      req.audit.detail = { updated };
      return { updated };
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
      return { deleted: await deleteNotices(services.db, actor, req.body.id) };
    },
  );
};
