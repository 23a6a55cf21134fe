import { type Wall, type WallGeometry, type WallScreen, wallCrop } from "@marquee/contracts";
import { and, asc, count, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { programs, terminals, wallScreens, walls } from "../../db/schema";
import type { Actor } from "../../platform/actor";
import type { Db } from "../../platform/db";
import { notFound } from "../../platform/errors";
import { scoped } from "../../platform/tenancy";
import { programScope } from "../program/repo";

export type WallRow = typeof walls.$inferSelect;

/** A wall of the caller's range, or 404 (one outside it looks the same). */
export async function findWall(db: Db, actor: Actor, id: number): Promise<WallRow> {
  const [row] = await db
    .select()
    .from(walls)
    .where(scoped(actor, walls, eq(walls.id, id)));
  if (!row) throw notFound("wall", id);
  return row;
}

/** The screens of these walls with their terminals' names (terminals of the caller's range only). */
async function screensOf(db: Db, actor: Actor, wallIds: number[]) {
  if (!wallIds.length) return [];
  return db
    .select({
      wallId: wallScreens.wallId,
      terminalId: wallScreens.terminalId,
      row: wallScreens.row,
      col: wallScreens.col,
      terminalName: terminals.name,
      online: terminals.online,
    })
    .from(wallScreens)
    .innerJoin(terminals, eq(terminals.id, wallScreens.terminalId))
    .where(scoped(actor, wallScreens, inArray(wallScreens.wallId, wallIds)))
    .orderBy(asc(wallScreens.row), asc(wallScreens.col));
}

/** Walls as the console shows them: with their screens and the program they play. */
export async function wallsOut(db: Db, actor: Actor, rows: WallRow[], online: (id: number) => boolean) {
  const screens = await screensOf(
    db,
    actor,
    rows.map((r) => r.id),
  );
  const programIds = [...new Set(rows.map((r) => r.programId).filter((p): p is number => p !== null))];
  const names = new Map(
    programIds.length
      ? (
          await db
            .select({ id: programs.id, name: programs.name })
            .from(programs)
            .where(and(inArray(programs.id, programIds), programScope(actor)))
        ).map((p) => [p.id, p.name])
      : [],
  );
  return rows.map(
    (r): Wall => ({
      id: r.id,
      officeId: r.officeId,
      name: r.name,
      rows: r.rows,
      cols: r.cols,
      bezelMm: r.bezelMm,
      screenWidthMm: r.screenWidthMm,
      screenHeightMm: r.screenHeightMm,
      width: r.width,
      height: r.height,
      screens: screens
        .filter((s) => s.wallId === r.id)
        .map((s) => ({
          terminalId: s.terminalId,
          row: s.row,
          col: s.col,
          terminalName: s.terminalName,
          online: s.online || online(s.terminalId),
        })),
      programId: r.programId,
      programName: r.programId !== null ? (names.get(r.programId) ?? null) : null,
      startAtMs: r.startAt?.getTime() ?? null,
      updateDate: r.updatedAt.toISOString(),
    }),
  );
}

/** One page of the walls of the caller's range, latest first. */
export async function wallPage(db: Db, actor: Actor, pageNo: number, pageSize: number) {
  const where = scoped(actor, walls);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(walls)
      .where(where)
      .orderBy(desc(walls.updatedAt), desc(walls.id))
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize),
    db.select({ n: count() }).from(walls).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

/**
 * Terminals among these already placed in a wall other than `exceptWallId`, whoever's wall it is: a
 * terminal is in one wall at most (the unique index says so too); only the terminals' ids are answered.
 */
export async function terminalsInOtherWalls(db: Db, terminalIds: number[], exceptWallId: number | null) {
  return db
    .select({ terminalId: wallScreens.terminalId })
    .from(wallScreens)
    .where(
      and(
        inArray(wallScreens.terminalId, terminalIds),
        exceptWallId !== null ? ne(wallScreens.wallId, exceptWallId) : undefined,
      ),
    );
}

type WallFields = WallGeometry & { name: string };

/** Creates or changes a wall and its screens in one transaction; answers its id. */
export async function saveWall(
  db: Db,
  actor: Actor,
  s: { id: number | null; officeId: number; fields: WallFields; screens: WallScreen[] },
): Promise<number> {
  return db.transaction(async (tx) => {
    let id = s.id;
    if (id === null) {
      const [row] = await tx
        .insert(walls)
        .values({ ...s.fields, officeId: s.officeId, createdBy: actor.userId })
        .returning({ id: walls.id });
      if (!row) throw new Error("wall not created");
      id = row.id;
    } else {
      await tx
        .update(walls)
        .set({ ...s.fields, updatedAt: new Date() })
        .where(scoped(actor, walls, eq(walls.id, id)));
      await tx.delete(wallScreens).where(eq(wallScreens.wallId, id));
    }
    const wallId = id;
    await tx.insert(wallScreens).values(s.screens.map((c) => ({ ...c, wallId })));
    return wallId;
  });
}

/** Deletes a wall (its screens go with it); answers the terminals that were its screens. */
export async function deleteWall(db: Db, actor: Actor, row: WallRow): Promise<number[]> {
  return db.transaction(async (tx) => {
    const screens = await tx
      .select({ terminalId: wallScreens.terminalId })
      .from(wallScreens)
      .where(eq(wallScreens.wallId, row.id));
    await tx.delete(walls).where(scoped(actor, walls, eq(walls.id, row.id)));
    return screens.map((s) => s.terminalId);
  });
}

/** The canvas size of a program of the caller's range. */
export async function programSize(db: Db, actor: Actor, programId: number) {
  const [size] = await db
    .select({ width: programs.width, height: programs.height })
    .from(programs)
    .where(and(eq(programs.id, programId), programScope(actor)));
  return size;
}

/** The crop of each screen of a wall for a program of this size. */
export function cropsOf(
  row: Pick<WallRow, "rows" | "cols" | "bezelMm" | "screenWidthMm" | "screenHeightMm">,
  screens: Array<{ terminalId: number; row: number; col: number }>,
  canvas: { width: number; height: number },
) {
  return screens.map((s) => ({ terminalId: s.terminalId, crop: wallCrop(row, canvas, s) }));
}

/** The screens of a wall (their cells), terminals of the caller's range only. */
export async function wallCells(db: Db, actor: Actor, wallId: number) {
  return db
    .select({
      terminalId: wallScreens.terminalId,
      row: wallScreens.row,
      col: wallScreens.col,
      state: terminals.state,
    })
    .from(wallScreens)
    .innerJoin(terminals, eq(terminals.id, wallScreens.terminalId))
    .where(and(eq(wallScreens.wallId, wallId), scoped(actor, terminals)));
}

/**
 * Publishes a program to a wall in one transaction: each authorised screen's play-now becomes the program
 * from the instant on, with its crop; the wall remembers what it plays.
 */
export async function publishWall(
  db: Db,
  actor: Actor,
  row: WallRow,
  s: {
    programId: number;
    startAtMs: number;
    crops: Array<{ terminalId: number; crop: { x: number; y: number; width: number; height: number } }>;
  },
): Promise<void> {
  await db.transaction(async (tx) => {
    for (const c of s.crops)
      await tx
        .update(terminals)
        .set({
          playNow: {
            programId: s.programId,
            until: null,
            startAt: s.startAtMs,
            wall: { wallId: row.id, crop: c.crop },
          },
        })
        .where(scoped(actor, terminals, eq(terminals.id, c.terminalId)));
    await tx
      .update(walls)
      .set({ programId: s.programId, startAt: new Date(s.startAtMs), updatedAt: new Date() })
      .where(scoped(actor, walls, eq(walls.id, row.id)));
  });
}

/** Stops what a wall plays: the play-now of its screens that still play it is cleared; answers those screens. */
export async function stopWall(db: Db, actor: Actor, row: WallRow, terminalIds: number[]): Promise<number[]> {
  return db.transaction(async (tx) => {
    const cleared = terminalIds.length
      ? await tx
          .update(terminals)
          .set({ playNow: null })
          .where(
            scoped(
              actor,
              terminals,
              inArray(terminals.id, terminalIds),
              sql`(${terminals.playNow}->'wall'->>'wallId')::int = ${row.id}`,
            ),
          )
          .returning({ id: terminals.id })
      : [];
    await tx
      .update(walls)
      .set({ programId: null, startAt: null, updatedAt: new Date() })
      .where(scoped(actor, walls, eq(walls.id, row.id)));
    return cleared.map((c) => c.id);
  });
}
