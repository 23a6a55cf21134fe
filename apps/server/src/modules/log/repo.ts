import type { AuditLogDetail, AuditLogRow, AuditResult, LogListQuery } from "@marquee/contracts";
import { and, desc, eq, gte, ilike, lt, lte, type SQL, sql } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { auditLogCounts, auditLogs } from "../../db/schema";
import type { Actor } from "../../platform/actor";
import { notFound } from "../../platform/errors";
import { type RawJson, rawJson } from "../../platform/read-cache";
import type { Services } from "../../platform/services";
import { isoTime, likeEscape, limitAtRunTime } from "../../platform/sql";
import { ownRowsOnly, rangeOffices, scope, scopeKey } from "../../platform/tenancy";

/** The filters of the system log (the list's and the export's). */
export interface LogFilter {
  username?: string;
  action?: string;
  result?: AuditResult;
  beginTime?: Date;
  endTime?: Date;
}

/** Which conditions a query has; each combination gets its own prepared statements. */
interface Shape {
  offices: boolean;
  own: boolean;
  action: boolean;
  username: boolean;
  result: boolean;
  begin: boolean;
  end: boolean;
  /** Rows older than `lastId` (infinite scroll, export batches). */
  cursor: boolean;
}

const p = sql.placeholder;

/**
 * Totals up to this many rows are counted exactly; a larger one is the
 * planner's estimate (at least one more than this), said so in the answer
 * (`totalEstimated`) and shown as "about N". Counting stops here, so a
 * total costs at most this many index entries however large the range.
 */
export const EXACT_TOTAL_LIMIT = 10_000;

type Params = ReturnType<typeof paramsOf> & { lastId?: number };

/**
 * The conditions of a shape, as placeholders of a prepared statement or, given `values`, as parameters;
 * with `office`, one office of the range (placeholder `office<N>`) instead of the whole range.
 */
function where(shape: Shape, values?: Params, office?: number): SQL | undefined {
  const v = (name: keyof Params) => (values ? sql`${sql.param(values[name])}` : p(name));
  const c: SQL[] = [];
  if (office !== undefined) c.push(eq(auditLogs.officeId, p(`office${office}`)));
  else if (shape.offices) c.push(sql`${auditLogs.officeId} = any(${v("offices")}::int[])`);
  if (shape.own) c.push(eq(auditLogs.userId, v("owner")));
  if (shape.action) c.push(eq(auditLogs.action, v("action")));
  if (shape.username) c.push(ilike(auditLogs.username, v("username")));
  if (shape.result) c.push(eq(auditLogs.result, v("result")));
  if (shape.begin) c.push(gte(auditLogs.createdAt, v("begin")));
  if (shape.end) c.push(lte(auditLogs.createdAt, v("end")));
  if (shape.cursor) c.push(lt(auditLogs.id, v("lastId")));
  return c.length ? and(...c) : undefined;
}

/** A total the counts table answers exactly: no name, no owner, no time range (counts are per office, action and result). */
const countable = (shape: Shape) => !shape.own && !shape.username && !shape.begin && !shape.end;

/**
 * The conditions of a countable shape on the counts table, as placeholders; with `offices`, the range's
 * offices one placeholder each (`office<N>`, as the merged page reads them) instead of an array.
 */
function countsWhere(shape: Shape, offices?: number): SQL | undefined {
  const c: SQL[] = [];
  if (offices !== undefined) {
    const each = Array.from({ length: offices }, (_, i) => p(`office${i}`));
    c.push(sql`${auditLogCounts.officeId} in (${sql.join(each, sql`, `)})`);
  } else if (shape.offices) c.push(sql`${auditLogCounts.officeId} = any(${p("offices")}::int[])`);
  if (shape.action) c.push(eq(auditLogCounts.action, p("action")));
  if (shape.result) c.push(eq(auditLogCounts.result, p("result")));
  return c.length ? and(...c) : undefined;
}

const listColumns = {
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
  tokenId: auditLogs.tokenId,
};

/**
 * The total of a shape, as a scalar subquery of the page's statement: for a countable shape, the sum over
 * its offices' counts (a few rows per month, exact at any size); otherwise a count of at most
 * EXACT_TOTAL_LIMIT + 1 rows (an index-only scan of at most that many entries; the cap is written into the
 * statement, so it never makes PostgreSQL plan the statement again for its value).
 */
function totalSql(shape: Shape, offices?: number): SQL {
  if (countable(shape)) {
    return sql`(select coalesce(sum(${auditLogCounts.n}), 0)::float8 from ${auditLogCounts} where ${countsWhere(shape, offices) ?? sql`true`})`;
  }
  const cap = sql.raw(String(EXACT_TOTAL_LIMIT + 1));
  return sql`(select count(*)::float8 from (select 1 from ${auditLogs} where ${where(shape) ?? sql`true`} limit ${cap}) as capped)`;
}

/**
 * The columns of a row of the page as the API sends it (AuditLogRow: listColumns' keys, `createdAt` as
 * `createDate`), read from the subquery `page`: row_to_json of them is the row's JSON.
 */
function apiColumns(): SQL {
  const columns = Object.entries(listColumns).map(([key, column]) => {
    const ref = sql`${sql.identifier("page")}.${sql.identifier(column.name)}`;
    return key === "createdAt" ? sql`${isoTime(ref)} as "createDate"` : sql`${ref} as ${sql.identifier(key)}`;
  });
  return sql.join(columns, sql`, `);
}

/**
 * The page and its total in one statement, one round trip: `list`, the first `size` rows of `page` (which
 * reads one more, to tell whether another page follows) as the API's JSON text, which the answer sends as
 * it is (no rows to make into objects and serialise again); `fetched`, how many rows `page` read; `total`,
 * the filter's (not the cursor's).
 */
function pageStatement(db: Db, shape: Shape, page: PgSelect, name: string, offices?: number) {
  const row = sql.identifier("row");
  return db
    .select({
      fetched: sql<number>`count(*)::int`,
      list: sql<string>`coalesce(array_to_json((array_agg(${row} order by ${row}.id desc))[1:${p("size")}::int]), '[]')::text`,
      total: sql<number>`${totalSql({ ...shape, cursor: false }, offices)}`,
      // What the answer needs of the rows besides their text: the last one's id (the scroll's cursor), and
      // each one's action and target (whose names it carries).
      lastId: sql<
        number | null
      >`(array_agg(${row}.id order by ${row}.id desc))[least(count(*)::int, ${p("size")}::int)]::float8`,
      // [action, target] of each row, as JSON text (one small native parse, not two array parses).
      targets: sql<string>`coalesce(array_to_json((array_agg(json_build_array(${row}."action", ${row}."target") order by ${row}.id desc))[1:${p("size")}::int]), '[]')::text`,
    })
    .from(sql`(select ${apiColumns()} from (${page}) as page) as ${row}`)
    .prepare(name);
}

function prepare(db: Db, shape: Shape, key: string) {
  const w = where(shape);
  const page = db
    .select(listColumns)
    .from(auditLogs)
    .where(w)
    .orderBy(desc(auditLogs.id))
    .limit(limitAtRunTime("limit"))
    .offset(limitAtRunTime("offset"))
    .$dynamic();
  return {
    page: pageStatement(db, shape, page, `audit_page_${key}`),
    /** Whole rows for the export, a batch at a time (keyset on id, so every batch is an index range). */
    batch: db
      .select({ ...listColumns, userAgent: auditLogs.userAgent, detail: auditLogs.detail })
      .from(auditLogs)
      .where(w)
      .orderBy(desc(auditLogs.id))
      .limit(limitAtRunTime("limit"))
      .prepare(`audit_batch_${key}`),
  };
}

/**
 * A page of a range of up to this many offices, read no deeper than MERGED_DEPTH_MAX rows, is read as one
 * index range per office (office, action, id or office, id), newest first, the ranges merged. The one
 * statement of any range (`office_id = any(...)`, newest first) is planned once for every range and
 * filter: its plan walks the whole trail by id and drops what the filter does not take, which for a
 * filter that matches few rows of the trail (a customer's failed calls of one action) read 31,000 rows
 * for one page of 21 (20 ms); per office, each range holds only that office's rows.
 */
const MERGED_OFFICES_MAX = 8;
const MERGED_DEPTH_MAX = 1_000;

function prepareMerged(db: Db, shape: Shape, offices: number, key: string) {
  const arm = (i: number) =>
    db
      .select(listColumns)
      .from(auditLogs)
      .where(where(shape, undefined, i))
      .orderBy(desc(auditLogs.id))
      .limit(limitAtRunTime("depth"));
  let page = arm(0).$dynamic();
  for (let i = 1; i < offices; i++) page = page.unionAll(arm(i)).$dynamic();
  page = page.orderBy(desc(auditLogs.id)).limit(limitAtRunTime("limit")).offset(limitAtRunTime("offset"));
  return pageStatement(db, shape, page, `audit_page_${key}_${offices}`, offices);
}

function shapeKey(shape: Shape): string {
  return Object.values(shape)
    .map((b) => (b ? 1 : 0))
    .join("");
}

const prepared = new WeakMap<Db, Map<string, unknown>>();

/** The statement prepared for `key` on this database, made by `make` the first time it is asked for. */
function preparedOnce<T>(db: Db, key: string, make: () => T): T {
  const byKey = prepared.get(db) ?? new Map<string, unknown>();
  prepared.set(db, byKey);
  if (!byKey.has(key)) byKey.set(key, make());
  return byKey.get(key) as T;
}

/** The statement of a page of `offices` offices (their count: MERGED_OFFICES_MAX at most). */
function mergedFor(db: Db, shape: Shape, offices: number) {
  const key = shapeKey(shape);
  return preparedOnce(db, `merged_${key}_${offices}`, () => prepareMerged(db, shape, offices, key));
}

function statementFor(db: Db, shape: Shape) {
  const key = shapeKey(shape);
  return preparedOnce(db, key, () => prepare(db, shape, key));
}

function shapeOf(actor: Actor, q: LogFilter, cursor: boolean): Shape {
  return {
    offices: rangeOffices(actor) !== null,
    own: ownRowsOnly(actor),
    action: q.action !== undefined,
    username: q.username !== undefined,
    result: q.result !== undefined,
    begin: q.beginTime !== undefined,
    end: q.endTime !== undefined,
    cursor,
  };
}

function paramsOf(actor: Actor, q: LogFilter) {
  return {
    offices: rangeOffices(actor) ?? [],
    owner: actor.userId,
    action: q.action,
    username: q.username === undefined ? undefined : `%${likeEscape(q.username)}%`,
    result: q.result,
    begin: q.beginTime,
    end: q.endTime,
  };
}

/** The planner's estimate of the rows of a filter (EXPLAIN plans it without running it). */
async function estimatedRows(db: Db, shape: Shape, params: Params): Promise<number> {
  const r = await db.execute<{ "QUERY PLAN": [{ Plan: { "Plan Rows": number } }] }>(
    sql`explain (format json) select 1 from ${auditLogs} where ${where(shape, params) ?? sql`true`}`,
  );
  return Math.round(r.rows[0]?.["QUERY PLAN"][0].Plan["Plan Rows"] ?? 0);
}

/**
 * The total of a filter, as the page's statement counted it: exact, or for a shape counted no further than
 * EXACT_TOTAL_LIMIT and found beyond it, the planner's estimate (never below the limit it is known to exceed).
 */
async function totalOf(
  db: Db,
  shape: Shape,
  params: Params,
  counted: number,
): Promise<{ total: number; totalEstimated: boolean }> {
  if (countable(shape) || counted <= EXACT_TOTAL_LIMIT) return { total: counted, totalEstimated: false };
  return {
    total: Math.max(EXACT_TOTAL_LIMIT + 1, await estimatedRows(db, shape, params)),
    totalEstimated: true,
  };
}

const toRow = ({ createdAt, ...r }: { createdAt: Date } & Omit<AuditLogRow, "createDate">): AuditLogRow => ({
  ...r,
  createDate: createdAt.toISOString(),
});

/**
 * A page of audit rows in the actor's range, newest first, with the total of
 * the filter (estimated beyond EXACT_TOTAL_LIMIT): by page number, or after
 * `lastId` for infinite scroll (a keyset read that stays fast however deep
 * the user scrolls). This is the system
 * log's hot path: its statements are built once per filter shape and
 * prepared on the server, and pages and totals come from the read cache
 * until the audit trail is written.
 */
export async function listAuditLogs(
  services: Services,
  actor: Actor,
  q: LogListQuery,
): Promise<{
  /** The page's rows as the API's JSON, as PostgreSQL wrote it. */
  list: RawJson<AuditLogRow[]>;
  /** What the answer's names are read for: each row's action and target. */
  targets: ReadonlyArray<{ action: string; target: string | null }>;
  total: number;
  totalEstimated: boolean;
  lastId: number | null;
  hasMore: boolean;
}> {
  const cursor = q.lastId !== undefined;
  // The statement and its parameters are made only when the read cache misses.
  const filterKey = JSON.stringify([scopeKey(actor), q.action, q.username, q.result, q.beginTime, q.endTime]);
  const pageKey = `${filterKey}|${cursor ? `after:${q.lastId}` : q.pageNo}|${q.pageSize}`;
  const page = await services.reads.get(
    "audit_logs",
    pageKey,
    async () => {
      const offset = cursor ? 0 : (q.pageNo - 1) * q.pageSize;
      const shape = shapeOf(actor, q, cursor);
      const params = { ...paramsOf(actor, q), lastId: q.lastId };
      const values = {
        ...params,
        // One row more than asked tells whether another page follows, without counting.
        limit: q.pageSize + 1,
        offset,
        size: q.pageSize,
      };
      const depth = offset + q.pageSize + 1;
      // Each office once: an office read twice would show its rows twice.
      const range = rangeOffices(actor);
      const offices = range && [...new Set(range)];
      const [row] =
        offices?.length && offices.length <= MERGED_OFFICES_MAX && depth <= MERGED_DEPTH_MAX
          ? await mergedFor(services.db, shape, offices.length).execute({
              ...values,
              depth,
              ...Object.fromEntries(offices.map((id, i) => [`office${i}`, id])),
            })
          : await statementFor(services.db, shape).page.execute(values);
      if (!row) throw new Error("the audit page statement returned no row");
      // The rows' text is sent as it came: Node never parses it (a page is about 6 kB of JSON).
      const list = rawJson<AuditLogRow[]>(row.list);
      const targets = (JSON.parse(row.targets) as Array<[string, string | null]>).map(([action, target]) => ({
        action,
        target,
      }));
      const total = await totalOf(services.db, shapeOf(actor, q, false), params, row.total);
      return { list, targets, lastId: row.lastId, more: row.fetched > q.pageSize, ...total };
    },
    rangeOffices(actor),
  );
  return {
    list: page.list,
    targets: page.targets,
    total: page.total,
    totalEstimated: page.totalEstimated,
    lastId: page.more ? page.lastId : null,
    hasMore: page.more,
  };
}

/** Whole rows of the filter in the actor's range, newest first, `size` at a time after `lastId`. */
export async function auditBatch(
  services: Services,
  actor: Actor,
  q: LogFilter,
  lastId: number | null,
  size: number,
) {
  const statement = statementFor(services.db, shapeOf(actor, q, lastId !== null));
  return statement.batch.execute({ ...paramsOf(actor, q), lastId: lastId ?? undefined, limit: size });
}

/** One audit row in full, or 404 when it is missing or outside the actor's range (the same answer). */
export async function findAuditLog(services: Services, actor: Actor, id: number): Promise<AuditLogDetail> {
  const [row] = await services.db
    .select({ ...listColumns, userAgent: auditLogs.userAgent, detail: auditLogs.detail })
    .from(auditLogs)
    .where(and(eq(auditLogs.id, id), scope(actor, auditLogs)));
  if (!row) throw notFound("log", id);
  const { userAgent, detail, ...rest } = row;
  return {
    ...toRow(rest),
    userAgent,
    detail: detail && typeof detail === "object" ? (detail as Record<string, unknown>) : null,
  };
}

/** How long the list of actions is kept: it only grows when a new kind of call is made. */
const ACTIONS_TTL_MS = 60_000;
const actionCache = new WeakMap<Services, Map<string, { at: number; list: Promise<string[]> }>>();

/**
 * The distinct actions in the actor's range, for the filter: a scan of the
 * range, so it is kept a minute per range (shared by every user with it).
 */
export function distinctActions(services: Services, actor: Actor): Promise<string[]> {
  const byRange = actionCache.get(services) ?? new Map<string, { at: number; list: Promise<string[]> }>();
  actionCache.set(services, byRange);
  const key = scopeKey(actor);
  const now = Date.now();
  const hit = byRange.get(key);
  if (hit && now - hit.at < ACTIONS_TTL_MS) return hit.list;
  if (byRange.size > 1000) byRange.clear();
  const list = services.db
    .selectDistinct({ action: auditLogs.action })
    .from(auditLogs)
    .where(scope(actor, auditLogs))
    .orderBy(auditLogs.action)
    .limit(1000)
    .then((rows) => rows.map((r) => r.action));
  const entry = { at: now, list };
  byRange.set(key, entry);
  list.catch(() => {
    if (byRange.get(key) === entry) byRange.delete(key);
  });
  return list;
}
