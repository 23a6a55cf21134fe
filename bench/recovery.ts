import { readFileSync } from "node:fs";
import { cpus } from "node:os";
import pg from "pg";
import type { FleetStats } from "../tools/fleet-sim/fleet";
import { Operator } from "../tools/fleet-sim/operator";
import type { Cleanup } from "./lib/cleanup";
import { openDatabase, tempDir } from "./lib/database";
import { envCount } from "./lib/env";
import { type ChildFleetOptions, epochMs } from "./lib/fleet-client-child";
import { ClientPool } from "./lib/fleet-clients";
import { readCpu } from "./lib/proc";
import { runBenchmark } from "./lib/run";
import { type RealServer, startRealServer } from "./lib/upload-servers";

/**
 * The recovery benchmark: 10,000 simulated screens (tools/fleet-sim,
 * the real protocol through TerminalClient, in four client processes from the
 * addresses 127.0.0.2-41, as in bench/fleet.ts) held by the real server in a
 * child process; the server is killed with SIGKILL and started again on the
 * same data directory, database and port. The screens come back by
 * themselves (TerminalClient reconnects with jittered back-off, here 0.5 to
 * 5 s, as in bench/fleet.ts).
 *
 * Measured from the restart (the new process spawned):
 * 1. until the server is healthy (GET /apm-web/f/health answers 200);
 * 2. until all screens are online as the operator API reports it (GET
 *    terminalStatusCount as the platform administrator, `online`);
 * 3. then one command to all (POST terminal/command, 1,000 ids a call, all
 *    calls at once) until every outcome is "done" in the database (polled
 *    every 20 ms), and then through GET commandResults;
 * 4. every ~200 ms from the restart until all are back: the API's online
 *    count against the screens the clients know are connected and welcomed.
 *    The database answers at some moment between the count the clients gave
 *    just before the call and the one just after; the excess is taken over
 *    the count after (an overcount beyond any doubt), and printed over the
 *    count before too (stricter: a flush landing during the call shows there).
 *
 * Baseline, in the same run on the same server: the fleet's first connection
 * (the terminals enrolled and authorised in the database beforehand), from
 * starting the clients until the API reports all online, sampled the same
 * way; the first command to all; and, for the health figure, the server's
 * first start (on an empty database, migrations included).
 *
 * Also printed, for each connection: the API's count against the clients'
 * about once a second, and where the CPU went (the machine's, from
 * /proc/stat; the server's and the client processes', from /proc/<pid>/stat):
 * the simulated screens share the machine with the server.
 *
 * Targets: all back and counted correctly within 30 s of the restart; the
 * command to all done within 2 s after that; the API's online count never
 * above the true count (maximum excess 0).
 */

const env = envCount;
const TERMINALS = env("BENCH_RECOVERY_TERMINALS", 10_000);
const PROCESSES = env("BENCH_RECOVERY_PROCESSES", 4);
/** New connections a second, over all client processes, for the first connection (the reconnection is the clients' own). */
const CONNECT_RATE = env("BENCH_RECOVERY_RATE", 2_000);
const ADDRESSES_PER_PROCESS = 10;
const HEARTBEAT_SEC = 30;
const MIN_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 5_000;
const SETTLE_MS = 3_000;
const SAMPLE_MS = 200;
/** The API's count is given up on (and the target missed) after this long. */
const BACK_LIMIT_MS = 120_000;
const IDS_PER_CALL = 1_000;
const RESULT_IDS_PER_GET = 500;
const COMMAND_LIMIT_MS = 60_000;
const API_TIMEOUT_MS = 2_000;
const ADMIN = { username: "admin", password: "Admin12345" };
const TARGET_BACK_MS = 30_000;
const TARGET_ACK_MS = 2_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const fmt = (n: number, digits = 0) =>
  Number.isFinite(n)
    ? n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits })
    : "-";
const verdict = (met: boolean) => (met ? "met" : "TARGET MISSED");

/** The terminals of process `i`: a contiguous slice of 1..TERMINALS. */
function share(i: number): { first: number; count: number } {
  const base = Math.floor(TERMINALS / PROCESSES);
  const extra = TERMINALS % PROCESSES;
  const count = base + (i < extra ? 1 : 0);
  const first = 1 + i * base + Math.min(i, extra);
  return { first, count };
}
const counts = Array.from({ length: PROCESSES }, (_, i) => share(i).count);

/** Process i connects (and registers) from 127.0.0.(2 + 10i) … 127.0.0.(11 + 10i). */
function addresses(i: number): string[] {
  return Array.from(
    { length: ADDRESSES_PER_PROCESS },
    (_, k) => `127.0.0.${2 + i * ADDRESSES_PER_PROCESS + k}`,
  );
}

function fleetOptions(server: string, i: number): ChildFleetOptions {
  return {
    server,
    prefix: "recovery",
    ...share(i),
    stateFile: null,
    connectRate: CONNECT_RATE / PROCESSES,
    registerConcurrency: 16,
    sourceIps: addresses(i),
    heartbeatSec: HEARTBEAT_SEC,
    manifest: false,
    skipRegister: false,
    minBackoffMs: MIN_BACKOFF_MS,
    maxBackoffMs: MAX_BACKOFF_MS,
  };
}

/**
 * The operator API as the console uses it, signed in as the platform
 * administrator; every call bounded in time. A session the server no longer
 * knows (401) is opened again.
 */
class Api {
  signIns = 0;
  private operator: Operator | null = null;

  constructor(private readonly origin: string) {}

  private async session(): Promise<Operator> {
    if (!this.operator) {
      this.operator = await Operator.signIn(this.origin, ADMIN.username, ADMIN.password);
      this.signIns++;
    }
    return this.operator;
  }

  /** GET terminalStatusCount's `online`; null when the server did not answer it (down, starting, timed out). */
  async online(): Promise<number | null> {
    try {
      const op = await bounded(this.session());
      const res = await bounded(op.fetch("GET", "/a/api/terminal/terminalStatusCount"));
      if (res.status === 401) this.operator = null;
      const text = await bounded(res.text());
      if (res.status !== 200) return null;
      const body = JSON.parse(text) as { code?: unknown; online?: unknown };
      return body.code === 0 && typeof body.online === "number" ? body.online : null;
    } catch {
      return null;
    }
  }

  async command(ids: number[], name: string): Promise<unknown[]> {
    return (await this.session()).command(ids, name);
  }

  async results(ids: string[]): Promise<unknown[]> {
    return (await this.session()).results(ids);
  }
}

/** `p`, or a rejection after API_TIMEOUT_MS (the call itself is left to end by itself). */
function bounded<T>(p: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${API_TIMEOUT_MS} ms`)), API_TIMEOUT_MS);
  });
  return Promise.race([p, limit]).finally(() => clearTimeout(timer));
}

/** One look: the clients' welcomed count, the API's online count, the clients' count again. */
interface Sample {
  /** ms since the epoch: the call was sent, and answered. */
  sentAt: number;
  answeredAt: number;
  /** null: the API did not answer. */
  online: number | null;
  welcomedBefore: number;
  welcomedAfter: number;
}

interface SampleRun {
  samples: Sample[];
  /** When (ms since the epoch) the API first reported every terminal online; null: not within the limit. */
  allOnlineAt: number | null;
}

/**
 * Samples every SAMPLE_MS from now until the API reports all TERMINALS
 * online (or `limitMs` after `t0`).
 */
async function sampleUntilAllOnline(
  pool: ClientPool,
  api: Api,
  t0: number,
  limitMs: number,
): Promise<SampleRun> {
  const samples: Sample[] = [];
  for (;;) {
    const tick = epochMs();
    const welcomedBefore = (await pool.stats()).welcomed;
    const sentAt = epochMs();
    const online = await api.online();
    const answeredAt = epochMs();
    const welcomedAfter = (await pool.stats()).welcomed;
    samples.push({ sentAt, answeredAt, online, welcomedBefore, welcomedAfter });
    if (online !== null && online >= TERMINALS) return { samples, allOnlineAt: answeredAt };
    if (answeredAt - t0 > limitMs) return { samples, allOnlineAt: null };
    await sleep(Math.max(0, tick + SAMPLE_MS - epochMs()));
  }
}

interface Excess {
  /** The API's online count minus the clients' welcomed count after the call: the largest. */
  max: number;
  /** The same over the clients' count before the call. */
  maxStrict: number;
  /** Samples the API answered, of all taken; the longest gap between two samples (ms). */
  answered: number;
  taken: number;
  maxGapMs: number;
  /** The sample of the largest excess (for the report). */
  worst: Sample | null;
}

function excessOf(run: SampleRun): Excess {
  let max = 0;
  let maxStrict = 0;
  let worst: Sample | null = null;
  let maxGapMs = 0;
  let answered = 0;
  run.samples.forEach((s, i) => {
    const prev = run.samples[i - 1];
    if (prev) maxGapMs = Math.max(maxGapMs, s.sentAt - prev.sentAt);
    if (s.online === null) return;
    answered++;
    if (s.online - s.welcomedAfter > max || (worst === null && s.online - s.welcomedAfter === max)) {
      max = s.online - s.welcomedAfter;
      worst = s;
    }
    maxStrict = Math.max(maxStrict, s.online - s.welcomedBefore);
  });
  return { max, maxStrict, answered, taken: run.samples.length, maxGapMs, worst };
}

/** A command to every terminal until every outcome is done. */
interface CommandFigures {
  /** From the first call until the database holds every outcome done; null: not all done. */
  doneMs: number | null;
  /** Until GET commandResults showed every outcome done; null: not all done. */
  visibleMs: number | null;
  /** The calls answered after (ms): the first and the last. */
  firstCallMs: number;
  lastCallMs: number;
  /** Outcomes at the end, by state. */
  states: Record<string, number>;
}

async function commandToAll(api: Api, db: pg.Pool, ids: number[]): Promise<CommandFigures> {
  const calls: number[][] = [];
  for (let i = 0; i < ids.length; i += IDS_PER_CALL) calls.push(ids.slice(i, i + IDS_PER_CALL));
  // Rows the calls write carry the server's clock (this machine's, as the database's): later than this.
  const since = (await db.query<{ t: Date }>("select now() as t")).rows[0]?.t;
  if (!since) throw new Error("the database answered no time");
  const t0 = performance.now();
  const callMs: number[] = [];
  const outcomes = (
    await Promise.all(
      calls.map(async (c) => {
        const list = await api.command(c, "refresh");
        callMs.push(performance.now() - t0);
        return list;
      }),
    )
  ).flat() as Array<{ id: string; state: string }>;
  if (outcomes.length !== ids.length)
    throw new Error(`the command answered ${outcomes.length} outcomes for ${ids.length} terminals`);

  let doneMs: number | null = null;
  for (;;) {
    const r = await db.query<{ done: number; waiting: number; total: number }>(
      `select count(*) filter (where state = 'done')::int as done,
              count(*) filter (where state in ('queued', 'sent'))::int as waiting,
              count(*)::int as total
         from terminal_commands where name = 'refresh' and created_at >= $1`,
      [since],
    );
    const row = r.rows[0] ?? { done: 0, waiting: 0, total: 0 };
    if (row.total > ids.length)
      throw new Error(`${row.total} refresh commands since the calls, not ${ids.length}`);
    if (row.done === ids.length) {
      doneMs = performance.now() - t0;
      break;
    }
    // Ended without being done (offline, timeout, failed): never all done.
    if (row.total === ids.length && row.waiting === 0) break;
    if (performance.now() - t0 > COMMAND_LIMIT_MS) break;
    await sleep(20);
  }

  // What an operator sees: every outcome through GET commandResults.
  const chunks: string[][] = [];
  for (let i = 0; i < outcomes.length; i += RESULT_IDS_PER_GET)
    chunks.push(outcomes.slice(i, i + RESULT_IDS_PER_GET).map((o) => o.id));
  let visibleMs: number | null = null;
  let seen: Array<{ state: string }> = [];
  for (;;) {
    seen = (await Promise.all(chunks.map((c) => api.results(c)))).flat() as Array<{ state: string }>;
    if (seen.length === ids.length && seen.every((o) => o.state === "done")) {
      visibleMs = performance.now() - t0;
      break;
    }
    if (doneMs === null || performance.now() - t0 > COMMAND_LIMIT_MS) break;
    await sleep(100);
  }
  const states: Record<string, number> = {};
  for (const o of seen) states[o.state] = (states[o.state] ?? 0) + 1;
  return { doneMs, visibleMs, firstCallMs: Math.min(...callMs), lastCallMs: Math.max(...callMs), states };
}

function describeCommand(what: string, c: CommandFigures): string {
  const states = Object.entries(c.states)
    .map(([k, v]) => `${fmt(v)} ${k}`)
    .join(", ");
  return (
    `${what}: ${Math.ceil(TERMINALS / IDS_PER_CALL)} calls answered after ${fmt(c.firstCallMs)} to ${fmt(c.lastCallMs)} ms; ` +
    (c.doneMs === null
      ? `NOT all done in the database (${states})`
      : `all ${fmt(TERMINALS)} done in the database after ${fmt(c.doneMs)} ms, through commandResults after ${fmt(c.visibleMs ?? Number.NaN)} ms`)
  );
}

function describeExcess(what: string, e: Excess): string {
  const w = e.worst;
  const worst =
    w && e.max > 0
      ? `; worst: the API said ${fmt(w.online ?? 0)} online while ${fmt(w.welcomedBefore)} -> ${fmt(w.welcomedAfter)} were welcomed`
      : "";
  return (
    `${what}: ${e.answered} of ${e.taken} samples answered by the API (longest gap ${fmt(e.maxGapMs)} ms); ` +
    `max excess ${fmt(e.max)} (over the count before each call: ${fmt(e.maxStrict)})${worst}`
  );
}

/** The samples about one a second: seconds since `t0`, the API's online count / the clients' welcomed count. */
function printProgress(what: string, run: SampleRun, t0: number): void {
  const shown: string[] = [];
  let second = -1;
  run.samples.forEach((s, i) => {
    const at = (s.answeredAt - t0) / 1000;
    if (Math.floor(at) === second && i !== run.samples.length - 1) return;
    second = Math.floor(at);
    shown.push(`${fmt(at, 1)} s ${s.online === null ? "-" : fmt(s.online)}/${fmt(s.welcomedAfter)}`);
  });
  console.log(`  API online / welcomed, ${what}:`);
  for (let i = 0; i < shown.length; i += 8) console.log(`    ${shown.slice(i, i + 8).join("  ")}`);
}

/** CPU used so far: the machine's (/proc/stat, jiffies), the server's and the client processes' (ms). */
interface CpuMark {
  at: number;
  machineBusy: number;
  machineTotal: number;
  server: number;
  serverMain: number;
  clients: number;
}

function cpuMark(serverPid: number, clientPids: number[]): CpuMark {
  const first = readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "";
  const v = first.trim().split(/\s+/).slice(1, 9).map(Number);
  const total = v.reduce((a, b) => a + b, 0);
  const idle = (v[3] ?? 0) + (v[4] ?? 0);
  const server = readCpu(serverPid);
  return {
    at: epochMs(),
    machineBusy: total - idle,
    machineTotal: total,
    server: server?.cpuMs ?? 0,
    serverMain: server?.mainCpuMs ?? 0,
    clients: clientPids.reduce((sum, pid) => sum + (readCpu(pid)?.cpuMs ?? 0), 0),
  };
}

/** Where the CPU went between two marks (`a` of a server just spawned: its CPU counts from 0). */
function describeCpu(what: string, a: CpuMark, b: CpuMark, serverFromZero = false): string {
  const ms = b.at - a.at;
  const pct = (used: number) => `${fmt((used / ms) * 100)} %`;
  const server = b.server - (serverFromZero ? 0 : a.server);
  const serverMain = b.serverMain - (serverFromZero ? 0 : a.serverMain);
  const machine = ((b.machineBusy - a.machineBusy) / Math.max(1, b.machineTotal - a.machineTotal)) * 100;
  return (
    `CPU ${what} (${fmt(ms / 1000, 1)} s): the machine ${fmt(machine)} % busy (of ${cpus().length} cores); ` +
    `the server ${pct(server)} of one core (its main thread ${pct(serverMain)}), ` +
    `the ${PROCESSES} client processes ${pct(b.clients - a.clients)}`
  );
}

function checkClean(what: string, s: FleetStats): string[] {
  const problems: string[] = [];
  if (s.errors > 0) problems.push(`${s.errors} client errors`);
  if (s.errorFrames > 0) problems.push(`${s.errorFrames} error frames`);
  if (s.refused > 0) problems.push(`${s.refused} refused terminals`);
  if (problems.length) console.log(`${what}: ${problems.join(", ")}`);
  return problems;
}

async function main(cleanup: Cleanup, started: number): Promise<void> {
  const database = await openDatabase(cleanup);
  const dataDir = tempDir(cleanup, "marquee-bench-recovery-data-");
  const serverOptions = { dataDir, databaseUrl: database.url, admin: ADMIN, startLimitMs: 120_000 };
  let t = epochMs();
  let real: RealServer = await startRealServer(cleanup, serverOptions);
  const firstHealthyMs = epochMs() - real.spawnedAt;
  const db = new pg.Pool({ connectionString: database.url, max: 2 });
  cleanup.add("closing the benchmark's pool", () => db.end());
  console.log(
    `set up in ${fmt((Date.now() - started) / 1000, 1)} s: ${database.kind}; real server pid ${real.pid} on port ${real.port}, ` +
      `healthy ${fmt(firstHealthyMs)} ms after its spawn (empty database) and ${fmt(epochMs() - t)} ms after asking; ` +
      `${fmt(TERMINALS)} terminals in ${PROCESSES} client processes from 127.0.0.2-${2 + PROCESSES * ADDRESSES_PER_PROCESS - 1}, ` +
      `first connection at ${fmt(CONNECT_RATE)}/s, reconnection after ${MIN_BACKOFF_MS}-${fmt(MAX_BACKOFF_MS)} ms (jittered back-off)`,
  );

  // Enrolment (not measured), then authorisation in one UPDATE, so that the first connection comes online.
  const pool = await ClientPool.open(cleanup, PROCESSES, (i) => fleetOptions(real.origin, i));
  t = epochMs();
  await pool.all({ op: "register" });
  const registered = await pool.stats();
  if (checkClean("registration", registered).length || registered.registered !== TERMINALS)
    throw new Error(`only ${registered.registered} terminals registered`);
  const updated = await db.query(
    "update terminals set state = 'authorised', authorised_at = now(), updated_at = now() where state = 'pending'",
  );
  if (updated.rowCount !== TERMINALS)
    throw new Error(`${updated.rowCount} terminals authorised, not ${TERMINALS}`);
  console.log(
    `${fmt(TERMINALS)} registered (POST /t/register, ${PROCESSES * 16} in flight) in ${fmt(epochMs() - t)} ms, authorised in one UPDATE`,
  );
  const ids = (await db.query<{ id: number }>("select id from terminals order by id")).rows.map((r) => r.id);
  const api = new Api(real.origin);
  if ((await api.online()) !== 0)
    throw new Error("the API does not answer 0 online before the fleet connects");

  // Baseline: the fleet's first connection, until the API reports all online.
  const baseCpu = cpuMark(real.pid, pool.pids);
  const connectAt = epochMs();
  let baseCpuEnd = baseCpu;
  const [baseRun, , baseWelcomedAt] = await Promise.all([
    sampleUntilAllOnline(pool, api, connectAt, BACK_LIMIT_MS).then((r) => {
      baseCpuEnd = cpuMark(real.pid, pool.pids);
      return r;
    }),
    pool.all({ op: "connect" }),
    pool.until("authorised", counts, BACK_LIMIT_MS),
  ]);
  if (baseRun.allOnlineAt === null)
    throw new Error("the first connection never showed all online in the API");
  const baseOnlineMs = baseRun.allOnlineAt - connectAt;
  const baseWelcomedMs = baseWelcomedAt - connectAt;
  const baseExcess = excessOf(baseRun);
  console.log(
    `first connection: all ${fmt(TERMINALS)} welcomed after ${fmt(baseWelcomedMs)} ms, online in the API after ${fmt(baseOnlineMs)} ms`,
  );
  console.log(describeExcess("first connection", baseExcess));
  printProgress("from starting the clients", baseRun, connectAt);
  console.log(describeCpu("from starting the clients until all online in the API", baseCpu, baseCpuEnd));
  await sleep(SETTLE_MS);
  const baseCommand = await commandToAll(api, db, ids);
  console.log(describeCommand("first command to all", baseCommand));
  if (baseCommand.doneMs === null) throw new Error("the first command to all was not done by every terminal");
  await sleep(SETTLE_MS);
  const before = await pool.stats();
  const onlineBefore = await api.online();
  if (before.welcomed !== TERMINALS || onlineBefore !== TERMINALS)
    throw new Error(`before the kill: ${before.welcomed} welcomed, ${onlineBefore} online in the API`);

  // The kill, and the start again on the same data directory, database and port.
  const oldPid = real.pid;
  const killAt = epochMs();
  await real.kill();
  const exitedAt = epochMs();
  const restart = startRealServer(cleanup, { ...serverOptions, port: real.port });
  // Sampling starts with the spawn (startRealServer spawns before its first await that waits).
  const restartAt = epochMs();
  const restartCpu = cpuMark(0, pool.pids);
  let restartCpuEnd = restartCpu;
  const backRun = sampleUntilAllOnline(pool, api, restartAt, BACK_LIMIT_MS).then((r) => {
    restartCpuEnd = cpuMark(real.pid, pool.pids);
    return r;
  });
  const welcomedAgain = pool.until("authorised", counts, BACK_LIMIT_MS).catch(() => null);
  real = await restart;
  const healthyMs = epochMs() - real.spawnedAt;
  const spawnedAfterKillMs = real.spawnedAt - killAt;
  console.log(
    `SIGKILL to pid ${oldPid}: exited ${fmt(exitedAt - killAt)} ms later; pid ${real.pid} spawned ` +
      `${fmt(spawnedAfterKillMs)} ms after the kill, healthy ${fmt(healthyMs)} ms after its spawn`,
  );
  const run = await backRun;
  const welcomedAt = await welcomedAgain;
  // Times from the restart (the new process's spawn).
  const backMs = run.allOnlineAt === null ? null : run.allOnlineAt - real.spawnedAt;
  const welcomedMs = welcomedAt === null ? null : welcomedAt - real.spawnedAt;
  const excess = excessOf(run);
  const firstAnswer = run.samples.find((s) => s.online !== null);
  console.log(
    `after the restart: the API first answered after ${fmt(firstAnswer ? firstAnswer.answeredAt - real.spawnedAt : Number.NaN)} ms ` +
      `(${fmt(firstAnswer?.online ?? Number.NaN)} online, ${fmt(firstAnswer?.welcomedAfter ?? Number.NaN)} welcomed); ` +
      `all ${fmt(TERMINALS)} welcomed again after ${fmt(welcomedMs ?? Number.NaN)} ms, online in the API after ${fmt(backMs ?? Number.NaN)} ms`,
  );
  console.log(describeExcess("after the restart", excess));
  printProgress("from the restart", run, real.spawnedAt);
  console.log(describeCpu("from the restart until all online in the API", restartCpu, restartCpuEnd, true));

  let command: CommandFigures | null = null;
  if (backMs !== null) {
    command = await commandToAll(api, db, ids);
    console.log(describeCommand("command to all after the restart", command));
  }
  const after = await pool.stats();
  const problems = checkClean("clients after the restart", after);
  console.log(
    `clients: ${fmt(after.reconnects)} reconnections in all, ${fmt(after.welcomed)} welcomed now; ` +
      `operator sign-ins: ${api.signIns}`,
  );
  await pool.close();

  const ratio = (a: number | null, b: number | null) => (a === null || b === null ? "-" : fmt(a / b, 2));
  const ms = (v: number | null) => (v === null ? "not reached" : fmt(v));
  const row = (name: string, a: string, b: string, r: string) =>
    `${name.padEnd(56)}${a.padStart(12)}${b.padStart(12)}${r.padStart(8)}`;
  console.log(
    `\n${fmt(TERMINALS)} screens; the real server (child process) killed with SIGKILL and started again on the same data directory, database and port`,
  );
  console.log(row("", "restart", "baseline", "ratio"));
  console.log(
    row(
      "server healthy, GET /f/health 200 (ms)",
      ms(healthyMs),
      ms(firstHealthyMs),
      ratio(healthyMs, firstHealthyMs),
    ),
  );
  console.log(
    row(
      `all ${fmt(TERMINALS)} online as the API reports it (ms)`,
      ms(backMs),
      ms(baseOnlineMs),
      ratio(backMs, baseOnlineMs),
    ),
  );
  console.log(
    row(
      "  all welcomed again (ms, client clocks)",
      ms(welcomedMs),
      ms(baseWelcomedMs),
      ratio(welcomedMs, baseWelcomedMs),
    ),
  );
  console.log(
    row(
      "command to all, every outcome done (ms)",
      ms(command?.doneMs ?? null),
      ms(baseCommand.doneMs),
      ratio(command?.doneMs ?? null, baseCommand.doneMs),
    ),
  );
  console.log(
    row(
      "  every outcome done through commandResults (ms)",
      ms(command?.visibleMs ?? null),
      ms(baseCommand.visibleMs),
      ratio(command?.visibleMs ?? null, baseCommand.visibleMs),
    ),
  );
  console.log(
    row("API online count above the welcomed count, max", fmt(excess.max), fmt(baseExcess.max), ""),
  );
  console.log(
    row(
      "  over the welcomed count before each call, max",
      fmt(excess.maxStrict),
      fmt(baseExcess.maxStrict),
      "",
    ),
  );
  console.log(
    row(
      `  samples answered / taken (every ~${SAMPLE_MS} ms)`,
      `${excess.answered}/${excess.taken}`,
      `${baseExcess.answered}/${baseExcess.taken}`,
      "",
    ),
  );
  console.log(
    "(restart: from the new process's spawn, " +
      `${fmt(spawnedAfterKillMs)} ms after the SIGKILL; baseline: health from the first start on an empty database, ` +
      `online from starting the clients' first connection at ${fmt(CONNECT_RATE)}/s (>= ${fmt((TERMINALS / CONNECT_RATE) * 1000)} ms), ` +
      "the command from the first command to all)",
  );

  const backMet = backMs !== null && backMs <= TARGET_BACK_MS && excess.max === 0;
  const ackDone = command?.doneMs ?? null;
  const ackMet = ackDone !== null && ackDone < TARGET_ACK_MS;
  const excessMet = excess.max === 0;
  const missed: string[] = [];
  console.log(
    `\nall back and counted correctly within ${fmt(TARGET_BACK_MS)} ms of the restart: ${ms(backMs)} ms, max excess ${fmt(excess.max)}: ${verdict(backMet)}`,
  );
  if (!backMet) missed.push("all back and counted correctly within 30 s");
  console.log(
    `command to all acknowledged within ${fmt(TARGET_ACK_MS)} ms after that: ${ms(command?.doneMs ?? null)} ms: ${verdict(ackMet)}`,
  );
  if (!ackMet) missed.push("command to all within 2 s");
  console.log(
    `API's online count never above the true count: max excess ${fmt(excess.max)}: ${verdict(excessMet)}`,
  );
  if (!excessMet) missed.push("online count never above the true count");
  if (problems.length) missed.push(`clean clients (${problems.join(", ")})`);
  console.log(missed.length === 0 ? "all targets met" : `TARGET MISSED: ${missed.join("; ")}`);
}

// Bounded: set-up ~20 s, enrolment ~30 s, two connections and commands, up to 2 min of recovery, cleanup.
await runBenchmark(main, { stepLimitMs: 20_000, cleanupLimitMs: 60_000, benchLimitMs: 600_000 });
