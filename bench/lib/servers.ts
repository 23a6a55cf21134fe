import { AUTH_COOKIE } from "@marquee/contracts";
import Fastify from "fastify";
import pino from "pino";
import { buildApp } from "../../apps/server/src/app";
import { loadConfig } from "../../apps/server/src/config";
import { connect, type Database, runMigrations } from "../../apps/server/src/db/client";
import { systemClock } from "../../apps/server/src/platform/deps";
import { encryptForLogin } from "../../apps/server/src/platform/login-key";
import { ReadCache } from "../../apps/server/src/platform/read-cache";
import type { Cleanup } from "./cleanup";

const HOST = "127.0.0.1";

/** The pool the real server uses (DATABASE_POOL_SIZE honoured), migrated; closed at cleanup. */
export async function openPool(cleanup: Cleanup, url: string, dataDir: string) {
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: url,
    DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE,
    HOST,
    PORT: "0",
    LOG_LEVEL: "warn",
  });
  const log = pino({ level: "warn" });
  const database = connect(url, config.poolSize, log, { prepareThreshold: config.prepareThreshold });
  cleanup.add("closing the database pool", () => {
    // pool.end() resolves before the backends have read Terminate; a database
    // stopped right after may cut them, which the pool would log as a warning.
    log.level = "silent";
    return database.close();
  });
  await runMigrations(database);
  return { config, database };
}

/** The real app and a bare Fastify route, each on a random loopback port; closed at cleanup. */
export async function startServers(
  cleanup: Cleanup,
  config: ReturnType<typeof loadConfig>,
  database: Database,
): Promise<{ realUrl: string; bareUrl: string; setReadCache: (on: boolean) => void }> {
  const real = await buildApp({ config, database, clock: systemClock });
  cleanup.add("closing the real app", () => real.close());
  const realUrl = await real.listen({ host: HOST, port: 0 });
  const bare = Fastify();
  bare.get("/bare", async () => ({ code: 0, msg: "ok", hello: "world" }));
  cleanup.add("closing the bare app", () => bare.close());
  const bareUrl = await bare.listen({ host: HOST, port: 0 });
  const cached = real.services.reads;
  // Off: a read cache that keeps nothing, so every page and every total is a query.
  const setReadCache = (on: boolean) => {
    real.services.reads = on ? cached : new ReadCache(0);
  };
  return { realUrl, bareUrl, setReadCache };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;

async function getJson(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, { headers, signal: AbortSignal.timeout(10_000) });
  const body: unknown = await res.json();
  if (!isRecord(body)) throw new Error(`GET ${url}: not a JSON object`);
  return { status: res.status, body };
}

/** Signs in through the real HTTP login (RSA-encrypted password) and answers the session cookie. */
export async function signIn(baseUrl: string, username: string, password: string): Promise<string> {
  const key = await getJson(`${baseUrl}/apm-web/f/common/getPublishKey`);
  const pub = key.body.publicKeyJson;
  if (!isRecord(pub) || typeof pub.exponent !== "string" || typeof pub.modulus !== "string") {
    throw new Error(`getPublishKey answered no key: ${JSON.stringify(key.body)}`);
  }
  // Landing encryption is on by default; the console then sends the password RSA-encrypted.
  if (key.body.landingEncryption !== true) throw new Error("landing encryption is off on a fresh database");
  const sent = encryptForLogin({ exponent: pub.exponent, modulus: pub.modulus }, password);
  const res = await fetch(`${baseUrl}/apm-web/a/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest", origin: baseUrl },
    body: JSON.stringify({ username, password: sent }),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`login of ${username} answered ${res.status}: ${text}`);
  const prefix = `${AUTH_COOKIE}=`;
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith(prefix));
  const token = cookie?.slice(prefix.length).split(";")[0];
  if (!token) throw new Error(`login of ${username} set no ${AUTH_COOKIE} cookie: ${text}`);
  return `${AUTH_COOKIE}=${token}`;
}

/** Proves a page of the real call: 200, code 0, a full page of the action within the subtree, the total. */
export async function checkPage(
  url: string,
  cookie: string,
  expect: { total: number; action: string; officeIds: number[]; pageSize: number },
): Promise<void> {
  const { status, body } = await getJson(url, { cookie });
  const fail = (why: string) =>
    new Error(`${url}: ${why}; answered ${status} ${JSON.stringify(body).slice(0, 300)}`);
  if (status !== 200 || body.code !== 0) throw fail("expected 200 with code 0");
  if (body.total !== expect.total) throw fail(`expected total ${expect.total}, got ${String(body.total)}`);
  const list = body.list;
  if (!Array.isArray(list) || list.length !== expect.pageSize) throw fail(`expected ${expect.pageSize} rows`);
  for (const row of list as unknown[]) {
    if (!isRecord(row) || row.action !== expect.action || !expect.officeIds.includes(Number(row.officeId))) {
      throw fail(`row outside the filter or the data range: ${JSON.stringify(row)}`);
    }
  }
}
