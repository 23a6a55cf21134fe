import { and, count, eq, inArray, isNull, ne } from "drizzle-orm";
import { programs, terminalGroups, terminals } from "../../db/schema";
import type { Actor } from "../../platform/actor";
import type { Db } from "../../platform/db";
import { FieldErrors } from "../../platform/errors";
import { assertTerminalQuota, holdsSeat } from "../../platform/quota";
import type { Services } from "../../platform/services";
import { programScope } from "../program/repo";
import { type GroupRow, leaveTenant, type TerminalRow } from "./repo";

/**
 * Authorises the pending terminal of an enrolment code into an office, whatever office it waits in;
 * a second operator with the same code finds nothing. Over a tenant's terminal quota nothing is written.
 */
export async function claimTerminal(
  db: Db,
  actor: Actor,
  claim: { enrolCode: string; officeId: number; groupId?: number; name?: string },
  now: Date,
): Promise<{ id: number }> {
  const { enrolCode, officeId, groupId, name } = claim;
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(terminals)
      .set({
        state: "authorised",
        officeId,
        groupId: groupId ?? null,
        ...(name ? { name } : {}),
        authorisedBy: actor.userId,
        authorisedAt: now,
        updatedAt: now,
      })
      .where(and(eq(terminals.enrolCode, enrolCode), eq(terminals.state, "pending")))
      .returning({ id: terminals.id });
    if (!claimed)
      throw new FieldErrors([
        { field: "enrolCode", key: "terminal.enrolCodeUnknown", values: { code: enrolCode } },
      ]);
    // The tenants above with a terminal quota: over it, nothing is written (409).
    await assertTerminalQuota(tx, officeId, () => 1);
    return claimed;
  });
}

/**
 * Moves terminals into an office (and a group of it, or none), those of `leaving` leaving their old
 * tenant behind, in one transaction with the new tenant's terminal quota.
 */
export async function moveTerminals(
  services: Services,
  rows: TerminalRow[],
  ids: number[],
  officeId: number,
  groupId: number | null,
  leaving: number[],
): Promise<void> {
  await services.db.transaction(async (tx) => {
    await tx
      .update(terminals)
      .set({ officeId, groupId, updatedAt: services.clock.now() })
      .where(inArray(terminals.id, ids));
    await leaveTenant(tx, leaving, services.clock.now());
    // Screens moved into a tenant with a terminal quota take places in it.
    const paths = new Map<number, string>();
    for (const r of rows) paths.set(r.officeId, (await services.tree.get(r.officeId))?.path ?? "");
    await assertTerminalQuota(
      tx,
      officeId,
      (t) => rows.filter((r) => holdsSeat(r) && !paths.get(r.officeId)?.startsWith(t.path)).length,
    );
  });
}

/** Changes columns of these terminals. */
export async function updateTerminals(
  db: Db,
  ids: number[],
  set: Partial<Pick<TerminalRow, "groupId" | "programIds" | "state" | "name">> & { updatedAt: Date },
): Promise<void> {
  await db.update(terminals).set(set).where(inArray(terminals.id, ids));
}

/** Deletes these terminals. */
export async function deleteTerminals(db: Db, ids: number[]): Promise<void> {
  await db.delete(terminals).where(inArray(terminals.id, ids));
}

/** Whether another group of the office under the same parent already has the name. */
export async function groupNameTaken(
  db: Db,
  officeId: number,
  parent: number | null,
  name: string,
  existing: GroupRow | null,
): Promise<boolean> {
  const [twin] = await db
    .select({ id: terminalGroups.id })
    .from(terminalGroups)
    .where(
      and(
        eq(terminalGroups.officeId, officeId),
        parent === null ? isNull(terminalGroups.parentId) : eq(terminalGroups.parentId, parent),
        eq(terminalGroups.name, name),
        existing ? ne(terminalGroups.id, existing.id) : undefined,
      ),
    );
  return twin !== undefined;
}

/** Renames or moves a group, or creates one when there is none. */
export async function saveGroup(
  db: Db,
  existing: GroupRow | null,
  officeId: number,
  parent: number | null,
  name: string,
): Promise<GroupRow | undefined> {
  const [group] = existing
    ? await db
        .update(terminalGroups)
        .set({ name, parentId: parent })
        .where(eq(terminalGroups.id, existing.id))
        .returning()
    : await db.insert(terminalGroups).values({ officeId, parentId: parent, name }).returning();
  return group;
}

/** How many terminals and how many groups a group holds directly. */
export async function groupContents(db: Db, groupId: number): Promise<{ terminals: number; groups: number }> {
  const [[held], [kids]] = await Promise.all([
    db.select({ n: count() }).from(terminals).where(eq(terminals.groupId, groupId)),
    db.select({ n: count() }).from(terminalGroups).where(eq(terminalGroups.parentId, groupId)),
  ]);
  return { terminals: held?.n ?? 0, groups: kids?.n ?? 0 };
}

/** Deletes a group. */
export async function deleteGroup(db: Db, groupId: number): Promise<void> {
  await db.delete(terminalGroups).where(eq(terminalGroups.id, groupId));
}

/** The programs of these ids that the caller may give terminals, with what checking them needs. */
export async function programsToGive(db: Db, actor: Actor, programIds: number[]) {
  return db
    .select({
      id: programs.id,
      name: programs.name,
      state: programs.state,
      officeId: programs.officeId,
    })
    .from(programs)
    .where(and(inArray(programs.id, programIds), programScope(actor)));
}
