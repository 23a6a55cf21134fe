import type { ScreenshotKind } from "@marquee/contracts";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { offices, playerPackages, terminalCommands, terminalScreenshots, terminals } from "../db/schema";
import type { Db } from "../platform/db";

// The gateway's queries: a terminal's enrolment, its update packages and its screenshots.

export type TerminalRow = typeof terminals.$inferSelect;

/** What a terminal reports of itself on every registration. */
export type Reported = Pick<TerminalRow, "model" | "version" | "width" | "height" | "updatedAt">;

/** Gives the terminal of device `deviceId` a new token hash and its reported fields; undefined when unknown. */
export async function rotateToken(
  db: Db,
  deviceId: string,
  tokenHash: string,
  reported: Reported,
): Promise<TerminalRow | undefined> {
  const [row] = await db
    .update(terminals)
    .set({ tokenHash, ...reported })
    .where(eq(terminals.deviceId, deviceId))
    .returning();
  return row;
}

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

/** Inserts a new terminal; undefined when its device registered at the same moment. */
export async function insertTerminal(
  db: Db,
  values: typeof terminals.$inferInsert,
): Promise<TerminalRow | undefined> {
  const [row] = await db
    .insert(terminals)
    .values(values)
    .onConflictDoNothing({ target: terminals.deviceId })
    .returning();
  return row;
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
