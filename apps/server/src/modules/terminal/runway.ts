import type { TerminalRunway } from "@marquee/contracts";
import { type Runway, type RunwaySource, runwayOf } from "@marquee/schedule";
import { FEED_KEEP_SEC, type Manifest } from "@marquee/terminal-protocol";
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import { strategies, terminals } from "../../db/schema";
import type { Services } from "../../platform/services";
import { columnsOf } from "../../platform/sql";

/**
 * The offline runway of every terminal (issue 24, docs/runway.md): from the
 * manifest it holds (the current one; `behind` when it reports an older
 * version) and what it reports (the files it lacks, its last contact), until
 * when it plays correctly without the network and what ends it. Stored on
 * the terminal (runway_* columns) by the alarm pass, every ALARM_PASS_MS
 * (the time passing, a publish, screens offline), and for the screens whose
 * report of what they hold changed as soon as their presence is written
 * (hub.onHoldingChanged, about 2 s).
 * A system pass over all tenants, like the alarm rules: it writes only what
 * it computes from each terminal's own row and manifest.
 */

type LooseWidget = { type?: unknown; name?: unknown; props?: { locationName?: unknown; base?: unknown } };

/**
 * What goes stale offline in the programs of a manifest: the data sources a program reads from an address
 * (after their refresh interval), and its weather and exchange-rate widgets, which the player keeps showing
 * from the server's feeds for FEED_KEEP_SEC (one of each kind per program: the same keep time).
 */
export function sourcesOf(manifest: Manifest): RunwaySource[] {
  const out: RunwaySource[] = [];
  for (const p of manifest.programs) {
    const doc = p.doc as { dataSources?: unknown; scenes?: unknown } | null;
    const sources = doc?.dataSources;
    if (Array.isArray(sources))
      for (const s of sources as Array<{ kind?: unknown; name?: unknown; refreshSec?: unknown }>)
        if (s?.kind === "url" && typeof s.refreshSec === "number" && typeof s.name === "string")
          out.push({ programId: p.id, name: s.name, refreshSec: s.refreshSec });
    const feeds = new Set<string>();
    const scenes = Array.isArray(doc?.scenes) ? (doc.scenes as Array<{ widgets?: unknown }>) : [];
    for (const scene of scenes)
      for (const w of (Array.isArray(scene?.widgets) ? scene.widgets : []) as LooseWidget[]) {
        const kind = w?.type === "weather" ? "weather" : w?.type === "exchange" ? "rates" : null;
        if (!kind || feeds.has(kind)) continue;
        feeds.add(kind);
        const named = typeof w.name === "string" && w.name.trim() ? w.name.trim() : null;
        const detail = kind === "weather" ? w.props?.locationName : w.props?.base;
        const name = named ?? (typeof detail === "string" && detail ? `${w.type} ${detail}` : String(w.type));
        out.push({ programId: p.id, name, refreshSec: FEED_KEEP_SEC[kind] });
      }
  }
  return out;
}

/** Computes and stores the runway of the authorised terminals (`ids`, or all); answers how many changed. */
export async function recomputeRunways(services: Services, ids?: number[]): Promise<number> {
  const { db, clock, hub } = services;
  const where: SQL[] = [eq(terminals.state, "authorised")];
  if (ids) where.push(inArray(terminals.id, ids));
  const rows = await db
    .select({
      id: terminals.id,
      name: terminals.name,
      officeId: terminals.officeId,
      state: terminals.state,
      programIds: terminals.programIds,
      publicationIds: terminals.publicationIds,
      timezone: terminals.timezone,
      status: terminals.status,
      settings: terminals.settings,
      playNow: terminals.playNow,
      online: terminals.online,
      lastSeenAt: terminals.lastSeenAt,
      strategy: strategies.doc,
      ...runwayColumns,
    })
    .from(terminals)
    .leftJoin(strategies, eq(strategies.id, terminals.strategyId))
    .where(and(...where));
  const now = clock.now().getTime();
  // Screens given the same content (the manifest cache answers them one schedule object) in one time zone
  // share their runway but for what they report: computed once per pass for each such set.
  const memo = new WeakMap<object, Map<string, Runway>>();
  const changed: RunwayRow[] = [];
  for (const row of rows) {
    const manifest = await hub.manifestFor({
      ...row,
      reportedTimezone: row.status?.timezone ?? null,
      strategy: row.strategy ?? null,
    });
    if (!manifest) continue;
    const held = row.status?.manifestVersion ?? null;
    const lastContact = row.online ? now : (row.lastSeenAt?.getTime() ?? now);
    // An older player does not say: counted as complete. A screen that reports holding no manifest while
    // its manifest has programs holds none of their media.
    const mediaMissing = Math.max(
      row.status?.mediaMissing ?? 0,
      row.status && held === null && manifest.programs.length > 0 ? 1 : 0,
    );
    const sources = sourcesOf(manifest);
    const key = `${manifest.timezone}|${mediaMissing > 0}|${sources.length ? lastContact : ""}`;
    let known = memo.get(manifest.schedule);
    if (!known) {
      known = new Map();
      memo.set(manifest.schedule, known);
    }
    let runway = known.get(key);
    if (!runway) {
      runway = runwayOf({
        schedule: { plans: manifest.schedule, messages: manifest.messages, timezone: manifest.timezone },
        now,
        lastContact,
        mediaMissing,
        sources,
      });
      known.set(key, runway);
    }
    const until = runway.until === null ? null : new Date(runway.until);
    const behind = held !== manifest.version;
    // Written only when it changed (a write makes the terminal lists read again); runway_at is since when.
    // A runway already over stays as it was stored (media missing: over since it was first seen).
    const was = row.runwayUntil?.getTime() ?? null;
    const sameUntil =
      was === runway.until || (was !== null && runway.until !== null && was <= now && runway.until <= now);
    if (
      row.runwayAt &&
      sameUntil &&
      row.runwayReason === runway.reason &&
      row.runwayName === runway.name &&
      row.runwayBehind === behind
    )
      continue;
    changed.push({ id: row.id, until, reason: runway.reason, name: runway.name, behind });
  }
  return writeRunways(services, changed, new Date(now));
}

/** A runway to store on a terminal. */
interface RunwayRow {
  id: number;
  until: Date | null;
  reason: Runway["reason"];
  name: string | null;
  behind: boolean;
}

/** Rows per statement (five arrays of parameters, whatever their length). */
const RUNWAY_ROWS_PER_STATEMENT = 5000;
/** A pass tries the rows another transaction held this often, this far apart, before leaving them to the next. */
const RUNWAY_TRIES = 3;
const RUNWAY_RETRY_MS = 200;

/**
 * Stores runways, one statement per RUNWAY_ROWS_PER_STATEMENT terminals (one array parameter per column),
 * not one per terminal: a fleet that took a publication's manifest within a second is a handful of
 * statements. A row another transaction holds (a publication attaching itself to the same screens, an
 * operator's bulk change) is skipped, not waited for, so this writer is never one side of a deadlock; it
 * is tried again RUNWAY_RETRY_MS later, RUNWAY_TRIES times in all, then left to the next pass (the alarm
 * pass computes every runway again). Answers how many were written.
 */
async function writeRunways(services: Services, rows: RunwayRow[], at: Date): Promise<number> {
  let left = [...rows].sort((a, b) => a.id - b.id);
  let written = 0;
  for (let attempt = 1; left.length && attempt <= RUNWAY_TRIES; attempt++) {
    if (attempt > 1) await new Promise((resolve) => setTimeout(resolve, RUNWAY_RETRY_MS));
    const done = new Set<number>();
    for (let i = 0; i < left.length; i += RUNWAY_ROWS_PER_STATEMENT) {
      const part = left.slice(i, i + RUNWAY_ROWS_PER_STATEMENT);
      const column = columnsOf(part);
      const res = await services.db.execute<{ id: number }>(sql`
        with v as (
          select * from unnest(${column((r) => r.id)}::int[], ${column((r) => r.until?.toISOString() ?? null)}::timestamptz[],
            ${column((r) => r.reason)}::text[], ${column((r) => r.name)}::text[], ${column((r) => r.behind)}::bool[])
            as v(id, until, reason, name, behind)),
        mine as materialized (
          select t.id from terminals t where t.id in (select id from v) order by t.id
          for no key update of t skip locked)
        update terminals t set runway_until = v.until, runway_reason = v.reason, runway_name = v.name,
          runway_behind = v.behind, runway_at = ${at.toISOString()}::timestamptz
        from v where t.id = v.id and t.id in (select id from mine)
        returning t.id`);
      for (const r of res.rows) done.add(Number(r.id));
    }
    written += done.size;
    // A terminal deleted meanwhile is not there to write: only rows that still exist are tried again.
    left = left.filter((r) => !done.has(r.id));
    if (left.length) {
      const ids = left.map((r) => r.id);
      const exist = await services.db
        .select({ id: terminals.id })
        .from(terminals)
        .where(inArray(terminals.id, ids));
      const still = new Set(exist.map((r) => r.id));
      left = left.filter((r) => still.has(r.id));
    }
  }
  return written;
}

/** The runway columns of a terminals select. */
export const runwayColumns = {
  runwayUntil: terminals.runwayUntil,
  runwayReason: terminals.runwayReason,
  runwayName: terminals.runwayName,
  runwayBehind: terminals.runwayBehind,
  runwayAt: terminals.runwayAt,
};

/** The runway as the console reads it; undefined until computed. */
export function runwayView(r: {
  runwayUntil: Date | null;
  runwayReason: TerminalRunway["reason"] | null;
  runwayName: string | null;
  runwayBehind: boolean | null;
  runwayAt: Date | null;
}): TerminalRunway | undefined {
  if (!r.runwayAt || !r.runwayReason) return undefined;
  return {
    until: r.runwayUntil?.toISOString() ?? null,
    reason: r.runwayReason,
    name: r.runwayName,
    behind: r.runwayBehind === true,
    at: r.runwayAt.toISOString(),
  };
}

/** The terminals whose runway ends within `hours` of now (the list's filter "runway under 24 h"). */
export function runwayUnder(hours: number, now: Date): SQL {
  return sql`(${terminals.runwayAt} is not null and ${terminals.runwayUntil} is not null
    and ${terminals.runwayUntil} < ${now}::timestamptz + make_interval(hours => ${hours}::int))`;
}
