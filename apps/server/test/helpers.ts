import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { AUTH_COOKIE, LANGUAGE_COOKIE, type Locale, type Permission } from "@marquee/contracts";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import pg from "pg";
import pino from "pino";
import { inject } from "vitest";
import { buildApp } from "../src/app";
import { type Config, loadConfig } from "../src/config";
import { connect, type Database, runMigrations } from "../src/db/client";
import { offices, roles, userRoles, users } from "../src/db/schema";
import { initialiseSystem } from "../src/modules/common/init";
import type { Clock } from "../src/platform/deps";
import { encryptForLogin } from "../src/platform/login-key";
import { childPath } from "../src/platform/office-tree";
import { hashPassword } from "../src/platform/password";
import "./provided";

/**
 * A clock the test moves by hand. It follows real time, ahead by what the test advanced; frozen, it stands
 * still between advances, so a test that measures a span with it does not depend on how busy the machine is.
 */
export class TestClock implements Clock {
  offsetMs = 0;
  private frozenAtMs: number | null = null;
  now() {
    return new Date(this.frozenAtMs ?? Date.now() + this.offsetMs);
  }
  advance(ms: number) {
    if (this.frozenAtMs !== null) this.frozenAtMs += ms;
    else this.offsetMs += ms;
  }
  /** Stops the clock where it is until `thaw`. */
  freeze() {
    this.frozenAtMs ??= Date.now() + this.offsetMs;
  }
  /** Lets the clock run again from where it stood: it never goes back. */
  thaw() {
    if (this.frozenAtMs === null) return;
    this.offsetMs = this.frozenAtMs - Date.now();
    this.frozenAtMs = null;
  }
}

/**
 * Makes a fresh database on the test PostgreSQL and answers its URL: a copy of the migrated template (the
 * server's own migration run at start then finds nothing to do), or with `empty`, a database with no tables.
 */
export async function createTestDatabase(opts: { empty?: boolean } = {}): Promise<string> {
  const adminUrl = inject("pgAdminUrl");
  const name = `t_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(
      opts.empty ? `create database ${name}` : `create database ${name} template ${inject("pgTemplate")}`,
    );
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  clock: TestClock;
  config: Config;
  close(): Promise<void>;
}

/** The real app on a fresh, migrated database. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const url = await createTestDatabase();
  // A data directory made here goes with the app (a file's tests would leave one in the temp dir each run).
  const ownDataDir =
    env.DATA_DIR === undefined ? mkdtempSync(path.join(tmpdir(), "marquee-test-data-")) : null;
  const config = loadConfig({
    DATA_DIR: ownDataDir ?? "",
    DATABASE_URL: url,
    RATE_LIMIT_OPEN_PER_MINUTE: "100000",
    ...env,
  });
  const log = pino({ level: "silent" });
  const database = connect(url, 5, log);
  await runMigrations(database);
  const clock = new TestClock();
  const app = await buildApp({ config, database, clock });
  await app.ready();
  // Tests never reach a public address-search service (GET terminal/addressSuggest): unset, it answers 409;
  // a test of the search sets a local stand-in.
  await app.services.settings.set("mapSuggestUrl", "", null);
  const t: TestApp = {
    app,
    database,
    clock,
    config,
    // What is open at the end (a test may have restarted the app on the same database).
    async close() {
      await t.app.close();
      await t.database.close();
      if (ownDataDir !== null) rmSync(ownDataDir, { recursive: true, force: true });
    },
  };
  return t;
}

/**
 * A second server process on the test app's database (its own pool, terminal hub and bus connection), as
 * another node of a cluster would be.
 */
export async function secondProcess(t: TestApp): Promise<{ app: FastifyInstance; database: Database }> {
  const url = t.config.databaseUrl;
  if (!url) throw new Error("the test app has no database URL");
  const database = connect(url, 5, pino({ level: "silent" }));
  const app = await buildApp({ config: t.config, database, clock: t.clock });
  await app.ready();
  return { app, database };
}

export const ADMIN = { username: "admin", password: "Admin12345" } as const;

type Method = "GET" | "POST" | "DELETE" | "PUT" | "PATCH";

/** A browser-like client: keeps cookies, sends the console's CSRF headers. */
export class Client {
  readonly cookies = new Map<string, string>();

  constructor(
    public app: FastifyInstance,
    locale?: Locale,
  ) {
    if (locale) this.cookies.set(LANGUAGE_COOKIE, locale);
  }

  get sessionToken(): string | undefined {
    return this.cookies.get(AUTH_COOKIE);
  }

  async request(
    method: Method,
    url: string,
    opts: {
      query?: Record<string, string | number | boolean>;
      json?: unknown;
      form?: Record<string, string>;
      payload?: string | Buffer;
      headers?: Record<string, string>;
      csrf?: boolean;
    } = {},
  ): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.csrf !== false) {
      headers["x-requested-with"] ??= "XMLHttpRequest";
      headers.origin ??= "http://localhost:80";
    }
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    let payload: string | Buffer | undefined = opts.payload;
    if (opts.json !== undefined) {
      payload = JSON.stringify(opts.json);
      headers["content-type"] ??= "application/json";
    } else if (opts.form) {
      payload = new URLSearchParams(opts.form).toString();
      headers["content-type"] ??= "application/x-www-form-urlencoded";
    }
    const query = opts.query
      ? Object.fromEntries(Object.entries(opts.query).map(([k, v]) => [k, String(v)]))
      : undefined;
    const res = await this.app.inject({ method, url: `/apm-web${url}`, headers, payload, query });
    for (const c of res.cookies as Array<{ name: string; value: string; maxAge?: number; expires?: Date }>) {
      const expired = c.maxAge === 0 || (c.expires && c.expires.getTime() <= Date.now());
      if (expired || c.value === "") this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }

  get(url: string, query?: Record<string, string | number | boolean>, headers?: Record<string, string>) {
    return this.request("GET", url, { query, headers });
  }

  post(url: string, json?: unknown, headers?: Record<string, string>) {
    return this.request("POST", url, { json: json ?? {}, headers });
  }

  postForm(url: string, form: Record<string, string>) {
    return this.request("POST", url, { form });
  }

  /** Encrypts like the console when the server asks for it. */
  async password(plain: string): Promise<string> {
    const res = await this.get("/f/common/getPublishKey");
    const body = res.json();
    return body.landingEncryption ? encryptForLogin(body.publicKeyJson, plain) : plain;
  }

  async login(username: string, password: string, extra: Record<string, string> = {}) {
    return this.post("/a/login", { username, password: await this.password(password), ...extra });
  }
}

/** The first administrator, created like sysInit does. */
export async function initSystem(t: TestApp) {
  const ids = await initialiseSystem(t.database.db, {
    officeName: "Platform",
    username: ADMIN.username,
    name: "Administrator",
    password: ADMIN.password,
    email: "admin@marquee.test",
  });
  t.app.services.tree.invalidate();
  return ids;
}

/** Adds an office under `parentId`. */
export async function addOffice(
  t: TestApp,
  parentId: number,
  type: "agent" | "customer" | "institution",
  name: string,
) {
  const db = t.database.db;
  const [parent] = await db.select().from(offices).where(eq(offices.id, parentId));
  if (!parent) throw new Error(`no office ${parentId}`);
  const [row] = await db.insert(offices).values({ parentId, type, name, path: "/tmp/" }).returning();
  if (!row) throw new Error("office not created");
  const path = childPath(parent.path, row.id);
  await db.update(offices).set({ path }).where(eq(offices.id, row.id));
  t.app.services.tree.invalidate();
  return { ...row, path };
}

/** Adds a user in `officeId` with a role holding exactly `permissions`. */
export async function addUser(
  t: TestApp,
  officeId: number,
  username: string,
  permissions: Permission[],
  extra: Partial<typeof users.$inferInsert> = {},
) {
  const db = t.database.db;
  const [role] = await db
    .insert(roles)
    .values({ officeId, code: `r_${username}`, name: `Role of ${username}`, permissions })
    .returning();
  const [user] = await db
    .insert(users)
    .values({
      officeId,
      username,
      name: username,
      passwordHash: await hashPassword(`${username}Pass1`),
      ...extra,
    })
    .returning();
  if (!role || !user) throw new Error("user not created");
  await db.insert(userRoles).values({ userId: user.id, roleId: role.id });
  return { ...user, password: `${username}Pass1` };
}

/** A client signed in as `username`. */
export async function signedIn(t: TestApp, username: string, password: string, locale?: Locale) {
  const client = new Client(t.app, locale);
  const res = await client.login(username, password);
  if (res.statusCode !== 200) throw new Error(`login of ${username} failed: ${res.body}`);
  return client;
}

/** A digest of every table's rows, to prove a refused call wrote nothing. */
/** The statistics roll-ups: derived from other tables, rewritten by any pass of the roll-up job. */
export const ROLLUP_TABLES = [
  "stat_rollup_state",
  "stat_terminal_day",
  "stat_terminal_month",
  "stat_terminal_week",
  "stat_office_day",
  "stat_pop_day",
  "stat_pop_month",
  "stat_pop_reach_day",
  "stat_pop_reach_week",
  "stat_pop_reach_month",
  "stat_pop_program_reach",
  "stat_pop_material_reach",
  "stat_pop_office_day",
  "stat_pop_widget_month",
  "stat_user_day",
  "stat_page_day",
  "stat_material_day",
];

/** Tables a running server writes by itself, whatever is asked of it (each process's beat). */
const HEARTBEAT_TABLES = ["server_processes"];

/** The tables a digest compares: every table of the schema but `except` (and what moves with them) and the beat. */
async function comparedTables(t: TestApp, except: string[]): Promise<string[]> {
  const tables = await t.database.db.execute<{ tablename: string }>(
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  );
  // The audit trail's and the library's counts move with them (statement triggers): left out with them.
  const left = [...except];
  if (except.includes("audit_logs")) left.push("audit_log_counts");
  if (except.includes("materials")) left.push("material_counts");
  return tables.rows
    .map((r) => r.tablename)
    .filter((n) => !left.includes(n) && !HEARTBEAT_TABLES.includes(n));
}

export async function tableDigests(t: TestApp, except: string[] = []): Promise<Record<string, string>> {
  const names = await comparedTables(t, except);
  if (names.length === 0) return {};
  // One round trip for every table.
  const query = names
    .map(
      (n) =>
        `select '${n}' as t, count(*)::int as n, coalesce(md5(string_agg(x::text, ',' order by x::text)), '') as h from "${n}" x`,
    )
    .join(" union all ");
  const r = await t.database.pool.query<{ t: string; n: number; h: string }>(query);
  return Object.fromEntries(r.rows.map((row) => [row.t, `${row.n}:${row.h}`]));
}

/**
 * Each compared table's rows, and how many of them transactions numbered `sinceXid` (a `pg_snapshot_xmax`)
 * or later wrote: every insert or update leaves a row version stamped with its transaction (`xmin`), and a
 * delete lowers the count. So, against the counts as of `sinceXid`, it proves that nothing was written since
 * as a digest does, for the price of counting the rows instead of hashing them (the walks over every route
 * check thousands of calls, and a digest of every table cost 60 ms).
 */
export async function tableWrites(
  t: TestApp,
  except: string[],
  sinceXid: string,
): Promise<Record<string, { rows: number; written: number }>> {
  const names = await comparedTables(t, except);
  if (names.length === 0) return {};
  // xmin is a 32-bit transaction id, the snapshot's a 64-bit one (epoch and id).
  const since = (BigInt(sinceXid) % 4294967296n).toString();
  const query = names
    .map(
      (n) =>
        `select '${n}' as t, count(*)::int as n, (count(*) filter (where x.xmin::text::bigint >= ${since}))::int as w from "${n}" x`,
    )
    .join(" union all ");
  const r = await t.database.pool.query<{ t: string; n: number; w: number }>(query);
  return Object.fromEntries(r.rows.map((row) => [row.t, { rows: row.n, written: row.w }]));
}

/** A terminal's office now, as an insert value: tests that write a terminal's reports or commands directly. */
export const officeOfTerminal = (terminalId: number) =>
  sql<number>`(select office_id from terminals where id = ${terminalId})`;

/** Keys whose count differs from the audit rows' (empty when the counts are exact). */
export async function auditCountsDrift(pool: pg.Pool): Promise<unknown[]> {
  const r = await pool.query(`
    with actual as (
      select coalesce(office_id, 0) as office_id, action, result,
        date_trunc('month', created_at at time zone 'UTC')::date as month, count(*)::bigint as n
      from audit_logs group by 1, 2, 3, 4),
    kept as (select office_id, action, result, month, n from audit_log_counts where n <> 0)
    select * from ((select * from actual except select * from kept)
      union all (select * from kept except select * from actual)) d`);
  return r.rows;
}

/** Keys whose count differs from the library materials' (empty when material_counts is exact). */
export async function materialCountsDrift(pool: pg.Pool): Promise<unknown[]> {
  const r = await pool.query(`
    with actual as (
      select office_id, coalesce(folder_id, 0) as folder_id, coalesce(created_by, 0) as created_by, type,
        review_state, count(*)::bigint as n
      from materials where purpose = 'library' group by 1, 2, 3, 4, 5),
    kept as (select office_id, folder_id, created_by, type, review_state, n from material_counts where n <> 0)
    select * from ((select * from actual except select * from kept)
      union all (select * from kept except select * from actual)) d`);
  return r.rows;
}
