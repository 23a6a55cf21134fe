import { availableParallelism } from "node:os";
import { createProgram, createWidget } from "@marquee/program";
import { type PlanItem, resolveRange, type ScheduleInput, type SchedulePlan, TIERS } from "@marquee/schedule";
import pg from "pg";
import type { FleetStats } from "../tools/fleet-sim/fleet";
import { Operator } from "../tools/fleet-sim/operator";
import type { Cleanup } from "./lib/cleanup";
import { cpuProfArgs, PhaseMarks, summariseDir } from "./lib/cpu-profile";
import { openDatabase, tempDir } from "./lib/database";
import { envCount } from "./lib/env";
import type { ChildFleetOptions } from "./lib/fleet-client-child";
import { epochMs } from "./lib/fleet-client-child";
import { ClientPool } from "./lib/fleet-clients";
import { CpuTimeline, cpuOfAll, postgresCpuMs, RssSampler } from "./lib/proc";
import { runBenchmark } from "./lib/run";
import { startRealServer } from "./lib/upload-servers";

/**
 * The publishing benchmark: a play plan published to 10,000
 * simulated terminals (tools/fleet-sim: the real protocol, in four client
 * processes, from 40 loopback addresses) held by the real server in a child
 * process with a fresh PostgreSQL.
 *
 * Measured, from the moment the publish call is sent (POST
 * /a/api/playPlan/saveTerminals, the operator's office and below):
 *  (a) the API answered: the publication and its 10,000 targets are recorded;
 *  (b) every terminal received `sync` (measured at the terminals);
 *  (c) every terminal holds its new manifest (carried by its sync, as the
 *      player and fleet-sim take it when it is small enough, or fetched with
 *      GET /t/manifest), and the server shows every target at least
 *      "fetched" (GET /a/api/publication/details counts);
 * and (d) the resolver's time for 10,000 terminals over 7 days
 * (resolveRange, in this process, on varied generated schedules: 1-3 plans
 * of 5-20 items each, eight time zones, windows across midnight, all tiers
 * and modes, a few messages; the median of three passes).
 *
 * Baselines, measured in the same run: for (a)-(c), one `refresh` command to
 * the same 10,000 terminals through the existing batch command API (10 calls
 * of 1,000 ids issued at once) — (a) against the calls answered (10,000 rows
 * recorded), (b) against every terminal having the command, (c) against
 * 10,000 "done" outcomes in the database; for (d), a plain loop building as
 * many Date objects as the resolver returned segment bounds.
 *
 * The last manifest fetch (measured at the terminals) is set against the
 * baseline's (c) too: the same 10,000 screens each making one round trip
 * the server records.
 *
 * Targets: all notified in under 2 s; all fetched in under 3 s; the
 * resolver under 1 s.
 *
 * Beside the server on the same cores run PostgreSQL and the simulated
 * screens (each parses and checks its manifest, resolves its schedule and
 * reports, as a player does): the CPU time of each, from /proc, while the
 * terminals were told and until they held the manifest, against the
 * machine's whole CPU over those phases, so a figure bound by the
 * simulator's share of two cores shows as such.
 *
 * Where the time goes: the server's CPU time (all its threads, from /proc)
 * in each phase of the publication (the call; until the last terminal had
 * sync; until the last manifest fetch; until the server shows every target
 * reached) and of the baseline, per terminal, with the database's
 * transactions; the machine's other load does not inflate CPU time the way
 * it inflates wall time. BENCH_CPU_PROF=<dir> starts the server with
 * `node --cpu-prof` writing into <dir>, notes the phases there
 * (phases.json) and prints the self time per function in each phase once
 * the server has stopped (bench/lib/cpu-profile.ts reads it again).
 */

const env = envCount;
const rate = (name: string, fallback: number) => {
  const v = process.env[name];
  const n = v === undefined ? fallback : Number(v);
  if (!Number.isFinite(n) || n < 0 || n > 1) throw new Error(`${name} must be a number from 0 to 1`);
  return n;
};
const TERMINALS = env("BENCH_PUBLISH_TERMINALS", 10_000);
const PROCESSES = env("BENCH_PUBLISH_PROCESSES", 4);
const CONNECT_RATE = env("BENCH_PUBLISH_RATE", 2_000);
/** Share of the terminals' manifests of which one publication is reported failed (fleet-sim --delivery-fail-rate). */
const FAIL_RATE = rate("BENCH_PUBLISH_FAIL_RATE", 0);
const ADDRESSES_PER_PROCESS = 10;
const IDS_PER_CALL = 1_000;
const RESOLVER_PASSES = 3;
const SETTLE_MS = 3_000;
const DAY_MS = 86_400_000;
const ADMIN = { username: "admin", password: "Admin12345" };
const TARGET_NOTIFY_MS = 2_000;
/** Every terminal fetched its manifest after the publish (the last fetch, measured at the terminals). */
const TARGET_FETCH_MS = 3_000;
const TARGET_RESOLVER_MS = 1_000;
/** A directory for the server's CPU profile, or undefined (no profile). */
const PROF_DIR = process.env.BENCH_CPU_PROF || undefined;
/** Delivery states that mean "the terminal has taken the manifest" (or got further). */
const REACHED = ["fetched", "downloading", "downloaded", "playing", "failed"] as const;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const fmt = (n: number, digits = 0) =>
  n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
const verdict = (met: boolean) => (met ? "PASS" : "FAIL");
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;

function share(i: number): { first: number; count: number } {
  const base = Math.floor(TERMINALS / PROCESSES);
  const extra = TERMINALS % PROCESSES;
  return { first: 1 + i * base + Math.min(i, extra), count: base + (i < extra ? 1 : 0) };
}
const counts = Array.from({ length: PROCESSES }, (_, i) => share(i).count);

function fleetOptions(server: string, i: number): ChildFleetOptions {
  return {
    server,
    prefix: "pub",
    ...share(i),
    stateFile: null,
    connectRate: CONNECT_RATE / PROCESSES,
    registerConcurrency: 16,
    sourceIps: Array.from(
      { length: ADDRESSES_PER_PROCESS },
      (_, k) => `127.0.0.${2 + i * ADDRESSES_PER_PROCESS + k}`,
    ),
    heartbeatSec: 30,
    manifest: true,
    deliveryFailRate: FAIL_RATE,
    minBackoffMs: 500,
    maxBackoffMs: 5_000,
  };
}

function checkClean(what: string, s: FleetStats): void {
  if (s.errors > 0 || s.errorFrames > 0 || s.refused > 0) {
    throw new Error(
      `${what}: ${s.errors} client errors, ${s.errorFrames} error frames, ${s.refused} refused terminals`,
    );
  }
}

/** 10,000 terminals enrolled, authorised into the operator's office, connected and served their first manifest. */
async function fleetUp(cleanup: Cleanup, origin: string, db: pg.Pool, officeId: number): Promise<ClientPool> {
  const pool = await ClientPool.open(cleanup, PROCESSES, (i) => fleetOptions(origin, i));
  let t = performance.now();
  await pool.all({ op: "register" });
  const registered = await pool.stats();
  checkClean("registration", registered);
  if (registered.registered !== TERMINALS)
    throw new Error(`only ${registered.registered} terminals registered`);
  console.log(`${fmt(TERMINALS)} terminals registered in ${fmt(performance.now() - t)} ms`);
  await pool.all({ op: "connect" });
  await pool.until("welcomed", counts, 120_000);
  // Authorised in one UPDATE into the operator's office (a selection by office reaches them); they learn it by reconnecting.
  t = performance.now();
  const updated = await db.query(
    "update terminals set state = 'authorised', office_id = $1, authorised_at = now(), updated_at = now() where state = 'pending'",
    [officeId],
  );
  console.log(`${fmt(updated.rowCount ?? 0)} authorised in one UPDATE in ${fmt(performance.now() - t)} ms`);
  t = performance.now();
  await pool.all({ op: "reconnect" });
  await pool.until("authorised", counts, 120_000);
  console.log(`${fmt(TERMINALS)} reconnected and welcomed as authorised in ${fmt(performance.now() - t)} ms`);
  // The welcome names (or carries) each terminal's manifest: they all take it once before anything is measured.
  let fetched = (await pool.stats()).manifests;
  for (let still = 0; fetched < TERMINALS && still < 10 && performance.now() - t < 120_000; ) {
    await sleep(200);
    const now = (await pool.stats()).manifests;
    still = now === fetched ? still + 1 : 0;
    fetched = now;
  }
  console.log(
    `${fmt(fetched)} first manifests taken ${fmt(performance.now() - t)} ms after reconnecting ` +
      `(${fmt((await pool.stats()).carried)} carried by the welcome, the others fetched)`,
  );
  await sleep(SETTLE_MS);
  checkClean("connection", await pool.stats());
  return pool;
}

interface Baseline {
  answeredMs: number;
  receivedMs: number;
  doneMs: number;
  /** The server's CPU time (ms, all threads) from the calls to the last outcome done. */
  cpuMs: number;
  /** Attempts that failed before (the server's reasons). */
  failures: string[];
}

/**
 * One refresh command to every terminal through the existing batch API (the
 * calls issued at once, as bench:fleet does). A failed attempt (a server
 * error) is reported and tried once more, counted from there.
 */
async function commandBaseline(
  operator: Operator,
  pool: ClientPool,
  db: pg.Pool,
  sampler: RssSampler,
): Promise<Baseline> {
  const ids = (await db.query<{ id: number }>("select id from terminals order by id")).rows.map((r) => r.id);
  const calls: number[][] = [];
  for (let i = 0; i < ids.length; i += IDS_PER_CALL) calls.push(ids.slice(i, i + IDS_PER_CALL));
  const failures: string[] = [];
  for (let attempt = 1; ; attempt++) {
    try {
      return { ...(await commandOnce(operator, pool, db, sampler, calls)), failures };
    } catch (err) {
      const why = err instanceof Error ? err.message : String(err);
      if (attempt >= 2) throw new Error(`the command baseline failed twice: ${failures.join("; ")}; ${why}`);
      failures.push(why.slice(0, 300));
      console.log(`baseline: attempt ${attempt} failed (${why.slice(0, 300)}); trying once more`);
      await sleep(5_000);
    }
  }
}

async function commandOnce(
  operator: Operator,
  pool: ClientPool,
  db: pg.Pool,
  sampler: RssSampler,
  calls: number[][],
): Promise<Omit<Baseline, "failures">> {
  // Counted from what each process had answered before.
  const before = ((await pool.all({ op: "stats" })) as FleetStats[]).map((s) => s.acks + s.failures);
  sampler.mark();
  const issued = epochMs();
  const received = pool.until(
    "answered",
    counts.map((c, i) => c + (before[i] ?? 0)),
    60_000,
  );
  received.catch(() => undefined);
  const outcomes = (await Promise.all(calls.map((c) => operator.command(c, "refresh")))).flat();
  const answeredMs = epochMs() - issued;
  const offline = outcomes.filter((o) => isRecord(o) && o.state === "offline").length;
  if (outcomes.length !== TERMINALS || offline > 0)
    throw new Error(`the command answered ${outcomes.length} outcomes, ${offline} offline`);
  const receivedMs = (await received) - issued;
  for (;;) {
    const r = await db.query<{ n: number }>(
      "select count(*)::int as n from terminal_commands where name = 'refresh' and state = 'done' and created_at >= to_timestamp($1::double precision / 1000)",
      [issued - 1000],
    );
    const done = r.rows[0]?.n ?? 0;
    if (done >= TERMINALS) break;
    if (epochMs() - issued > 60_000) throw new Error(`only ${done} command outcomes done after 60 s`);
    await sleep(10);
  }
  const doneAt = epochMs();
  sampler.window();
  const [cpu] = cpuBetween(sampler, [
    ["issued", issued],
    ["done", doneAt],
  ]);
  return { answeredMs, receivedMs, doneMs: doneAt - issued, cpuMs: cpu?.ms ?? Number.NaN };
}

/** The same selection counted through the API (publishTerminalSaveCount): one read of the 10,000 targets. */
async function countRoundTrip(operator: Operator, officeId: number): Promise<number> {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 3; i++) {
    const t = epochMs();
    const answer = await operator.call(
      "GET",
      `/a/api/playPlan/publishTerminalSaveCount?officeIds=${officeId}&includeChildren=true`,
    );
    best = Math.min(best, epochMs() - t);
    if (answer.count !== TERMINALS) throw new Error(`the selection counts ${String(answer.count)} terminals`);
  }
  return best;
}

/** Three programs and a plan of eight items naming them, approved (submitted while review is off). */
async function content(operator: Operator): Promise<{ planId: number }> {
  const programIds: number[] = [];
  for (const name of ["Lobby loop", "Menu", "Notices"]) {
    const doc = createProgram({ width: 1920, height: 1080 });
    doc.scenes[0]?.widgets.push(createWidget("text", doc, { defaults: { text: `${name}: welcome` } }));
    const saved = await operator.call("POST", "/a/api/program/save", { name: `bench ${name}`, doc });
    programIds.push(Number(saved.id));
  }
  const [p1 = 0, p2 = 0, p3 = 0] = programIds;
  const today = new Date().toISOString().slice(0, 10);
  const all = [1, 2, 3, 4, 5, 6, 7];
  const item = (id: string, programId: number, over: Partial<PlanItem>): PlanItem => ({
    id,
    programId,
    startDate: today,
    endDate: null,
    weekdays: all,
    windows: [{ start: "00:00", end: "24:00" }],
    mode: { kind: "loop" },
    tier: "normal",
    ...over,
  });
  const items: PlanItem[] = [
    item("allday", p1, {}),
    item("morning", p2, { weekdays: [1, 2, 3, 4, 5], windows: [{ start: "06:00", end: "10:00" }] }),
    item("lunch", p3, {
      tier: "high",
      mode: { kind: "times", count: 3 },
      windows: [{ start: "11:30", end: "14:00" }],
    }),
    item("evening", p2, { windows: [{ start: "18:00", end: "23:00" }] }),
    item("night", p3, { tier: "filler", windows: [{ start: "22:00", end: "06:00" }] }),
    item("promo", p2, {
      tier: "high",
      weekdays: [6, 7],
      mode: { kind: "interval", everyMin: 30 },
      windows: [{ start: "09:00", end: "21:00" }],
    }),
    item("weekend", p1, { weekdays: [6, 7], windows: [{ start: "10:00", end: "18:00" }] }),
    item("news", p3, {
      windows: [
        { start: "07:00", end: "09:00" },
        { start: "12:00", end: "13:00" },
      ],
    }),
  ];
  const plan = await operator.call("POST", "/a/api/playPlan/save", {
    name: "bench plan",
    doc: { items, defaultProgramId: p1 },
  });
  const planId = Number(plan.id);
  const programs = await operator.call("POST", "/a/api/program/submit", { ids: programIds });
  const submitted = await operator.call("POST", "/a/api/playPlan/submit", { ids: [planId] });
  if (programs.state !== "approved" || submitted.state !== "approved")
    throw new Error(
      `content not approved at once (review is on?): programs ${programs.state}, plan ${submitted.state}`,
    );
  return { planId };
}

interface Publish {
  recordedMs: number;
  syncedMs: number;
  fetchedMs: number;
  shownMs: number;
  counts: Record<string, number>;
  targetCount: number;
  /** The server's CPU time (ms, all threads) in each phase, in order. */
  cpu: Array<{ phase: string; ms: number }>;
  /** The database's transactions and time in statements over the whole publication. */
  db: DbWork;
  /** Where the machine's CPU went while the terminals were told, and until they held the manifest. */
  machine: MachineShare[];
}

/** The CPU time (ms) of the server, PostgreSQL and the simulated screens over one phase of `wallMs`. */
interface MachineShare {
  phase: string;
  wallMs: number;
  serverMs: number;
  databaseMs: number;
  screensMs: number;
}

/** CPU timelines of the processes beside the server on this machine: PostgreSQL's and the fleet's. */
interface Beside {
  database: CpuTimeline;
  screens: CpuTimeline;
}

interface DbWork {
  xacts: number;
  activeMs: number;
}

/** The database's transactions (committed and rolled back) and time spent in statements, so far. */
async function dbWork(db: pg.Pool): Promise<DbWork> {
  const r = await db.query<{ x: string; a: number }>(
    "select xact_commit + xact_rollback as x, active_time as a from pg_stat_database where datname = current_database()",
  );
  return { xacts: Number(r.rows[0]?.x ?? 0), activeMs: Number(r.rows[0]?.a ?? 0) };
}
/** How long a backend may keep its figures before pg_stat_database shows them (idle flush: 10 s). */
const DB_STATS_LAG_MS = 11_000;

/** The server's CPU (ms) between consecutive instants (ms since the epoch), from the sampler's timeline. */
function cpuBetween(
  sampler: RssSampler,
  instants: Array<[string, number]>,
): Array<{ phase: string; ms: number }> {
  const at = (epoch: number) => sampler.cpuAt(epoch - performance.timeOrigin)?.cpuMs ?? Number.NaN;
  const out: Array<{ phase: string; ms: number }> = [];
  for (let i = 1; i < instants.length; i++) {
    const [, from = 0] = instants[i - 1] ?? [];
    const [phase = "", to = 0] = instants[i] ?? [];
    out.push({ phase, ms: at(to) - at(from) });
  }
  return out;
}

async function publish(
  operator: Operator,
  pool: ClientPool,
  db: pg.Pool,
  sampler: RssSampler,
  beside: Beside,
  marks: PhaseMarks,
  planId: number,
  officeId: number,
): Promise<Publish> {
  const dbBefore = await dbWork(db);
  sampler.mark();
  beside.database.mark();
  beside.screens.mark();
  // Not before the sampler's first sample: the call's CPU is counted from it.
  const since = Math.ceil(epochMs());
  marks.mark("publish call sent", since);
  // Watching at the terminals starts before the call: the server may tell them before it answers.
  const synced = pool.since("synced", since, counts, 60_000);
  const fetched = pool.since("fetched", since, counts, 90_000);
  // Awaited below; if the call fails first, their rejection at cleanup is no crash.
  synced.catch(() => undefined);
  fetched.catch(() => undefined);
  const answer = await operator.call("POST", "/a/api/playPlan/saveTerminals", {
    id: planId,
    officeIds: [officeId],
    includeChildren: true,
    name: `bench publication ${new Date(since).toISOString()}`,
  });
  const answeredAt = Date.now();
  const recordedMs = answeredAt - since;
  const publicationId = Number(answer.publicationId);
  const targetCount = Number(answer.targetCount);
  if (targetCount !== TERMINALS)
    throw new Error(`the publication reaches ${targetCount} terminals, not ${TERMINALS}`);
  const syncedAt = await synced;
  const fetchedAt = await fetched;
  let last: Record<string, number> = {};
  for (;;) {
    const details = await operator.call("GET", `/a/api/publication/details?id=${publicationId}&pageSize=1`);
    const pub = details.publication;
    last = isRecord(pub) && isRecord(pub.counts) ? (pub.counts as Record<string, number>) : {};
    const reached = REACHED.reduce((n, s) => n + (last[s] ?? 0), 0);
    if (reached >= TERMINALS) break;
    if (Date.now() - since > 90_000)
      throw new Error(`after 90 s the server shows ${reached} targets reached: ${JSON.stringify(last)}`);
    await sleep(20);
  }
  const shownAt = Date.now();
  // Phases by when they ended; the fetches may begin before the last terminal had sync.
  const instants: Array<[string, number]> = [
    ["sent", since],
    ["the call answered (resolve, record targets)", answeredAt],
    ["until the last terminal had sync", Math.max(answeredAt, syncedAt)],
    ["until the last manifest fetched", Math.max(answeredAt, syncedAt, fetchedAt)],
    ["until the server shows every target reached", shownAt],
  ];
  marks.mark("answered", answeredAt);
  marks.mark("last sync", Math.max(answeredAt, syncedAt));
  marks.mark("last manifest", Math.max(answeredAt, syncedAt, fetchedAt));
  marks.mark("all shown", shownAt);
  // One more sample now, then the phases read from the timeline.
  sampler.window();
  beside.database.close();
  beside.screens.close();
  const cpu = cpuBetween(sampler, instants);
  const share = (phase: string, from: number, to: number): MachineShare => {
    const between = (t: CpuTimeline) =>
      t.at(to - performance.timeOrigin) - t.at(from - performance.timeOrigin);
    const server = (e: number) => sampler.cpuAt(e - performance.timeOrigin)?.cpuMs ?? Number.NaN;
    return {
      phase,
      wallMs: to - from,
      serverMs: server(to) - server(from),
      databaseMs: between(beside.database),
      screensMs: between(beside.screens),
    };
  };
  const machine = [
    share("answered -> last sync", answeredAt, Math.max(answeredAt, syncedAt)),
    share("sent -> last manifest held", since, Math.max(answeredAt, syncedAt, fetchedAt)),
  ];
  await sleep(DB_STATS_LAG_MS);
  const dbAfter = await dbWork(db);
  return {
    recordedMs,
    syncedMs: syncedAt - since,
    fetchedMs: fetchedAt - since,
    shownMs: shownAt - since,
    counts: last,
    targetCount,
    cpu,
    db: { xacts: dbAfter.xacts - dbBefore.xacts, activeMs: dbAfter.activeMs - dbBefore.activeMs },
    machine,
  };
}

// ---- the resolver ----

/** A small deterministic PRNG (mulberry32): the same schedules every run. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ZONES = [
  "Europe/Rome",
  "Asia/Shanghai",
  "America/New_York",
  "UTC",
  "Europe/Moscow",
  "Europe/Paris",
  "Asia/Taipei",
  "America/Los_Angeles",
];
const pad = (n: number) => String(n).padStart(2, "0");
const hhmm = (min: number) => `${pad(Math.floor(min / 60))}:${pad(min % 60)}`;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A terminal's schedule as fleets have them: 1-3 plans of 5-20 items, varied windows, tiers and modes; a message or two. */
function randomInput(r: () => number, from: number, n: number): ScheduleInput {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(r() * list.length)] as T;
  const plans: SchedulePlan[] = [];
  const planCount = 1 + Math.floor(r() * 3);
  for (let p = 0; p < planCount; p++) {
    const items: PlanItem[] = [];
    const itemCount = 5 + Math.floor(r() * 16);
    for (let i = 0; i < itemCount; i++) {
      const windows = Array.from({ length: 1 + Math.floor(r() * 3) }, () => {
        const start = Math.floor(r() * 96) * 15;
        // Some cross midnight (end at or before start).
        const end = (start + (1 + Math.floor(r() * 48)) * 15) % 1440;
        return { start: hhmm(start), end: end === 0 ? "24:00" : hhmm(end) };
      });
      const weekdays = [1, 2, 3, 4, 5, 6, 7].filter(() => r() < 0.7);
      const roll = r();
      // Dates around the week: some items start or end inside it.
      const start = from + Math.floor(r() * 10 - 5) * DAY_MS;
      items.push({
        id: `i${i}`,
        programId: 1 + Math.floor(r() * 40),
        startDate: isoDay(start),
        endDate: r() < 0.5 ? null : isoDay(start + Math.floor(r() * 12) * DAY_MS),
        weekdays: weekdays.length ? weekdays : [1 + Math.floor(r() * 7)],
        windows,
        mode:
          roll < 0.7
            ? { kind: "loop" }
            : roll < 0.9
              ? { kind: "times", count: 1 + Math.floor(r() * 5) }
              : { kind: "interval", everyMin: pick([10, 15, 30, 60]) },
        tier: r() < 0.05 ? "emergency" : pick(TIERS.slice(1)),
      });
    }
    plans.push({
      planId: n * 10 + p,
      name: `plan ${p}`,
      source: "plan",
      publicationId: n * 10 + p,
      order: p,
      items,
      defaultProgramId: r() < 0.6 ? 1 + Math.floor(r() * 40) : null,
    });
  }
  const messages = Array.from({ length: Math.floor(r() * 3) }, (_, k) => {
    const startAt = from + Math.floor(r() * 7 * DAY_MS);
    return {
      id: n * 10 + k,
      name: `message ${k}`,
      publicationId: n * 10 + 5 + k,
      startAt,
      endAt: r() < 0.2 ? null : startAt + Math.floor(r() * 6 * 3_600_000) + 60_000,
      doc: {
        kind: "scroll" as const,
        text: "Store closes at 20:00",
        fontFamily: "",
        fontSize: 48,
        bold: false,
        color: "#ffffff",
        background: "#000000",
        opacity: 60,
        position: "bottom" as const,
        speed: 120,
        repeat: 0,
        noticeSec: 10,
        priority: r() < 0.1 ? ("emergency" as const) : ("normal" as const),
        emergencyDisplay: "over" as const,
      },
    };
  });
  return { plans, messages, timezone: pick(ZONES) };
}

interface ResolverFigures {
  ms: number;
  segments: number;
  items: number;
  baselineMs: number;
}

function resolverRun(): ResolverFigures {
  const r = prng(7);
  const from = Date.now();
  const to = from + 7 * DAY_MS;
  const inputs = Array.from({ length: TERMINALS }, (_, n) => randomInput(r, from, n));
  const items = inputs.reduce((n, i) => n + i.plans.reduce((m, p) => m + p.items.length, 0), 0);
  // Warm-up (JIT) on other schedules, not counted.
  const warm = prng(11);
  for (let n = 0; n < 300; n++) resolveRange(randomInput(warm, from, n), from, to);
  // Three passes each, the median kept: the machine may be busy with something else for one of them.
  const median = (v: number[]) => [...v].sort((x, y) => x - y)[Math.floor(v.length / 2)] ?? Number.NaN;
  const passes: number[] = [];
  let segments = 0;
  for (let pass = 0; pass < RESOLVER_PASSES; pass++) {
    const t = performance.now();
    segments = 0;
    for (const input of inputs) segments += resolveRange(input, from, to).length;
    passes.push(performance.now() - t);
  }
  // Baseline: as many Date objects as the answer has segment bounds, each read once.
  const loops: number[] = [];
  let sink = 0;
  const step = (to - from) / Math.max(1, segments);
  for (let pass = 0; pass < RESOLVER_PASSES; pass++) {
    const b = performance.now();
    for (let k = 0; k < segments * 2; k++) sink += new Date(from + (k >> 1) * step).getUTCHours();
    loops.push(performance.now() - b);
  }
  if (sink < 0) console.log(sink);
  const ms = median(passes);
  const baselineMs = median(loops);
  console.log(
    `resolver passes: ${passes.map((p) => fmt(p)).join(", ")} ms; Date loops: ${loops.map((p) => fmt(p, 1)).join(", ")} ms`,
  );
  return { ms, segments, items, baselineMs };
}

async function main(cleanup: Cleanup, started: number): Promise<void> {
  // (d) first: the resolver in this process, before the fleet loads the machine.
  const resolver = resolverRun();
  console.log(
    `resolver: ${fmt(TERMINALS)} terminals x 7 days (${fmt(resolver.items)} plan items) -> ${fmt(resolver.segments)} segments; median ${fmt(resolver.ms)} ms`,
  );

  const database = await openDatabase(cleanup);
  const dataDir = tempDir(cleanup, "marquee-bench-publish-data-");
  // Added before the server's stop (cleanup runs backwards): read once it has stopped and written its profile.
  if (PROF_DIR)
    cleanup.add("summarising the server's CPU profile", () => console.log(summariseDir(PROF_DIR)));
  const real = await startRealServer(cleanup, {
    dataDir,
    databaseUrl: database.url,
    admin: ADMIN,
    startLimitMs: 120_000,
    ...(PROF_DIR
      ? { env: { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} ${cpuProfArgs(PROF_DIR)}`.trim() } }
      : {}),
  });
  const sampler = new RssSampler(real.pid, 20);
  cleanup.add("stopping the CPU sampler", () => sampler.stop());
  const marks = new PhaseMarks(PROF_DIR);
  const db = new pg.Pool({ connectionString: database.url, max: 2 });
  cleanup.add("closing the benchmark's pool", () => db.end());
  const operator = await Operator.signIn(real.origin, ADMIN.username, ADMIN.password);
  const officeId = await operator.officeId();
  console.log(
    `set up in ${fmt((Date.now() - started) / 1000, 1)} s: ${database.kind}; real server pid ${real.pid}; ` +
      `${fmt(TERMINALS)} terminals in ${PROCESSES} client processes from 127.0.0.2-${1 + PROCESSES * ADDRESSES_PER_PROCESS}` +
      (FAIL_RATE > 0 ? `; ${FAIL_RATE * 100}% of deliveries fail` : ""),
  );
  const pool = await fleetUp(cleanup, real.origin, db, officeId);

  const counted = await countRoundTrip(operator, officeId);
  console.log(`baseline: the selection counted through the API in ${fmt(counted, 1)} ms (best of 3)`);
  const base = await commandBaseline(operator, pool, db, sampler);
  console.log(
    `baseline: refresh to all: calls answered ${fmt(base.answeredMs)} ms, all received ${fmt(base.receivedMs)} ms, ` +
      `all done in the database ${fmt(base.doneMs)} ms`,
  );
  await sleep(1000);

  const { planId } = await content(operator);
  const carriedBefore = (await pool.stats()).carried;
  // Sampled from the publication on: the simulated screens run on the server's cores, and this shows how
  // much of the machine they took while they were told (their work is not the server's).
  const beside: Beside = {
    database: new CpuTimeline(postgresCpuMs, 50),
    screens: new CpuTimeline(() => cpuOfAll(pool.pids), 20),
  };
  cleanup.add("stopping the CPU timelines", () => {
    beside.database.stop();
    beside.screens.stop();
  });
  const pub = await publish(operator, pool, db, sampler, beside, marks, planId, officeId);
  const stats = await pool.stats();
  checkClean("publishing", stats);
  await pool.close();

  const row = (name: string, a: string, b: string, ratio: string) =>
    `${name.padEnd(58)}${a.padStart(11)}${b.padStart(11)}${ratio.padStart(8)}`;
  const ratio = (a: number, b: number) => fmt(a / b, 2);
  console.log(`\nA plan published to ${fmt(TERMINALS)} terminals (real server, real protocol)`);
  console.log(row("", "publish", "baseline", "ratio"));
  console.log(
    row(
      "(a) recorded: the API answered (ms)",
      fmt(pub.recordedMs),
      fmt(base.answeredMs),
      ratio(pub.recordedMs, base.answeredMs),
    ),
  );
  console.log(
    row(
      "(b) all notified: the last terminal had sync (ms)",
      fmt(pub.syncedMs),
      fmt(base.receivedMs),
      ratio(pub.syncedMs, base.receivedMs),
    ),
  );
  console.log(
    row(
      "(c) all hold it, as the server shows it (ms)",
      fmt(pub.shownMs),
      fmt(base.doneMs),
      ratio(pub.shownMs, base.doneMs),
    ),
  );
  console.log(
    row(
      "    the last terminal took its manifest (ms)",
      fmt(pub.fetchedMs),
      fmt(base.doneMs),
      ratio(pub.fetchedMs, base.doneMs),
    ),
  );
  console.log(
    row(
      "(a) against the same selection counted (ms)",
      fmt(pub.recordedMs),
      fmt(counted, 1),
      ratio(pub.recordedMs, counted),
    ),
  );
  console.log(
    row(
      `(d) resolver, ${fmt(TERMINALS)} terminals x 7 days (ms, median of 3)`,
      fmt(resolver.ms),
      fmt(resolver.baselineMs, 1),
      ratio(resolver.ms, resolver.baselineMs),
    ),
  );
  console.log(
    `baselines: (a)-(c) one 'refresh' command to the same ${fmt(TERMINALS)} terminals through POST /a/api/terminal/command ` +
      `(${Math.ceil(TERMINALS / IDS_PER_CALL)} calls of ${fmt(IDS_PER_CALL)} ids at once): (a) the calls answered, ` +
      `(b) every terminal had the command, (c) ${fmt(TERMINALS)} 'done' outcomes in the database; ` +
      `(a) also one GET /a/api/playPlan/publishTerminalSaveCount of the same selection (it reads the ${fmt(TERMINALS)} targets); ` +
      `(d) a plain loop building ${fmt(resolver.segments * 2)} Date objects (the segments' bounds)`,
  );
  if (base.failures.length)
    console.log(
      `the command baseline needed a second attempt; the first failed: ${base.failures.join("; ")}`,
    );
  console.log(
    `delivery states at the end: ${Object.entries(pub.counts)
      .filter(([, n]) => n > 0)
      .map(([s, n]) => `${s} ${fmt(n)}`)
      .join(
        ", ",
      )}; terminals' delivery frames ${fmt(stats.deliveries)} (${fmt(stats.deliveryFailures)} with a failure)`,
  );
  console.log(
    `new manifests carried by their sync: ${fmt(stats.carried - carriedBefore)} of ${fmt(TERMINALS)} (the others fetched with GET /t/manifest)`,
  );
  const perScreen = (ms: number) => fmt((ms * 1000) / TERMINALS);
  const publishCpu = pub.cpu.reduce((n, c) => n + c.ms, 0);
  console.log("\nthe server's CPU time (all threads), per terminal (µs):");
  for (const c of pub.cpu) console.log(`  ${c.phase.padEnd(56)}${perScreen(c.ms).padStart(8)}`);
  console.log(
    `  ${"the publication, in all".padEnd(56)}${perScreen(publishCpu).padStart(8)}   ` +
      `baseline (the refresh command, from the calls to the last outcome done): ${perScreen(base.cpuMs)}; ` +
      `ratio ${ratio(publishCpu, base.cpuMs)}`,
  );
  console.log(
    `the database over the publication (and ${fmt(DB_STATS_LAG_MS / 1000)} s after, for its figures): ` +
      `${fmt(pub.db.xacts)} transactions, ${fmt(pub.db.activeMs)} ms in statements (${fmt((pub.db.activeMs * 1000) / TERMINALS)} µs per terminal)`,
  );
  const cores = availableParallelism();
  console.log(
    `\nthe machine's CPU (${cores} cores), ms: the server, PostgreSQL and the ${PROCESSES} processes of simulated screens`,
  );
  for (const m of pub.machine) {
    const pct = (ms: number) => `${fmt((ms * 100) / (m.wallMs * cores))} %`;
    const rest = m.wallMs * cores - m.serverMs - m.databaseMs - m.screensMs;
    console.log(
      `  ${m.phase} (${fmt(m.wallMs)} ms, ${fmt(m.wallMs * cores)} ms of CPU): server ${fmt(m.serverMs)} (${pct(m.serverMs)}), ` +
        `PostgreSQL ${fmt(m.databaseMs)} (${pct(m.databaseMs)}), simulated screens ${fmt(m.screensMs)} (${pct(m.screensMs)}), ` +
        `the rest ${fmt(Math.max(0, rest))} (${pct(Math.max(0, rest))})`,
    );
  }
  const notifyMet = pub.syncedMs < TARGET_NOTIFY_MS;
  const resolverMet = resolver.ms < TARGET_RESOLVER_MS;
  const fetchMet = pub.fetchedMs < TARGET_FETCH_MS;
  console.log(
    `\nall ${fmt(TERMINALS)} notified < ${fmt(TARGET_NOTIFY_MS)} ms: ${fmt(pub.syncedMs)} ms: ${verdict(notifyMet)}`,
  );
  console.log(
    `all ${fmt(TERMINALS)} hold their new manifest < ${fmt(TARGET_FETCH_MS)} ms: ${fmt(pub.fetchedMs)} ms: ${verdict(fetchMet)}`,
  );
  console.log(`resolver < ${fmt(TARGET_RESOLVER_MS)} ms: ${fmt(resolver.ms)} ms: ${verdict(resolverMet)}`);
  console.log(notifyMet && fetchMet && resolverMet ? "all targets met" : "TARGET MISSED");
}

// Bounded: the resolver ~1 s, set-up ~20 s, the fleet ~40 s, baseline and publication ~10 s, cleanup.
await runBenchmark(main, { stepLimitMs: 20_000, cleanupLimitMs: 60_000, benchLimitMs: 300_000 });
