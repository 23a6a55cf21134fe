import { type Announcement, EMPTY_ANNOUNCEMENT } from "@marquee/contracts";
import { eq } from "drizzle-orm";
import { settings, terminals } from "../../db/schema";
import type { Db } from "../../platform/db";

const ANNOUNCEMENT_KEY = "announcement";

/** Every authorised screen (they fetch their manifest again when a setting they play by changes). */
export async function authorisedTerminalIds(db: Db): Promise<number[]> {
  const held = await db.select({ id: terminals.id }).from(terminals).where(eq(terminals.state, "authorised"));
  return held.map((r) => r.id);
}

/** The stored announcement over the empty one. */
export async function readAnnouncement(db: Db): Promise<Announcement> {
  const [row] = await db.select().from(settings).where(eq(settings.key, ANNOUNCEMENT_KEY));
  return { ...EMPTY_ANNOUNCEMENT, ...(row?.value as Partial<Announcement> | undefined) };
}

/** Stores the announcement (created on first save). */
export async function saveAnnouncement(
  db: Db,
  value: Announcement,
  userId: number,
  now: Date,
): Promise<void> {
  await db
    .insert(settings)
    .values({ key: ANNOUNCEMENT_KEY, value, updatedBy: userId })
    .onConflictDoUpdate({
      target: settings.key,
      set: { value, updatedAt: now, updatedBy: userId },
    });
}
