import { z } from "zod";
import { Envelope, Paging, zId, zIdList } from "./common";
import { NOTICE_PAGE } from "./constants";

/**
 * A notification (spec §3 Message/notification). `content` is the notice in
 * the reader's language (the `language` cookie of the call that lists it),
 * rendered from the catalogue key and values it was filed with;
 * `contentCn` and `contentEn` are the spec's two texts, written when it was
 * filed (a notice filed before keys were kept has only those: `content` is
 * then the Chinese one for Chinese readers and the English one for others).
 */
export const Notification = z.object({
  id: z.number(),
  content: z.string(),
  contentCn: z.string(),
  contentEn: z.string(),
  createDate: z.string(),
  readState: z.enum(["0", "1"]),
});
export type Notification = z.infer<typeof Notification>;

/** GET /a/api/message/list (spec §7): the caller's own notices, newest first. */
export const MessageListQuery = Paging.extend({
  userId: zId.optional(),
  pageSize: Paging.shape.pageSize.default(NOTICE_PAGE.pageSize),
  readState: z.enum(["0", "1"]).optional(),
}).strict();

export const MessageListResponse = Envelope.extend({
  messageList: z.array(Notification),
  total: z.number(),
  unread: z.number(),
  pageNo: z.number(),
  pageSize: z.number(),
});

/** GET /a/api/message/updateReadState: `id` is a comma list. */
export const UpdateReadStateQuery = z.strictObject({ id: zIdList, readState: z.enum(["0", "1"]) });
/** POST /a/api/message/readAll: marks every one of the caller's notices read. */
export const ReadAllMessagesBody = z.strictObject({});
/** POST /a/api/message/delete. */
export const DeleteMessagesBody = z.strictObject({ id: zIdList });
/** updateReadState and readAll: how many notices changed. */
export const MessagesUpdatedResponse = Envelope.extend({ updated: z.number() });
/** delete: how many notices went. */
export const MessagesDeletedResponse = Envelope.extend({ deleted: z.number() });
