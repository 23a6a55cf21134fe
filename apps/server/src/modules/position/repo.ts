import { MAP_MAX_TERMINALS, type MapTerminal, type MapTerminalsQuery } from "@marquee/contracts";
import { Position } from "@marquee/terminal-protocol";
import { and, asc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client";
import { terminals } from "../../db/schema";
import type { Actor } from "../../platform/actor";
import type { OfficeTree } from "../../platform/office-tree";
import type { Services } from "../../platform/services";
import { likeEscape } from "../../platform/sql";
import { inRangeAndPlace } from "../terminal/list-repo";
import { statusWhere, viewStatus } from "../terminal/repo";

/** The columns a map marker needs (never the token hash, nor the whole reported status). */
export const mapColumns = {
  id: terminals.id,
  name: terminals.name,
  officeId: terminals.officeId,
  state: terminals.state,
  online: terminals.online,
  fault: terminals.fault,
  latitude: terminals.latitude,
  longitude: terminals.longitude,
  address: terminals.address,
  positionSource: terminals.positionSource,
  positionAt: terminals.positionAt,
  lastSeenAt: terminals.lastSeenAt,
  programName: sql<string | null>`${terminals.status}->>'programName'`,
  autoPosition: sql<boolean>`coalesce((${terminals.settings}->>'autoPosition')::boolean, false)`,
};

export interface MapRow {
  id: number;
  name: string;
  officeId: number;
  state: "pending" | "authorised" | "disabled";
  online: boolean;
  fault: string | null;
  latitude: number | null;
  longitude: number | null;
  address: string | null;
  positionSource: "manual" | "device" | null;
  positionAt: Date | null;
  lastSeenAt: Date | null;
  programName: string | null;
  autoPosition: boolean;
}

/** Map markers of rows, with office names from the (cached) office tree. */
export async function toMapTerminals(tree: OfficeTree, rows: MapRow[]): Promise<MapTerminal[]> {
  const names = new Map<number, string | null>();
  for (const id of new Set(rows.map((r) => r.officeId))) names.set(id, (await tree.get(id))?.name ?? null);
  return rows.map((r) => {
    // A half-placed row (one coordinate) is not on the map.
    const placed = r.latitude !== null && r.longitude !== null;
    return {
      id: r.id,
      name: r.name,
      officeId: r.officeId,
      officeName: names.get(r.officeId) ?? null,
      status: viewStatus(r),
      lat: placed ? r.latitude : null,
      lng: placed ? r.longitude : null,
      address: r.address,
      source: placed ? r.positionSource : null,
      positionDate: placed ? (r.positionAt?.toISOString() ?? null) : null,
      lastSeenAt: r.lastSeenAt?.toISOString() ?? null,
      programName: r.programName,
      autoPosition: r.autoPosition === true,
    };
  });
}

/**
 * Copies the positions terminals report in their status (written by the
 * presence flush) into the position columns, for terminals whose own settings
 * have autoPosition on. One statement that touches only rows whose reported
 * position differs from the stored one. A manual placement made after the
 * last report is kept: a stale status never moves a marker an operator just
 * placed (placing by hand also turns autoPosition off, see savePosition).
 * Answers how many terminals moved.
 */
export async function copyReportedPositions(db: Db, terminalIds?: number[]): Promise<number> {
  const only =
    terminalIds === undefined
      ? sql``
      : terminalIds.length
        ? sql`and t.id in (${sql.join(
            terminalIds.map((id) => sql`${id}::int`),
            sql`, `,
          )})`
        : sql`and false`;
  const result = await db.execute(sql`
    with reported as (
      select t.id, (t.status->'position'->>'lat')::float8 as lat, (t.status->'position'->>'lng')::float8 as lng,
             coalesce(t.last_seen_at, now()) as seen
      from terminals t
      where t.settings @> '{"autoPosition": true}'::jsonb
        and jsonb_typeof(t.status->'position'->'lat') = 'number'
        and jsonb_typeof(t.status->'position'->'lng') = 'number'
        ${only}
    )
    update terminals t set
      latitude = r.lat, longitude = r.lng, position_source = 'device', position_at = r.seen, updated_at = now()
    from reported r
    where t.id = r.id
      and r.lat between -90 and 90 and r.lng between -180 and 180
      and (t.position_source is distinct from 'manual' or t.position_at is null or t.position_at < r.seen)
      and (t.latitude is distinct from r.lat or t.longitude is distinct from r.lng
           or t.position_source is distinct from 'device')`);
  return result.rowCount ?? 0;
}

/**
 * Stores the positions terminals answered to a `position` command (ack data
 * {lat, lng, accuracy}). The operator asked for it, so it replaces any
 * earlier position, except a manual placement made after the command was sent.
 */
export async function storeAnsweredPositions(
  db: Db,
  done: ReadonlyArray<{ id: string; terminalId: number; name: string; data: Record<string, unknown> | null }>,
): Promise<number> {
  const rows = done.flatMap((d) => {
    if (d.name !== "position") return [];
    const p = Position.safeParse(d.data ?? {});
    return p.success
      ? [sql`(${d.id}::text, ${d.terminalId}::int, ${p.data.lat}::float8, ${p.data.lng}::float8)`]
      : [];
  });
  if (!rows.length) return 0;
  const result = await db.execute(sql`
    update terminals t set
      latitude = v.lat, longitude = v.lng, position_source = 'device',
      position_at = coalesce(c.done_at, now()), updated_at = now()
    from (values ${sql.join(rows, sql`, `)}) as v(command_id, terminal_id, lat, lng)
    join terminal_commands c on c.id = v.command_id and c.terminal_id = v.terminal_id
    where t.id = v.terminal_id
      and not (t.position_source = 'manual' and t.position_at is not null and t.position_at > c.created_at)`);
  return result.rowCount ?? 0;
}

/**
 * The markers of the terminals of the caller's range in the place, status and
 * keyword asked (name, enrolment code, model or address), by name, at most
 * MAP_MAX_TERMINALS; the total counts them all.
 */
export async function mapPage(services: Services, actor: Actor, q: z.output<typeof MapTerminalsQuery>) {
  const c = await inRangeAndPlace(services, actor, q);
  if (q.status) c.push(statusWhere(q.status));
  const keyword = q.keyword?.trim();
  if (keyword) {
    const like = `%${likeEscape(keyword)}%`;
    c.push(
      or(
        ilike(terminals.name, like),
        ilike(terminals.enrolCode, like),
        ilike(terminals.model, like),
        ilike(terminals.address, like),
      ),
    );
  }
  const rows = await services.db
    .select({ ...mapColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(terminals)
    .where(and(...c))
    .orderBy(asc(terminals.name), asc(terminals.id))
    .limit(MAP_MAX_TERMINALS);
  return { list: await toMapTerminals(services.tree, rows), total: rows[0]?.total ?? 0 };
}

/** The marker of one terminal (null when it is gone). */
export async function mapTerminalOf(db: Db, tree: OfficeTree, id: number): Promise<MapTerminal | null> {
  const [marker] = await toMapTerminals(
    tree,
    await db.select(mapColumns).from(terminals).where(eq(terminals.id, id)),
  );
  return marker ?? null;
}

/** Turns the autoPosition setting of terminals on or off. */
export async function writeAutoPosition(db: Db, ids: number[], enabled: boolean, at: Date): Promise<void> {
  await db
    .update(terminals)
    .set({
      settings: sql`${terminals.settings} || jsonb_build_object('autoPosition', ${enabled}::boolean)`,
      updatedAt: at,
    })
    .where(inArray(terminals.id, ids));
}

/** Places a terminal by hand, turning its autoPosition off when `stopReporting`. */
export async function writeManualPosition(
  db: Db,
  id: number,
  place: { lat: number; lng: number; address: string | null },
  stopReporting: boolean,
  at: Date,
): Promise<void> {
  await db
    .update(terminals)
    .set({
      latitude: place.lat,
      longitude: place.lng,
      address: place.address,
      positionSource: "manual",
      positionAt: at,
      updatedAt: at,
      ...(stopReporting && {
        settings: sql`${terminals.settings} || '{"autoPosition": false}'::jsonb`,
      }),
    })
    .where(eq(terminals.id, id));
}

/**
 * Takes terminals off the map and turns autoPosition off for those that
 * reported their position; answers how many had a position.
 */
export async function clearPositions(db: Db, ids: number[], reporting: number[], at: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const done = await tx
      .update(terminals)
      .set({
        latitude: null,
        longitude: null,
        address: null,
        positionSource: null,
        positionAt: null,
        updatedAt: at,
      })
      .where(
        and(
          inArray(terminals.id, ids),
          sql`(${terminals.latitude} is not null or ${terminals.longitude} is not null)`,
        ),
      )
      .returning({ id: terminals.id });
    if (reporting.length)
      await tx
        .update(terminals)
        .set({ settings: sql`${terminals.settings} || '{"autoPosition": false}'::jsonb` })
        .where(inArray(terminals.id, reporting));
    return done.length;
  });
}
