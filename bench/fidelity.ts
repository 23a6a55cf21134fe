import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadConfig } from "../apps/server/src/config";
import { startServer } from "../apps/server/src/server";
import {
  type CaseResult,
  FIDELITY_DIR,
  MESSAGE_CASES,
  openFidelity,
  runMessageCases,
  runSceneCases,
  SCENE_CASES,
  TARGET_PERCENT,
  VIEWPORT,
} from "../e2e/fidelity-cases";
import { launchChromium } from "./lib/browser";
import type { Cleanup } from "./lib/cleanup";
import { openDatabase } from "./lib/database";
import { runBenchmark } from "./lib/run";

/**
 * Preview equals screen, measured (issue 24): the fidelity test's cases
 * (e2e/fidelity-cases.ts, the same code), each drawn by the console editor's
 * preview and by the web player at the same size and instant, as a table —
 * the share of pixels that differ beyond the colour tolerance, the largest
 * colour difference, and the ratio to the 0.5 % target — with every diff
 * image written to e2e/screenshots/fidelity/. FIDELITY_CASES=a,b runs only
 * those cases (the setup is the same).
 */
const ADMIN = { username: "admin", password: "Admin12345" };

async function main(cleanup: Cleanup) {
  const only = (process.env.FIDELITY_CASES ?? "").split(",").filter(Boolean);
  const unknown = only.filter((n) => ![...SCENE_CASES, ...MESSAGE_CASES].some((c) => c.name === n));
  if (unknown.length) throw new Error(`unknown cases: ${unknown.join(", ")}`);
  const database = await openDatabase(cleanup);
  const dataDir = mkdtempSync(path.join(tmpdir(), "marquee-bench-fidelity-"));
  cleanup.add(`removing ${dataDir}`, () => rmSync(dataDir, { recursive: true, force: true }));
  const server = await startServer(
    loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "silent",
      RATE_LIMIT_OPEN_PER_MINUTE: "100000",
      MARQUEE_ADMIN_USERNAME: ADMIN.username,
      MARQUEE_ADMIN_PASSWORD: ADMIN.password,
    }),
  );
  cleanup.add("stopping the server", () => server.stop());
  const browser = await launchChromium(cleanup);
  const base = server.url.replace("0.0.0.0", "127.0.0.1");
  const f = await openFidelity({ server, base, browser }, ADMIN);
  cleanup.add("closing the pages and the stand-in internet", () => f.close());

  console.log("");
  console.log(
    `fidelity: the editor's preview against the web player, ${VIEWPORT.width}×${VIEWPORT.height}, ${database.kind}`,
  );
  const head = ["case", "differ %", "max Δ", "ratio to 0.5 %", ""];
  const widths = [22, 9, 6, 15, 0];
  const row = (cells: string[]) =>
    console.log(
      cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join("  "),
    );
  row(head);
  const print = (r: CaseResult) =>
    row([
      r.name,
      r.percent.toFixed(3),
      String(r.maxDelta),
      r.ratio.toFixed(3),
      r.passed ? "PASS" : `FAIL${r.unready.length ? ` (not ready: ${r.unready.join("; ")})` : ""}`,
    ]);
  const results: CaseResult[] = [
    ...(await runSceneCases(f, print, { always: true, only })),
    ...(await runMessageCases(f, print, { always: true, only })),
  ];
  const worst = results.reduce((m, r) => Math.max(m, r.percent), 0);
  console.log(`  diff images: ${FIDELITY_DIR}`);
  console.log(
    `  ${results.length} cases, worst ${worst.toFixed(3)} % (ratio ${(worst / TARGET_PERCENT).toFixed(3)}); target < ${TARGET_PERCENT} % per case`,
  );
  if (results.length > 0 && results.every((r) => r.passed)) console.log("all targets met");
  else {
    console.log("targets NOT met");
    process.exitCode = 1;
  }
}

await runBenchmark(main, {
  stepLimitMs: 20_000,
  cleanupLimitMs: 60_000,
  benchLimitMs: 300_000,
  explain: (err) =>
    err instanceof Error && /not built|apps\/web\/dist/.test(err.message)
      ? "build the console and the player first: npm run build"
      : undefined,
});
