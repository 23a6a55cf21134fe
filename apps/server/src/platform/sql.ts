import { type AnyColumn, getTableName, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { users } from "../db/schema";
import type { Tx } from "./db";

/** Escapes LIKE wildcards in user text, so a search for "50%" finds "50%" and not everything. */
export const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A LIMIT or OFFSET that a prepared statement reads when it runs, not when it is planned: the placeholder
 * `name` inside a one-row subquery. PostgreSQL plans a prepared statement with its parameters' values for
 * its first five runs; then it keeps one generic plan if that plan costs no more than the custom ones did.
 * A custom plan knows a plain `limit $1` (20 rows), a generic one does not (it assumes a tenth of the
 * rows), so a paged statement never looks cheap enough generic and is planned again on every run, which
 * cost more than running it (0.12 ms against 0.07 ms for a page of the system log). Read at run time, the
 * limit is unknown to both, the two plans cost the same, and the generic one is kept.
 */
export function limitAtRunTime(name: string): Placeholder {
  // Drizzle writes `limit ${limit}` and `offset ${offset}` for any object; its types name only a placeholder.
  return sql`(select ${sql.placeholder(name)}::bigint)` as unknown as Placeholder;
}

/**
 * `column` is one of `ids`, as one array parameter (`= any($1::int[])`) rather than Drizzle's `in ($1, $2,
 * …)`, whose text grows with the list: the same text for any number of ids, so a frequent read of a page's
 * names or figures becomes a named statement (`db/statement-names.ts`). No ids: no row, as `inArray`.
 */
export const anyOf = (column: AnyColumn, ids: readonly number[]): SQL =>
  sql`${column} = any(${sql.param(ids)}::int[])`;

/** `column` is one of `ids` (text), as one array parameter: anyOf for text keys. */
export const anyOfText = (column: AnyColumn, ids: readonly string[]): SQL =>
  sql`${column} = any(${sql.param(ids)}::text[])`;

/**
 * Columns of `rows` as array parameters, one per column (`unnest($1::int[], $2::text[], …)`): a write of
 * thousands of rows binds and parses a handful of values, not parameters per row. `columnsOf(rows)(pick)`
 * is the array of `pick` over the rows.
 */
export const columnsOf =
  <R>(rows: readonly R[]) =>
  <T>(pick: (row: R, i: number) => T) =>
    sql.param(rows.map(pick));

/**
 * The number of rows of `table` that `where` takes, as a column of a page's statement: PostgreSQL runs the
 * uncorrelated subquery once for the statement (an InitPlan), so a list reads its page and its total in one
 * round trip instead of two statements. Every row of the page carries the same figure; `pageAndTotal` reads
 * it there.
 */
export const filterTotal = (table: PgTable, where: SQL | undefined) =>
  sql<number>`(select count(*) from ${table} where ${where ?? sql`true`})`.mapWith(Number);

/**
 * The total of a page read with a total column (`filterTotal(table, where)`, or a sum of a counts table),
 * and the page's rows as they came (each still carrying the figure: the lists pick their fields from a
 * row, and copying 20 rows of 20 columns to drop one cost 8 % of a list's server CPU). A page with no rows
 * carries no total: on the first page the filter takes nothing (0); past the end, the same total column is
 * read alone (a second statement, only then).
 */
export async function pageAndTotal<R extends { total: number }>(
  db: Tx,
  rows: R[],
  counted: { total: SQL<number>; offset: number },
): Promise<{ rows: R[]; total: number }> {
  const first = rows[0];
  if (first !== undefined) return { rows, total: first.total };
  if (counted.offset === 0) return { rows, total: 0 };
  const r = await db.execute<{ n: string | number }>(sql`select ${counted.total} as n`);
  return { rows, total: Number(r.rows[0]?.n ?? 0) };
}

/**
 * The name of the user that `column` of `table` holds the id of, as a subquery of each row rather than a
 * join: PostgreSQL computes it after the sort and limit of a page (an expensive target column waits for
 * them), for the rows of the page only, where a join matched every row of the range before sorting (800
 * joined to show 20).
 */
export const userName = (table: PgTable, column: AnyColumn) =>
  // Qualified by its table: a bare column name inside the subquery would name the users' own column.
  sql<string | null>`(select u.${sql.identifier(users.name.name)} from ${users} as u
    where u.${sql.identifier(users.id.name)} = ${sql.identifier(getTableName(table))}.${sql.identifier(column.name)})`;

/**
 * A timestamp as Date.toISOString writes it (UTC, milliseconds cut, not rounded, as the driver cuts them
 * when it makes a Date), written by PostgreSQL: for answers whose JSON it writes.
 */
export const isoTime = (value: SQL | AnyColumn) =>
  sql<string>`to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
