import { spawn } from "node:child_process";
import pg from "pg";
import { Operator } from "../tools/fleet-sim/operator";
import { openDatabase, tempDir } from "./lib/database";
import { RssSampler, readRss } from "./lib/proc";
import { runBenchmark } from "./lib/run";
import { startRealServer } from "./lib/upload-servers";

/**
 * The system-log export: "streamed so a million rows do not fill
 * memory". The real server (a child process with a fresh PostgreSQL) holds
 * BENCH_LOG_ROWS audit rows (1,000,000 by default, written with one
 * generate_series insert); the operator exports them all through
 * POST /a/sys/log/logExport and the bench reads the .xlsx as it arrives.
 *
 * Measured: the server's peak RSS growth during the export (sampled every
 * 50 ms from /proc), the time to the first byte and to the last, the size.
 * Baseline, in the same run: what holding the same rows at once costs — a
 * separate process that reads them with one `select` (what any export that
 * is not streamed must do before it writes a byte), its peak RSS growth and
 * its time. The ratio of the two growths is the figure: well under 1 means
 * the export's memory does not grow with the rows (run it with
 * BENCH_LOG_ROWS=250000 too: the export's growth stays about the same while
 * the baseline's shrinks with the rows).
 */

const ROWS = Number(process.env.BENCH_LOG_ROWS ?? 1_000_000);
if (!Number.isInteger(ROWS) || ROWS < 1) throw new Error("BENCH_LOG_ROWS must be a whole number >= 1");
const ADMIN = { username: "benchadmin", password: "Bench-admin-1" };
const MB = 1024 * 1024;
const fmt = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;

/** The same columns the export reads, all at once, in a process of its own: its peak RSS growth and time. */
function selectAll(url: string): Promise<{ growth: number; ms: number; rows: number }> {
  const script = `
    import pg from "pg";
    const before = process.memoryUsage().rss;
    const client = new pg.Client({ connectionString: process.env.URL });
    await client.connect();
    const started = performance.now();
    const r = await client.query("select id, created_at, username, action, method, path, target, result, status, ip, duration_ms, user_agent, detail from audit_logs order by id desc");
    const ms = performance.now() - started;
    const peak = process.resourceUsage().maxRSS * 1024;
    await client.end();
    console.log(JSON.stringify({ growth: peak - before, ms, rows: r.rows.length }));
  `;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
      cwd: new URL("..", import.meta.url).pathname,
      env: { ...process.env, URL: url },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
    });
    child.once("exit", (code) =>
      code === 0 ? resolve(JSON.parse(out.trim())) : reject(new Error(`select-all exited with ${code}`)),
    );
  });
}

await runBenchmark(
  async (cleanup) => {
    const db = await openDatabase(cleanup);
    const dataDir = tempDir(cleanup, "marquee-bench-log-");
    const server = await startRealServer(cleanup, {
      dataDir,
      databaseUrl: db.url,
      admin: ADMIN,
      startLimitMs: 120_000,
    });
    console.log(`server ${server.origin} (pid ${server.pid}) on ${db.kind}`);

    const pool = new pg.Pool({ connectionString: db.url, max: 1 });
    cleanup.add("closing the bench's pool", () => pool.end());
    const seeded = performance.now();
    await pool.query(
      `insert into audit_logs (office_id, user_id, username, action, method, path, target, result, status, ip, user_agent, duration_ms, detail, created_at)
       select (select id from offices order by id limit 1), null, 'user' || (g % 50), 'action/' || (g % 40), 'POST',
              '/apm-web/a/api/thing/' || (g % 40), 'thing:' || g, case when g % 17 = 0 then 'fail' else 'ok' end,
              case when g % 17 = 0 then 400 else 200 end, '127.0.0.' || (g % 250), 'Mozilla/5.0 (bench)', g % 300,
              jsonb_build_object('n', g, 'note', 'row ' || g), now() - (g || ' seconds')::interval
       from generate_series(1, $1::int) g`,
      [ROWS],
    );
    await pool.query("analyze audit_logs");
    console.log(
      `seeded ${ROWS.toLocaleString("en")} audit rows in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
    );

    const operator = await Operator.signIn(server.origin, ADMIN.username, ADMIN.password);
    const sampler = new RssSampler(server.pid);
    cleanup.add("stopping the RSS sampler", () => sampler.stop());
    await new Promise((r) => setTimeout(r, 500));
    const rssBefore = readRss(server.pid) ?? 0;
    sampler.mark();
    const started = performance.now();
    const res = await operator.fetch("POST", "/a/sys/log/logExport", { timezone: "UTC" });
    if (res.status !== 200 || !res.body) throw new Error(`logExport answered ${res.status}`);
    let bytes = 0;
    let firstByteMs = 0;
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (bytes === 0) firstByteMs = performance.now() - started;
      bytes += value.length;
    }
    const totalMs = performance.now() - started;
    const streamedGrowth = Math.max(0, sampler.window().peak - rssBefore);
    sampler.stop();

    const baseline = await selectAll(db.url);
    if (baseline.rows < ROWS) throw new Error(`the baseline read ${baseline.rows} rows, not ${ROWS}`);

    const rowsPerSecond = Math.round(ROWS / (totalMs / 1000));
    console.log("");
    console.log(`system log export of ${ROWS.toLocaleString("en")} rows (.xlsx, ${fmt(bytes)})`);
    console.log(`  first byte after        ${firstByteMs.toFixed(0)} ms`);
    console.log(
      `  whole file after        ${(totalMs / 1000).toFixed(1)} s (${rowsPerSecond.toLocaleString("en")} rows/s)`,
    );
    console.log(`  server RSS before       ${fmt(rssBefore)}`);
    console.log(`  server peak RSS growth  ${fmt(streamedGrowth)}`);
    console.log(`baseline: the same rows held at once (one select, own process)`);
    console.log(`  peak RSS growth         ${fmt(baseline.growth)}`);
    console.log(`  time                    ${(baseline.ms / 1000).toFixed(1)} s`);
    console.log(
      `ratio (export's memory growth / holding the rows): ${(streamedGrowth / baseline.growth).toFixed(3)}`,
    );
    console.log(`ratio (export time / reading the rows at once): ${(totalMs / baseline.ms).toFixed(2)}`);
  },
  { stepLimitMs: 30_000, cleanupLimitMs: 60_000, benchLimitMs: 30 * 60_000 },
);
