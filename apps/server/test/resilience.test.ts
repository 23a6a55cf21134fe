import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { loadConfig } from "../src/config";
import { connect, runMigrations } from "../src/db/client";
import { HEALTH_KEEP_MS } from "../src/modules/common/health";
import { Client, createTestApp, createTestDatabase, type TestApp, TestClock } from "./helpers";

describe("the database connection", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("recovers by itself when the database drops every connection (a restart)", async () => {
    const c = new Client(t.app);
    expect((await c.get("/f/health")).statusCode).toBe(200);
    // what a PostgreSQL restart does to the pool: every server-side connection ends
    const appDb = (await t.database.pool.query("select current_database() as db")).rows[0].db as string;
    const admin = connect(await createTestDatabase(), 1, pino({ level: "silent" }));
    const killed = await admin.pool.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
      [appDb],
    );
    await admin.close();
    expect(killed.rowCount).toBeGreaterThanOrEqual(1);
    // The health check's answer of a moment ago is kept a second (HealthProbe): past it, the check reads
    // on its own connection, which died too.
    await new Promise((r) => setTimeout(r, HEALTH_KEEP_MS));
    // A request may still meet a connection that died a moment ago (503); then the pools have replaced them:
    // the health check's own, and the server's (a call that reads the database through it).
    for (const path of ["/f/health", "/f/common/isSysInit"]) {
      const codes: number[] = [];
      for (let i = 0; i < 40 && codes.slice(-3).join() !== "200,200,200"; i++) {
        codes.push((await c.get(path)).statusCode);
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(codes.slice(-3), path).toEqual([200, 200, 200]);
      expect(
        codes.every((s) => s === 200 || s === 503),
        `${path}: ${codes}`,
      ).toBe(true);
    }
  });
});

describe("route declarations", () => {
  it("refuse to start when an /a/* route declares no permission", async () => {
    const url = await createTestDatabase();
    const database = connect(url, 1, pino({ level: "silent" }));
    await runMigrations(database);
    const app = await buildApp({
      config: loadConfig({ DATABASE_URL: url, DATA_DIR: "/tmp/unused" }),
      database,
      clock: new TestClock(),
    });
    try {
      expect(() => app.get("/apm-web/a/api/forgotten", async () => ({ code: 0 }))).toThrow(
        /declares no access/,
      );
    } finally {
      await app.close();
      await database.close();
    }
  });
});
