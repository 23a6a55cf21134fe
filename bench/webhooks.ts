import { createHmac, randomUUID } from "node:crypto";
import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { PROTOCOL_VERSION, wsUrl } from "@marquee/terminal-protocol";
import pg from "pg";
import WebSocket from "ws";
import { sampleStatus } from "../apps/server/test/terminal-helpers";
import type { Cleanup } from "./lib/cleanup";
import { openDatabase, tempDir } from "./lib/database";
import { envCount } from "./lib/env";
import { runBenchmark } from "./lib/run";
import { startRealServer } from "./lib/upload-servers";

/**
 * The webhook benchmark: the real server in a child process with a fresh PostgreSQL, a webhook endpoint of
 * the platform's tenant on a local receiver (node:http on 127.0.0.1, checking every signature).
 *
 * Measured:
 *  (a) throughput: BENCH_WEBHOOK_EVENTS events queued at once in the database (as a fleet's delivery
 *      reports queue them), from the commit to the last signed POST received: events delivered per second;
 *  (b) delay: a screen (the real protocol on a WebSocket) reports a publication playing, one report at a
 *      time, BENCH_WEBHOOK_REPORTS times; from the frame sent to its `publication.delivered` webhook
 *      received: median and p95.
 *
 * Baseline, measured in the same run: (a) against a plain loop of as many POSTs of the same bodies to the
 * same receiver from this process, 32 at once (the worker's concurrency), on kept-alive connections: what
 * the receiver and the loopback take without Marquee's queue, claims, signatures and bookkeeping.
 *
 * Targets: at least 500 events delivered per second; a report's webhook within 1 s at p95.
 */

const EVENTS = envCount("BENCH_WEBHOOK_EVENTS", 5_000);
const REPORTS = envCount("BENCH_WEBHOOK_REPORTS", 40);
const CONCURRENCY = 32;
const TARGET_EVENTS_PER_S = 500;
const TARGET_P95_MS = 1_000;
const ADMIN = { username: "admin", password: "Admin12345" };
const SECRET = "whsec_bench_secret_0123456789";

const fmt = (n: number, digits = 0) =>
  n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;

/** The local endpoint: counts the POSTs, checks each signature, and tells who waits for an event. */
class Receiver {
  count = 0;
  badSignatures = 0;
  lastAt = 0;
  private readonly waiting = new Map<string, (at: number) => void>();
  private server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const at = performance.now();
      const body = Buffer.concat(chunks).toString("utf8");
      const ts = String(req.headers["x-marquee-timestamp"] ?? "");
      const given = req.headers["x-marquee-signature"];
      const baseline = req.headers["x-bench-baseline"] === "1";
      if (!baseline) {
        const expected = `sha256=${createHmac("sha256", SECRET).update(`${ts}.${body}`).digest("hex")}`;
        if (given !== expected) this.badSignatures++;
      }
      this.count++;
      this.lastAt = at;
      res.writeHead(204).end();
      if (this.waiting.size) {
        const parsed = JSON.parse(body) as { data?: { publication?: { id?: number } } };
        const key = `pub:${parsed.data?.publication?.id}`;
        this.waiting.get(key)?.(at);
        this.waiting.delete(key);
      }
    });
  });
  port = 0;

  async start(cleanup: Cleanup) {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.port = (this.server.address() as AddressInfo).port;
    cleanup.add("stopping the receiver", async () => {
      this.server.closeAllConnections();
      await new Promise((r) => this.server.close(r));
    });
  }

  /** Resolves with the arrival time of the webhook of this publication. */
  arrivalOf(publicationId: number): Promise<number> {
    return new Promise((resolve) => this.waiting.set(`pub:${publicationId}`, resolve));
  }

  async until(count: number, limitMs: number): Promise<void> {
    const deadline = Date.now() + limitMs;
    while (this.count < count) {
      if (Date.now() > deadline) throw new Error(`only ${this.count} of ${count} webhooks arrived`);
      await sleep(5);
    }
  }
}

/** The baseline: `n` POSTs of a delivery's size to the receiver, CONCURRENCY at once, kept-alive. */
async function plainPosts(port: number, n: number, body: string): Promise<number> {
  const { Agent } = await import("node:http");
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  let next = 0;
  const started = performance.now();
  const one = () =>
    new Promise<void>((resolve, reject) => {
      const req = request(
        {
          host: "127.0.0.1",
          port,
          method: "POST",
          path: "/hook",
          agent,
          headers: { "content-type": "application/json", "x-bench-baseline": "1" },
        },
        (res) => {
          res.resume();
          res.on("end", resolve);
        },
      );
      req.on("error", reject);
      req.end(body);
    });
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next++ < n) await one();
    }),
  );
  agent.destroy();
  return performance.now() - started;
}

async function main(cleanup: Cleanup): Promise<void> {
  const database = await openDatabase(cleanup);
  const dataDir = tempDir(cleanup, "marquee-bench-webhooks-");
  const receiver = new Receiver();
  await receiver.start(cleanup);
  const server = await startRealServer(cleanup, {
    dataDir,
    databaseUrl: database.url,
    admin: ADMIN,
    startLimitMs: 120_000,
  });
  console.log(`server ${server.origin} (${database.kind}); receiver on 127.0.0.1:${receiver.port}`);
  const db = new pg.Pool({ connectionString: database.url, max: 4 });
  cleanup.add("closing the bench's pool", () => db.end());

  // The platform's tenant keeps one endpoint wanting every event; the platform allows loopback receivers.
  const platform = (await db.query<{ id: number }>("select id from offices where parent_id is null")).rows[0]
    ?.id;
  if (!platform) throw new Error("no platform office");
  await db.query(
    `insert into settings (key, value) values ('webhooksPrivateAddresses', '{"v": true}')
     on conflict (key) do update set value = excluded.value`,
  );
  const endpoint = (
    await db.query<{ id: number }>(
      `insert into webhook_endpoints (office_id, url, secret, events)
       values ($1, $2, $3, array['publication.delivered','publication.failed']) returning id`,
      [platform, `http://127.0.0.1:${receiver.port}/hook`, SECRET],
    )
  ).rows[0]?.id;
  await db.query("select pg_notify('marquee_webhooks', 'endpoints')");
  // The worker reads the setting at most every 2 s.
  await sleep(2_500);

  // (a) the baseline, then the same count of events through Marquee.
  const sample = JSON.stringify({
    id: randomUUID(),
    type: "publication.delivered",
    time: new Date().toISOString(),
    tenant: { id: platform, name: "Platform" },
    data: {
      publication: { id: 1, name: "Week plan", kind: "plan", contentId: 1 },
      terminal: { id: 1, name: "Lobby" },
    },
  });
  const baselineMs = await plainPosts(receiver.port, EVENTS, sample);
  const baselineRate = (EVENTS * 1000) / baselineMs;
  console.log(`baseline: ${fmt(EVENTS)} plain POSTs in ${fmt(baselineMs)} ms (${fmt(baselineRate)}/s)`);
  receiver.count = 0;
  const queuedAt = performance.now();
  await db.query(
    `with ins as (
       insert into webhook_deliveries (event_id, type, office_id, endpoint_id, payload)
       select u, 'publication.delivered', $1, $2,
         jsonb_build_object('id', u, 'type', 'publication.delivered', 'time', now(),
           'tenant', jsonb_build_object('id', $1::int, 'name', 'Platform'),
           'data', jsonb_build_object('publication', jsonb_build_object('id', g, 'name', 'Week plan', 'kind', 'plan'),
             'terminal', jsonb_build_object('id', g, 'name', 'Lobby ' || g)))
       from generate_series(1, $3::int) g, gen_random_uuid() u returning 1)
     select count(*), pg_notify('marquee_webhooks', 'due') from ins`,
    [platform, endpoint, EVENTS],
  );
  await receiver.until(EVENTS, 60_000);
  const marqueeMs = receiver.lastAt - queuedAt;
  const rate = (EVENTS * 1000) / marqueeMs;
  console.log(`marquee: ${fmt(EVENTS)} signed webhooks delivered in ${fmt(marqueeMs)} ms (${fmt(rate)}/s)`);
  const left = await db.query<{ n: number }>(
    "select count(*)::int as n from webhook_deliveries where state <> 'delivered'",
  );
  if ((left.rows[0]?.n ?? 0) > 0) await sleep(500);

  // (b) a screen's report → its webhook.
  const reg = await fetch(`${server.origin}/apm-web/t/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      deviceId: `bench-${randomUUID()}`,
      model: "Bench",
      version: "1.0.0",
      resolution: { width: 1920, height: 1080 },
    }),
  });
  if (!reg.ok) throw new Error(`register: ${reg.status} ${await reg.text()}`);
  const { terminalId, token } = (await reg.json()) as { terminalId: number; token: string };
  await db.query(
    "update terminals set state = 'authorised', office_id = $1, authorised_at = now() where id = $2",
    [platform, terminalId],
  );
  const pubs = (
    await db.query<{ id: number }>(
      `insert into publications (office_id, kind, content_id, name, tenant_id, state)
       select $1, 'plan', g, 'Plan ' || g, $1, 'active' from generate_series(1, $2::int) g returning id`,
      [platform, REPORTS],
    )
  ).rows.map((r) => r.id);
  await db.query(
    "insert into publication_targets (publication_id, terminal_id, state) select unnest($1::int[]), $2, 'fetched'",
    [pubs, terminalId],
  );
  const ws = new WebSocket(wsUrl(server.origin, token));
  cleanup.add("closing the screen's socket", async () => ws.close());
  const welcomed = new Promise<void>((resolve, reject) => {
    ws.on("message", (data) => {
      if ((JSON.parse(String(data)) as { type: string }).type === "welcome") resolve();
    });
    ws.once("error", reject);
  });
  await new Promise<void>((resolve, reject) => {
    ws.once("open", resolve);
    ws.once("error", reject);
  });
  ws.send(
    JSON.stringify({
      type: "hello",
      v: PROTOCOL_VERSION,
      status: sampleStatus(),
    }),
  );
  await welcomed;
  const delays: number[] = [];
  for (const id of pubs) {
    const arrived = receiver.arrivalOf(id);
    const sent = performance.now();
    ws.send(
      JSON.stringify({
        type: "delivery",
        manifestVersion: "bench",
        items: [{ publicationId: id, state: "playing" }],
      }),
    );
    const at = await Promise.race([arrived, sleep(10_000).then(() => Number.NaN)]);
    if (Number.isNaN(at)) throw new Error(`no webhook for publication ${id} within 10 s`);
    delays.push(at - sent);
    // Reports of a real fleet do not arrive in lockstep with the tracker's flushes.
    await sleep(37);
  }
  delays.sort((a, b) => a - b);
  const median = quantile(delays, 0.5);
  const p95 = quantile(delays, 0.95);

  console.log("");
  console.log(`webhooks, ${fmt(EVENTS)} events and ${fmt(REPORTS)} screen reports (${database.kind})`);
  console.log(
    `  throughput: ${fmt(rate)} events/s delivered and signed; baseline plain POST loop ${fmt(baselineRate)}/s; ratio ${fmt(rate / baselineRate, 2)}`,
  );
  console.log(
    `  delay from a screen's report to its webhook: median ${fmt(median)} ms, p95 ${fmt(p95)} ms (max ${fmt(delays.at(-1) ?? 0)} ms)`,
  );
  console.log(`  signatures that did not verify: ${receiver.badSignatures}`);
  const met = {
    throughput: rate >= TARGET_EVENTS_PER_S,
    delay: p95 < TARGET_P95_MS,
    signatures: receiver.badSignatures === 0,
  };
  console.log(
    `  targets: ≥ ${TARGET_EVENTS_PER_S} events/s ${met.throughput ? "PASS" : "FAIL"}; p95 delay < ${TARGET_P95_MS} ms ${met.delay ? "PASS" : "FAIL"}; every signature verifies ${met.signatures ? "PASS" : "FAIL"}`,
  );
  if (met.throughput && met.delay && met.signatures) console.log("all targets met");
  else {
    console.log("targets NOT met");
    process.exitCode = 1;
  }
}

await runBenchmark(main, { stepLimitMs: 20_000, cleanupLimitMs: 60_000, benchLimitMs: 180_000 });
