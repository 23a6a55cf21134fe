/**
 * Terminal quotas of tenants: how many screens an agent or customer (or an office above it) may hold.
 * The office writes, the operator's terminal writes, the home page and the payment centre count the
 * places taken the same way, so the rule lives here rather than in any one of their modules.
 */
import { and, inArray, isNotNull, sql } from "drizzle-orm";
import { offices } from "../db/schema";
import type { Tx } from "./db";
import { AppError } from "./errors";
import { pathIds } from "./office-tree";

/** Advisory lock namespace of terminal quotas (the second key is the tenant's id). */
const QUOTA_LOCK = 727_278;

/**
 * Terminals that hold a place in a quota: authorised ones, and disabled ones
 * that had been authorised (enabling them again takes no new place, so
 * disabling and enabling cannot get round the quota). `t` is the terminals alias.
 */
export const seatSql = sql.raw(
  `(t.state = 'authorised' or (t.state = 'disabled' and t.authorised_at is not null))`,
);

/** Whether a terminal row holds a place in a quota (the rule of seatSql). */
export const holdsSeat = (r: { state: string; authorisedAt: Date | null }) =>
  r.state === "authorised" || (r.state === "disabled" && r.authorisedAt !== null);

/** An office at or above a place that limits its terminals. */
export interface QuotaTenant {
  id: number;
  name: string;
  path: string;
  quota: number;
}

/** The offices at or above `officeId` with a terminal quota, nearest first. */
export async function quotaTenants(tx: Tx, officeId: number): Promise<QuotaTenant[]> {
  const r = await tx.execute<{ path: string }>(sql`select path from offices where id = ${officeId}`);
  const path = r.rows[0]?.path;
  if (!path) return [];
  const ids = pathIds(path);
  const rows = await tx
    .select({ id: offices.id, name: offices.name, path: offices.path, quota: offices.terminalQuota })
    .from(offices)
    .where(and(inArray(offices.id, ids), isNotNull(offices.terminalQuota)));
  return rows.map((row) => ({ ...row, quota: row.quota ?? 0 })).sort((a, b) => b.path.length - a.path.length);
}

/** Places taken in the subtree at `path`. */
export async function seatsBelow(tx: Tx, path: string): Promise<number> {
  const r = await tx.execute<{ n: number }>(sql`
    select count(*)::int as n from terminals t join offices o on o.id = t.office_id
    where o.path like ${`${path}%`} and ${seatSql}`);
  return r.rows[0]?.n ?? 0;
}

/**
 * Refuses (409, rolling the caller's transaction back) when a write that put
 * terminals at `officeId` leaves a tenant at or above it over its terminal
 * quota. Call it inside the transaction, after the write: `added(t)` says how
 * many places the write brought into tenant `t` (0: nothing new for it, it is
 * not checked, so a tenant already over a lowered quota can still rearrange
 * its own screens). The lock per tenant makes concurrent writes count each
 * other: the second waits for the first to commit, then sees its terminals.
 */
export async function assertTerminalQuota(
  tx: Tx,
  officeId: number,
  added: (t: QuotaTenant) => number | Promise<number>,
): Promise<void> {
  for (const tenant of await quotaTenants(tx, officeId)) {
    if ((await added(tenant)) <= 0) continue;
    await tx.execute(sql`select pg_advisory_xact_lock(${QUOTA_LOCK}::int, ${tenant.id}::int)`);
    if ((await seatsBelow(tx, tenant.path)) > tenant.quota)
      throw new AppError(409, "org.terminalQuota", { name: tenant.name, quota: tenant.quota });
  }
}
