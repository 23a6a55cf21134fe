import type { MapTerminal } from "@marquee/contracts";
import { Position } from "@marquee/terminal-protocol";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { terminals } from "../../db/schema";
import type { OfficeTree } from "../../platform/office-tree";
import { viewStatus } from "../terminal/repo";

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
