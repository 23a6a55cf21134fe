import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pino from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { connect, type Database, runMigrations } from "../src/db/client";
import { auditCountsDrift, createTestDatabase, materialCountsDrift } from "./helpers";

/**
 * Drizzle applies only the migrations whose journal time is later than the newest one a database
 * has applied. A journal whose times do not grow makes an installation upgraded from an older
 * release skip migrations silently, which no test on a fresh database notices.
 */
const folder = new URL("../src/db/migrations", import.meta.url).pathname;
interface Entry {
  idx: number;
  when: number;
  tag: string;
}
const journal = (): { entries: Entry[] } =>
  JSON.parse(readFileSync(path.join(folder, "meta/_journal.json"), "utf8"));

/** A copy of the migrations folder whose journal stops at `lastTag`, with some times overridden. */
function olderRelease(lastTag: string, times: Record<string, number> = {}): string {
  const dir = mkdtempSync(path.join(tmpdir(), "marquee-migrations-"));
  cpSync(folder, dir, { recursive: true });
  const j = journal();
  const upTo = j.entries.findIndex((e) => e.tag === lastTag);
  const entries = j.entries.slice(0, upTo + 1).map((e) => ({ ...e, when: times[e.tag] ?? e.when }));
  writeFileSync(path.join(dir, "meta/_journal.json"), JSON.stringify({ ...j, entries }, null, 2));
  return dir;
}

const opened: Database[] = [];
const dirs: string[] = [];
afterAll(async () => {
  for (const d of opened) await d.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function databaseAt(release: string): Promise<Database> {
  const database = connect(await createTestDatabase({ empty: true }), 2, pino({ level: "silent" }));
  opened.push(database);
  dirs.push(release);
  await migrate(drizzle(database.pool), { migrationsFolder: release });
  return database;
}

async function hasColumn(database: Database, table: string, column: string): Promise<boolean> {
  const r = await database.pool.query(
    "select 1 from information_schema.columns where table_name = $1 and column_name = $2",
    [table, column],
  );
  return r.rowCount === 1;
}

async function hasTable(database: Database, table: string): Promise<boolean> {
  const r = await database.pool.query("select to_regclass($1) as t", [table]);
  return r.rows[0].t !== null;
}

describe("database migrations", () => {
  it("are numbered in order and their journal times only grow", () => {
    const entries = journal().entries;
    entries.forEach((e, i) => {
      expect(e.idx).toBe(i);
      const before = entries[i - 1];
      if (before) expect(e.when, `${e.tag} must come after ${before.tag}`).toBeGreaterThan(before.when);
    });
  });

  it("bring a database made by an older release up to date", async () => {
    const database = await databaseAt(olderRelease("0016_form_permission"));
    expect(await hasTable(database, "server_processes")).toBe(false);
    await runMigrations(database);
    expect(await hasColumn(database, "uploads", "finishing_until")).toBe(true);
    expect(await hasTable(database, "server_processes")).toBe(true);
    expect(await hasColumn(database, "terminal_commands", "expires_at")).toBe(true);
    expect(await hasTable(database, "program_history")).toBe(false);
  });

  it("count the audit trail an older release wrote, then keep counting what is written after", async () => {
    const database = await databaseAt(olderRelease("0033_screenshot_manifest"));
    await database.pool.query(
      `insert into audit_logs (office_id, user_id, username, action, method, path, result, status, created_at)
       select case when g % 5 = 0 then null else 1 + g % 3 end, null, 'u', '/a/api/x/' || (g % 4), 'POST', '/p',
         (array['ok','fail','pending','interrupted'])[1 + g % 4], 200, now() - make_interval(days => g % 70)
       from generate_series(1, 500) g`,
    );
    await runMigrations(database);
    expect(await auditCountsDrift(database.pool)).toEqual([]);
    await database.pool.query(
      "update audit_logs set result = 'interrupted' where result = 'pending' and id % 2 = 0",
    );
    await database.pool.query("delete from audit_logs where id % 7 = 0");
    expect(await auditCountsDrift(database.pool)).toEqual([]);
  });

  it("count the library an older release wrote, then keep counting what is written after", async () => {
    const database = await databaseAt(olderRelease("0035_terminals_hot"));
    const [office] = (
      await database.pool.query(
        "insert into offices (type, name, path) values ('customer', 'C', '/') returning id",
      )
    ).rows;
    await database.pool.query(
      `insert into materials (office_id, folder_id, name, type, size, purpose, review_state, created_by)
       select $1, case when g % 3 = 0 then null else g % 3 end, 'm' || g,
         (array['image','video','web'])[1 + g % 3], g, (array['library','library','widget'])[1 + g % 3],
         (array['approved','pending'])[1 + g % 2], null
       from generate_series(1, 300) g`,
      [office.id],
    );
    await runMigrations(database);
    expect(await materialCountsDrift(database.pool)).toEqual([]);
    const r = await database.pool.query("select sum(n)::int as n from material_counts");
    expect(r.rows[0].n).toBe(200);
    await database.pool.query(
      "update materials set folder_id = 7, review_state = 'rejected' where id % 4 = 0",
    );
    await database.pool.query("update materials set purpose = 'library' where id % 5 = 0");
    await database.pool.query("delete from materials where id % 7 = 0");
    expect(await materialCountsDrift(database.pool)).toEqual([]);
  });

  it("let most writes of a terminal's publications, status and settings leave its indexes alone (HOT)", async () => {
    const database = await databaseAt(olderRelease("0034_audit_log_counts"));
    await runMigrations(database);
    const client = await database.pool.connect();
    try {
      // An autovacuum or autoanalyze of the new rows, running meanwhile, holds a snapshot that keeps the
      // pages from being pruned: fewer HOT updates, by the machine's timing rather than by the schema.
      await client.query("alter table terminals set (autovacuum_enabled = false)");
      await client.query(
        "insert into offices (id, path, type, name) overriding system value values (1, '/1/', 'customer', 'A')",
      );
      await client.query(
        `insert into terminals (office_id, name, device_id, token_hash, enrol_code, state, model, version, width, height, status)
         select 1, 'screen ' || g, 'd' || g, 't' || g, 'e' || g, 'authorised', 'm', '1', 1920, 1080,
           jsonb_build_object('timezone', 'Europe/Rome', 'volume', 50, 'ip', '10.0.0.' || (g % 250))
         from generate_series(1, 2000) g`,
      );
      // What a publication to every screen, a status flush and a settings write do, each in its own
      // transaction, and how many of its row versions were HOT: this connection's counts not yet flushed
      // to the statistics (no delay), before and after.
      const counts = async () =>
        (
          await client.query<{ updated: number; hot: number }>(
            `select pg_stat_get_xact_tuples_updated('terminals'::regclass)::int as updated,
                    pg_stat_get_xact_tuples_hot_updated('terminals'::regclass)::int as hot`,
          )
        ).rows[0] ?? { updated: 0, hot: 0 };
      const hot: number[] = [];
      for (const update of [
        "update terminals set publication_ids = array_append(publication_ids, 7)",
        `update terminals set status = status || '{"volume": 60}'`,
        `update terminals set settings = '{"volume": 40}'`,
        "update terminals set publication_ids = array_append(publication_ids, 8)",
      ]) {
        await client.query("begin");
        const before = await counts();
        await client.query(update);
        const after = await counts();
        await client.query("commit");
        expect(after.updated - before.updated).toBe(2000);
        hot.push(after.hot - before.hot);
      }
      // Measured: 784, 1331, 1595 and 1776 of 2000 (a page's versions of one statement cannot be pruned
      // while it runs; later ones reuse what the earlier ones left); before 0035: 0, 0, 19, 0.
      expect(hot[0]).toBeGreaterThan(600);
      for (const n of hot.slice(1)) expect(n).toBeGreaterThan(1200);
    } finally {
      client.release();
    }
  });

  it("upgrade a database whose journal recorded the upload and process migrations at their first times", async () => {
    // Those two migrations were first committed with times earlier than the one before them; a
    // database made then has them applied, and takes them again (they are idempotent) and what follows.
    const database = await databaseAt(
      olderRelease("0018_process_registry", {
        "0017_upload_finishing": 1795892582616,
        "0018_process_registry": 1795893211789,
      }),
    );
    expect(await hasTable(database, "program_history")).toBe(true);
    await runMigrations(database);
    expect(await hasTable(database, "program_history")).toBe(false);
    expect(await hasTable(database, "server_processes")).toBe(true);
  });
});
