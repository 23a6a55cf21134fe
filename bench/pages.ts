import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { LANGUAGE_COOKIE } from "@marquee/contracts";
import pg from "pg";
import pino from "pino";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { connect, runMigrations } from "../apps/server/src/db/client";
import { initialiseSystem } from "../apps/server/src/modules/common/init";
import { BROWSER_TIMEOUT_MS, launchChromium, navigateUntil } from "./lib/browser";
import type { Cleanup } from "./lib/cleanup";
import { openDatabase, tempDir } from "./lib/database";
import { percentile } from "./lib/percentile";
import { runBenchmark } from "./lib/run";
import { BASELINE_SELECTOR, startStaticPage } from "./lib/static-page";
import { generateStatsData, type StatsScale } from "./lib/stats-data";
import { startRealServer } from "./lib/upload-servers";

/**
 * The console pages benchmark: time until usable of the ten heaviest pages of the console,
 * signed in as the platform administrator over a populated database (1,000 materials, 500 programs, 1,000
 * terminals, and their publications, users and a month of statistics), in headless Chromium against the real
 * server, each against a minimal static page from a bare node:http server loaded the same way in the same run.
 *
 * "Usable": the page's own content is there and visible (its first row, card, form or canvas, named per page
 * below) and no loading spinner or skeleton is left on the page. Each load is a full navigation (the console's
 * code from the browser's HTTP cache, as on an operator's second visit of the day; every call to the API
 * fresh). Target: p95 under 800 ms for each page. A measurement: it fails only when a page does not load.
 */
const TARGET_P95_MS = 800;
const RUNS = Number(process.env.BENCH_PAGES_RUNS ?? 20);
/** BENCH_PAGES_TRACE=1: after each page's runs, one more load prints what it waited for (scripts, calls). */
const TRACE = process.env.BENCH_PAGES_TRACE === "1";
/** BENCH_PAGES_ONLY=personal,editor: only the pages whose names contain one of these (a partial run). */
const ONLY = (process.env.BENCH_PAGES_ONLY ?? "").split(",").filter(Boolean);
/**
 * BENCH_PAGES_BEFORE=DIR: DIR is another build of the console (a copy of apps/web/dist from before a change).
 * Each page is then loaded from both builds in turn, "before" and "after", and the table compares them: on a
 * shared machine two runs minutes apart differ by more than most changes. The server reads index.html on
 * every load, so the bench writes the build's index.html before each load; the "before" build's hashed files
 * are copied beside the current ones before the server starts (it serves the files it finds then), and
 * removed after the run.
 */
const BEFORE = process.env.BENCH_PAGES_BEFORE ?? "";
const WARMUPS = 2;
const ADMIN = { username: "admin", password: "Admin12345" };
const BENCH_LIMIT_MS = 900_000;
const root = new URL("..", import.meta.url).pathname;
const shots = path.join(root, "bench/out/pages");

const SCALE: StatsScale = {
  terminals: 1_000,
  days: 31,
  popRows: 200_000,
  customers: 2,
  institutionsPerCustomer: 5,
  materialsPerCustomer: 500,
  programsPerCustomer: 250,
  usersPerInstitution: 4,
  popBudgetMs: 60_000,
};

interface PageCase {
  name: string;
  /** The path, `{program}` standing for a program's id. */
  url: string;
  /** What is there once the page is usable. */
  ready: string;
}

const PAGES: PageCase[] = [
  { name: "material library", url: "/resManage/myRes", ready: ".ant-table-row, [data-testid=material-card]" },
  {
    name: "terminal monitoring",
    url: "/terminalMonitor/monitor",
    ready: "[data-testid=terminal-table] .ant-table-row",
  },
  {
    name: "terminal info",
    url: "/terminalMonitor/info",
    ready: "[data-testid=terminal-table] .ant-table-row",
  },
  { name: "data statistics", url: "/dataStatistics/index", ready: "[data-testid=stats-online-summary]" },
  { name: "program list", url: "/program/list", ready: "[data-testid=program-card]" },
  {
    name: "program editor",
    url: "/programEditor?id={program}",
    ready: "[data-testid=editor-canvas] .mq-widget",
  },
  { name: "plan editor", url: "/playPlan/planMake", ready: "[data-testid=plan-make]" },
  { name: "personal centre", url: "/personalCenter", ready: "[data-testid=profile-form]" },
  {
    name: "notifications",
    url: "/sysManage/messageNotification",
    ready: "[data-testid=notification-filter]",
  },
  { name: "domain settings", url: "/sys/customer/doaminNameSetting", ready: ".ant-table-row" },
];

const READY = "__benchUsable";

/** In the page before its scripts: performance.now() when `selector` is visible and nothing is loading. */
function usableProbe(selector: string): string {
  return `(() => {
  const selector = ${JSON.stringify(selector)};
  const loading = ".ant-spin-spinning, .ant-skeleton-active, [data-testid=plan-loading]";
  const shown = (el) => el.checkVisibility({ visibilityProperty: true }) && el.getBoundingClientRect().width > 0;
  const check = () => {
    if (window.${READY} !== undefined) return;
    const el = document.querySelector(selector);
    if (!el || !shown(el)) return requestAnimationFrame(check);
    if ([...document.querySelectorAll(loading)].some(shown)) return requestAnimationFrame(check);
    window.${READY} = performance.now();
  };
  requestAnimationFrame(check);
})();`;
}

const fmt = (n: number, digits = 0) =>
  n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });

/**
 * A context for one page with the probe installed; signed in through the console's own form when `origin` is
 * the server's (the code then comes from the browser's cache, as on an operator's second visit).
 */
async function contextFor(browser: Browser, origin: string, selector: string, signInAt?: string) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: "en-US" });
  await context.addCookies([{ name: LANGUAGE_COOKIE, value: "en", url: origin }]);
  if (signInAt) {
    const page = await context.newPage();
    page.setDefaultTimeout(BROWSER_TIMEOUT_MS);
    await page.goto(`${signInAt}/login`);
    await page.getByPlaceholder("User name").fill(ADMIN.username);
    await page.locator("input[type=password]").fill(ADMIN.password);
    await page.locator("button[type=submit]").click();
    await page.waitForURL("**/home");
    await page.close();
  }
  await context.addInitScript({ content: usableProbe(selector) });
  return context;
}

/** The resources one load fetched, by start time, as lines of "start–end ms  name". */
async function timeline(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
      .concat(performance.getEntriesByType("navigation") as PerformanceNavigationTiming[])
      .map((r) => ({ name: r.name.replace(location.origin, ""), start: r.startTime, end: r.responseEnd }))
      .concat(
        performance
          .getEntriesByType("mark")
          .map((m) => ({ name: `mark ${m.name}`, start: m.startTime, end: m.startTime })),
      )
      .sort((a, b) => a.start - b.start)
      .map((r) => `${r.start.toFixed(0).padStart(6)}–${r.end.toFixed(0).padEnd(6)} ${r.name}`),
  );
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
/** Where the main thread spent its time, from a CPU profile: self time by script and by function. */
function summarise(profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }): string[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const byScript = new Map<string, number>();
  const byFunction = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)?.callFrame;
    if (!frame) return;
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    const script = frame.url.replace(/^.*\//, "") || `(${frame.functionName || "native"})`;
    byScript.set(script, (byScript.get(script) ?? 0) + ms);
    const fn = `${frame.functionName || "(anonymous)"} ${script}:${frame.lineNumber}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
  });
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `${v.toFixed(0).padStart(6)} ms  ${k}`);
  return [
    "self time by script:",
    ...top(byScript, 12),
    "self time by function:",
    ...top(byFunction, 25),
    "busy time by 100 ms of the load, with its three largest functions:",
    ...slices(profile, byId),
  ];
}

/** The profile cut into 100 ms slices from its start: busy (not idle) ms and the functions that took most. */
function slices(
  profile: { samples: number[]; timeDeltas: number[]; startTime?: number },
  byId: Map<number, ProfileNode>,
): string[] {
  const buckets = new Map<number, Map<string, number>>();
  let t = 0;
  profile.samples.forEach((id, i) => {
    t += (profile.timeDeltas[i] ?? 0) / 1000;
    const frame = byId.get(id)?.callFrame;
    if (!frame || frame.functionName === "(idle)") return;
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    const b = Math.floor(t / 100);
    const m = buckets.get(b) ?? new Map<string, number>();
    const fn = `${frame.functionName || "(anonymous)"} ${frame.url.replace(/^.*\//, "")}:${frame.lineNumber}`;
    m.set(fn, (m.get(fn) ?? 0) + ms);
    buckets.set(b, m);
  });
  return [...buckets]
    .sort((a, b) => a[0] - b[0])
    .map(([b, m]) => {
      const busy = [...m.values()].reduce((x, y) => x + y, 0);
      const top3 = [...m]
        .sort((x, y) => y[1] - x[1])
        .slice(0, 3)
        .map(([k, v]) => `${k} ${v.toFixed(0)}`)
        .join(" · ");
      return `${String(b * 100).padStart(6)} ms  busy ${busy.toFixed(0).padStart(3)}  ${top3}`;
    });
}

/** One full navigation to `url`, in ms on the page's clock until usable. */
async function loadOnce(context: BrowserContext, url: string, trace = false): Promise<number> {
  const page = await context.newPage();
  page.setDefaultTimeout(BROWSER_TIMEOUT_MS);
  const cdp = trace ? await context.newCDPSession(page) : null;
  if (cdp) {
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
    await cdp.send("Profiler.start");
  }
  try {
    const ms = await navigateUntil(page, url, READY);
    if (cdp) {
      const { profile } = await cdp.send("Profiler.stop");
      console.log(`\n${url}: usable at ${ms.toFixed(0)} ms\n${(await timeline(page)).join("\n")}`);
      console.log(summarise(profile as never).join("\n"));
      mkdirSync(shots, { recursive: true });
      const file = path.join(shots, `${new URL(url).pathname.replace(/[^a-z0-9]+/gi, "_")}.cpuprofile`);
      writeFileSync(file, JSON.stringify(profile));
      console.log(`the whole profile (for the browser's performance panel): ${path.relative(root, file)}`);
    }
    return ms;
  } catch (err) {
    mkdirSync(shots, { recursive: true });
    const file = path.join(shots, `failed-${url.replace(/[^a-z0-9]+/gi, "_")}.png`);
    await page.screenshot({ path: file }).catch(() => undefined);
    throw new Error(`${url} never became usable (screenshot ${file}): ${String(err)}`);
  } finally {
    await page.close();
  }
}

/** A build of the console the run loads pages from. */
interface ConsoleBuild {
  /** Makes the server answer page addresses with this build's index.html. */
  serve(): void;
}

/** The current build alone, or the one in BENCH_PAGES_BEFORE and then the current one. */
function buildsToCompare(cleanup: Cleanup): ConsoleBuild[] {
  const dist = path.join(root, "apps/web/dist");
  const indexFile = path.join(dist, "index.html");
  const current = readFileSync(indexFile);
  const serving = (index: Buffer): ConsoleBuild => ({ serve: () => writeFileSync(indexFile, index) });
  if (!BEFORE) return [serving(current)];
  const before = readFileSync(path.join(BEFORE, "index.html"));
  const added: string[] = [];
  cleanup.add("putting the console's own index.html back and removing the before build's files", () => {
    writeFileSync(indexFile, current);
    for (const file of added) rmSync(file, { force: true });
  });
  for (const name of readdirSync(path.join(BEFORE, "assets"))) {
    const to = path.join(dist, "assets", name);
    if (existsSync(to)) continue;
    copyFileSync(path.join(BEFORE, "assets", name), to);
    added.push(to);
  }
  return [serving(before), serving(current)];
}

async function main(cleanup: Cleanup, started: number): Promise<void> {
  if (!existsSync(path.join(root, "apps/web/dist/index.html"))) {
    throw new Error("the console is not built: run `npm run build` first");
  }
  const db = await openDatabase(cleanup);
  const database = connect(db.url, 2, pino({ level: "warn" }));
  await runMigrations(database);
  await initialiseSystem(database.db, {
    officeName: "Platform",
    username: ADMIN.username,
    name: "Bench administrator",
    password: ADMIN.password,
  });
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    const data = await generateStatsData(client, SCALE, () => undefined);
    console.log(
      `populated in ${fmt(data.seconds, 1)} s: ` +
        data.rows
          .filter((r) => ["materials", "programs", "terminals", "publications", "users"].includes(r.table))
          .map((r) => `${fmt(r.rows)} ${r.table}`)
          .join(", "),
    );
  } finally {
    await client.end();
  }
  const program = (
    await database.pool.query<{ id: number }>("select id from programs order by id desc limit 1")
  ).rows[0]?.id;
  await database.close();
  if (program === undefined) throw new Error("no program generated");

  // Before the server starts: it serves the files it finds then.
  const consoles = buildsToCompare(cleanup);
  const server = await startRealServer(cleanup, {
    dataDir: tempDir(cleanup, "marquee-bench-pages-"),
    databaseUrl: db.url,
    admin: ADMIN,
    startLimitMs: 180_000,
  });
  const baselineUrl = await startStaticPage(cleanup);
  const browser = await launchChromium(cleanup);
  console.log(
    `set up in ${fmt((Date.now() - started) / 1000, 1)} s; ${db.kind}; Chromium ${browser.version()} headless, ` +
      `1440×900, English; load average ${loadavg()
        .map((n) => n.toFixed(2))
        .join(" ")}`,
  );

  const baseCtx = await contextFor(browser, new URL(baselineUrl).origin, BASELINE_SELECTOR);
  const baseline: number[] = [];
  for (let i = 0; i < WARMUPS; i++) await loadOnce(baseCtx, baselineUrl);

  const rows: Array<{ name: string; builds: Array<{ p50: number; p95: number }>; base95: number }> = [];
  for (const p of PAGES.filter((x) => ONLY.length === 0 || ONLY.some((o) => x.name.includes(o)))) {
    const url = `${server.origin}${p.url.replace("{program}", String(program))}`;
    const context = await contextFor(browser, server.origin, p.ready, server.origin);
    try {
      for (const build of consoles) {
        build.serve();
        for (let i = 0; i < WARMUPS; i++) await loadOnce(context, url);
      }
      const times = consoles.map(() => [] as number[]);
      const base: number[] = [];
      // The page (from each build in turn) and the baseline alternate, so a busy moment of the machine
      // falls on all of them.
      for (let i = 0; i < RUNS; i++) {
        for (const [b, build] of consoles.entries()) {
          build.serve();
          times[b]?.push(await loadOnce(context, url));
        }
        base.push(await loadOnce(baseCtx, baselineUrl));
      }
      baseline.push(...base);
      // The current build (the last) is traced and pictured.
      if (TRACE) await loadOnce(context, url, true);
      rows.push({
        name: p.name,
        builds: times.map((t) => ({ p50: percentile(t, 50), p95: percentile(t, 95) })),
        base95: percentile(base, 95),
      });
      const shot = await context.newPage();
      await shot.goto(url);
      await shot.waitForFunction((key) => (window as unknown as Record<string, number>)[key], READY);
      mkdirSync(shots, { recursive: true });
      await shot.screenshot({ path: path.join(shots, `${p.name.replace(/ /g, "-")}.png`) });
      await shot.close();
    } finally {
      await context.close();
    }
  }
  await baseCtx.close();

  console.log(
    `\ntime until usable, ms on the page's clock (${RUNS} full navigations each after ${WARMUPS} warm-ups, ` +
      "code cached, API calls fresh); baseline: a static page from a bare node:http server, loaded alternately",
  );
  const compared = consoles.length > 1;
  if (compared) console.log(`"before": the console built in ${BEFORE}; "after": apps/web/dist`);
  const head = compared
    ? ["before p50", "before p95", "after p50", "after p95", "after÷before"]
    : ["p50", "p95"];
  console.log(
    `${"page".padEnd(22)}${head.map((h) => h.padStart(compared ? 13 : 8)).join("")}` +
      `${"baseline p95".padStart(14)}${"ratio".padStart(8)}${"target".padStart(10)}`,
  );
  let met = true;
  const p95Of = (r: (typeof rows)[number]) => r.builds.at(-1)?.p95 ?? Number.NaN;
  for (const r of rows) {
    const p95 = p95Of(r);
    const ok = p95 < TARGET_P95_MS;
    met &&= ok;
    const cells = r.builds.flatMap((b) => [fmt(b.p50), fmt(b.p95)]);
    if (compared) cells.push(`${fmt(p95 / (r.builds[0]?.p95 ?? Number.NaN), 2)}×`);
    console.log(
      `${r.name.padEnd(22)}${cells.map((c) => c.padStart(compared ? 13 : 8)).join("")}${fmt(r.base95, 1).padStart(14)}` +
        `${`${fmt(p95 / r.base95, 1)}×`.padStart(8)}${(ok ? "met" : "MISSED").padStart(10)}`,
    );
  }
  console.log(`baseline over the whole run: p95 ${fmt(percentile(baseline, 95), 1)} ms`);
  console.log(`screenshots of each page when usable: ${path.relative(root, shots)}/`);
  console.log(
    ONLY.length > 0
      ? `\npartial run (BENCH_PAGES_ONLY): no verdict on the pages it skipped`
      : met
        ? `\nall targets met (p95 under ${TARGET_P95_MS} ms on every page)`
        : `\nTARGET MISSED: ${rows
            .filter((r) => p95Of(r) >= TARGET_P95_MS)
            .map((r) => r.name)
            .join(", ")} over ${TARGET_P95_MS} ms at p95`,
  );
}

await runBenchmark(main, { stepLimitMs: 10_000, cleanupLimitMs: 30_000, benchLimitMs: BENCH_LIMIT_MS });
