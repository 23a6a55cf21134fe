import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Fleet } from "../../../tools/fleet-sim";
import { buildApp } from "../src/app";
import { loadConfig } from "../src/config";
import { connect, runMigrations } from "../src/db/client";
import { ADMIN, createTestDatabase, initSystem, signedIn, type TestApp, TestClock } from "./helpers";

/**
 * The fleet simulator against the real server on a real socket:
 * 500 terminals enrol, connect, are authorised, heartbeat, and all answer one
 * command sent to the whole fleet through the operator API; the server logs
 * no error meanwhile. Then the simulator's other behaviours: screenshots
 * uploaded for a command, commands failed with a reason, fault events.
 */

const COUNT = 500;
const HEARTBEAT_SEC = 5;

interface LogLine {
  level: number;
  msg?: string;
  err?: { message?: string };
}

let t: TestApp;
let dataDir: string;
let origin: string;
let fleet: Fleet | undefined;
const logged: LogLine[] = [];
/** What the simulated terminals ran into (the first few), shown when an expectation fails. */
const troubles: string[] = [];

beforeAll(async () => {
  const url = await createTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), "marquee-fleet-test-"));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: url,
    RATE_LIMIT_OPEN_PER_MINUTE: "100000",
  });
  // Warnings and errors are kept, to show that the fleet raised none.
  const log = pino(
    { level: "warn" },
    { write: (line: string) => void logged.push(JSON.parse(line) as LogLine) },
  );
  const database = connect(url, 5, log);
  await runMigrations(database);
  const clock = new TestClock();
  const app = await buildApp({ config, database, clock, log });
  t = {
    app,
    database,
    clock,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
  await initSystem(t);
  await app.services.settings.set("terminalHeartbeatSec", HEARTBEAT_SEC, null);
  origin = await app.listen({ host: "127.0.0.1", port: 0 });
});

afterAll(async () => {
  await fleet?.stop();
  await t?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const count = async (sql: string): Promise<number> =>
  (await t.database.pool.query<{ n: number }>(sql)).rows[0]?.n ?? -1;

/** Polls `read` until it answers `want` or `ms` pass; answers the last value. */
async function eventually(read: () => Promise<number>, want: number, ms: number): Promise<number> {
  const deadline = Date.now() + ms;
  for (;;) {
    const n = await read();
    if (n === want || Date.now() > deadline) return n;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("a fleet of simulated terminals", () => {
  it("500 enrol, connect, are authorised, heartbeat and all answer one command", async () => {
    fleet = new Fleet({
      server: origin,
      count: COUNT,
      prefix: "test",
      connectRate: 2000,
      registerConcurrency: 16,
      heartbeatSec: HEARTBEAT_SEC,
      minBackoffMs: 200,
      maxBackoffMs: 2000,
      onError: (deviceId, err) => {
        if (troubles.length < 5)
          troubles.push(`${deviceId}: ${err instanceof Error ? err.message : String(err)}`);
      },
    });
    await fleet.start();
    expect(troubles).toEqual([]);
    let s = await fleet.waitFor((x) => x.welcomed === COUNT && x.pending === COUNT, 30_000);
    expect(s.registered).toBe(COUNT);
    expect(await count("select count(*)::int as n from terminals where state = 'pending'")).toBe(COUNT);

    // Authorised directly in the database, then each one told through the hub (a `state` frame, no reconnect).
    const ids = (
      await t.database.pool.query<{ id: number }>(
        "update terminals set state = 'authorised', authorised_at = now() where state = 'pending' returning id",
      )
    ).rows.map((r) => r.id);
    expect(ids).toHaveLength(COUNT);
    for (const id of ids) await t.app.services.hub.notifyState(id);
    s = await fleet.waitFor((x) => x.authorised === COUNT && x.welcomed === COUNT, 20_000);
    expect(s.reconnects).toBe(0);

    // Every terminal beats: once after fetching its manifest, then every 5 s; the server keeps what they report.
    await fleet.waitFor((x) => x.beats >= 2 * COUNT, 20_000);
    expect(
      await eventually(
        () =>
          count(
            "select count(*)::int as n from terminals where online and status->>'version' = 'sim-1' and last_seen_at is not null",
          ),
        COUNT,
        20_000,
      ),
    ).toBe(COUNT);

    // One command to the whole fleet through the operator API; every outcome ends "done".
    const admin = await signedIn(t, ADMIN.username, ADMIN.password);
    const res = await admin.post("/a/api/terminal/command", { ids, name: "refresh", args: {} });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().list as Array<{ state: string }>;
    expect(list).toHaveLength(COUNT);
    expect(list.filter((o) => o.state === "offline")).toHaveLength(0);
    expect(
      await eventually(
        () =>
          count("select count(*)::int as n from terminal_commands where name = 'refresh' and state = 'done'"),
        COUNT,
        20_000,
      ),
    ).toBe(COUNT);
    s = fleet.stats();
    expect(s.acks).toBe(COUNT);
    expect({
      failures: s.failures,
      errors: s.errors,
      errorFrames: s.errorFrames,
      refused: s.refused,
    }).toEqual({
      failures: 0,
      errors: 0,
      errorFrames: 0,
      refused: 0,
    });
    expect(s.connected).toBe(COUNT);
    expect(logged.filter((l) => l.level >= 50)).toEqual([]);
  });

  it("uploads screenshots, fails commands with a reason and raises faults when told to", async () => {
    const admin = await signedIn(t, ADMIN.username, ADMIN.password);
    const shots = (
      await t.database.pool.query<{ id: number }>("select id from terminals order by id limit 3")
    ).rows;
    const res = await admin.post("/a/api/terminal/command", {
      ids: shots.map((r) => r.id),
      name: "screenshot",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      await eventually(
        () =>
          count(
            "select count(*)::int as n from terminal_commands c join terminals t on t.id = c.terminal_id " +
              "where c.name = 'screenshot' and c.state = 'done' and c.data->>'screenshotMd5' = t.screenshot_md5",
          ),
        shots.length,
        10_000,
      ),
    ).toBe(shots.length);

    // Ten more terminals that fail every command and raise a fault with every heartbeat.
    const faulty = new Fleet({
      server: origin,
      count: 10,
      prefix: "faulty",
      ackFailRate: 1,
      faultRate: 1,
      manifest: false,
      minBackoffMs: 200,
      maxBackoffMs: 2000,
    });
    try {
      await faulty.start();
      await faulty.waitFor((x) => x.welcomed === 10, 10_000);
      const ids = (
        await t.database.pool.query<{ id: number }>(
          "update terminals set state = 'authorised' where device_id like 'sim-faulty-%' returning id",
        )
      ).rows.map((r) => r.id);
      for (const id of ids) await t.app.services.hub.notifyState(id);
      await faulty.waitFor((x) => x.authorised === 10, 10_000);
      const cmd = await admin.post("/a/api/terminal/command", { ids, name: "volume", args: { volume: 30 } });
      expect(cmd.statusCode, cmd.body).toBe(200);
      expect(
        await eventually(
          () =>
            count(
              "select count(*)::int as n from terminal_commands where name = 'volume' and state = 'failed' " +
                "and reason like 'simulated failure of volume%'",
            ),
          10,
          10_000,
        ),
      ).toBe(10);
      await faulty.waitFor((x) => x.events >= 10, 15_000);
      expect(
        await eventually(
          () =>
            count(
              "select count(*)::int as n from terminals where device_id like 'sim-faulty-%' and fault is not null",
            ),
          10,
          10_000,
        ),
      ).toBe(10);
    } finally {
      await faulty.stop();
    }
    expect(troubles).toEqual([]);
    expect(logged.filter((l) => l.level >= 50)).toEqual([]);
  });
});
