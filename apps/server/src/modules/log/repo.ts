import type { AuditLogRow, LogListQuery } from "@marquee/contracts";
import { and, count, desc, eq, gte, ilike, lte, type SQL } from "drizzle-orm";
import { auditLogs } from "../../db/schema";
import type { Actor } from "../../platform/actor";
import { rangeKey, rangeWhere } from "../../platform/scope";
import type { Services } from "../../platform/services";

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A page of audit rows in the actor's range, newest first, with the total of the filter. */
export async function listAuditLogs(
  services: Services,
  actor: Actor,
  q: LogListQuery,
): Promise<{ list: AuditLogRow[]; total: number }> {
  const conditions: (SQL | undefined)[] = [rangeWhere(actor, auditLogs.officeId, auditLogs.userId)];
  if (q.action) conditions.push(eq(auditLogs.action, q.action));
  if (q.username) conditions.push(ilike(auditLogs.username, `%${likeEscape(q.username)}%`));
  if (q.result) conditions.push(eq(auditLogs.result, q.result));
  if (q.beginTime) conditions.push(gte(auditLogs.createdAt, q.beginTime));
  if (q.endTime) conditions.push(lte(auditLogs.createdAt, q.endTime));
  const where = and(...conditions);
  const filterKey = JSON.stringify([rangeKey(actor), q.action, q.username, q.result, q.beginTime, q.endTime]);
  const [rows, total] = await Promise.all([
    services.db
      .select()
      .from(auditLogs)
      .where(where)
      .orderBy(desc(auditLogs.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    services.counts.total("audit_logs", filterKey, async () => {
      const [r] = await services.db.select({ n: count() }).from(auditLogs).where(where);
      return r?.n ?? 0;
    }),
  ]);
  return {
    total,
    list: rows.map((r) => ({
      id: r.id,
      officeId: r.officeId,
      userId: r.userId,
      username: r.username,
      action: r.action,
      method: r.method,
      path: r.path,
      target: r.target,
      result: r.result,
      status: r.status,
      ip: r.ip,
      durationMs: r.durationMs,
      createDate: r.createdAt.toISOString(),
    })),
  };
}
