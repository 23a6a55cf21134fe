import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { loadavg } from "node:os";
import path from "node:path";
import react from "@vitejs/plugin-react";
import type { BrowserContext } from "playwright-core";
import { build } from "vite";
import { BROWSER_TIMEOUT_MS, launchChromium, navigateUntil } from "./lib/browser";
import type { Cleanup } from "./lib/cleanup";
import { tempDir } from "./lib/database";
import { percentile } from "./lib/percentile";
import { runBenchmark } from "./lib/run";
import { BASELINE_SELECTOR, startStaticPage } from "./lib/static-page";

/**
 * The floor under bench/pages.ts: how fast a page can be usable on this machine with the console's own
 * stack and nothing of the console. Three pages built here with Vite, each drawing a side menu of 60 entries
 * and a list of 24 rows (what a console list page shows), served as files from a bare node:http server (no
 * API, no session, no language): with antd in its zero-runtime mode (as the console), with antd's run-time
 * styles, and with React alone and plain elements. Loaded the way bench/pages.ts loads a page (full
 * navigations, code from the HTTP cache, alternating), each against the static page of bench:web.
 *
 * "Usable": the first row visible. No target of its own: it says how much of the console's 800 ms budget
 * the component library takes before the console's code starts.
 */
const RUNS = Number(process.env.BENCH_FLOOR_RUNS ?? 20);
const WARMUPS = 2;
const root = new URL("..", import.meta.url).pathname;
const pagesDir = path.join(root, "bench/floor");
const PAGES = [
  { name: "React + antd, zero-runtime styles", file: "antd-zero-runtime.html" },
  { name: "React + antd, run-time styles", file: "antd-runtime.html" },
  { name: "React alone, plain elements", file: "react.html" },
];
const CONSOLE_TARGET_MS = 800;
const READY = "__floorUsable";
const probe = (selector: string) => `(() => {
  const check = () => {
    const el = document.querySelector(${JSON.stringify(selector)});
    if (!el || !el.checkVisibility() || el.getBoundingClientRect().width === 0) return requestAnimationFrame(check);
    window.${READY} = performance.now();
  };
  requestAnimationFrame(check);
})();`;

const fmt = (n: number) => n.toLocaleString("en-US", { maximumFractionDigits: 0 });

/** The built pages from a bare server: hashed files cached for good, the pages asked again each time. */
async function serve(dir: string, cleanup: Cleanup): Promise<string> {
  const server = createServer((req, res) => {
    const file = path.join(dir, path.normalize(decodeURIComponent((req.url ?? "/").split("?")[0] ?? "/")));
    if (req.method !== "GET" || !file.startsWith(dir) || !existsSync(file) || file === dir) {
      res.writeHead(404, { "content-length": 0 });
      res.end();
      return;
    }
    const body = readFileSync(file);
    const type = file.endsWith(".js")
      ? "text/javascript"
      : file.endsWith(".css")
        ? "text/css"
        : "text/html; charset=utf-8";
    const cache = file.includes(`${path.sep}assets${path.sep}`)
      ? "public, max-age=31536000, immutable"
      : "no-cache";
    res.writeHead(200, { "content-type": type, "content-length": body.length, "cache-control": cache });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  cleanup.add("closing the floor pages' server", () => new Promise<void>((r) => server.close(() => r())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function loadOnce(context: BrowserContext, url: string): Promise<number> {
  const page = await context.newPage();
  page.setDefaultTimeout(BROWSER_TIMEOUT_MS);
  try {
    return await navigateUntil(page, url, READY);
  } finally {
    await page.close();
  }
}

async function main(cleanup: Cleanup, started: number): Promise<void> {
  const out = tempDir(cleanup, "marquee-floor-");
  await build({
    root: pagesDir,
    configFile: false,
    logLevel: "warn",
    plugins: [react()],
    build: {
      outDir: out,
      emptyOutDir: true,
      chunkSizeWarningLimit: 5000,
      rolldownOptions: { input: PAGES.map((p) => path.join(pagesDir, p.file)) },
    },
  });
  const origin = await serve(out, cleanup);
  const staticUrl = await startStaticPage(cleanup);
  const browser = await launchChromium(cleanup);
  console.log(
    `built in ${((Date.now() - started) / 1000).toFixed(1)} s; Chromium ${browser.version()} headless, 1440×900; ` +
      `load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}`,
  );
  const contexts = await Promise.all(
    [...PAGES.map(() => ".ant-table-row"), BASELINE_SELECTOR].map(async (selector) => {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      await context.addInitScript({ content: probe(selector) });
      return context;
    }),
  );
  const urls = [...PAGES.map((p) => `${origin}/${p.file}`), staticUrl];
  const times = urls.map(() => [] as number[]);
  for (let run = 0; run < WARMUPS + RUNS; run++) {
    for (const [i, url] of urls.entries()) {
      const context = contexts[i];
      if (!context) continue;
      const ms = await loadOnce(context, url);
      if (run >= WARMUPS) times[i]?.push(ms);
    }
  }
  const base = times[urls.length - 1] ?? [];
  const base95 = percentile(base, 95);
  console.log(
    `\ntime until the first row is visible, ms on the page's clock (${RUNS} full navigations each after ${WARMUPS} ` +
      `warm-ups, code cached, alternating); baseline: the static page of bench:web`,
  );
  console.log(
    `${"page".padEnd(38)}${"p50".padStart(8)}${"p95".padStart(8)}${"baseline p95".padStart(14)}${"ratio".padStart(8)}`,
  );
  for (const [i, page] of PAGES.entries()) {
    const xs = times[i] ?? [];
    const p95 = percentile(xs, 95);
    console.log(
      `${page.name.padEnd(38)}${fmt(percentile(xs, 50)).padStart(8)}${fmt(p95).padStart(8)}` +
        `${fmt(base95).padStart(14)}${`${(p95 / base95).toFixed(1)}×`.padStart(8)}`,
    );
  }
  const zero95 = percentile(times[0] ?? [], 95);
  console.log(
    `\nno target of its own: antd with the console's styles takes ${fmt(zero95)} ms at p95 here, ` +
      `${((zero95 / CONSOLE_TARGET_MS) * 100).toFixed(0)} % of bench/pages.ts's ${CONSOLE_TARGET_MS} ms per page, ` +
      `before any of the console's code, calls or language`,
  );
}

await runBenchmark(main, { stepLimitMs: 10_000, cleanupLimitMs: 30_000, benchLimitMs: 600_000 });
