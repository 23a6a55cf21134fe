import { existsSync } from "node:fs";
import path from "node:path";
import type { WallSkewFigures, WallSkewResponse } from "@marquee/contracts";
import { WALL_SKEW_TARGET_MS } from "@marquee/contracts";
import { loadConfig } from "../apps/server/src/config";
import { startServer } from "../apps/server/src/server";
import { makeVideo } from "../apps/server/test/media";
import { signIn } from "../e2e/harness";
import { buildWall, call, changeSpreads, sceneChanges, uploadVideo } from "../e2e/wall-setup";
import { BROWSER_TIMEOUT_MS, launchChromium } from "./lib/browser";
import type { Cleanup } from "./lib/cleanup";
import { openDatabase, tempDir } from "./lib/database";
import { envCount } from "./lib/env";
import { runBenchmark } from "./lib/run";

/**
 * Video wall skew: four web players in one headless Chromium on this machine
 * (one browser, four pages, each its own profile enrolled as a terminal of a
 * 2 × 2 wall) play a program of three 2 s scenes, the first with a looping
 * video across the wall, for BENCH_WALL_SECONDS (default 600). Figures:
 * - scene changes: how far apart the four screens showed each change, from
 *   the pages themselves (a MutationObserver on the stage, the machine's
 *   clock) and from the players' reports to the server (GET /a/api/wall/skew,
 *   on the screens' clocks and on the server's clock less their offsets);
 * - video positions: how far apart the four videos were (position less time),
 *   from the players' reports.
 * Median and max each, as a ratio of the target: one frame at 30 fps (33 ms).
 * "all targets met" only when every max is under it.
 */

const ADMIN = { username: "admin", password: "Admin12345" };
const SECONDS = envCount("BENCH_WALL_SECONDS", 600);
const root = new URL("..", import.meta.url).pathname;
const fmt = (n: number | null, digits = 1) =>
  n === null
    ? "—"
    : n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });

function median(values: number[]): number | null {
  if (!values.length) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
}

async function main(cleanup: Cleanup) {
  if (
    !existsSync(path.join(root, "apps/web/dist/index.html")) ||
    !existsSync(path.join(root, "apps/player/dist"))
  )
    throw new Error("The console and player are not built: run `npm run build` first");
  const db = await openDatabase(cleanup);
  const dataDir = tempDir(cleanup, "marquee-bench-wall-");
  const server = await startServer(
    loadConfig({
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: db.url,
      LOG_LEVEL: "silent",
      SHUTDOWN_TIMEOUT_MS: "2000",
      RATE_LIMIT_OPEN_PER_MINUTE: "100000",
      MARQUEE_ADMIN_USERNAME: ADMIN.username,
      MARQUEE_ADMIN_PASSWORD: ADMIN.password,
    }),
  );
  cleanup.add("stopping the server", () => server.stop());
  const origin = server.url.replace("0.0.0.0", "127.0.0.1");
  const browser = await launchChromium(cleanup);
  const context = await browser.newContext({ baseURL: origin, viewport: { width: 1440, height: 900 } });
  const operator = await context.newPage();
  operator.setDefaultTimeout(BROWSER_TIMEOUT_MS);
  await context.addCookies([{ name: "language", value: "en", url: origin }]);
  await signIn(operator, ADMIN.username, ADMIN.password);
  await operator.waitForURL("**/home");

  const video = path.join(tempDir(cleanup, "marquee-bench-wall-video-"), "wall-loop.webm");
  makeVideo(video, { codec: "vp9", width: 640, height: 360, seconds: 6 });
  const videoId = await uploadVideo(operator, video, "wall-loop.webm");
  const wall = await buildWall(browser, origin, operator, { videoId, leadSeconds: 10 });
  console.log(
    `wall: 2 × 2 web players (960×540 pages) in one headless Chromium, program 3840×2160, three 2 s scenes, a 6 s looping video in the first; ${SECONDS} s`,
  );
  const start = wall.startAtMs;
  await new Promise((r) => setTimeout(r, Math.max(0, start - Date.now())));

  const skewOf = () => call<WallSkewResponse>(operator, "GET", `/a/api/wall/skew?id=${wall.wallId}`);
  const until = Date.now() + SECONDS * 1000;
  let lastPrint = 0;
  while (Date.now() < until) {
    await new Promise((r) => setTimeout(r, 2000));
    if (Date.now() - lastPrint >= 30_000) {
      lastPrint = Date.now();
      const s = await skewOf();
      console.log(
        `  ${Math.round((Date.now() - start) / 1000)} s: scene skew last ${fmt(s.sceneDevice.lastMs)} ms (max ${fmt(s.sceneDevice.maxMs)}), video skew last ${fmt(s.videoDevice.lastMs)} ms (max ${fmt(s.videoDevice.maxMs)})`,
      );
    }
  }

  const pageSpreads = changeSpreads(await sceneChanges(wall.screens));
  const s = await skewOf();
  const target = WALL_SKEW_TARGET_MS;
  const rows: Array<[string, WallSkewFigures]> = [
    [
      "scene changes, as shown in the pages",
      {
        samples: pageSpreads.length,
        medianMs: median(pageSpreads),
        maxMs: pageSpreads.length ? Math.max(...pageSpreads) : null,
        lastMs: pageSpreads.at(-1) ?? null,
      },
    ],
    ["scene changes, players' reports, device clocks", s.sceneDevice],
    ["scene changes, players' reports, server clock", s.scene],
    ["video positions, players' reports, device clocks", s.videoDevice],
    ["video positions, players' reports, server clock", s.video],
  ];
  console.log(`skew between the four screens (target: max under ${target} ms, one frame at 30 fps):`);
  let met = true;
  for (const [name, f] of rows) {
    const ok = f.samples > 0 && f.maxMs !== null && f.maxMs < target;
    met &&= ok;
    console.log(
      `  ${name}: ${f.samples} samples, median ${fmt(f.medianMs)} ms, max ${fmt(f.maxMs)} ms; max/target ${fmt(f.maxMs === null ? null : f.maxMs / target, 2)} ${ok ? "met" : "NOT met"}`,
    );
  }
  console.log(
    `  clock offsets measured: ${s.screens.map((x) => `${x.terminalId}: ${fmt(x.offsetMs, 0)} ms`).join(", ")}`,
  );
  if (met) console.log("all targets met");
}

await runBenchmark(main, {
  stepLimitMs: 10_000,
  cleanupLimitMs: 30_000,
  benchLimitMs: (SECONDS + 300) * 1000,
});
