import pg from "pg";
import type { FleetStats } from "../tools/fleet-sim/fleet";
import { Operator } from "../tools/fleet-sim/operator";
import type { Cleanup } from "./lib/cleanup";
import { openDatabase, tempDir } from "./lib/database";
import { envCount } from "./lib/env";
import { type BareFleetServer, startBareFleetServer } from "./lib/fleet-bare";
import type { ChildFleetOptions } from "./lib/fleet-client-child";
import { epochMs } from "./lib/fleet-client-child";
import { ClientPool } from "./lib/fleet-clients";
import { readCpu, readRss } from "./lib/proc";
import { runBenchmark } from "./lib/run";
import { type ChildServer, startRealServer } from "./lib/upload-servers";

/**
 * The fleet benchmark: 10,000 simulated terminals (tools/fleet-sim,
 * the real protocol through TerminalClient) held by the real server in a
 * child process, against a bare `ws` server (also a child process) holding
 * the same clients. The clients live in several processes of their own (one
 * process may hold at most 20,000 open files here) and connect (and enrol)
 * from 40 addresses 127.0.0.2-41, so that no address runs out of ephemeral
 * ports and enrolment stays within the server's default limit of open calls
 * (300 a minute per address).
 *
 * Measured, for both servers: the time until every terminal is welcomed, the
 * server's RSS growth per connection (/proc/<pid>/status, after minus before),
 * its CPU over 30 s of steady state with 30 s heartbeats (/proc/<pid>/stat),
 * and one command to every terminal until all are answered: on the real
 * server through the operator API (POST /a/api/terminal/command, 1,000 ids a
 * call, the most the API takes) until the database holds 10,000 "done"
 * outcomes; on the bare server one broadcast until the last ack. The real
 * terminals are authorised directly in the database (one UPDATE) and learn it
 * by connecting again.
 *
 * Then a volume batch to every terminal with 5 % of them answering
 * a failure with its reason, until every per-terminal result is final as the
 * operator API shows it (GET commandResults).
 *
 * Targets: 10,000 held, under 30 KB of server RSS per terminal, every outcome
 * done within 2 s, every result of the failing batch visible within 5 s.
 */

const env = envCount;
const TERMINALS = env("BENCH_FLEET_TERMINALS", 10_000);
const PROCESSES = env("BENCH_FLEET_PROCESSES", 4);
/** New connections a second, over all client processes. */
const CONNECT_RATE = env("BENCH_FLEET_RATE", 2_000);
const ADDRESSES_PER_PROCESS = 10;
const HEARTBEAT_SEC = 30;
const STEADY_SEC = 30;
const SETTLE_MS = 3_000;
const IDS_PER_CALL = 1_000;
const ADMIN = { username: "admin", password: "Admin12345" };
const TARGET_RSS_KB = 30;
const TARGET_ACK_MS = 2_000;
/** The share of terminals answering the batch with a failure, and its target. */
const FAIL_RATE = 0.05;
const TARGET_BATCH_MS = 5_000;
const RESULT_IDS_PER_GET = 500;
const POLL_MS = 100;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const fmt = (n: number, digits = 0) =>
  n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
const kb = (bytes: number) => bytes / 1024;
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
/** One terminal a process: for "the first one answered". */
const ones = counts.map(() => 1);

/** Process i connects (and registers) from 127.0.0.(2 + 10i) … 127.0.0.(11 + 10i). */
function addresses(i: number): string[] {
  return Array.from(
    { length: ADDRESSES_PER_PROCESS },
    (_, k) => `127.0.0.${2 + i * ADDRESSES_PER_PROCESS + k}`,
  );
}

function fleetOptions(server: string, prefix: string, i: number, skipRegister: boolean): ChildFleetOptions {
  return {
    server,
    prefix,
    ...share(i),
    stateFile: null,
    connectRate: CONNECT_RATE / PROCESSES,
    registerConcurrency: 16,
    sourceIps: addresses(i),
    heartbeatSec: HEARTBEAT_SEC,
    manifest: false,
    skipRegister,
    // A fleet that lost its server comes back within seconds here (the benchmark has no time to wait).
    minBackoffMs: 500,
    maxBackoffMs: 5_000,
  };
}

/** What one server did with the fleet. */
interface Figures {
  connectMs: number;
  /** The real server's first connection of the fleet, as pending terminals (the bare server has one connection). */
  pendingConnectMs?: number;
  rssBefore: number;
  rssAfter: number;
  cpuPercent: number;
  beats: number;
  commandMs: number;
  /** The clients had all answered, ms after the command was issued (client clocks). */
  answeredMs: number;
  /** The first client answered, ms after the command was issued. */
  firstAnswerMs: number;
  held: number;
  /** The batch with failures (real server only). */
  batch?: BatchFigures;
}

interface BatchFigures {
  /** From the first call until every per-terminal result is final through the API. */
  visibleMs: number;
  /** Until every call had answered its outcomes (queued or sent). */
  issuedMs: number;
  failed: number;
  done: number;
}

/** CPU of `pid` over `seconds` of steady state, as % of one core; and the heartbeats the clients sent meanwhile. */
async function steadyCpu(
  pid: number,
  pool: ClientPool,
  seconds: number,
): Promise<{ percent: number; beats: number }> {
  const before = readCpu(pid);
  const beatsBefore = (await pool.stats()).beats;
  const t = performance.now();
  await sleep(seconds * 1000);
  const after = readCpu(pid);
  const elapsed = performance.now() - t;
  const beats = (await pool.stats()).beats - beatsBefore;
  if (!before || !after) throw new Error(`process ${pid} has gone`);
  return { percent: ((after.cpuMs - before.cpuMs) / elapsed) * 100, beats };
}

function rssOf(pid: number): number {
  const rss = readRss(pid);
  if (rss === undefined) throw new Error(`process ${pid} has gone`);
  return rss;
}

function checkClean(what: string, s: FleetStats): void {
  if (s.errors > 0 || s.errorFrames > 0 || s.refused > 0) {
    throw new Error(
      `${what}: ${s.errors} client errors, ${s.errorFrames} error frames, ${s.refused} refused terminals`,
    );
  }
}

async function bareRun(cleanup: Cleanup): Promise<Figures> {
  const bare: BareFleetServer = await startBareFleetServer(cleanup, HEARTBEAT_SEC);
  const pool = await ClientPool.open(cleanup, PROCESSES, (i) => fleetOptions(bare.origin, "bare", i, true));
  await sleep(1000);
  const rssBefore = rssOf(bare.pid);
  const started = epochMs();
  await pool.all({ op: "connect" });
  const welcomed = await pool.until("welcomed", counts, 120_000);
  const connectMs = welcomed - started;
  console.log(`bare: ${fmt(TERMINALS)} welcomed in ${fmt(connectMs)} ms`);
  await sleep(SETTLE_MS);
  const rssAfter = rssOf(bare.pid);
  const { percent, beats } = await steadyCpu(bare.pid, pool, STEADY_SEC);
  const issued = epochMs();
  const firstAnswer = pool.until("answered", ones, 60_000, true);
  const commandMs = await bare.broadcast(60_000);
  const answered = await pool.until("answered", counts, 60_000);
  const held = await bare.clients();
  const stats = await pool.stats();
  checkClean("bare", stats);
  await pool.close();
  await bare.stop();
  return {
    connectMs,
    rssBefore,
    rssAfter,
    cpuPercent: percent,
    beats,
    commandMs,
    answeredMs: answered - issued,
    firstAnswerMs: (await firstAnswer) - issued,
    held,
  };
}

/** Counts of the bench's terminals in the database. */
async function dbCount(db: pg.Pool, sql: string, params: unknown[] = []): Promise<number> {
  const r = await db.query<{ n: number }>(sql, params);
  return r.rows[0]?.n ?? -1;
}

async function realRun(cleanup: Cleanup, real: ChildServer, db: pg.Pool): Promise<Figures> {
  const pool = await ClientPool.open(cleanup, PROCESSES, (i) => fleetOptions(real.origin, "bench", i, false));

  // Enrolment: POST /t/register for every terminal (not measured against the baseline, which has none).
  let t = performance.now();
  await pool.all({ op: "register" });
  const registered = await pool.stats();
  checkClean("registration", registered);
  if (registered.registered !== TERMINALS)
    throw new Error(`only ${registered.registered} terminals registered`);
  console.log(
    `real: ${fmt(TERMINALS)} registered (POST /t/register, ${PROCESSES * 16} in flight) in ${fmt(performance.now() - t)} ms`,
  );

  // Connection, pending: every terminal welcomed.
  await sleep(SETTLE_MS);
  const rssBefore = rssOf(real.pid);
  let started = epochMs();
  await pool.all({ op: "connect" });
  const welcomedPending = (await pool.until("welcomed", counts, 120_000)) - started;
  console.log(`real: ${fmt(TERMINALS)} welcomed as pending in ${fmt(welcomedPending)} ms`);

  // Authorisation in one UPDATE; the terminals learn it by connecting again (the whole fleet).
  t = performance.now();
  const updated = await db.query(
    "update terminals set state = 'authorised', authorised_at = now(), updated_at = now() where state = 'pending'",
  );
  console.log(
    `real: ${fmt(updated.rowCount ?? 0)} authorised in one UPDATE in ${fmt(performance.now() - t)} ms`,
  );
  started = epochMs();
  await pool.all({ op: "reconnect" });
  const connectMs = (await pool.until("authorised", counts, 120_000)) - started;
  console.log(`real: ${fmt(TERMINALS)} reconnected and welcomed as authorised in ${fmt(connectMs)} ms`);
  await sleep(SETTLE_MS);
  const rssAfter = rssOf(real.pid);
  const { percent, beats } = await steadyCpu(real.pid, pool, STEADY_SEC);
  const online = await dbCount(db, "select count(*)::int as n from terminals where online");

  // One command to all, through the operator API, until every outcome is done in the database.
  const operator = await Operator.signIn(real.origin, ADMIN.username, ADMIN.password);
  const ids = (await db.query<{ id: number }>("select id from terminals order by id")).rows.map((r) => r.id);
  const calls: number[][] = [];
  for (let i = 0; i < ids.length; i += IDS_PER_CALL) calls.push(ids.slice(i, i + IDS_PER_CALL));
  const issuedAt = epochMs();
  const firstAnswer = pool.until("answered", ones, 60_000, true);
  const t0 = performance.now();
  const callMs: number[] = [];
  const outcomes = (
    await Promise.all(
      calls.map(async (c) => {
        const list = await operator.command(c, "refresh");
        callMs.push(performance.now() - t0);
        return list;
      }),
    )
  ).flat();
  const offline = outcomes.filter((o) => (o as { state?: unknown }).state === "offline").length;
  if (outcomes.length !== TERMINALS || offline > 0) {
    throw new Error(`the command answered ${outcomes.length} outcomes, ${offline} offline`);
  }
  let done = 0;
  while (done < TERMINALS) {
    done = await dbCount(
      db,
      "select count(*)::int as n from terminal_commands where name = 'refresh' and state = 'done'",
    );
    if (performance.now() - t0 > 60_000) throw new Error(`only ${done} outcomes done after 60 s`);
    if (done < TERMINALS) await sleep(20);
  }
  const commandMs = performance.now() - t0;
  const answered = await pool.until("answered", counts, 10_000);
  console.log(
    `real: the ${calls.length} command calls answered after ${fmt(Math.min(...callMs))} to ${fmt(Math.max(...callMs))} ms; ` +
      `${fmt(TERMINALS)} outcomes done in the database after ${fmt(commandMs)} ms`,
  );
  const batch = await failingBatch(pool, operator, calls);
  const stats = await pool.stats();
  checkClean("real", stats);
  const held = stats.welcomed;
  if (online !== TERMINALS)
    console.log(`real: the database shows ${fmt(online)} online (expected ${fmt(TERMINALS)})`);
  await pool.close();
  return {
    connectMs,
    pendingConnectMs: welcomedPending,
    rssBefore,
    rssAfter,
    cpuPercent: percent,
    beats,
    commandMs,
    answeredMs: answered - issuedAt,
    firstAnswerMs: (await firstAnswer) - issuedAt,
    held,
    batch,
  };
}

/**
 * A batch command (volume) to every terminal with FAIL_RATE of the
 * answers failures with a reason, timed from the first call until every
 * per-terminal result is final (done or failed, with its reason) as an
 * operator sees it: GET /a/api/terminal/commandResults, RESULT_IDS_PER_GET
 * command ids a call, polled every POLL_MS.
 */
async function failingBatch(pool: ClientPool, operator: Operator, calls: number[][]): Promise<BatchFigures> {
  await pool.all({ op: "failRate", rate: FAIL_RATE });
  const t0 = performance.now();
  const outcomes = (
    await Promise.all(calls.map((c) => operator.command(c, "volume", { volume: 35 })))
  ).flat() as Array<{
    id: string;
    state: string;
  }>;
  const issuedMs = performance.now() - t0;
  if (outcomes.length !== TERMINALS) throw new Error(`the batch answered ${outcomes.length} outcomes`);
  const ids = outcomes.map((o) => o.id);
  const chunks: string[][] = [];
  for (let i = 0; i < ids.length; i += RESULT_IDS_PER_GET) chunks.push(ids.slice(i, i + RESULT_IDS_PER_GET));
  let final: Array<{ state: string; reason: string | null }> = [];
  let polls = 0;
  for (;;) {
    const seen = (await Promise.all(chunks.map((c) => operator.results(c)))).flat() as Array<{
      state: string;
      reason: string | null;
    }>;
    polls++;
    final = seen.filter((o) => o.state === "done" || o.state === "failed");
    if (final.length === TERMINALS) break;
    if (performance.now() - t0 > 60_000) throw new Error(`only ${final.length} results final after 60 s`);
    await sleep(POLL_MS);
  }
  const visibleMs = performance.now() - t0;
  await pool.all({ op: "failRate", rate: 0 });
  const failed = final.filter((o) => o.state === "failed");
  const withReason = failed.filter((o) => o.reason && o.reason.length > 0).length;
  console.log(
    `real: a volume batch to ${fmt(TERMINALS)} with ${fmt(FAIL_RATE * 100)} % set to fail: calls answered in ${fmt(issuedMs)} ms; ` +
      `every result final through the API after ${fmt(visibleMs)} ms (${polls} polls of ${chunks.length} GETs); ` +
      `${fmt(final.length - failed.length)} done, ${fmt(failed.length)} failed (${fmt(withReason)} with a reason)`,
  );
  if (withReason !== failed.length) throw new Error("a failed result came without its reason");
  return { visibleMs, issuedMs, failed: failed.length, done: final.length - failed.length };
}

async function main(cleanup: Cleanup, started: number): Promise<void> {
  const database = await openDatabase(cleanup);
  const dataDir = tempDir(cleanup, "marquee-bench-fleet-data-");
  const real = await startRealServer(cleanup, {
    dataDir,
    databaseUrl: database.url,
    admin: ADMIN,
    startLimitMs: 120_000,
  });
  const db = new pg.Pool({ connectionString: database.url, max: 2 });
  cleanup.add("closing the benchmark's pool", () => db.end());
  console.log(
    `set up in ${fmt((Date.now() - started) / 1000, 1)} s: ${database.kind}; real server pid ${real.pid}; ` +
      `${fmt(TERMINALS)} terminals in ${PROCESSES} client processes, ${CONNECT_RATE}/s, ` +
      `from 127.0.0.2-${2 + PROCESSES * ADDRESSES_PER_PROCESS - 1}; heartbeats every ${HEARTBEAT_SEC} s`,
  );

  const bare = await bareRun(cleanup);
  const ours = await realRun(cleanup, real, db);

  const perConn = (f: Figures) => (f.rssAfter - f.rssBefore) / TERMINALS;
  const row = (name: string, a: string, b: string, ratio: string) =>
    `${name.padEnd(44)}${a.padStart(12)}${b.padStart(12)}${ratio.padStart(10)}`;
  const ratio = (a: number, b: number) => fmt(a / b, 2);
  console.log(
    `\n${fmt(TERMINALS)} terminals; real server (child process) against a bare ws server (child process)`,
  );
  console.log(row("", "real", "bare", "real/bare"));
  console.log(row("held at the end", fmt(ours.held), fmt(bare.held), ratio(ours.held, bare.held)));
  console.log(
    row(
      `all welcomed (ms, at ${CONNECT_RATE}/s: >= ${fmt((TERMINALS / CONNECT_RATE) * 1000)})`,
      fmt(ours.connectMs),
      fmt(bare.connectMs),
      ratio(ours.connectMs, bare.connectMs),
    ),
  );
  console.log(
    row("  real's first connection, as pending (ms)", fmt(ours.pendingConnectMs ?? Number.NaN), "", ""),
  );
  console.log(
    row(
      "RSS per connection (KB)",
      fmt(kb(perConn(ours)), 1),
      fmt(kb(perConn(bare)), 1),
      ratio(perConn(ours), perConn(bare)),
    ),
  );
  console.log(
    row(
      "  RSS before -> after all connected (MB)",
      `${fmt(ours.rssBefore / 2 ** 20)}->${fmt(ours.rssAfter / 2 ** 20)}`,
      `${fmt(bare.rssBefore / 2 ** 20)}->${fmt(bare.rssAfter / 2 ** 20)}`,
      "",
    ),
  );
  console.log(
    row(
      `CPU, ${STEADY_SEC} s steady (% of one core)`,
      fmt(ours.cpuPercent, 2),
      fmt(bare.cpuPercent, 2),
      ratio(ours.cpuPercent, bare.cpuPercent),
    ),
  );
  console.log(row("  heartbeats in that time", fmt(ours.beats), fmt(bare.beats), ""));
  console.log(
    row(
      "one command to all, all answered (ms)",
      fmt(ours.commandMs),
      fmt(bare.commandMs),
      ratio(ours.commandMs, bare.commandMs),
    ),
  );
  console.log(
    row("  clients had all acked (ms, client clocks)", fmt(ours.answeredMs), fmt(bare.answeredMs), ""),
  );
  console.log(row("  the first client acked (ms)", fmt(ours.firstAnswerMs), fmt(bare.firstAnswerMs), ""));
  const calls = Math.ceil(TERMINALS / IDS_PER_CALL);
  console.log(
    `(real: ${calls} operator API call${calls > 1 ? "s" : ""} of up to ${fmt(IDS_PER_CALL)} ids issued at once until ` +
      `${fmt(TERMINALS)} 'done' rows in the database; bare: one broadcast until the last ack reached the server)`,
  );
  const batch = ours.batch;
  if (!batch) throw new Error("the real run measured no batch");
  console.log(
    row(
      `batch, ${fmt(FAIL_RATE * 100)} % failing: every result in the API (ms)`,
      fmt(batch.visibleMs),
      fmt(bare.commandMs),
      ratio(batch.visibleMs, bare.commandMs),
    ),
  );
  console.log(
    `(batch: ${fmt(batch.done)} done, ${fmt(batch.failed)} failed with their reasons; the baseline is the bare server's broadcast until the last ack)`,
  );
  const heldMet = ours.held === TERMINALS;
  const rssMet = kb(perConn(ours)) < TARGET_RSS_KB;
  const ackMet = ours.commandMs < TARGET_ACK_MS;
  console.log(`\n${fmt(TERMINALS)} held: ${fmt(ours.held)}: ${verdict(heldMet)}`);
  console.log(`RSS per terminal < ${TARGET_RSS_KB} KB: ${fmt(kb(perConn(ours)), 1)} KB: ${verdict(rssMet)}`);
  console.log(`all acked < ${fmt(TARGET_ACK_MS)} ms: ${fmt(ours.commandMs)} ms: ${verdict(ackMet)}`);
  const batchMet = batch.visibleMs < TARGET_BATCH_MS;
  console.log(
    `batch with ${fmt(FAIL_RATE * 100)} % failing, every result visible < ${fmt(TARGET_BATCH_MS)} ms: ${fmt(batch.visibleMs)} ms: ${verdict(batchMet)}`,
  );
  console.log(heldMet && rssMet && ackMet && batchMet ? "all targets met" : "TARGET MISSED");
}

// Bounded: set-up ~20 s, two fleets of ~1 min each (30 s of it steady state), cleanup.
await runBenchmark(main, { stepLimitMs: 20_000, cleanupLimitMs: 60_000, benchLimitMs: 330_000 });
