import { type ChildProcess, spawn } from "node:child_process";
import http, { Agent } from "node:http";
import { availableParallelism } from "node:os";
import path from "node:path";
import { UPLOAD_CHUNK_BYTES } from "@marquee/contracts";
import { createProgram, createWidget } from "@marquee/program";
import pg from "pg";
import { freePort } from "../apps/server/src/db/embedded";
import { startS3 } from "../apps/server/test/s3";
import { Operator } from "../tools/fleet-sim";
import type { Cleanup } from "./lib/cleanup";
import { openDatabase, tempDir } from "./lib/database";
import { envCount } from "./lib/env";
import type { ChildFleetOptions } from "./lib/fleet-client-child";
import { epochMs } from "./lib/fleet-client-child";
import { ClientPool } from "./lib/fleet-clients";
import { cpuOfAll, postgresCpuMs } from "./lib/proc";
import { runBenchmark } from "./lib/run";
import { signIn } from "./lib/servers";
import { writeTestFile } from "./lib/test-file";
import { type Api, uploadChunked } from "./lib/upload-client";
import { type RealServer, startRealServer } from "./lib/upload-servers";

/**
 * The several-node layout under a simulated fleet: two web nodes and a worker on one PostgreSQL and one S3
 * bucket (s3rver), HAProxy in front with deploy/haproxy.cfg; BENCH_CLUSTER_SCREENS screens (9,000 by
 * default) from 127.0.0.2-41 spread by the balancer. Measured: all connected, a command to all acknowledged
 * (target < 2 s), a publish told to all (< 2 s) and its manifest held by all (< 5 s: carried by the sync,
 * or fetched when it is too big to carry), one web node killed and its
 * screens back (< 30 s), and the bytes of a media GET's body that pass through Node (target 0: the file is
 * served by a redirect to the bucket). Every figure is set against the same steps on one node (MARQUEE_ROLE
 * all, no balancer) in the same run; for the kill, the one node is killed and started again.
 * The nodes, PostgreSQL, HAProxy and the simulated screens all run on this machine's cores: for the
 * command and the publish, the CPU time each took is printed against the machine's whole CPU over the
 * step, so a figure bound by the simulator's or the balancer's share shows as such.
 *
 * Sizes: the screens are spread over BENCH_CLUSTER_PROCESSES client processes (a process may hold at most
 * 20,000 open files), each connecting from 10 addresses of 127.0.0.2-41. HAProxy holds two descriptors per
 * proxied socket, so its connection limit (derived from its file limit) is checked against the fleet before
 * the cluster half starts. A step that does not finish in time fails the run naming the step and how many
 * screens are missing.
 */

const SCREENS = envCount("BENCH_CLUSTER_SCREENS", 9_000);
const PROCESSES = envCount("BENCH_CLUSTER_PROCESSES", 4);
if (PROCESSES > 4)
  throw new Error("BENCH_CLUSTER_PROCESSES: at most 4 (10 source addresses each, 127.0.0.2-41)");
if (SCREENS / PROCESSES > 15_000)
  throw new Error("BENCH_CLUSTER_SCREENS: at most 15,000 screens a client process (20,000 open files)");
const RATE = envCount("BENCH_CLUSTER_RATE", 2_000);
const MEDIA_GETS = 20;
/** Connections HAProxy must take beyond the screens' sockets: the fleet's HTTP (8 an address), operators. */
const HTTP_HEADROOM = 8 * 40 + 100;
const MEDIA_BYTES = 2 * 1024 * 1024;
const IDS_PER_CALL = 1_000;
const ADDRESSES_PER_PROCESS = 10;
const ADMIN = { username: "admin", password: "Admin12345" };
const TARGET = { commandMs: 2_000, notifiedMs: 2_000, fetchedMs: 5_000, backMs: 30_000, mediaBytes: 0 };
const root = new URL("..", import.meta.url).pathname;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Fleet steps scale with the fleet: at least this long, more for a large one. */
const stepMs = (base: number) => Math.max(base, Math.ceil(SCREENS / 1_000) * (base / 6));
const fmt = (n: number) => Math.round(n).toLocaleString("en-US");

function share(i: number): { first: number; count: number } {
  const base = Math.floor(SCREENS / PROCESSES);
  const extra = SCREENS % PROCESSES;
  return { first: 1 + i * base + Math.min(i, extra), count: base + (i < extra ? 1 : 0) };
}
const counts = Array.from({ length: PROCESSES }, (_, i) => share(i).count);

function fleetOptions(server: string, prefix: string, i: number): ChildFleetOptions {
  return {
    server,
    prefix,
    ...share(i),
    stateFile: null,
    connectRate: RATE / PROCESSES,
    registerConcurrency: 16,
    sourceIps: Array.from(
      { length: ADDRESSES_PER_PROCESS },
      (_, k) => `127.0.0.${2 + i * ADDRESSES_PER_PROCESS + k}`,
    ),
    heartbeatSec: 30,
    manifest: true,
    minBackoffMs: 500,
    maxBackoffMs: 3_000,
  };
}

interface Figures {
  connectMs: number;
  commandMs: number;
  notifiedMs: number;
  fetchedMs: number;
  backMs: number;
  /** Bytes of the body a media GET received from Node (0: a redirect to the bucket). */
  mediaBytes: number;
  /**
   * Every byte a node sent per media GET, headers included: HAProxy's count of bytes out of the web nodes
   * (cluster), the client socket's count of bytes in (one node, no balancer).
   */
  nodeBytes: number;
  /** Where the machine's CPU went while a command reached all, and while a publish was told to all. */
  commandCpu: MachineShare;
  notifyCpu: MachineShare;
}

/** CPU time (ms) of each kind of process on this machine over one step of `wallMs`. */
interface MachineShare {
  wallMs: number;
  nodes: number;
  database: number;
  balancer: number;
  screens: number;
}

/** A layout to measure: where screens and operators go, and how one of its nodes is killed. */
interface Layout {
  name: string;
  origin: string;
  databaseUrl: string;
  /** Kills a node holding screens (and, for one node, starts it again). */
  kill(): Promise<void>;
  /** Bytes out of the web nodes so far, by the balancer's own count (none without a balancer). */
  bytesOut?: () => Promise<number>;
  /** The server processes (their CPU time is the nodes'), and the balancer's, if any. */
  pids(): { nodes: number[]; balancer: number | null };
}

/**
 * Runs one step of a layout; when it fails (a timeout), the error names the layout, the step and the
 * screens missing from what it waited for.
 */
async function step<T>(
  layout: string,
  name: string,
  run: () => Promise<T>,
  missing: () => Promise<string>,
): Promise<T> {
  try {
    return await run();
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    const gap = await Promise.race([
      missing().catch((e: unknown) => `(could not count: ${e instanceof Error ? e.message : String(e)})`),
      sleep(10_000).then(() => "(could not count in 10 s)"),
    ]);
    throw new Error(`${layout}: step "${name}" failed: ${gap}\n  ${why}`);
  }
}

/** The bytes of one GET's answer as they arrived on the socket (status line, headers and body), and its body's. */
function responseBytes(
  url: string,
  cookie: string,
): Promise<{ total: number; body: number; status: number }> {
  return new Promise((resolve, reject) => {
    // A socket of its own, so that its count holds this answer only.
    const req = http.get(url, { headers: { cookie }, agent: false }, (res) => {
      let body = 0;
      res.on("data", (c: Buffer) => {
        body += c.length;
      });
      res.on("end", () => {
        const total = req.socket?.bytesRead ?? 0;
        req.destroy();
        resolve({ total, body, status: res.statusCode ?? 0 });
      });
      res.on("error", reject);
    });
    req.setTimeout(30_000, () => req.destroy(new Error(`GET ${url}: no answer in 30 s`)));
    req.on("error", reject);
  });
}

async function measure(cleanup: Cleanup, layout: Layout): Promise<Figures> {
  const name = layout.name;
  const db = new pg.Pool({ connectionString: layout.databaseUrl, max: 2 });
  cleanup.add(`closing the pool of ${name}`, () => db.end());
  const count = async (text: string, values: unknown[] = []) =>
    (await db.query<{ n: number }>(text, values)).rows[0]?.n ?? 0;
  const pool = await ClientPool.open(cleanup, PROCESSES, (i) => fleetOptions(layout.origin, name, i));
  // The simulated screens, PostgreSQL and the balancer share the nodes' cores: what each took in a step.
  const cpuNow = () => {
    const { nodes, balancer } = layout.pids();
    return {
      at: performance.now(),
      nodes: cpuOfAll(nodes) ?? Number.NaN,
      database: postgresCpuMs() ?? Number.NaN,
      balancer: balancer === null ? 0 : (cpuOfAll([balancer]) ?? Number.NaN),
      screens: cpuOfAll(pool.pids) ?? Number.NaN,
    };
  };
  const cpuSince = (a: ReturnType<typeof cpuNow>): MachineShare => {
    const b = cpuNow();
    return {
      wallMs: b.at - a.at,
      nodes: b.nodes - a.nodes,
      database: b.database - a.database,
      balancer: b.balancer - a.balancer,
      screens: b.screens - a.screens,
    };
  };
  const gap = async (what: "registered" | "welcomed" | "authorised") => {
    const s = await pool.stats();
    return `${fmt(SCREENS - s[what])} of ${fmt(SCREENS)} screens not ${what} (connected ${fmt(s.connected)}, welcomed ${fmt(s.welcomed)}, errors ${fmt(s.errors)})`;
  };
  await step(
    name,
    "register",
    () => pool.all({ op: "register" }),
    () => gap("registered"),
  );
  await step(
    name,
    "connect",
    async () => {
      await pool.all({ op: "connect" });
      await pool.until("welcomed", counts, stepMs(180_000));
    },
    () => gap("welcomed"),
  );
  await db.query("update terminals set state = 'authorised', authorised_at = now() where state = 'pending'");
  let started = epochMs();
  const connectMs = await step(
    name,
    "reconnect authorised",
    async () => {
      await pool.all({ op: "reconnect" });
      return (await pool.until("authorised", counts, stepMs(180_000))) - started;
    },
    () => gap("authorised"),
  );
  console.log(`${name}: ${fmt(SCREENS)} screens connected and authorised in ${fmt(connectMs)} ms`);

  const operator = await Operator.signIn(layout.origin, ADMIN.username, ADMIN.password);
  const ids = (await db.query<{ id: number }>("select id from terminals order by id")).rows.map((r) => r.id);
  const calls: number[][] = [];
  for (let i = 0; i < ids.length; i += IDS_PER_CALL) calls.push(ids.slice(i, i + IDS_PER_CALL));

  // A command to all, until every outcome is done.
  const doneSql =
    "select count(*)::int as n from terminal_commands where name = 'refresh' and state = 'done'";
  const commandCpuFrom = cpuNow();
  started = performance.now();
  const commandLimitMs = stepMs(60_000);
  const commandMs = await step(
    name,
    "a command to all",
    async () => {
      await Promise.all(calls.map((c) => operator.command(c, "refresh")));
      while ((await count(doneSql)) < SCREENS) {
        if (performance.now() - started > commandLimitMs)
          throw new Error(`commands not all done in ${fmt(commandLimitMs)} ms`);
        await sleep(20);
      }
      return performance.now() - started;
    },
    async () => `${fmt(SCREENS - (await count(doneSql)))} of ${fmt(SCREENS)} screens did not acknowledge`,
  );
  const commandCpu = cpuSince(commandCpuFrom);
  console.log(`${name}: a command acknowledged by all in ${fmt(commandMs)} ms`);

  // A media file uploaded, a program using it published to all.
  const cookie = await signIn(layout.origin, ADMIN.username, ADMIN.password);
  const file = await writeTestFile(
    path.join(tempDir(cleanup, "marquee-bench-cluster-"), "media.png"),
    MEDIA_BYTES,
  );
  const api: Api = { origin: layout.origin, cookie, agent: new Agent({ keepAlive: true }) };
  const uploaded = await step(
    name,
    "upload a media file",
    () =>
      uploadChunked(
        api,
        { path: file.path, md5: file.md5, size: file.size, name: "media.png" },
        { parallel: 2, chunkSize: UPLOAD_CHUNK_BYTES, chunkTimeoutMs: 60_000 },
      ),
    async () => "no screen involved",
  );
  api.agent.destroy();
  const materialId = Number(uploaded.material.id);
  const doc = createProgram({ width: 1920, height: 1080 });
  doc.scenes[0]?.widgets.push(createWidget("image", doc, { defaults: { materialId } }));
  const saved = await operator.call("POST", "/a/api/program/save", { name: `bench ${name}`, doc });
  const programId = Number(saved.id);
  await operator.call("POST", "/a/api/program/submit", { ids: [programId] });
  const officeId = await operator.officeId();
  const notifyCpuFrom = cpuNow();
  const since = epochMs();
  const synced = pool.since("synced", since, counts, stepMs(60_000));
  const fetched = pool.since("fetched", since, counts, stepMs(90_000));
  synced.catch(() => undefined);
  fetched.catch(() => undefined);
  await operator.call("POST", "/a/api/publishProgram/saveTerminals", {
    id: programId,
    officeIds: [officeId],
    includeChildren: true,
    name: `bench ${name}`,
  });
  const told = async (what: "synced" | "fetched") => {
    const all = (await pool.all({ op: "stats" })) as Array<{ manifests: number }>;
    return `not all screens ${what} (each process's count below; manifests fetched in all so far: ${fmt(all.reduce((n, s) => n + s.manifests, 0))})`;
  };
  const notifiedMs =
    (await step(
      name,
      "publish told to all",
      () => synced,
      () => told("synced"),
    )) - since;
  // Read once the screens said so: a little past the last sync.
  const notifyCpu = cpuSince(notifyCpuFrom);
  const fetchedMs =
    (await step(
      name,
      "publish fetched by all",
      () => fetched,
      () => told("fetched"),
    )) - since;
  console.log(
    `${name}: publish told to all in ${fmt(notifiedMs)} ms, fetched by all in ${fmt(fetchedMs)} ms`,
  );

  // Media GETs: what passes through Node. The file is asked for as a screen or a browser would (the
  // material's own address, no redirect followed); each answer on a socket of its own.
  const list = await operator.call("GET", "/a/api/material/list?pageSize=100");
  const row = (list.list as Array<{ id: number; fileUrl: string | null }>).find((m) => m.id === materialId);
  if (!row?.fileUrl) throw new Error(`${name}: the material has no file address`);
  const url = new URL(row.fileUrl, layout.origin).href;
  let body = 0;
  let seen = 0;
  const outBefore = await layout.bytesOut?.();
  for (let i = 0; i < MEDIA_GETS; i++) {
    const r = await responseBytes(url, cookie);
    if (r.status >= 400) throw new Error(`${name}: GET ${url} answered ${r.status}`);
    body += r.body;
    seen += r.total;
  }
  // The balancer counts the bytes of a stream once it ends; the sockets are closed by now.
  await sleep(200);
  const outAfter = await layout.bytesOut?.();
  const mediaBytes = body / MEDIA_GETS;
  const nodeBytes =
    outBefore !== undefined && outAfter !== undefined
      ? (outAfter - outBefore) / MEDIA_GETS
      : seen / MEDIA_GETS;
  console.log(
    `${name}: ${fmt(mediaBytes)} body bytes through Node per media GET, ${fmt(nodeBytes)} bytes in all ` +
      `(${layout.bytesOut ? "HAProxy's count out of the web nodes" : "the client socket's count"}; file ${fmt(MEDIA_BYTES)})`,
  );

  // A node killed: its screens back. The sockets it held close at once (the kernel ends them); they are
  // back when every screen holds a welcomed socket again.
  const before = await pool.stats();
  started = performance.now();
  const backLimitMs = stepMs(120_000);
  await layout.kill();
  const backMs = await step(
    name,
    "screens back after the kill",
    async () => {
      let dropped = false;
      for (;;) {
        const s = await pool.stats();
        dropped ||= s.welcomed < SCREENS || s.reconnects > before.reconnects;
        if (dropped && s.welcomed >= SCREENS) return performance.now() - started;
        if (!dropped && performance.now() - started > 15_000)
          throw new Error("no screen lost its socket within 15 s of the kill");
        if (performance.now() - started > backLimitMs)
          throw new Error(`not all back in ${fmt(backLimitMs)} ms`);
        await sleep(50);
      }
    },
    () => gap("welcomed"),
  );
  const online = await count("select count(*)::int as n from terminals where online");
  console.log(
    `${name}: screens back ${fmt(backMs)} ms after the kill (${fmt(online)} online in the database)`,
  );
  await pool.close();
  return {
    connectMs,
    commandMs,
    notifiedMs,
    fetchedMs,
    backMs,
    mediaBytes,
    nodeBytes,
    commandCpu,
    notifyCpu,
  };
}

/** One row of HAProxy's statistics (CSV), by proxy and server name ("FRONTEND", "BACKEND" or a server). */
async function haproxyStat(
  statsBind: string,
  proxy: string,
  server: string,
): Promise<Record<string, string>> {
  const text = await (
    await fetch(`http://${statsBind}/stats;csv`, { signal: AbortSignal.timeout(5_000) })
  ).text();
  const [head, ...rows] = text.split("\n");
  const names = (head ?? "").replace(/^# /, "").split(",");
  for (const line of rows) {
    const cells = line.split(",");
    if (cells[0] === proxy && cells[1] === server)
      return Object.fromEntries(names.map((n, i) => [n, cells[i] ?? ""]));
  }
  throw new Error(`HAProxy's statistics have no row ${proxy}/${server}`);
}

async function startHaproxy(
  cleanup: Cleanup,
  bind: string,
  statsBind: string,
  web: string[],
): Promise<ChildProcess> {
  const env = {
    ...process.env,
    MARQUEE_BIND: bind,
    MARQUEE_STATS_BIND: statsBind,
    MARQUEE_WEB1: web[0] ?? "",
    MARQUEE_WEB2: web[1] ?? "",
  };
  const child = spawn("/usr/sbin/haproxy", ["-db", "-f", path.join(root, "deploy/haproxy.cfg")], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let err = "";
  child.stderr?.on("data", (d) => {
    err += d;
  });
  // Its log (warnings: a node going down or up) goes to stdout, shown as the nodes' warnings are.
  let partial = "";
  child.stdout?.on("data", (d: Buffer) => {
    const lines = (partial + d.toString()).split("\n");
    partial = lines.pop() ?? "";
    for (const line of lines) if (line.trim()) console.log(`  haproxy: ${line.slice(0, 300)}`);
  });
  cleanup.add("stopping HAProxy", () => child.kill("SIGTERM"));
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`HAProxy exited: ${err}`);
    const ok = await fetch(`http://${bind}/apm-web/f/health`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) {
      // Its connection limit follows its file limit (two descriptors a proxied socket): too low for the
      // fleet, the run would fail late and obscurely.
      const limit = Number((await haproxyStat(statsBind, "marquee", "FRONTEND")).slim);
      if (limit < SCREENS + HTTP_HEADROOM)
        throw new Error(
          `HAProxy takes at most ${fmt(limit)} connections (its file limit), fewer than ${fmt(SCREENS)} screens and ` +
            `${fmt(HTTP_HEADROOM)} calls: raise the file limit (ulimit -n) or lower BENCH_CLUSTER_SCREENS`,
        );
      return child;
    }
    await sleep(200);
  }
  throw new Error(`HAProxy did not answer: ${err}`);
}

async function main(cleanup: Cleanup): Promise<void> {
  const s3 = await startS3("marquee-bench");
  cleanup.add("stopping s3rver", () => s3.close());
  // The fleet registers from 40 addresses: the per-address limit on open calls would only pace it.
  const common = { admin: ADMIN, startLimitMs: 120_000 };
  const nodeEnv = { ...s3.env, RATE_LIMIT_OPEN_PER_MINUTE: "100000" };

  // One node, all roles, no balancer.
  const oneDb = await openDatabase(cleanup);
  const oneDir = tempDir(cleanup, "marquee-bench-one-");
  let one: RealServer = await startRealServer(cleanup, {
    ...common,
    dataDir: oneDir,
    databaseUrl: oneDb.url,
    env: nodeEnv,
  });
  const single = await measure(cleanup, {
    name: "one",
    origin: one.origin,
    databaseUrl: oneDb.url,
    pids: () => ({ nodes: [one.pid], balancer: null }),
    async kill() {
      await one.kill();
      one = await startRealServer(cleanup, {
        ...common,
        dataDir: oneDir,
        databaseUrl: oneDb.url,
        port: one.port,
        env: nodeEnv,
      });
    },
  });

  // Two web nodes and a worker behind HAProxy.
  const db = await openDatabase(cleanup);
  const lb = `127.0.0.1:${await freePort()}`;
  const node = (role: "web" | "worker") =>
    startRealServer(cleanup, {
      ...common,
      dataDir: tempDir(cleanup, `marquee-bench-${role}-`),
      databaseUrl: db.url,
      env: { ...nodeEnv, MARQUEE_ROLE: role, TRUST_PROXY: "true", PUBLIC_ORIGIN: `http://${lb}` },
    });
  const web1 = await node("web");
  const web2 = await node("web");
  const worker = await node("worker");
  const statsBind = `127.0.0.1:${await freePort()}`;
  const haproxy = await startHaproxy(cleanup, lb, statsBind, [
    `127.0.0.1:${web1.port}`,
    `127.0.0.1:${web2.port}`,
  ]);
  const cluster = await measure(cleanup, {
    name: "cluster",
    origin: `http://${lb}`,
    databaseUrl: db.url,
    pids: () => ({ nodes: [web1.pid, web2.pid, worker.pid], balancer: haproxy.pid ?? null }),
    kill: () => web1.kill(),
    bytesOut: async () => Number((await haproxyStat(statsBind, "marquee_web", "BACKEND")).bout),
  });

  console.log(
    `\nbench:cluster, ${fmt(SCREENS)} screens (BENCH_CLUSTER_SCREENS), ${PROCESSES} client processes`,
  );
  console.log("figure                         one node    cluster    cluster/one   target");
  type Figure = Exclude<keyof Figures, "commandCpu" | "notifyCpu">;
  const rows: Array<[string, Figure, number]> = [
    ["connected and authorised, ms", "connectMs", Number.POSITIVE_INFINITY],
    ["command acknowledged, ms", "commandMs", TARGET.commandMs],
    ["publish told to all, ms", "notifiedMs", TARGET.notifiedMs],
    ["publish fetched by all, ms", "fetchedMs", TARGET.fetchedMs],
    ["back after a kill, ms", "backMs", TARGET.backMs],
    ["media body bytes via Node", "mediaBytes", TARGET.mediaBytes],
    ["media bytes out of Node, all", "nodeBytes", Number.POSITIVE_INFINITY],
  ];
  let met = true;
  for (const [label, key, target] of rows) {
    const ok = key === "mediaBytes" ? cluster[key] <= target : cluster[key] < target;
    met &&= ok;
    const ratio = single[key] > 0 ? (cluster[key] / single[key]).toFixed(2) : "-";
    const goal = Number.isFinite(target)
      ? `${key === "mediaBytes" ? "=" : "<"} ${fmt(target)} ${ok ? "met" : "MISSED"}`
      : "-";
    console.log(
      `${label.padEnd(30)} ${fmt(single[key]).padStart(9)} ${fmt(cluster[key]).padStart(10)} ${ratio.padStart(12)}   ${goal}`,
    );
  }
  console.log(
    `(media: a ${fmt(MEDIA_BYTES)}-byte file asked for ${MEDIA_GETS} times; "all" counts headers too: ` +
      "HAProxy's bytes out of the web nodes for the cluster, the client socket's bytes for one node)",
  );
  const cores = availableParallelism();
  console.log(
    `\nthe machine's CPU (${cores} cores) in two steps, ms: the server processes, PostgreSQL, HAProxy and ` +
      `the ${PROCESSES} processes of simulated screens, all on the same cores`,
  );
  for (const [label, key] of [
    ["a command acknowledged", "commandCpu"],
    ["publish told to all", "notifyCpu"],
  ] as const)
    for (const [layoutName, f] of [
      ["one node", single],
      ["cluster", cluster],
    ] as const) {
      const m = f[key];
      const all = m.wallMs * cores;
      const pct = (ms: number) => `${fmt(ms)} (${fmt((ms * 100) / all)} %)`;
      console.log(
        `  ${`${label}, ${layoutName}`.padEnd(34)} ${fmt(m.wallMs)} ms, ${fmt(all)} ms of CPU: nodes ${pct(m.nodes)}, ` +
          `PostgreSQL ${pct(m.database)}, HAProxy ${pct(m.balancer)}, simulated screens ${pct(m.screens)}`,
      );
    }
  console.log(met ? "\nall targets met" : "\nnot all targets met");
}

await runBenchmark(main, {
  stepLimitMs: 20_000,
  cleanupLimitMs: 60_000,
  benchLimitMs: Math.max(900_000, SCREENS * 200),
});
