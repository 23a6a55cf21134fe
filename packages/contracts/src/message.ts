import { z } from "zod";
import { Envelope, Paging, zId, zIdList } from "./common";
import { NOTICE_PAGE } from "./constants";
import type { Locale } from "./i18n/locales";
import { MESSAGES, type MessageKey, translate } from "./i18n/messages";
import { type LocalisedText, localised } from "./pay";

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

/**
 * A value of a notice, kept with its catalogue key so the notice is written
 * in the reader's language when it is read, not when it is filed:
 * - a string or a number: shown as it is (a name, a count, an operator's note);
 * - `{t, v?}`: a catalogue message (a state name, a kind, a whole line with
 *   values of its own), translated in the reader's language;
 * - `{lines}`: values shown one per line;
 * - `{l}`: a text given in several languages (a paid service's name): the
 *   reader's, else English, else Chinese, else any.
 */
export type NoticeValue =
  | string
  | number
  | { t: MessageKey; v?: NoticeValues }
  | { lines: NoticeValue[] }
  | { l: LocalisedText };
export interface NoticeValues {
  [name: string]: NoticeValue;
}

/** A catalogue message as a notice value: `noticeMsg("program.state.approved")`. */
export const noticeMsg = (t: MessageKey, v?: NoticeValues): NoticeValue => (v ? { t, v } : { t });

/** Whether `key` names a message of the server catalogue. */
export const isMessageKey = (key: unknown): key is MessageKey =>
  typeof key === "string" && Object.hasOwn(MESSAGES.en, key);

/** Nested values deeper than this are not rendered (a row written by hand cannot loop the reader). */
const MAX_DEPTH = 4;

/**
 * A stored value as text in `locale`. Values come from the database, so
 * anything of another shape renders as "" rather than failing the list.
 */
export function renderNoticeValue(locale: Locale, value: unknown, depth = 0): string {
  if (typeof value === "string") return value;
  if (typeof value === "number") return String(value);
  if (typeof value !== "object" || value === null || Array.isArray(value) || depth >= MAX_DEPTH) return "";
  if ("t" in value) {
    const { t, v } = value as { t: unknown; v?: unknown };
    return isMessageKey(t) ? renderWith(locale, t, v, depth + 1) : "";
  }
  if ("lines" in value) {
    const { lines } = value as { lines: unknown };
    return Array.isArray(lines) ? lines.map((l) => renderNoticeValue(locale, l, depth + 1)).join("\n") : "";
  }
  if ("l" in value) {
    const { l } = value as { l: unknown };
    if (typeof l !== "object" || l === null) return "";
    const texts = Object.fromEntries(Object.entries(l).filter(([, s]) => typeof s === "string"));
    return localised(texts as LocalisedText, locale);
  }
  return "";
}

function renderWith(locale: Locale, key: MessageKey, values: unknown, depth: number): string {
  const filled: Record<string, string> = {};
  if (typeof values === "object" && values !== null && !Array.isArray(values)) {
    for (const [name, v] of Object.entries(values)) filled[name] = renderNoticeValue(locale, v, depth);
  }
  return translate(locale, key, filled);
}

/**
 * A notice filed with a catalogue key, in `locale`; null when the key is not
 * (or no longer) in the catalogue, so the reader falls back to the texts the
 * notice was filed with.
 */
export function renderNotice(locale: Locale, key: string | null | undefined, values: unknown): string | null {
  return isMessageKey(key) ? renderWith(locale, key, values ?? {}, 0) : null;
}
