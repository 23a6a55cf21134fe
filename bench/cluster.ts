import { type ChildProcess, spawn } from "node:child_process";
import { Agent } from "node:http";
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
import { runBenchmark } from "./lib/run";
import { signIn } from "./lib/servers";
import { writeTestFile } from "./lib/test-file";
import { type Api, uploadChunked } from "./lib/upload-client";
import { type RealServer, startRealServer } from "./lib/upload-servers";

/**
 * The several-node layout under a simulated fleet: two web nodes and a worker on one PostgreSQL and one S3
 * bucket (s3rver), HAProxy in front with deploy/haproxy.cfg; BENCH_CLUSTER_SCREENS screens (9,000 by
 * default) from 127.0.0.2-41 spread by the balancer. Measured: all connected, a command to all acknowledged
 * (target < 2 s), a publish told to all (< 2 s) and fetched by all (< 5 s), one web node killed and its
 * screens back (< 30 s), and the bytes of a media GET's body that pass through Node (target 0: the file is
 * served by a redirect to the bucket). Every figure is set against the same steps on one node (MARQUEE_ROLE
 * all, no balancer) in the same run; for the kill, the one node is killed and started again.
 */

const SCREENS = envCount("BENCH_CLUSTER_SCREENS", 9_000);
const PROCESSES = envCount("BENCH_CLUSTER_PROCESSES", 4);
const RATE = envCount("BENCH_CLUSTER_RATE", 2_000);
const MEDIA_GETS = 20;
const MEDIA_BYTES = 2 * 1024 * 1024;
const IDS_PER_CALL = 1_000;
const ADDRESSES_PER_PROCESS = 10;
const ADMIN = { username: "admin", password: "Admin12345" };
const TARGET = { commandMs: 2_000, notifiedMs: 2_000, fetchedMs: 5_000, backMs: 30_000, mediaBytes: 0 };
const root = new URL("..", import.meta.url).pathname;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
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
}

/** A layout to measure: where screens and operators go, and how one of its nodes is killed. */
interface Layout {
  name: string;
  origin: string;
  databaseUrl: string;
  /** Kills a node holding screens (and, for one node, starts it again). */
  kill(): Promise<void>;
}

/** The body bytes Node sent for a GET of `url` (redirects not followed). */
async function bodyBytes(url: string, cookie: string): Promise<number> {
  const res = await fetch(url, { headers: { cookie }, redirect: "manual" });
  const body = Buffer.from(await res.arrayBuffer());
  if (res.status >= 400) throw new Error(`GET ${url} answered ${res.status}`);
  return body.length;
}

async function measure(cleanup: Cleanup, layout: Layout): Promise<Figures> {
  const db = new pg.Pool({ connectionString: layout.databaseUrl, max: 2 });
  cleanup.add(`closing the pool of ${layout.name}`, () => db.end());
  const count = async (text: string, values: unknown[] = []) =>
    (await db.query<{ n: number }>(text, values)).rows[0]?.n ?? 0;
  const pool = await ClientPool.open(cleanup, PROCESSES, (i) => fleetOptions(layout.origin, layout.name, i));
  await pool.all({ op: "register" });
  await pool.all({ op: "connect" });
  await pool.until("welcomed", counts, 180_000);
  await db.query("update terminals set state = 'authorised', authorised_at = now() where state = 'pending'");
  let started = epochMs();
  await pool.all({ op: "reconnect" });
  const connectMs = (await pool.until("authorised", counts, 180_000)) - started;
  console.log(`${layout.name}: ${fmt(SCREENS)} screens connected and authorised in ${fmt(connectMs)} ms`);

  const operator = await Operator.signIn(layout.origin, ADMIN.username, ADMIN.password);
  const ids = (await db.query<{ id: number }>("select id from terminals order by id")).rows.map((r) => r.id);
  const calls: number[][] = [];
  for (let i = 0; i < ids.length; i += IDS_PER_CALL) calls.push(ids.slice(i, i + IDS_PER_CALL));

  // A command to all, until every outcome is done.
  started = performance.now();
  await Promise.all(calls.map((c) => operator.command(c, "refresh")));
  const doneSql =
    "select count(*)::int as n from terminal_commands where name = 'refresh' and state = 'done'";
  while ((await count(doneSql)) < SCREENS) {
    if (performance.now() - started > 60_000) throw new Error(`${layout.name}: commands not done in 60 s`);
    await sleep(20);
  }
  const commandMs = performance.now() - started;
  console.log(`${layout.name}: a command acknowledged by all in ${fmt(commandMs)} ms`);

  // A media file uploaded, a program using it published to all.
  const cookie = await signIn(layout.origin, ADMIN.username, ADMIN.password);
  const file = await writeTestFile(
    path.join(tempDir(cleanup, "marquee-bench-cluster-"), "media.png"),
    MEDIA_BYTES,
  );
  const api: Api = { origin: layout.origin, cookie, agent: new Agent({ keepAlive: true }) };
  const uploaded = await uploadChunked(
    api,
    { path: file.path, md5: file.md5, size: file.size, name: "media.png" },
    { parallel: 2, chunkSize: UPLOAD_CHUNK_BYTES, chunkTimeoutMs: 60_000 },
  );
  const materialId = Number(uploaded.material.id);
  const doc = createProgram({ width: 1920, height: 1080 });
  doc.scenes[0]?.widgets.push(createWidget("image", doc, { defaults: { materialId } }));
  const saved = await operator.call("POST", "/a/api/program/save", { name: `bench ${layout.name}`, doc });
  const programId = Number(saved.id);
  await operator.call("POST", "/a/api/program/submit", { ids: [programId] });
  const officeId = await operator.officeId();
  const since = epochMs();
  const synced = pool.since("synced", since, counts, 60_000);
  const fetched = pool.since("fetched", since, counts, 90_000);
  synced.catch(() => undefined);
  fetched.catch(() => undefined);
  await operator.call("POST", "/a/api/publishProgram/saveTerminals", {
    id: programId,
    officeIds: [officeId],
    includeChildren: true,
    name: `bench ${layout.name}`,
  });
  const notifiedMs = (await synced) - since;
  const fetchedMs = (await fetched) - since;
  console.log(
    `${layout.name}: publish told to all in ${fmt(notifiedMs)} ms, fetched by all in ${fmt(fetchedMs)} ms`,
  );

  // Media GETs: what passes through Node.
  const list = await operator.call("GET", "/a/api/material/list?pageSize=100");
  const row = (list.list as Array<{ id: number; fileUrl: string | null }>).find((m) => m.id === materialId);
  if (!row?.fileUrl) throw new Error(`${layout.name}: the material has no file address`);
  let bytes = 0;
  for (let i = 0; i < MEDIA_GETS; i++)
    bytes += await bodyBytes(new URL(row.fileUrl, layout.origin).href, cookie);
  const mediaBytes = bytes / MEDIA_GETS;
  console.log(
    `${layout.name}: ${fmt(mediaBytes)} body bytes through Node per media GET (file ${fmt(MEDIA_BYTES)})`,
  );

  // A node killed: its screens back.
  const before = await pool.stats();
  started = performance.now();
  await layout.kill();
  for (;;) {
    const s = await pool.stats();
    if (s.reconnects > before.reconnects && s.welcomed >= SCREENS) break;
    if (performance.now() - started > 120_000) throw new Error(`${layout.name}: screens not back in 120 s`);
    await sleep(50);
  }
  const backMs = performance.now() - started;
  const online = await count("select count(*)::int as n from terminals where online");
  console.log(
    `${layout.name}: screens back ${fmt(backMs)} ms after the kill (${fmt(online)} online in the database)`,
  );
  await pool.close();
  return { connectMs, commandMs, notifiedMs, fetchedMs, backMs, mediaBytes };
}

async function startHaproxy(cleanup: Cleanup, bind: string, web: string[]): Promise<ChildProcess> {
  const child = spawn("/usr/sbin/haproxy", ["-db", "-f", path.join(root, "deploy/haproxy.cfg")], {
    env: { ...process.env, MARQUEE_BIND: bind, MARQUEE_WEB1: web[0] ?? "", MARQUEE_WEB2: web[1] ?? "" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let err = "";
  child.stderr?.on("data", (d) => {
    err += d;
  });
  cleanup.add("stopping HAProxy", () => child.kill("SIGTERM"));
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`HAProxy exited: ${err}`);
    const ok = await fetch(`http://${bind}/apm-web/f/health`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return child;
    await sleep(200);
  }
  throw new Error(`HAProxy did not answer: ${err}`);
}

async function main(cleanup: Cleanup): Promise<void> {
  const s3 = await startS3("marquee-bench");
  cleanup.add("stopping s3rver", () => s3.close());
  const common = { admin: ADMIN, startLimitMs: 120_000 };

  // One node, all roles, no balancer.
  const oneDb = await openDatabase(cleanup);
  const oneDir = tempDir(cleanup, "marquee-bench-one-");
  let one: RealServer = await startRealServer(cleanup, {
    ...common,
    dataDir: oneDir,
    databaseUrl: oneDb.url,
    env: { ...s3.env },
  });
  const single = await measure(cleanup, {
    name: "one",
    origin: one.origin,
    databaseUrl: oneDb.url,
    async kill() {
      await one.kill();
      one = await startRealServer(cleanup, {
        ...common,
        dataDir: oneDir,
        databaseUrl: oneDb.url,
        port: one.port,
        env: { ...s3.env },
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
      env: { ...s3.env, MARQUEE_ROLE: role, TRUST_PROXY: "true", PUBLIC_ORIGIN: `http://${lb}` },
    });
  const web1 = await node("web");
  const web2 = await node("web");
  await node("worker");
  await startHaproxy(cleanup, lb, [`127.0.0.1:${web1.port}`, `127.0.0.1:${web2.port}`]);
  const cluster = await measure(cleanup, {
    name: "cluster",
    origin: `http://${lb}`,
    databaseUrl: db.url,
    kill: () => web1.kill(),
  });

  console.log(
    `\nbench:cluster, ${fmt(SCREENS)} screens (BENCH_CLUSTER_SCREENS), ${PROCESSES} client processes`,
  );
  console.log("figure                         one node    cluster    cluster/one   target");
  const rows: Array<[string, keyof Figures, number]> = [
    ["connected and authorised, ms", "connectMs", Number.POSITIVE_INFINITY],
    ["command acknowledged, ms", "commandMs", TARGET.commandMs],
    ["publish told to all, ms", "notifiedMs", TARGET.notifiedMs],
    ["publish fetched by all, ms", "fetchedMs", TARGET.fetchedMs],
    ["back after a kill, ms", "backMs", TARGET.backMs],
    ["media body bytes via Node", "mediaBytes", TARGET.mediaBytes],
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
  console.log(met ? "\nall targets met" : "\nnot all targets met");
}

await runBenchmark(main, { stepLimitMs: 20_000, cleanupLimitMs: 60_000, benchLimitMs: 900_000 });
