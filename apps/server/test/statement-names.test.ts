import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, type Database } from "../src/db/client";
import { offices } from "../src/db/schema";
import { StatementNames } from "../src/db/statement-names";
import { createTestDatabase } from "./helpers";

const silent = pino({ level: "silent" });

/** The named statements the one connection of `database` holds, with how often PostgreSQL planned each. */
async function prepared(database: Database) {
  const r = await database.pool.query<{ name: string; statement: string; generic: number; custom: number }>({
    // Itself sent under a name by the client: its text must not be one the test counts.
    text: `select name, statement, generic_plans::int as generic, custom_plans::int as custom
             from pg_prepared_statements order by name`,
    name: "test_prepared_statements",
  });
  return r.rows.filter((s) => s.name !== "test_prepared_statements");
}

describe("named statements for frequent reads", () => {
  let url: string;
  let database: Database;
  beforeAll(async () => {
    url = await createTestDatabase();
    // One connection, so what it prepared is what every call used.
    database = connect(url, 1, silent);
  });
  afterAll(async () => {
    await database.close();
  });

  it("names a read from its third call, and PostgreSQL then plans it once instead of on every call", async () => {
    const page = (id: number) => database.db.select().from(offices).where(eq(offices.id, id)).limit(20);
    await page(1);
    await page(2);
    expect(await prepared(database)).toHaveLength(0);
    for (let i = 0; i < 20; i++) expect(await page(i)).toEqual([]);
    const [statement, ...others] = await prepared(database);
    expect(others).toHaveLength(0);
    expect(statement?.statement).toMatch(/^select .* from "offices" where "offices"."id" = \$1 limit \$2$/);
    // The third call and every one after ran under its name: five planned with their values, then one
    // generic plan kept.
    expect((statement?.generic ?? 0) + (statement?.custom ?? 0)).toBe(20);
    expect(statement?.custom).toBeLessThanOrEqual(5);
    expect(statement?.generic).toBeGreaterThanOrEqual(15);
  });

  it("leaves writes, lists of values, several statements and calls with a callback unnamed", async () => {
    const before = (await prepared(database)).length;
    for (let i = 0; i < 5; i++) {
      await database.db.execute(sql`update offices set remarks = remarks where id = ${1}`);
      await database.db.select().from(offices).where(sql`${offices.id} in (${1}, ${2})`);
      await database.pool.query("select 1 as a; select 2 as b");
      await new Promise<void>((resolve, reject) =>
        database.pool.query("select 3 as c", (err) => (err ? reject(err) : resolve())),
      );
      await new Promise<void>((resolve, reject) =>
        database.pool.query("select $1::int as d", [4], (err, r) =>
          err ? reject(err) : r.rows[0]?.d === 4 ? resolve() : reject(new Error("no row")),
        ),
      );
    }
    expect(await prepared(database)).toHaveLength(before);
  });

  it("sends a read again, renamed, when a migration changed the columns under its name", async () => {
    await database.pool.query("create table named_probe (id int primary key, label text)");
    await database.pool.query("insert into named_probe values (1, 'one')");
    const read = () => database.pool.query<Record<string, unknown>>("select * from named_probe where id = 1");
    for (let i = 0; i < 4; i++) expect((await read()).rows[0]).toEqual({ id: 1, label: "one" });
    // The statement's result gains a column: PostgreSQL refuses the prepared one ("cached plan must not
    // change result type"); the call still answers, with the new column.
    await database.pool.query("alter table named_probe add column shown boolean not null default true");
    expect((await read()).rows[0]).toEqual({ id: 1, label: "one", shown: true });
    expect((await read()).rows[0]).toEqual({ id: 1, label: "one", shown: true });
    // Under its new name, prepared again with the new columns.
    const names = (await prepared(database)).filter((s) => s.statement.includes("named_probe"));
    expect(names.map((s) => s.name)).toEqual([expect.stringMatching(/^m[0-9a-f]{30}_1$/)]);
  });

  it("sends a read again, renamed, when its connection lost the prepared statement (DEALLOCATE ALL)", async () => {
    const read = () =>
      database.pool.query<{ n: number }>("select count(*)::int as n from offices where id > 0");
    for (let i = 0; i < 4; i++) expect((await read()).rows[0]?.n).toBe(0);
    expect((await prepared(database)).some((s) => s.statement.includes("where id > 0"))).toBe(true);
    // What DISCARD ALL or a pooler handing over another server connection does; the driver still counts
    // the statement as prepared on this connection and sends no Parse for it.
    await database.pool.query("deallocate all");
    expect((await read()).rows[0]?.n).toBe(0);
    expect((await read()).rows[0]?.n).toBe(0);
    const names = (await prepared(database)).filter((s) => s.statement.includes("where id > 0"));
    expect(names.map((s) => s.name)).toEqual([expect.stringMatching(/^m[0-9a-f]{30}_\d+$/)]);
  });

  it("sends a statement its caller named again, unnamed, when its connection lost it", async () => {
    const read = () =>
      database.pool.query<{ n: number }>({
        name: "test_caller_named",
        text: "select 5 as n where $1::int > 0",
        values: [1],
      });
    expect((await read()).rows[0]?.n).toBe(5);
    await database.pool.query("deallocate all");
    expect((await read()).rows[0]?.n).toBe(5);
  });

  it("names nothing with threshold 0, not even what its caller named (a pooler that cannot keep them)", async () => {
    const none = connect(url, 1, silent, { prepareThreshold: 0 });
    try {
      for (let i = 0; i < 10; i++) {
        await none.db.select().from(offices).where(eq(offices.id, 1));
        // Not even a statement its caller named, as the system log's pages are.
        await none.pool.query({
          name: "test_caller_named_0",
          text: "select 6 as n where $1::int > 0",
          values: [1],
        });
      }
      expect(await prepared(none)).toHaveLength(0);
    } finally {
      await none.close();
    }
  });

  it("keeps its names bounded: a cap on names, and one-off texts forgotten", () => {
    const names = new StatementNames(2, 3, 10);
    for (let i = 0; i < 5; i++) {
      expect(names.nameOf(`select ${i}`)).toBeUndefined();
      expect(names.nameOf(`select ${i}`)).toEqual(
        i < 3 ? expect.stringMatching(/^m[0-9a-f]{30}$/) : undefined,
      );
    }
    expect(names.size).toBe(3);
    // The same text, the same name: every node and connection agrees.
    expect(new StatementNames(1).nameOf("select 0")).toBe(names.nameOf("select 0"));
    // Seen once each, more texts than it watches: the count starts again, nothing is named.
    const watched = new StatementNames(2, 100, 10);
    for (let i = 0; i < 25; i++) watched.nameOf(`select ${i}`);
    expect(watched.nameOf("select 0")).toBeUndefined();
    expect(watched.size).toBe(0);
  });
});
