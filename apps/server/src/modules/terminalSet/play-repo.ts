import { and, asc, eq, ilike, inArray, notInArray, sql } from "drizzle-orm";
import { programs, publications, publicationTargets, publishMessages, terminals } from "../../db/schema";
import type { Actor } from "../../platform/actor";
import type { Db } from "../../platform/db";
import type { Services } from "../../platform/services";
import { likeEscape } from "../../platform/sql";
import { scope } from "../../platform/tenancy";
import type { PlayNowRow } from "../../terminal/manifest";
import { programScope } from "../program/repo";
import { ended } from "./shared";

/** Programs offered by the play-now picker. */
const PICKER_MAX = 200;

/** A program of the caller's range, with what play now checks of it. */
export async function programToPlay(db: Db, actor: Actor, programId: number) {
  const [program] = await db
    .select({
      id: programs.id,
      name: programs.name,
      state: programs.state,
      officeId: programs.officeId,
    })
    .from(programs)
    .where(and(eq(programs.id, programId), programScope(actor)));
  return program;
}

/** A message of the caller's range, with what play now checks of it. */
export async function messageToPlay(db: Db, actor: Actor, messageId: number) {
  const [message] = await db
    .select({
      id: publishMessages.id,
      name: publishMessages.name,
      state: publishMessages.state,
      officeId: publishMessages.officeId,
      endAt: publishMessages.endAt,
    })
    .from(publishMessages)
    .where(and(eq(publishMessages.id, messageId), scope(actor, publishMessages)));
  return message;
}

/** The message's publications that reach the terminal (held, or still to be delivered). */
export function messagePublicationsOn(db: Db, id: number, messageId: number) {
  return db
    .select()
    .from(publications)
    .innerJoin(terminals, eq(terminals.id, id))
    .where(
      and(
        eq(publications.kind, "message"),
        eq(publications.contentId, messageId),
        inArray(publications.state, ["active", "scheduled"]),
        sql`(${publications.id} = any(${terminals.publicationIds}) or exists (
            select 1 from ${publicationTargets} pt where pt.publication_id = ${publications.id}
            and pt.terminal_id = ${id} and pt.state <> 'withdrawn'))`,
      ),
    )
    .then((r) => r.map((x) => x.publications));
}

/** The names of these programs and of these messages. */
export function playNowNames(db: Db, programIds: Set<number>, messageIds: Set<number>) {
  return Promise.all([
    programIds.size
      ? db
          .select({ id: programs.id, name: programs.name })
          .from(programs)
          .where(inArray(programs.id, [...programIds]))
      : [],
    messageIds.size
      ? db
          .select({ id: publishMessages.id, name: publishMessages.name })
          .from(publishMessages)
          .where(inArray(publishMessages.id, [...messageIds]))
      : [],
  ]);
}

/** The programs the play-now picker offers: of the caller's range, playable, matching the keyword. */
export function pickerPrograms(db: Db, actor: Actor, audit: boolean, keyword: string | undefined) {
  return db
    .select({ id: programs.id, name: programs.name })
    .from(programs)
    .where(
      and(
        programScope(actor),
        audit
          ? inArray(programs.state, ["approved", "published"])
          : notInArray(programs.state, ["pending", "rejected"]),
        keyword ? ilike(programs.name, `%${likeEscape(keyword)}%`) : undefined,
      ),
    )
    .orderBy(asc(programs.name), asc(programs.id))
    .limit(PICKER_MAX);
}

/**
 * Rewrites terminals' play-now in one transaction (rows locked, so two
 * operators' changes do not overwrite each other); play-now messages whose
 * time is over are dropped on the way, and an empty play-now is null.
 */
export async function rewritePlayNow(
  services: Services,
  ids: number[],
  change: (prev: Required<PlayNowRow>) => Required<PlayNowRow>,
): Promise<void> {
  const { db, clock } = services;
  const now = clock.now();
  await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: terminals.id, playNow: terminals.playNow })
      .from(terminals)
      .where(inArray(terminals.id, ids))
      .orderBy(asc(terminals.id))
      .for("update");
    const groups = new Map<string, { value: PlayNowRow | null; ids: number[] }>();
    for (const r of rows) {
      const prev: Required<PlayNowRow> = {
        programId: r.playNow?.programId ?? null,
        until: r.playNow?.until ?? null,
        startAt: r.playNow?.startAt ?? null,
        messages: (r.playNow?.messages ?? []).filter((m) => !ended(m.until, now.getTime())),
        wall: r.playNow?.wall ?? null,
      };
      const changed = change(prev);
      // A video wall's crop belongs to its program and start: another program played now leaves the wall.
      const sameRun = changed.programId === prev.programId && changed.startAt === prev.startAt;
      const next = { ...changed, wall: sameRun ? changed.wall : null };
      const value = next.programId === null && !next.messages.length ? null : next;
      const key = JSON.stringify(value);
      const g = groups.get(key) ?? { value, ids: [] };
      g.ids.push(r.id);
      groups.set(key, g);
    }
    for (const g of groups.values())
      await tx
        .update(terminals)
        .set({ playNow: g.value, updatedAt: now })
        .where(inArray(terminals.id, g.ids));
  });
}
