import { execFile } from "node:child_process";
import { existsSync, readdirSync, rmSync, statSync } from "node:fs";
import { Agent } from "node:http";
import { loadavg } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { UPLOAD_CHUNK_BYTES } from "@marquee/contracts";
import type { Cleanup } from "./lib/cleanup";
import { openDatabase, tempDir } from "./lib/database";
import { type CpuSample, delta, type ProcSnapshot, RssSampler, snapshot } from "./lib/proc";
import { runBenchmark } from "./lib/run";
import { signIn } from "./lib/servers";
import { resaltTestFile, type TestFile, writeTestFile } from "./lib/test-file";
import { type Api, type ChunkedUpload, md5Check, postWholeFile, uploadChunked } from "./lib/upload-client";
import { type ChildServer, startBareServer, startRealServer } from "./lib/upload-servers";

/**
 * The upload benchmark: a file (1 GiB unless BENCH_UPLOAD_MB says
 * otherwise) uploaded through the real chunked API (uploaderMD5Check, then
 * 5 MiB chunks, 3 in flight, each read into a reused buffer and hashed before
 * it is sent, as the console does) to the real server in a child process over
 * loopback, against a bare node:http server (also a child process) that
 * streams the same file, as one POST, to disk while computing its MD5 (and,
 * for comparison, two MD5s, and none). BENCH_UPLOAD_ROUNDS rounds (3), the
 * order rotating, each real upload with a file of its own MD5; medians. Then
 * the instant upload of the last file. Peak RSS growth of the real server
 * from /proc/<pid>/status, sampled every 50 ms. A measurement: it fails only
 * when the calls do.
 */
const MB = 1024 * 1024;
const PARALLEL = 3;
const TARGET_RATIO = 0.7;
const TARGET_RSS_MB = 100;
const INSTANT_RUNS = 5;
const ADMIN = { username: "admin", password: "Admin12345" };
const FILE_NAME = "bench-upload.png";

function envInt(name: string, fallback: number, max: number): number {
  const raw = process.env[name] ?? String(fallback);
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > max)
    throw new Error(`${name} must be a whole number 1..${max}, not ${raw}`);
  return n;
}
/** The file's size in MB (1 MB = 2^20 bytes); 10,240 is the upload limit when no limit is set. */
const sizeMb = () => envInt("BENCH_UPLOAD_MB", 1024, 10_240);
const roundCount = () => envInt("BENCH_UPLOAD_ROUNDS", 3, 10);

const fmt = (n: number, digits = 0) =>
  n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
const mb = (bytes: number, digits = 0) => fmt(bytes / MB, digits);
const seconds = (ms: number) => fmt(ms / 1000, 2);
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? Number.NaN) : ((s[mid - 1] ?? Number.NaN) + (s[mid] ?? Number.NaN)) / 2;
};
const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? Number.NaN;
const verdict = (met: boolean) => (met ? "met" : "TARGET MISSED");

const execFileAsync = promisify(execFile);

/** Writes dirty pages out, so that one phase's writeback does not land in the next one's time. */
async function syncDisks(): Promise<void> {
  try {
    await execFileAsync("sync", [], { timeout: 120_000 });
  } catch (err) {
    console.error(`sync failed, going on: ${String(err)}`);
  }
}

/** A measured transfer: its server process's CPU, I/O and peak RSS growth, and this process's CPU. */
interface Observed<T> {
  result: T;
  ms: number;
  rssBefore: number;
  rssPeak: number;
  samples: number;
  longestGapMs: number;
  server: ProcSnapshot;
  clientCpuMs: number;
}

async function observe<T>(
  server: ChildServer,
  sampler: RssSampler,
  fn: () => Promise<T>,
): Promise<Observed<T>> {
  await syncDisks();
  const rssBefore = sampler.mark();
  const before = snapshot(server.pid);
  const clientBefore = process.cpuUsage();
  const started = performance.now();
  const result = await fn();
  const ms = performance.now() - started;
  const client = process.cpuUsage(clientBefore);
  const after = snapshot(server.pid);
  const window = sampler.window();
  return {
    result,
    ms,
    rssBefore,
    rssPeak: window.peak,
    samples: window.samples,
    longestGapMs: window.longestGapMs,
    server: delta(before, after),
    clientCpuMs: (client.user + client.system) / 1000,
  };
}

/** The baselines: how many MD5s of each byte the bare server computes. */
const BARE = [
  { hashes: 1, label: "bare + MD5", name: "bare node:http, one POST, to disk + MD5" },
  { hashes: 2, label: "bare + 2 MD5s", name: "bare node:http, one POST, to disk + 2 MD5s" },
  { hashes: 0, label: "bare", name: "bare node:http, one POST, to disk, no MD5" },
] as const;
type Hashes = (typeof BARE)[number]["hashes"];

/** Uploads the file to the bare server as one POST; checks the size (and MD5) it saw; removes its copy. */
async function bareRun(
  bare: ChildServer,
  sampler: RssSampler,
  file: TestFile,
  hashes: Hashes,
  timeoutMs: number,
): Promise<Observed<unknown>> {
  const run = await observe(bare, sampler, () =>
    postWholeFile(`${bare.origin}/upload?md5=${hashes}`, file, timeoutMs),
  );
  const { answer } = run.result;
  if (typeof answer.file === "string") rmSync(answer.file, { force: true });
  if (answer.size !== file.size || answer.md5 !== (hashes > 0 ? file.md5 : null)) {
    throw new Error(
      `the bare server saw ${JSON.stringify(answer)}; sent ${file.size} bytes, MD5 ${file.md5}`,
    );
  }
  return run;
}

/** The material the real server created is the file: size, MD5, sniffed as an image, stored once by MD5. */
function checkStored(upload: ChunkedUpload, file: TestFile, dataDir: string): void {
  const m = upload.material;
  if (m.md5 !== file.md5 || m.size !== file.size || m.type !== "image") {
    throw new Error(
      `the server created ${JSON.stringify(m)}; expected md5 ${file.md5}, size ${file.size}, type image`,
    );
  }
  const stored = path.join(dataDir, "files", file.md5.slice(0, 2), file.md5);
  const size = statSync(stored).size;
  if (size !== file.size) throw new Error(`${stored} holds ${size} bytes, not ${file.size}`);
  const uploads = path.join(dataDir, "uploads");
  const left = existsSync(uploads) ? readdirSync(uploads) : [];
  if (left.length > 0) throw new Error(`upload directories left behind: ${left.join(", ")}`);
}

/** Where one real upload's time went: the client's clock, the server's CPU from the sampler. */
interface RealBreakdown {
  checkMs: number;
  chunkCount: number;
  /** All chunks but the completing one answered, ms into the upload. */
  chunksDoneMs: number;
  chunksMbps: number;
  chunkP50: number;
  chunkP90: number;
  /** The completing chunk's request (its own transfer, the assembly, the material). */
  finalMs: number;
  assemblyMs: number;
  prepareP50: number;
  cpuChunks: string;
  cpuAssembly: string;
}

function breakdown(upload: ChunkedUpload, size: number, sampler: RssSampler): RealBreakdown {
  const final = upload.chunks.find((c) => c.answer.material !== undefined);
  if (!final) throw new Error("no completing chunk");
  const others = upload.chunks.filter((c) => c !== final);
  const durations = others.map((c) => c.answeredAt - c.sentAt);
  const chunksDoneMs = Math.max(upload.checkMs, ...others.map((c) => c.answeredAt));
  const finalBytes = Math.min(UPLOAD_CHUNK_BYTES, size - final.index * UPLOAD_CHUNK_BYTES);
  const finalMs = final.answeredAt - final.sentAt;
  const chunkP50 = median(durations);
  const cpu = (from: CpuSample | undefined, to: CpuSample | undefined) =>
    from && to
      ? `${seconds(to.cpuMs - from.cpuMs)} s (main thread ${seconds(to.mainCpuMs - from.mainCpuMs)}, ` +
        `in the kernel ${seconds(to.sysCpuMs - from.sysCpuMs)})`
      : "not sampled";
  const at = (ms: number) => sampler.cpuAt(upload.startedAt + ms);
  return {
    checkMs: upload.checkMs,
    chunkCount: upload.chunks.length,
    chunksDoneMs,
    chunksMbps: (size - finalBytes) / MB / (chunksDoneMs / 1000),
    chunkP50,
    chunkP90: percentile(durations, 0.9),
    finalMs,
    assemblyMs: finalMs - chunkP50,
    prepareP50: median(upload.chunks.map((c) => c.prepareMs)),
    cpuChunks: cpu(at(0), at(chunksDoneMs)),
    cpuAssembly: cpu(at(chunksDoneMs), at(upload.wallMs)),
  };
}

interface Series {
  name: string;
  runs: Observed<unknown>[];
}

async function main(cleanup: Cleanup, started: number): Promise<void> {
  const size = sizeMb() * MB;
  const rounds = roundCount();
  const requestMs = 60_000 + (size / MB) * 100;

  // The test file, written once (streamed, hashed on the way).
  const fileDir = tempDir(cleanup, "marquee-bench-upload-file-");
  const writeStarted = performance.now();
  let file = await writeTestFile(path.join(fileDir, FILE_NAME), size);
  console.log(
    `test file: ${mb(size)} MB (1 MB = 1,048,576 bytes here) written in ${seconds(performance.now() - writeStarted)} s; ` +
      `MD5 in this process: ${fmt(file.md5MBps)} MB/s on one core`,
  );

  // The real server in a child process, on a fresh database, and the bare one.
  const db = await openDatabase(cleanup);
  const dataDir = tempDir(cleanup, "marquee-bench-upload-data-");
  const real = await startRealServer(cleanup, {
    dataDir,
    databaseUrl: db.url,
    admin: ADMIN,
    startLimitMs: 120_000,
  });
  const cookie = await signIn(real.origin, ADMIN.username, ADMIN.password);
  const agent = new Agent({ keepAlive: true, maxSockets: PARALLEL });
  cleanup.add("closing the client's connections", () => agent.destroy());
  const api: Api = { origin: real.origin, cookie, agent };
  const bare = await startBareServer(cleanup, tempDir(cleanup, "marquee-bench-upload-bare-"));
  const realRss = new RssSampler(real.pid);
  const bareRss = new RssSampler(bare.pid);
  cleanup.add("stopping the RSS samplers", () => {
    realRss.stop();
    bareRss.stop();
  });
  console.log(
    `set up in ${seconds(Date.now() - started)} s: ${db.kind}; real server pid ${real.pid}, bare server pid ${bare.pid}, ` +
      "both child processes on 127.0.0.1",
  );
  console.log(
    `load average before the runs: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(" ")}`,
  );

  const bareSeries: Series[] = BARE.map((b) => ({ name: b.name, runs: [] }));
  const realSeries: Series = {
    name: `real chunked API, ${mb(UPLOAD_CHUNK_BYTES)} MB chunks, ${PARALLEL} in flight`,
    runs: [],
  };
  const breakdowns: RealBreakdown[] = [];
  for (let round = 0; round < rounds; round++) {
    if (round > 0) file = await resaltTestFile(file);
    const steps: Array<{ label: string; run: () => Promise<void> }> = [
      ...BARE.map((b, i) => ({
        label: b.label,
        run: async () => {
          bareSeries[i]?.runs.push(await bareRun(bare, bareRss, file, b.hashes, requestMs));
        },
      })),
      {
        label: "real",
        run: async () => {
          const current = file;
          const run = await observe(real, realRss, () =>
            uploadChunked(
              api,
              { path: current.path, md5: current.md5, size, name: FILE_NAME },
              { parallel: PARALLEL, chunkSize: UPLOAD_CHUNK_BYTES, chunkTimeoutMs: requestMs },
            ),
          );
          checkStored(run.result, current, dataDir);
          // The MD5 check sent to the completing answer (not the sync and marks before it).
          realSeries.runs.push({ ...run, ms: run.result.wallMs });
          breakdowns.push(breakdown(run.result, size, realRss));
        },
      },
    ];
    // The order rotates from round to round.
    const order = steps.map((_, i) => steps[(i + round) % steps.length]);
    const roundStarted = performance.now();
    for (const step of order) await step?.run();
    console.log(
      `round ${round + 1}/${rounds} done in ${seconds(performance.now() - roundStarted)} s ` +
        `(${order.map((step) => step?.label).join(", ")})`,
    );
  }

  // The instant upload: the tenant holds the last file now.
  const instantMs: number[] = [];
  for (let i = 1; i <= INSTANT_RUNS; i++) {
    const t = performance.now();
    const answer = await md5Check(api, { md5: file.md5, size, name: `bench-instant-${i}.png` });
    instantMs.push(performance.now() - t);
    const material = answer.material as Record<string, unknown> | undefined;
    if (answer.exists !== true || material?.md5 !== file.md5 || material.size !== size) {
      throw new Error(
        `instant upload ${i}: expected exists with the material, got ${JSON.stringify(answer)}`,
      );
    }
  }

  // --- the figures ---------------------------------------------------------------------------
  const mbps = (ms: number) => size / MB / (ms / 1000);
  const growth = (o: Observed<unknown>) => o.rssPeak - o.rssBefore;
  const medianMbps = (s: Series) => median(s.runs.map((r) => mbps(r.ms)));
  const roundHeads = Array.from({ length: rounds }, (_, i) => `round ${i + 1}`);
  const row = (cells: string[]) =>
    `${cells[0]?.padEnd(46)}${cells
      .slice(1)
      .map((c) => c.padStart(10))
      .join("")}`;
  const line = (s: Series) =>
    row([
      s.name,
      ...s.runs.map((r) => fmt(mbps(r.ms), 1)),
      fmt(medianMbps(s), 1),
      fmt(median(s.runs.map((r) => r.server.cpuMs / (size / MB))), 2),
      fmt(Math.max(...s.runs.map(growth)) / MB, 1),
    ]);
  console.log(
    `\n${mb(size)} MB over loopback; MB/s (1 MB = 1,048,576 bytes) per round and their median; the server ` +
      "process's CPU per MB (median) and peak RSS growth (the largest of the rounds), from /proc",
  );
  console.log(row(["", ...roundHeads, "median", "CPU ms/MB", "RSS +MB"]));
  const [bareMd5, bareTwo, bareRaw] = bareSeries;
  if (!bareMd5 || !bareTwo || !bareRaw) throw new Error("a baseline is missing");
  for (const s of [bareMd5, bareTwo, bareRaw, realSeries]) console.log(line(s));
  const ratios = realSeries.runs.map((r, i) => mbps(r.ms) / mbps(bareMd5.runs[i]?.ms ?? Number.NaN));
  console.log(
    row(["real / bare + MD5, same round", ...ratios.map((r) => fmt(r, 2)), fmt(median(ratios), 2)]),
  );
  console.log(
    "(real: MD5 check to the answer that completed the upload, assembly included; each round a file of its own MD5)",
  );

  console.log(
    "\nwhere the real upload's time goes (client clock; server CPU from /proc/<pid>/stat every 50 ms)",
  );
  breakdowns.forEach((b, i) => {
    const wall = realSeries.runs[i]?.ms ?? Number.NaN;
    console.log(
      `  round ${i + 1}: MD5 check ${fmt(b.checkMs, 1)} ms; ${b.chunkCount - 1} chunks answered by ${seconds(b.chunksDoneMs)} s ` +
        `(${fmt(b.chunksMbps, 1)} MB/s; a request p50 ${fmt(b.chunkP50)} ms, p90 ${fmt(b.chunkP90)} ms); ` +
        `the completing chunk took ${seconds(b.finalMs)} s: ~${seconds(b.assemblyMs)} s of assembly ` +
        `(${fmt((b.assemblyMs / wall) * 100)} % of ${seconds(wall)} s)`,
    );
    console.log(
      `           server CPU while chunks arrived ${b.cpuChunks}; during the assembly ${b.cpuAssembly}`,
    );
  });
  console.log(
    `  the client: read + MD5 of a chunk p50 ${fmt(median(breakdowns.map((b) => b.prepareP50)), 1)} ms; ` +
      `client CPU per upload ${seconds(median(realSeries.runs.map((r) => r.clientCpuMs)))} s ` +
      `(${seconds(median(bareMd5.runs.map((r) => r.clientCpuMs)))} s streaming the file to the bare server)`,
  );
  const perByte = (n: number) => fmt(n / size, 2);
  const ioLine = (s: Series) => {
    const last = s.runs.at(-1)?.server;
    if (!last) return `  ${s.name}: no run`;
    return (
      `  ${s.name.padEnd(46)}CPU ${fmt(last.cpuMs / (size / MB), 2)} ms/MB (main thread ` +
      `${fmt(last.mainCpuMs / (size / MB), 2)}, kernel ${fmt(last.sysCpuMs / (size / MB), 2)}); per byte uploaded: read ${perByte(last.rchar)} B, ` +
      `wrote ${perByte(last.wchar)} B (to storage ${perByte(last.writeBytes)} B)`
    );
  };
  console.log("  per server process, last round (reads and writes: files and sockets, /proc/<pid>/io):");
  for (const s of [bareMd5, bareTwo, bareRaw, realSeries]) console.log(ioLine(s));
  console.log(
    `  one MD5 pass costs ${fmt(1000 / file.md5MBps, 2)} ms/MB on one core here (the bench process)`,
  );

  console.log(
    `\ninstant upload (uploaderMD5Check of a file the tenant holds, ${INSTANT_RUNS} runs): ` +
      `median ${fmt(median(instantMs), 1)} ms (${instantMs.map((ms) => fmt(ms, 1)).join(", ")})`,
  );

  const ratio = medianMbps(realSeries) / medianMbps(bareMd5);
  const ratioMet = ratio >= TARGET_RATIO;
  const worst = realSeries.runs.reduce((a, b) => (growth(b) > growth(a) ? b : a));
  const rssGrowthMb = growth(worst) / MB;
  const rssMet = rssGrowthMb < TARGET_RSS_MB;
  console.log(
    `\nreal ${fmt(medianMbps(realSeries), 1)} MB/s, bare with MD5 ${fmt(medianMbps(bareMd5), 1)} MB/s, ` +
      `bare without MD5 ${fmt(medianMbps(bareRaw), 1)} MB/s (medians of ${rounds})`,
  );
  console.log(
    `real / bare-with-MD5 throughput: ${fmt(ratio, 2)} (target >= ${TARGET_RATIO}): ${verdict(ratioMet)}`,
  );
  console.log(
    `real server's peak RSS growth: ${fmt(rssGrowthMb, 1)} MB, the largest of the rounds (${mb(worst.rssBefore, 1)} ` +
      `before the upload, peak ${mb(worst.rssPeak, 1)} MB; ${fmt(worst.samples)} samples, longest gap ` +
      `${fmt(worst.longestGapMs)} ms; target < ${TARGET_RSS_MB} MB): ${verdict(rssMet)}`,
  );
  console.log(ratioMet && rssMet ? "all targets met" : "TARGET MISSED");
}

function limitMs(): number {
  try {
    return 300_000 + sizeMb() * roundCount() * 250;
  } catch {
    return 300_000; // main() reports the bad value
  }
}

// Bounded: set-up, then a quarter of a second per MB and round (a round moves the file 4 times at 50-450 MB/s).
await runBenchmark(main, { stepLimitMs: 30_000, cleanupLimitMs: 120_000, benchLimitMs: limitMs() });
