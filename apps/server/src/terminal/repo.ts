import type { ScreenshotKind } from "@marquee/contracts";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { offices, playerPackages, terminalCommands, terminalScreenshots, terminals } from "../db/schema";
import type { Db, Tx } from "../platform/db";

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

/** A device to enrol: its row's values (the rest take their defaults). */
export interface Enrolment {
  officeId: number;
  name: string;
  deviceId: string;
  tokenHash: string;
  enrolCode: string;
  state: "pending" | "authorised";
  authorisedAt: Date | null;
  model: string;
  version: string;
  width: number;
  height: number;
  /** The row's created and updated time. */
  now: Date;
}

/** What an enrolment answers: the terminal's row as it now stands, and whether this statement inserted it. */
export type Enrolled = Pick<TerminalRow, "id" | "officeId" | "deviceId" | "state" | "enrolCode"> & {
  inserted: boolean;
};

/**
 * Enrols several devices in one statement: a new device is inserted with its
 * values, a known one (by device id) only gets the new token hash and its
 * reported fields. Answers every row with whether it was inserted (in no
 * particular order). The device ids must differ (one statement cannot touch a
 * row twice); an enrolment code already taken fails the whole statement
 * (terminals_enrol_uq), as it would a single insert. The text is the same
 * whatever the count (each column travels as one array), so neither the
 * server nor PostgreSQL builds or parses a statement per device.
 */
export async function enrolTerminals(db: Tx, values: Enrolment[]): Promise<Enrolled[]> {
  if (!values.length) return [];
  const col = <T>(pick: (v: Enrolment) => T) => sql.param(values.map(pick));
  const result = await db.execute<Omit<Enrolled, "state"> & { state: string }>(sql`
    insert into terminals (office_id, name, device_id, token_hash, enrol_code, state, authorised_at, model,
      version, width, height, created_at, updated_at)
    select office_id, name, device_id, token_hash, enrol_code, state, authorised_at, model, version, width,
      height, at, at
    from unnest(${col((v) => v.officeId)}::int[], ${col((v) => v.name)}::text[], ${col((v) => v.deviceId)}::text[],
      ${col((v) => v.tokenHash)}::text[], ${col((v) => v.enrolCode)}::text[], ${col((v) => v.state)}::text[],
      ${col((v) => v.authorisedAt?.toISOString() ?? null)}::timestamptz[], ${col((v) => v.model)}::text[],
      ${col((v) => v.version)}::text[], ${col((v) => v.width)}::int[], ${col((v) => v.height)}::int[],
      ${col((v) => v.now.toISOString())}::timestamptz[])
      as v(office_id, name, device_id, token_hash, enrol_code, state, authorised_at, model, version, width,
        height, at)
    on conflict (device_id) do update set token_hash = excluded.token_hash, model = excluded.model,
      version = excluded.version, width = excluded.width, height = excluded.height,
      updated_at = excluded.updated_at
    -- xmax is 0 on a row this statement inserted, the updating transaction's id on one it updated.
    returning id, office_id as "officeId", device_id as "deviceId", state, enrol_code as "enrolCode",
      (xmax = 0) as inserted`);
  return result.rows.map((r) => ({ ...r, state: r.state as TerminalRow["state"] }));
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
  shot: {
    kind: ScreenshotKind;
    md5: string;
    at: Date;
    commandId?: string;
    /** What the player says it showed (screen truth); absent from older players. */
    shown?: {
      programId: number | null;
      sceneId: string | null;
      shownAt: Date | null;
      screenOn: boolean | null;
      manifestVersion: string | null;
    };
  },
): Promise<void> {
  const { kind, md5, at, commandId, shown } = shot;
  await db.transaction(async (tx) => {
    await tx
      .update(terminals)
      .set({ screenshotMd5: md5, screenshotAt: at })
      .where(eq(terminals.id, terminal.id));
    await tx
      .insert(terminalScreenshots)
      .values({ terminalId: terminal.id, officeId: terminal.officeId, kind, md5, at, ...shown });
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
