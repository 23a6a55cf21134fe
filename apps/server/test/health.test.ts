import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { HEALTH_KEEP_MS, HealthProbe } from "../src/modules/common/health";
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

describe("HealthProbe", () => {
  /** A read the test settles by hand, counting how often it was asked. */
  function reads() {
    const pending: Array<{ resolve: (n: number) => void; reject: (e: Error) => void }> = [];
    const read = () =>
      new Promise<number>((resolve, reject) => {
        pending.push({ resolve, reject });
      });
    return { read, pending };
  }

  it("answers every check that arrives while a read runs, and the second after, with that one read", async () => {
    const { read, pending } = reads();
    let now = 0;
    const probe = new HealthProbe(read, () => now);
    const checks = Array.from({ length: 100 }, () => probe.workers());
    expect(pending).toHaveLength(1);
    pending[0]?.resolve(2);
    expect(await Promise.all(checks)).toEqual(Array(100).fill(2));
    now += HEALTH_KEEP_MS - 1;
    expect(await probe.workers()).toBe(2);
    expect(pending).toHaveLength(1);
    // A second later the database is read again.
    now += 1;
    const again = probe.workers();
    expect(pending).toHaveLength(2);
    pending[1]?.resolve(1);
    expect(await again).toBe(1);
  });

  it("keeps no failure: the checks waiting share it, the next one reads again", async () => {
    const { read, pending } = reads();
    const probe = new HealthProbe(read, () => 0);
    const waiting = [probe.workers(), probe.workers()];
    pending[0]?.reject(new Error("database out of reach"));
    for (const check of waiting) await expect(check).rejects.toThrow("out of reach");
    const next = probe.workers();
    expect(pending).toHaveLength(2);
    pending[1]?.resolve(1);
    expect(await next).toBe(1);
  });

  it("a flood of checks on the server costs one read of the database", async () => {
    const counted = vi.spyOn(t.app.services.processes, "workersAlive");
    try {
      const answers = await Promise.all(
        Array.from({ length: 200 }, () => t.app.inject({ method: "GET", url: "/apm-web/f/health" })),
      );
      expect(answers.map((r) => r.statusCode)).toEqual(Array(200).fill(200));
      expect(counted.mock.calls.length).toBeLessThanOrEqual(1);
    } finally {
      counted.mockRestore();
    }
  });
});
