import { expect } from "vitest";
import type { ApiRoute } from "../src/platform/access";
import {
  ADMIN,
  type Client,
  createTestApp,
  initSystem,
  ROLLUP_TABLES,
  signedIn,
  type TestApp,
  tableWrites,
} from "./helpers";

/**
 * The bad-input walks (bad-input.test.ts, bad-input-injection.test.ts): each file sends thousands of requests
 * through every route of the API on its own database, so the two run side by side.
 */
let t: TestApp;
/**
 * Tables a refused call may still write: its audit row, a counted sign-in failure, the session it had;
 * and the statistics roll-ups, which the background pass may bring up to date during a long walk.
 */
export const MAY_CHANGE = ["audit_logs", "login_guards", "captchas", "sessions", ...ROLLUP_TABLES];
/** Each walk sends several requests to every route of the API: its time grows with the API. */
export const WALK_MS = 600_000;

export const INJECTIONS = [
  "' OR '1'='1' --",
  "1; DROP TABLE users; --",
  "<script>alert(1)</script>",
  "../../../../etc/passwd",
  `$${"{"}jndi:ldap://x}`,
  "%00%27",
  "\u0000nul",
  "🙂".repeat(300),
  "x".repeat(100_000),
];

/** A fresh application with the administrator signed in (answers asked in English) and every route to walk. */
export async function startWalk(): Promise<{ t: TestApp; admin: Client; routes: ApiRoute[] }> {
  t = await createTestApp();
  // A worker runs several files on one module instance, each on its own database: counts known of another
  // database at the same transaction id are not this one's.
  known = undefined;
  await initSystem(t);
  const admin = await signedIn(t, ADMIN.username, ADMIN.password, "en");
  const routes = t.app.apiRoutes.filter((r) => !r.url.endsWith("/a/logout"));
  return { t, admin, routes };
}

export const path = (r: ApiRoute) => r.url.replace("/apm-web", "");

/**
 * The next transaction id the database will assign: a call that wrote any row took one, so when it has not
 * moved across a call, that call wrote nothing and the tables need no digest.
 */
async function nextXid(): Promise<string> {
  const r = await t.database.pool.query<{ x: string }>(
    "select pg_snapshot_xmax(pg_current_snapshot())::text as x",
  );
  return r.rows[0]?.x ?? "";
}

/**
 * The tables' row counts as of a transaction id: still the state before the next call while no transaction
 * has been assigned since, so most calls of the walk (refusals that write nothing) cost no count at all.
 */
let known: { xid: string; rows: Record<string, number> } | undefined;

const rowCounts = (writes: Record<string, { rows: number }>) =>
  Object.fromEntries(Object.entries(writes).map(([table, w]) => [table, w.rows]));

/** Sends one request and proves: never a 5xx; a refusal is a 4xx envelope in English that wrote nothing. */
export async function expectRefusedOrFine(
  label: string,
  send: () => ReturnType<Client["request"]>,
  mustRefuse: boolean,
): Promise<void> {
  const xidBefore = await nextXid();
  if (known?.xid !== xidBefore)
    known = { xid: xidBefore, rows: rowCounts(await tableWrites(t, MAY_CHANGE, xidBefore)) };
  const before = known.rows;
  const res = await send();
  expect(res.statusCode, `${label}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
  if (mustRefuse) expect(res.statusCode, `${label} was accepted`).toBeGreaterThanOrEqual(400);
  if (res.statusCode >= 400) {
    const body = res.json();
    expect(body.code, label).toBe(res.statusCode);
    expect(typeof body.msg, label).toBe("string");
    expect(body.msg, label).not.toMatch(/[\u4e00-\u9fff]/); // the caller asked for English
    const xidAfter = await nextXid();
    if (xidAfter !== xidBefore) {
      // A transaction ran (its audit row, say): no table outside MAY_CHANGE has a row written since, or one fewer.
      const after = await tableWrites(t, MAY_CHANGE, xidBefore);
      const written = Object.entries(after)
        .filter(([table, w]) => w.written > 0 || w.rows !== before[table])
        .map(([table, w]) => `${table} (${before[table]} rows, now ${w.rows}, ${w.written} written)`);
      expect(written, `${label} wrote something`).toEqual([]);
      known = { xid: xidAfter, rows: rowCounts(after) };
    }
  }
}
