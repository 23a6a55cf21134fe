import { STATS_DEFAULT_DAYS, STATS_MAX_DAYS, statsRangeDays } from "@marquee/contracts";
import { instantOfLocal, localDateOf, timeZoneOrUtc } from "@marquee/schedule";
import type { Actor } from "../../platform/actor";
import { FieldErrors } from "../../platform/errors";
import type { OfficeNode } from "../../platform/office-tree";
import type { Services } from "../../platform/services";
import { officeInScope, officesInScope, ownRowsOnly, rangeOffices } from "../../platform/tenancy";

/** A behaviour query made concrete: its days, their time zone, and the offices and user it may count. */
export interface BehaviorScope {
  from: string;
  to: string;
  timezone: string;
  /** The first instant of `from` and the first instant after `to`, in `timezone`. */
  start: Date;
  end: Date;
  /** Offices whose rows count; null: every office (the platform's whole range). */
  officeIds: number[] | null;
  /** Only this user's rows (data range "own"). */
  ownerId: number | null;
  /** The office asked for, if any. */
  office: OfficeNode | null;
}

/** "YYYY-MM-DD" plus `days` (negative to go back). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Every day from `from` to `to`, both included. */
export function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

/**
 * Fills the range's defaults (the last 30 days up to today in `defaultTimezone`),
 * checks it again once filled, and narrows the caller's data range to the
 * office asked for: an office outside it answers 404 like a missing one.
 */
export async function resolveScope(
  services: Services,
  actor: Actor,
  q: { from?: string; to?: string; officeId?: number },
): Promise<BehaviorScope> {
  const timezone = timeZoneOrUtc(await services.settings.get("defaultTimezone"));
  const today = localDateOf(timezone, services.clock.now().getTime());
  const to = q.to ?? (q.from && q.from > today ? q.from : today);
  const from = q.from ?? addDays(to, -(STATS_DEFAULT_DAYS - 1));
  if (from > to) throw new FieldErrors([{ field: "to", key: "stats.rangeOrder" }]);
  if (statsRangeDays(from, to) > STATS_MAX_DAYS)
    throw new FieldErrors([{ field: "from", key: "stats.rangeTooLong" }]);

  let officeIds = rangeOffices(actor);
  let office: OfficeNode | null = null;
  if (q.officeId !== undefined) {
    office = await officeInScope(services.tree, actor, q.officeId);
    officeIds = await officesInScope(services.tree, actor, office);
  }
  return {
    from,
    to,
    timezone,
    start: new Date(instantOfLocal(timezone, from, "00:00")),
    end: new Date(instantOfLocal(timezone, to, "24:00")),
    officeIds,
    ownerId: ownRowsOnly(actor) ? actor.userId : null,
    office,
  };
}
