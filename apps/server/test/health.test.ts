import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, initSystem, type TestApp } from "./helpers";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await initSystem(t);
});

afterAll(async () => {
  await t?.close();
});

describe("GET /f/health", () => {
  it("answers at once while every connection of the pool is busy: a busy node is not a node down", async () => {
    // Every connection of the server's pool held by a slow statement, as a fleet reconnecting holds it.
    const pool = t.database.pool;
    const busy = Array.from({ length: pool.options.max }, () => pool.query("select pg_sleep(4)"));
    // The pool is full: one more statement would wait.
    await expect.poll(() => pool.waitingCount + pool.totalCount - pool.idleCount).toBe(pool.options.max);
    const started = performance.now();
    const res = await t.app.inject({ method: "GET", url: "/apm-web/f/health" });
    const tookMs = performance.now() - started;
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: "ok", workers: 1 });
    // Before the check had its own connection, it waited for the pool (4 s): longer than a balancer waits.
    expect(tookMs).toBeLessThan(1_500);
    await Promise.all(busy);
  });
});
