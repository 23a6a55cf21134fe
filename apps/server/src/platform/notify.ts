import { type Locale, type MessageKey, type NoticeValues, renderNotice, translate } from "@marquee/contracts";
import { and, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { notifications, offices, users } from "../db/schema";
import type { Tx } from "./db";

export type { NoticeValues };

/**
 * A notice carries two languages (spec §3: contentCn, contentEn), written
 * when it is filed; the reader gets it in their own language from its
 * catalogue key and values (noticeContent).
 */
export const NOTICE_LOCALES = { contentCn: "zh_CN", contentEn: "en" } as const satisfies Record<
  string,
  Locale
>;

/**
 * The columns of a notice from a catalogue key: the key and its values, kept
 * to render it in the reader's language when read, and the spec's two texts.
 * Values that are themselves translatable (a state name, a kind, a line) are
 * kept as catalogue messages too (`noticeMsg`), never as text of one language.
 */
export function noticeText(
  key: MessageKey,
  values: NoticeValues = {},
): { key: MessageKey; values: NoticeValues; contentCn: string; contentEn: string } {
  const at = (locale: Locale) => renderNotice(locale, key, values) ?? translate(locale, key);
  return { key, values, contentCn: at(NOTICE_LOCALES.contentCn), contentEn: at(NOTICE_LOCALES.contentEn) };
}

/**
 * A stored notice in the reader's language: rendered from its key and values,
 * or, for a notice filed before they were kept (or with a key no longer in the
 * catalogue), the text it was filed with: Chinese for Chinese readers,
 * English for the others.
 */
export function noticeContent(
  locale: Locale,
  row: { key: string | null; values: unknown; contentCn: string; contentEn: string },
): string {
  return (
    renderNotice(locale, row.key, row.values) ?? (locale.startsWith("zh") ? row.contentCn : row.contentEn)
  );
}

/**
 * Tells users something through their notice list (the bell and
 * /sysManage/messageNotification): one unread notice each, filed with the
 * message `key` of the server catalogue and its values, and read in each
 * reader's language.
 *
 * `db` may be a transaction, so the notice commits (or not) with the change
 * it reports. Users that no longer exist are skipped; each notice is filed
 * under the user's own office. Answers how many notices were written.
 *
 *   await notify(services.db, [authorId], "program.reviewNotice", {
 *     name, result: noticeMsg("program.state.approved"),
 *   });
 */
export async function notify(
  db: Tx,
  userIds: readonly number[],
  key: MessageKey,
  values?: NoticeValues,
): Promise<number> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return 0;
  const found = await db
    .select({ id: users.id, officeId: users.officeId })
    .from(users)
    // Notices are for people: a service account never reads one.
    .where(and(inArray(users.id, ids), eq(users.kind, "person")));
  if (found.length === 0) return 0;
  const text = noticeText(key, values);
  await db.insert(notifications).values(found.map((u) => ({ userId: u.id, officeId: u.officeId, ...text })));
  return found.length;
}

/**
 * Tells the platform's administrators (the enabled users of the top office) about a condition of the
 * installation (a disk running low, no worker alive), at most once per `everyMs` for one `key`, whichever
 * server process finds it first: the check and the filing hold one advisory lock. Answers whether a notice
 * was filed.
 */
export async function noticePlatformOnce(
  db: Db,
  key: MessageKey,
  values: NoticeValues,
  everyMs: number,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`marquee.notice.${key}`}))`);
    const [recent] = await tx
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.key, key), gt(notifications.createdAt, new Date(Date.now() - everyMs))))
      .limit(1);
    if (recent) return false;
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .innerJoin(offices, eq(offices.id, users.officeId))
      .where(and(isNull(offices.parentId), eq(users.enabled, true)));
    return (
      (await notify(
        tx,
        admins.map((a) => a.id),
        key,
        values,
      )) > 0
    );
  });
}
