import type { ScreenshotKind } from "@marquee/contracts";
import { and, asc, eq, getTableColumns, isNull, sql } from "drizzle-orm";
import { offices, playerPackages, terminalCommands, terminalScreenshots, terminals } from "../db/schema";
import type { Db } from "../platform/db";

// The gateway's queries: a terminal's enrolment, its update packages and its screenshots.

export type TerminalRow = typeof terminals.$inferSelect;

/** The platform office (the root of the office tree), where new terminals wait; undefined before initialisation. */
export async function platformOfficeId(db: Db): Promise<number | undefined> {
  const [platform] = await db
    .select({ id: offices.id })
    .from(offices)
    .where(isNull(offices.parentId))
    .orderBy(asc(offices.id))
    .limit(1);
  return platform?.id;
}

/**
 * Enrols several devices in one statement: a new device is inserted with its
 * values, a known one (by device id) only gets the new token hash and its
 * reported fields. Answers every row with whether it was inserted (in no
 * particular order). The device ids must differ (one statement cannot touch a
 * row twice); an enrolment code already taken fails the whole statement
 * (terminals_enrol_uq), as it would a single insert.
 */
export async function enrolTerminals(
  db: Db,
  values: Array<typeof terminals.$inferInsert>,
): Promise<Array<TerminalRow & { inserted: boolean }>> {
  if (!values.length) return [];
  return (
    db
      .insert(terminals)
      .values(values)
      .onConflictDoUpdate({
        target: terminals.deviceId,
        set: {
          tokenHash: sql`excluded.token_hash`,
          model: sql`excluded.model`,
          version: sql`excluded.version`,
          width: sql`excluded.width`,
          height: sql`excluded.height`,
          updatedAt: sql`excluded.updated_at`,
        },
      })
      // xmax is 0 on a row this statement inserted, the updating transaction's id on one it updated.
      .returning({ ...getTableColumns(terminals), inserted: sql<boolean>`(xmax = 0)` })
  );
}

/** A player update package by id, whatever its tenant (the caller checks it). */
export async function packageById(db: Db, id: number) {
  const [pkg] = await db.select().from(playerPackages).where(eq(playerPackages.id, id));
  return pkg;
}

/** The arguments of command `commandId` sent to terminal `terminalId`; undefined when it sent no such command. */
export async function commandArgs(
  db: Db,
  terminalId: number,
  commandId: string,
): Promise<Record<string, unknown> | undefined> {
  const [cmd] = await db
    .select({ id: terminalCommands.id, args: terminalCommands.args })
    .from(terminalCommands)
    .where(and(eq(terminalCommands.id, commandId), eq(terminalCommands.terminalId, terminalId)));
  return cmd ? cmd.args : undefined;
}

/**
 * Files a screenshot: the terminal's latest picture, a row of its history
 * (with the office the screen has now), and the picture on the command that
 * asked for it, if any.
 */
export async function saveScreenshot(
  db: Db,
  terminal: { id: number; officeId: number },
  shot: { kind: ScreenshotKind; md5: string; at: Date; commandId?: string },
): Promise<void> {
  const { kind, md5, at, commandId } = shot;
  await db.transaction(async (tx) => {
    await tx
      .update(terminals)
      .set({ screenshotMd5: md5, screenshotAt: at })
      .where(eq(terminals.id, terminal.id));
    await tx
      .insert(terminalScreenshots)
      .values({ terminalId: terminal.id, officeId: terminal.officeId, kind, md5, at });
  });
  if (commandId) {
    await db
      .update(terminalCommands)
      .set({
        data: sql`coalesce(${terminalCommands.data}, '{}'::jsonb) || ${JSON.stringify({ screenshotMd5: md5 })}::jsonb`,
      })
      .where(and(eq(terminalCommands.id, commandId), eq(terminalCommands.terminalId, terminal.id)));
  }
}
