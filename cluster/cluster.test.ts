import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createProgram, createWidget } from "@marquee/program";
import pg from "pg";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../apps/server/src/db/embedded";
import { createTestDatabase } from "../apps/server/test/helpers";
import { startS3, type TestS3 } from "../apps/server/test/s3";
import { chromiumPath, signIn } from "../e2e/harness";
import { Fleet, Operator } from "../tools/fleet-sim";

/**
 * The production layout on one machine: one PostgreSQL, one S3 bucket (s3rver), two web nodes and one
 * worker from the built server (apps/server/dist/main.js), each with its own data directory and port, and
 * HAProxy in front with deploy/haproxy.cfg itself. A browser signs in through the balancer and uploads an
 * image (the upload's calls pinned to web node 1), the worker makes its thumbnail (served through the
 * balancer), a program using it is published through web node 2 to 200 simulated screens connected
 * through the balancer; then web node 1 is killed (SIGKILL): its screens come back through the balancer
 * to node 2, nothing published is lost, and a command to every screen is acknowledged by all.
 */

const root = new URL("..", import.meta.url).pathname;
const SCREENS = 200;
const ADMIN = { username: "admin", password: "Admin12345" };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Node {
  name: string;
  role: "web" | "worker";
  port: number;
  origin: string;
  dataDir: string;
  child: ChildProcess;
  output: () => string;
}

let s3: TestS3;
let databaseUrl: string;
let balancer: string;
let haproxy: ChildProcess;
let haproxyOut = "";
const nodes: Node[] = [];
let browser: Browser | undefined;
let page: Page;
let fleet: Fleet | undefined;
let terminalIds: number[] = [];
const troubles: string[] = [];

async function untilOk<T>(what: string, ms: number, get: () => Promise<T | undefined>): Promise<T> {
  const end = Date.now() + ms;
  let last: unknown;
  for (;;) {
    try {
      const v = await get();
      if (v !== undefined) return v;
    } catch (err) {
      last = err;
    }
    if (Date.now() > end) throw new Error(`${what}: not within ${ms / 1000} s (${String(last ?? "")})`);
    await sleep(200);
  }
}

async function query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

function startNode(name: string, role: Node["role"], port: number, extra: Record<string, string>): Node {
  const dataDir = mkdtempSync(path.join(tmpdir(), `marquee-cluster-${name}-`));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...s3.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    MARQUEE_ROLE: role,
    TRUST_PROXY: "true",
    PUBLIC_ORIGIN: balancer,
    LOG_LEVEL: "warn",
    LOG_FORMAT: "json",
    RATE_LIMIT_OPEN_PER_MINUTE: "100000",
    ...extra,
  };
  delete env.NODE_OPTIONS;
  const child = spawn(process.execPath, [path.join(root, "apps/server/dist/main.js")], {
    env,
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout?.on("data", (d) => {
    out += d;
  });
  child.stderr?.on("data", (d) => {
    out += d;
  });
  const node = { name, role, port, origin: `http://127.0.0.1:${port}`, dataDir, child, output: () => out };
  nodes.push(node);
  return node;
}

async function healthy(origin: string, node?: Node): Promise<void> {
  await untilOk(`${origin} healthy`, 90_000, async () => {
    if (node && node.child.exitCode !== null) throw new Error(`${node.name} exited: ${node.output()}`);
    const res = await fetch(`${origin}/apm-web/f/health`);
    return res.status === 200 ? true : undefined;
  });
}

beforeAll(async () => {
  const build = spawnSync(process.execPath, ["scripts/build.mjs", "server", "--quiet"], {
    cwd: root,
    encoding: "utf8",
  });
  if (build.status !== 0) throw new Error(`the server did not build: ${build.stdout}${build.stderr}`);
  if (!existsSync(path.join(root, "apps/web/dist/index.html")))
    throw new Error("The console is not built: run `npm run build:web` first");
  s3 = await startS3("marquee-cluster");
  // An empty database: the three nodes start together and migrate it (one at a time, under a lock).
  databaseUrl = await createTestDatabase({ empty: true });
  const [lb, p1, p2, p3] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
  balancer = `http://127.0.0.1:${lb}`;
  haproxy = spawn("/usr/sbin/haproxy", ["-db", "-f", path.join(root, "deploy/haproxy.cfg")], {
    env: {
      ...process.env,
      MARQUEE_BIND: `127.0.0.1:${lb}`,
      MARQUEE_WEB1: `127.0.0.1:${p1}`,
      MARQUEE_WEB2: `127.0.0.1:${p2}`,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  haproxy.stdout?.on("data", (d) => {
    haproxyOut += d;
  });
  haproxy.stderr?.on("data", (d) => {
    haproxyOut += d;
  });
  const admin = { MARQUEE_ADMIN_USERNAME: ADMIN.username, MARQUEE_ADMIN_PASSWORD: ADMIN.password };
  const started = [
    startNode("web1", "web", p1 ?? 0, admin),
    startNode("web2", "web", p2 ?? 0, {}),
    startNode("worker", "worker", p3 ?? 0, {}),
  ];
  await Promise.all(started.map((n) => healthy(n.origin, n)));
  await healthy(balancer).catch((err) => {
    throw new Error(`${(err as Error).message}\nHAProxy: ${haproxyOut}`);
  });
  browser = await chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-sync"],
  });
});

afterAll(async () => {
  await fleet?.stop();
  await browser?.close().catch(() => undefined);
  for (const n of nodes) {
    if (n.child.exitCode === null && n.child.signalCode === null) n.child.kill("SIGTERM");
  }
  await Promise.all(
    nodes.map(
      (n) =>
        new Promise<void>((resolve) => {
          if (n.child.exitCode !== null || n.child.signalCode !== null) return resolve();
          const timer = setTimeout(() => n.child.kill("SIGKILL"), 10_000);
          n.child.once("exit", () => {
            clearTimeout(timer);
            resolve();
          });
        }),
    ),
  );
  haproxy?.kill("SIGTERM");
  await s3?.close();
  for (const n of nodes) rmSync(n.dataDir, { recursive: true, force: true });
});

const web1 = () => nodes[0] as Node;
const web2 = () => nodes[1] as Node;

describe("two web nodes and a worker behind HAProxy", () => {
  let materialId = 0;
  let operator: Operator;
  let officeId = 0;

  it("docs/deploy.md shows deploy/haproxy.cfg as it is", () => {
    const cfg = readFileSync(path.join(root, "deploy/haproxy.cfg"), "utf8");
    expect(readFileSync(path.join(root, "docs/deploy.md"), "utf8")).toContain(`\`\`\`haproxy\n${cfg}\`\`\``);
  });

  it("the worker answers only its health check, the web nodes answer through the balancer", async () => {
    const worker = nodes[2] as Node;
    expect((await fetch(`${worker.origin}/apm-web/f/common/getPublishKey`)).status).toBe(404);
    expect((await fetch(`${worker.origin}/login`)).status).toBe(404);
    // The web nodes answer the same call through the balancer, in turn.
    for (let i = 0; i < 4; i++)
      expect((await fetch(`${balancer}/apm-web/f/common/getPublishKey`)).status).toBe(200);
  });

  it("a browser signs in through the balancer and uploads an image, its calls pinned to web node 1", async () => {
    const context = await (browser as Browser).newContext({
      baseURL: balancer,
      viewport: { width: 1440, height: 900 },
      locale: "en-US",
    });
    context.setDefaultTimeout(60_000);
    await context.addCookies([{ name: "language", value: "en", url: balancer }]);
    page = await context.newPage();
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.waitForURL("**/home");
    // Every upload call goes to node 1's own port (cookies are per host, not per port: the session is sent).
    let pinned = 0;
    await page.route("**/apm-web/a/api/fileInfosa/**", (route) => {
      const url = new URL(route.request().url());
      pinned++;
      return route.continue({ url: `${web1().origin}${url.pathname}${url.search}` });
    });
    const file = path.join(mkdtempSync(path.join(tmpdir(), "marquee-cluster-img-")), "cluster.png");
    const sharp = (await import("sharp")).default;
    await sharp({ create: { width: 640, height: 360, channels: 3, background: "#2266aa" } })
      .png()
      .toFile(file);
    await page.goto("/resManage/myRes");
    await page.getByTestId("material-table").waitFor();
    await page.getByTestId("material-upload").click();
    await page.getByTestId("material-dropzone").locator("input[type=file]").setInputFiles([file]);
    await expect
      .poll(() => page.getByTestId("upload-item").first().getAttribute("data-stage"), { timeout: 60_000 })
      .toMatch(/^(done|instant)$/);
    expect(pinned).toBeGreaterThan(0);
    const [row] = await query<{ id: number }>("select id from materials order by id desc limit 1");
    materialId = row?.id ?? 0;
    expect(materialId).toBeGreaterThan(0);
  });

  it("the worker makes the thumbnail, served through the balancer", async () => {
    const thumbUrl = await untilOk("the thumbnail", 60_000, async () => {
      const res = await page.request.get(`/apm-web/a/api/material/list?pageSize=100`, {
        headers: { "x-requested-with": "XMLHttpRequest" },
      });
      const m = (await res.json()).list.find((x: { id: number }) => x.id === materialId);
      return m?.thumbUrl ? String(m.thumbUrl) : undefined;
    });
    const thumb = await page.request.get(thumbUrl);
    expect(thumb.status()).toBe(200);
    expect(thumb.headers()["content-type"]).toMatch(/^image\//);
  });

  it(`${SCREENS} screens connect through the balancer and receive a program published through node 2`, async () => {
    fleet = new Fleet({
      server: balancer,
      count: SCREENS,
      prefix: "cluster",
      connectRate: 500,
      registerConcurrency: 16,
      minBackoffMs: 200,
      maxBackoffMs: 2000,
      onError: (deviceId, err) => {
        if (troubles.length < 5) troubles.push(`${deviceId}: ${err instanceof Error ? err.message : err}`);
      },
    });
    await fleet.start();
    await fleet.waitFor((s) => s.welcomed === SCREENS && s.pending === SCREENS, 60_000);
    terminalIds = (
      await query<{ id: number }>(
        "update terminals set state = 'authorised', authorised_at = now() where state = 'pending' returning id",
      )
    ).map((r) => r.id);
    expect(terminalIds).toHaveLength(SCREENS);
    await fleet.reconnect();
    await fleet.waitFor((s) => s.authorised === SCREENS && s.welcomed === SCREENS, 60_000);
    // Both web nodes hold some of them (round robin), once each has written its presence (in batches, a
    // moment after the welcome).
    await expect
      .poll(
        async () =>
          (
            await query<{ n: number }>("select count(distinct held_by)::int as n from terminals where online")
          )[0]?.n,
        { timeout: 15_000, interval: 250 },
      )
      .toBe(2);

    operator = await Operator.signIn(web2().origin, ADMIN.username, ADMIN.password);
    officeId = await operator.officeId();
    const doc = createProgram({ width: 1920, height: 1080 });
    const text = createWidget("text", doc, { defaults: { text: "cluster" } });
    const image = createWidget("image", doc, { defaults: { materialId } });
    doc.scenes[0]?.widgets.push(image, text);
    const saved = await operator.call("POST", "/a/api/program/save", { name: "cluster program", doc });
    const programId = Number(saved.id);
    const submitted = await operator.call("POST", "/a/api/program/submit", { ids: [programId] });
    expect(submitted.state).toBe("approved");
    const since = Date.now();
    const answer = await operator.call("POST", "/a/api/publishProgram/saveTerminals", {
      id: programId,
      officeIds: [officeId],
      includeChildren: true,
      name: "cluster publication",
    });
    expect(Number(answer.targetCount)).toBe(SCREENS);
    await untilOk("every screen told and fetched", 30_000, async () => {
      const t = fleet?.syncedSince(since);
      return t && t.synced === SCREENS && t.fetched === SCREENS ? t : undefined;
    });
    expect(troubles).toEqual([]);
  });

  it("web node 1 killed: its screens come back through the balancer, nothing is lost, all acknowledge", async () => {
    const f = fleet as Fleet;
    const before = f.stats().reconnects;
    const [{ n: onNode1 = 0 } = {}] = await query<{ n: number }>(
      "select count(*)::int as n from terminals t join server_processes p on p.id = t.held_by where p.pid = $1",
      [web1().child.pid],
    );
    expect(onNode1).toBeGreaterThan(0);
    const killedAt = Date.now();
    web1().child.kill("SIGKILL");
    await f.waitFor((s) => s.reconnects - before >= onNode1 && s.welcomed === SCREENS, 30_000);
    const backMs = Date.now() - killedAt;
    expect(backMs).toBeLessThan(30_000);
    console.log(`the ${onNode1} screens of the killed node were back through the balancer in ${backMs} ms`);
    // Every screen is held by node 2 now, and every one still has the publication.
    await untilOk("presence on node 2", 20_000, async () => {
      const [r] = await query<{ online: number; held: number }>(
        `select count(*) filter (where online)::int as online,
                count(distinct held_by) filter (where online)::int as held from terminals`,
      );
      return r?.online === SCREENS && r.held === 1 ? r : undefined;
    });
    const [kept] = await query<{ n: number }>(
      `select count(*)::int as n from terminals t
        where exists (select 1 from publications p where p.id = any(t.publication_ids))`,
    );
    expect(kept?.n).toBe(SCREENS);
    const [material] = await query<{ n: number }>("select count(*)::int as n from materials where id = $1", [
      materialId,
    ]);
    expect(material?.n).toBe(1);

    // A command to every screen, through the balancer, acknowledged by all.
    const viaBalancer = await Operator.signIn(balancer, ADMIN.username, ADMIN.password);
    const acks = f.stats().acks;
    const outcomes = await viaBalancer.command(terminalIds, "refresh");
    expect(outcomes).toHaveLength(SCREENS);
    await untilOk("every command acknowledged", 30_000, async () => {
      const [r] = await query<{ n: number }>(
        "select count(*)::int as n from terminal_commands where name = 'refresh' and state = 'done'",
      );
      return r?.n === SCREENS ? r : undefined;
    });
    expect(f.stats().acks - acks).toBe(SCREENS);
  });
});
