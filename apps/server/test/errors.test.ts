import { sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { loadConfig } from "../src/config";
import { connect, runMigrations } from "../src/db/client";
import { Client, createTestApp, createTestDatabase, type TestApp, TestClock } from "./helpers";

/** The real app on a fresh, migrated database, with a pool of `poolSize` (and the pool's options). */
async function bareApp(poolSize: number, log: pino.Logger, pool: Parameters<typeof connect>[3] = undefined) {
  const url = await createTestDatabase();
  const database = connect(url, poolSize, log, pool);
  await runMigrations(database);
  const app = await buildApp({
    config: loadConfig({ DATABASE_URL: url, DATA_DIR: "/tmp/unused" }),
    database,
    clock: new TestClock(),
    log,
  });
  return { app, database };
}

describe("unexpected errors", () => {
  it("are logged with the request id and answered 500 without internals", async () => {
    const lines: string[] = [];
    const log = pino({ level: "error" }, { write: (l: string) => lines.push(l) });
    const { app, database } = await bareApp(2, log);
    app.get("/apm-web/f/boom", async () => {
      throw new Error("secret internal detail at /srv/db");
    });
    await app.ready();
    try {
      const res = await app.inject({
        method: "GET",
        url: "/apm-web/f/boom",
        headers: { cookie: "language=en", "x-request-id": "req-42" },
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        code: 500,
        msg: "Something went wrong on the server (request req-42); it has been logged",
        requestId: "req-42",
      });
      expect(res.body).not.toContain("secret internal detail");
      const logged = lines.map((l) => JSON.parse(l)).find((l) => l.reqId === "req-42");
      expect(logged?.err?.message).toBe("secret internal detail at /srv/db");
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe("a database too busy to lend a connection", () => {
  it("answers 503 in the caller's language, as for a database that is down, not 500", async () => {
    const url = await createTestDatabase();
    const log = pino({ level: "silent" });
    const database = connect(url, 2, log, { connectionTimeoutMillis: 300 });
    const app = await buildApp({
      config: loadConfig({ DATABASE_URL: url, DATA_DIR: "/tmp/unused" }),
      database,
      clock: new TestClock(),
      log,
    });
    await app.ready();
    // Every pooled connection is taken (as a reconnect storm takes them), and none frees up in time.
    const held = [await database.pool.connect(), await database.pool.connect()];
    try {
      const res = await app.inject({
        method: "GET",
        url: "/apm-web/f/common/isSysInit",
        headers: { cookie: "language=fr" },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        code: 503,
        msg: "Le service démarre ou la base de données est injoignable ; réessayez sous peu",
      });
    } finally {
      for (const c of held) c.release();
      await app.close();
      await database.close();
    }
  });
});

describe("a write that lost a race with another", () => {
  it("answers 409 in the caller's language when PostgreSQL picked it as a deadlock's victim, not 500", async () => {
    const { app, database } = await bareApp(4, pino({ level: "silent" }));
    await database.pool.query("create table race (id int primary key)");
    await database.pool.query("insert into race values (1), (2)");
    // Two transactions that lock the same two rows in opposite orders: one of them is the victim.
    const lockBoth = (first: number, second: number) =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`select id from race where id = ${first} for update`);
        await new Promise((r) => setTimeout(r, 300));
        await tx.execute(sql`select id from race where id = ${second} for update`);
      });
    app.post("/apm-web/f/race", async () => {
      await Promise.all([lockBoth(1, 2), lockBoth(2, 1)]);
      return { code: 200, msg: "ok" };
    });
    await app.ready();
    try {
      const res = await app.inject({
        method: "POST",
        url: "/apm-web/f/race",
        headers: { cookie: "language=fr" },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        code: 409,
        msg: "Une autre modification des mêmes données était enregistrée au même moment ; réessayez",
      });
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe("limits", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_OPEN_PER_MINUTE: "5", BODY_LIMIT_BYTES: "2048" });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers 429 in the caller's language past the open-call rate limit", async () => {
    const c = new Client(t.app, "ru");
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) codes.push((await c.get("/f/common/isSysInit")).statusCode);
    expect(codes.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    const limited = await c.get("/f/common/isSysInit");
    expect(limited.statusCode).toBe(429);
    expect(limited.json().msg).toMatch(/[а-я]/);
  });

  it("answers 413 for a body over the limit", async () => {
    const c = new Client(t.app, "en");
    const res = await c.post("/a/login", { username: "x", password: "y".repeat(4000) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 413, msg: "The request is too large (at most 2048 B)" });
  });
});
