import pg from "pg";
import type { FleetStats } from "../tools/fleet-sim/fleet";
import type { Cleanup } from "./lib/cleanup";
import { openDatabase, tempDir } from "./lib/database";
import { envCount } from "./lib/env";
import { startBareFleetServer } from "./lib/fleet-bare";
import type { ChildFleetOptions } from "./lib/fleet-client-child";
import { ClientPool } from "./lib/fleet-clients";
import { readCpu } from "./lib/proc";
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
 * fewer: BENCH_REGISTER_TERMINALS), printed beside the bare baseline as the
 * ratio it allows. Where the CPU goes is printed per registration: the real
 * server's process, the PostgreSQL backends of the database, and the client
 * processes (which share the machine's cores with the server).
 * BENCH_CPU_PROF=dir writes the real server's CPU profile (node --cpu-prof)
 * into dir when it stops.
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

/** CPU ms (user + system, all threads) of these processes together; a process gone counts 0. */
const cpuMs = (pids: number[]) => pids.reduce((sum, pid) => sum + (readCpu(pid)?.cpuMs ?? 0), 0);

/** The PostgreSQL backends serving `database` now (the server's pool keeps its connections open). */
async function backends(db: pg.Pool): Promise<number[]> {
  const { rows } = await db.query<{ pid: number }>(
    "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
  );
  return rows.map((r) => r.pid);
}

/** What one fleet's registering took: wall-clock ms and the client processes' CPU ms. */
interface Run {
  ms: number;
  clientCpuMs: number;
}

/** Registers every terminal of a fresh fleet with `origin`; answers the ms it took and the clients' CPU. */
async function registerAll(cleanup: Cleanup, origin: string, prefix: string): Promise<Run> {
  const pool = await ClientPool.open(cleanup, PROCESSES, (i) => fleetOptions(origin, prefix, i));
  const cpuBefore = cpuMs(pool.pids);
  const t = performance.now();
  await pool.all({ op: "register" });
  const ms = performance.now() - t;
  const clientCpuMs = cpuMs(pool.pids) - cpuBefore;
  const s: FleetStats = await pool.stats();
  await pool.close();
  if (s.errors > 0 || s.registered !== TERMINALS)
    throw new Error(`${prefix}: ${s.registered} registered, ${s.errors} client errors`);
  return { ms, clientCpuMs };
}

async function main(cleanup: Cleanup, started: number): Promise<void> {
  const database = await openDatabase(cleanup);
  const dataDir = tempDir(cleanup, "marquee-bench-register-data-");
  const profDir = process.env.BENCH_CPU_PROF;
  // The real server's node flags (read by startRealServer): its CPU profile, written when it stops.
  if (profDir) process.env.BENCH_UPLOAD_SERVER_ARGS = `--cpu-prof --cpu-prof-dir=${profDir}`;
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

  const bareBefore = cpuMs([bare.pid]);
  const bare1 = await registerAll(cleanup, bare.origin, "bare");
  const bareCpuMs = cpuMs([bare.pid]) - bareBefore;
  await bare.stop();
  const bareMs = bare1.ms;
  console.log(`bare: ${fmt(TERMINALS)} registered in ${fmt(bareMs)} ms`);
  const serverBefore = cpuMs([real.pid]);
  const pgBefore = new Map((await backends(db)).map((pid) => [pid, cpuMs([pid])]));
  const real1 = await registerAll(cleanup, real.origin, "reg");
  const realMs = real1.ms;
  const serverCpuMs = cpuMs([real.pid]) - serverBefore;
  // Backends opened during the run count from zero; one closed during it is missed (the pool keeps them).
  const pgCpuMs = (await backends(db)).reduce((sum, pid) => sum + cpuMs([pid]) - (pgBefore.get(pid) ?? 0), 0);
  console.log(`real: ${fmt(TERMINALS)} registered in ${fmt(realMs)} ms`);
  const rows = await db.query<{ n: number }>(
    "select count(*)::int as n from terminals where device_id like 'sim-reg-%' and state = 'pending'",
  );
  if (rows.rows[0]?.n !== TERMINALS) throw new Error(`the table holds ${rows.rows[0]?.n} of the screens`);

  const row = (name: string, a: string, b: string, ratio: string) =>
    `${name.padEnd(46)}${a.padStart(12)}${b.padStart(12)}${ratio.padStart(10)}`;
  const per = (ms: number) => fmt((ms * 1000) / TERMINALS);
  console.log(`\n${fmt(TERMINALS)} screens registering (POST /t/register)`);
  console.log(row("", "real", "bare", "ratio"));
  console.log(row("all registered (ms)", fmt(realMs), fmt(bareMs), fmt(realMs / Math.max(bareMs, 1), 2)));
  console.log(
    row("registrations a second", fmt((TERMINALS * 1000) / realMs), fmt((TERMINALS * 1000) / bareMs), ""),
  );
  console.log(row("server CPU per registration (µs)", per(serverCpuMs), per(bareCpuMs), ""));
  console.log(row("PostgreSQL CPU per registration (µs)", per(pgCpuMs), "", ""));
  console.log(row("client CPU per registration (µs)", per(real1.clientCpuMs), per(bare1.clientCpuMs), ""));
  const allowed = TARGET_MS / Math.max(bareMs, 1);
  const met = realMs < TARGET_MS;
  console.log(
    `\nall ${fmt(TERMINALS)} registered < ${fmt(TARGET_MS)} ms (${fmt(allowed, 2)}× this run's bare ` +
      `${fmt(bareMs)} ms): ${fmt(realMs)} ms, ${fmt(realMs / Math.max(bareMs, 1), 2)}× bare: ` +
      `${met ? "met" : "TARGET MISSED"}`,
  );
  console.log(met ? "all targets met" : "TARGET MISSED");
}

// Bounded: set-up ~20 s, two fleets registering, cleanup.
await runBenchmark(main, { stepLimitMs: 20_000, cleanupLimitMs: 60_000, benchLimitMs: 300_000 });
