import pg from "pg";
import type { FleetStats } from "../tools/fleet-sim/fleet";
import type { Cleanup } from "./lib/cleanup";
import { openDatabase, tempDir } from "./lib/database";
import { envCount } from "./lib/env";
import { startBareFleetServer } from "./lib/fleet-bare";
import type { ChildFleetOptions } from "./lib/fleet-client-child";
import { ClientPool } from "./lib/fleet-clients";
import { runBenchmark } from "./lib/run";
import { startRealServer } from "./lib/upload-servers";

/**
 * The registration benchmark: 10,000 simulated screens (tools/fleet-sim, in
 * four client processes, from 40 loopback addresses so that the server's
 * limit of open calls per address, 300 a minute, is kept) registering with
 * POST /t/register, 64 in flight, on the real server in a child process with
 * a fresh PostgreSQL: validation, the per-address rate limit, the audit row,
 * the token's hash and the terminal's row, all as in production.
 *
 * Baseline, measured in the same run: the same clients registering with the
 * bare server of the fleet benchmark (bench/lib/fleet-bare-child.ts), which
 * answers a registration's JSON with a random token and stores nothing.
 *
 * Target: 10,000 registered in under 10 s (scaled to the count when run with
 * fewer: BENCH_REGISTER_TERMINALS).
 */

const TERMINALS = envCount("BENCH_REGISTER_TERMINALS", 10_000);
const PROCESSES = envCount("BENCH_REGISTER_PROCESSES", 4);
const IN_FLIGHT_PER_PROCESS = 16;
const ADDRESSES_PER_PROCESS = 10;
const ADMIN = { username: "admin", password: "Admin12345" };
const TARGET_MS = (10_000 * TERMINALS) / 10_000;

const fmt = (n: number, digits = 0) =>
  n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });

function share(i: number): { first: number; count: number } {
  const base = Math.floor(TERMINALS / PROCESSES);
  const extra = TERMINALS % PROCESSES;
  return { first: 1 + i * base + Math.min(i, extra), count: base + (i < extra ? 1 : 0) };
}

function fleetOptions(server: string, prefix: string, i: number): ChildFleetOptions {
  return {
    server,
    prefix,
    ...share(i),
    stateFile: null,
    connectRate: 1_000,
    registerConcurrency: IN_FLIGHT_PER_PROCESS,
    sourceIps: Array.from(
      { length: ADDRESSES_PER_PROCESS },
      (_, k) => `127.0.0.${2 + i * ADDRESSES_PER_PROCESS + k}`,
    ),
    heartbeatSec: 30,
    manifest: false,
    skipRegister: false,
    minBackoffMs: 500,
    maxBackoffMs: 5_000,
  };
}

/** Registers every terminal of a fresh fleet with `origin`; answers the ms it took. */
async function registerAll(cleanup: Cleanup, origin: string, prefix: string): Promise<number> {
  const pool = await ClientPool.open(cleanup, PROCESSES, (i) => fleetOptions(origin, prefix, i));
  const t = performance.now();
  await pool.all({ op: "register" });
  const ms = performance.now() - t;
  const s: FleetStats = await pool.stats();
  await pool.close();
  if (s.errors > 0 || s.registered !== TERMINALS)
    throw new Error(`${prefix}: ${s.registered} registered, ${s.errors} client errors`);
  return ms;
}

async function main(cleanup: Cleanup, started: number): Promise<void> {
  const database = await openDatabase(cleanup);
  const dataDir = tempDir(cleanup, "marquee-bench-register-data-");
  const real = await startRealServer(cleanup, {
    dataDir,
    databaseUrl: database.url,
    admin: ADMIN,
    startLimitMs: 120_000,
  });
  const bare = await startBareFleetServer(cleanup, 30);
  const db = new pg.Pool({ connectionString: database.url, max: 1 });
  cleanup.add("closing the benchmark's pool", () => db.end());
  console.log(
    `set up in ${fmt((Date.now() - started) / 1000, 1)} s: ${database.kind}; real server pid ${real.pid}; ` +
      `${fmt(TERMINALS)} screens in ${PROCESSES} client processes, ${PROCESSES * IN_FLIGHT_PER_PROCESS} in flight, ` +
      `from 127.0.0.2-${1 + PROCESSES * ADDRESSES_PER_PROCESS}`,
  );

  const bareMs = await registerAll(cleanup, bare.origin, "bare");
  await bare.stop();
  console.log(`bare: ${fmt(TERMINALS)} registered in ${fmt(bareMs)} ms`);
  const realMs = await registerAll(cleanup, real.origin, "reg");
  console.log(`real: ${fmt(TERMINALS)} registered in ${fmt(realMs)} ms`);
  const rows = await db.query<{ n: number }>(
    "select count(*)::int as n from terminals where device_id like 'sim-reg-%' and state = 'pending'",
  );
  if (rows.rows[0]?.n !== TERMINALS) throw new Error(`the table holds ${rows.rows[0]?.n} of the screens`);

  const row = (name: string, a: string, b: string, ratio: string) =>
    `${name.padEnd(46)}${a.padStart(12)}${b.padStart(12)}${ratio.padStart(10)}`;
  console.log(`\n${fmt(TERMINALS)} screens registering (POST /t/register)`);
  console.log(row("", "real", "bare", "ratio"));
  console.log(row("all registered (ms)", fmt(realMs), fmt(bareMs), fmt(realMs / Math.max(bareMs, 1), 2)));
  console.log(
    row("registrations a second", fmt((TERMINALS * 1000) / realMs), fmt((TERMINALS * 1000) / bareMs), ""),
  );
  const met = realMs < TARGET_MS;
  console.log(
    `\nall ${fmt(TERMINALS)} registered < ${fmt(TARGET_MS)} ms: ${fmt(realMs)} ms: ${met ? "met" : "TARGET MISSED"}`,
  );
  console.log(met ? "all targets met" : "TARGET MISSED");
}

// Bounded: set-up ~20 s, two fleets registering, cleanup.
await runBenchmark(main, { stepLimitMs: 20_000, cleanupLimitMs: 60_000, benchLimitMs: 300_000 });
