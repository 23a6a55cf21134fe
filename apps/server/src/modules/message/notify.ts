import { type Locale, type MessageKey, translate } from "@marquee/contracts";
import { inArray } from "drizzle-orm";
import { notifications, users } from "../../db/schema";
import type { Tx } from "../program/repo";

type Values = Record<string, string | number>;

/**
 * A notice carries two languages (spec §3: contentCn, contentEn); the console
 * shows the Chinese one to Chinese readers and the English one to the others.
 */
export const NOTICE_LOCALES = { contentCn: "zh_CN", contentEn: "en" } as const satisfies Record<
  string,
  Locale
>;

/** The two texts of a notice from a catalogue key. `values` may depend on the language (a translated state). */
export function noticeText(
  key: MessageKey,
  values?: Values | ((locale: Locale) => Values),
): { contentCn: string; contentEn: string } {
  const at = (locale: Locale) =>
    translate(locale, key, typeof values === "function" ? values(locale) : values);
  return { contentCn: at(NOTICE_LOCALES.contentCn), contentEn: at(NOTICE_LOCALES.contentEn) };
}

/**
 * Tells users something through their notice list (the bell and
 * /sysManage/messageNotification): one unread notice each, its text the
 * message `key` of the server catalogue in Chinese and English.
 *
 * `db` may be a transaction, so the notice commits (or not) with the change
 * it reports. Users that no longer exist are skipped; each notice is filed
 * under the user's own office. Answers how many notices were written.
 *
 *   await notify(services.db, [reviewerId], "program.reviewNotice", (l) => ({ name, result: … }));
 */
export async function notify(
  db: Tx,
  userIds: readonly number[],
  key: MessageKey,
  values?: Values | ((locale: Locale) => Values),
): Promise<number> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return 0;
  const found = await db
    .select({ id: users.id, officeId: users.officeId })
    .from(users)
    .where(inArray(users.id, ids));
  if (found.length === 0) return 0;
  const text = noticeText(key, values);
  await db.insert(notifications).values(found.map((u) => ({ userId: u.id, officeId: u.officeId, ...text })));
  return found.length;
}
