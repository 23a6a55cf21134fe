import type { AuditLogRow, LogListQuery } from "@marquee/contracts";
import { and, count, desc, eq, gte, ilike, lte, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { auditLogs } from "../../db/schema";
import type { Actor } from "../../platform/actor";
import { rangeKey } from "../../platform/scope";
import type { Services } from "../../platform/services";
import { likeEscape } from "../../platform/sql";

/** Which conditions a query has; each combination gets its own prepared statements. */
interface Shape {
  offices: boolean;
  own: boolean;
  action: boolean;
  username: boolean;
  result: boolean;
  begin: boolean;
  end: boolean;
}

const p = sql.placeholder;

function where(shape: Shape): SQL | undefined {
  const c: SQL[] = [];
  if (shape.offices) c.push(sql`${auditLogs.officeId} = any(${p("offices")}::int[])`);
  if (shape.own) c.push(eq(auditLogs.userId, p("owner")));
  if (shape.action) c.push(eq(auditLogs.action, p("action")));
  if (shape.username) c.push(ilike(auditLogs.username, p("username")));
  if (shape.result) c.push(eq(auditLogs.result, p("result")));
  if (shape.begin) c.push(gte(auditLogs.createdAt, p("begin")));
  if (shape.end) c.push(lte(auditLogs.createdAt, p("end")));
  return c.length ? and(...c) : undefined;
}

function prepare(db: Db, shape: Shape, key: string) {
  const w = where(shape);
  return {
    page: db
      .select({
        id: auditLogs.id,
        officeId: auditLogs.officeId,
        userId: auditLogs.userId,
        username: auditLogs.username,
        action: auditLogs.action,
        method: auditLogs.method,
        path: auditLogs.path,
        target: auditLogs.target,
        result: auditLogs.result,
        status: auditLogs.status,
        ip: auditLogs.ip,
        durationMs: auditLogs.durationMs,
        createdAt: auditLogs.createdAt,
      })
      .from(auditLogs)
      .where(w)
      .orderBy(desc(auditLogs.id))
      .limit(p("limit"))
      .offset(p("offset"))
      .prepare(`audit_page_${key}`),
    total: db.select({ n: count() }).from(auditLogs).where(w).prepare(`audit_total_${key}`),
  };
}

const statements = new WeakMap<Db, Map<string, ReturnType<typeof prepare>>>();

/**
 * A page of audit rows in the actor's range, newest first, with the total of
 * the filter. This is the system log's hot path: its statements are built
 * once per filter shape and prepared on the server, and pages and totals
 * come from the read cache until the audit trail is written.
 */
export async function listAuditLogs(
  services: Services,
  actor: Actor,
  q: LogListQuery,
): Promise<{ list: AuditLogRow[]; total: number }> {
  const offices = actor.range.officeIds;
  const shape: Shape = {
    offices: offices !== null,
    own: actor.range.kind === "own",
    action: q.action !== undefined,
    username: q.username !== undefined,
    result: q.result !== undefined,
    begin: q.beginTime !== undefined,
    end: q.endTime !== undefined,
  };
  const key = Object.values(shape)
    .map((b) => (b ? 1 : 0))
    .join("");
  const byShape = statements.get(services.db) ?? new Map<string, ReturnType<typeof prepare>>();
  statements.set(services.db, byShape);
  const statement = byShape.get(key) ?? prepare(services.db, shape, key);
  byShape.set(key, statement);

  const params = {
    offices: offices ?? [],
    owner: actor.userId,
    action: q.action,
    username: q.username === undefined ? undefined : `%${likeEscape(q.username)}%`,
    result: q.result,
    begin: q.beginTime,
    end: q.endTime,
  };
  const filterKey = JSON.stringify([rangeKey(actor), q.action, q.username, q.result, q.beginTime, q.endTime]);
  const pageKey = `${filterKey}|${q.pageNo}|${q.pageSize}`;
  const [list, total] = await Promise.all([
    services.reads.get("audit_logs", pageKey, async () => {
      const offset = (q.pageNo - 1) * q.pageSize;
      const rows = await statement.page.execute({ ...params, limit: q.pageSize, offset });
      return rows.map(({ createdAt, ...r }): AuditLogRow => ({ ...r, createDate: createdAt.toISOString() }));
    }),
    services.reads.get("audit_logs", `total|${filterKey}`, async () => {
      const [row] = await statement.total.execute(params);
      return row?.n ?? 0;
    }),
  ]);
  return { list, total };
}
