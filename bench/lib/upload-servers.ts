import { type ChildProcess, fork, spawn } from "node:child_process";
import { createInterface } from "node:readline";
import type { Readable } from "node:stream";
import { freePort } from "../../apps/server/src/db/embedded";
import type { BareJob, BareReady } from "./bare-upload-child";
import type { Cleanup } from "./cleanup";

const HOST = "127.0.0.1";
const tsxLoader = import.meta.resolve("tsx");
const root = new URL("../..", import.meta.url).pathname;
const bareChild = new URL("./bare-upload-child.ts", import.meta.url).pathname;

/** A server in a child process of its own (so that /proc shows its memory and CPU alone). */
export interface ChildServer {
  origin: string;
  pid: number;
}

/** The real server: also its port, when it was spawned, and a hard kill (the recovery benchmark). */
export interface RealServer extends ChildServer {
  port: number;
  /** When the process was spawned (ms since the epoch, fractional: comparable across processes). */
  spawnedAt: number;
  /** SIGKILL, as a crash or the OOM killer would; resolves once it has exited. */
  kill(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves with a description once the child has exited (at once if it already has). */
function exitOf(child: ChildProcess): Promise<string> {
  return new Promise((resolve) => {
    const describe = () => `exited with ${child.exitCode ?? child.signalCode}`;
    if (child.exitCode !== null || child.signalCode !== null) resolve(describe());
    else child.once("exit", () => resolve(describe()));
  });
}

/** SIGTERM, wait up to `graceMs` for the exit, then SIGKILL. */
async function stopChild(child: ChildProcess, exited: Promise<string>, graceMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  const gone = await Promise.race([exited.then(() => true), sleep(graceMs).then(() => false)]);
  if (gone) return;
  console.error(`cleanup: process ${child.pid} still running ${graceMs / 1000} s after SIGTERM; SIGKILL`);
  child.kill("SIGKILL");
  await exited;
}

const LEVELS: Record<number, string> = {
  10: "trace",
  20: "debug",
  30: "info",
  40: "warn",
  50: "error",
  60: "fatal",
};

/** Passes the server's log lines on, pino's JSON shortened to level and message. */
function relay(stream: Readable | null): void {
  if (!stream) return;
  createInterface({ input: stream }).on("line", (line) => {
    let shown = line;
    try {
      const entry: unknown = JSON.parse(line);
      if (typeof entry === "object" && entry !== null && "msg" in entry) {
        const { level, msg, err } = entry as { level?: number; msg?: unknown; err?: { message?: unknown } };
        const why = err?.message === undefined ? "" : ` (${String(err.message)})`;
        shown = `[${LEVELS[level ?? 0] ?? level}] ${String(msg)}${why}`;
      }
    } catch {
      // not JSON: as it is
    }
    console.log(`  server: ${shown}`);
  });
}

/**
 * The real server as `node --import tsx apps/server/src/main.ts` on a free
 * loopback port, with its own data directory and the given (fresh) database,
 * the first administrator from the environment; ready once /apm-web/f/health
 * answers 200. Stopped with SIGTERM (then SIGKILL) at cleanup; a Ctrl-C in
 * the terminal reaches it too (same process group), and it stops itself.
 * With `port`, on that port (a server started again on the data directory and
 * port of one that was killed).
 */
export async function startRealServer(
  cleanup: Cleanup,
  opts: {
    dataDir: string;
    databaseUrl: string;
    admin: { username: string; password: string };
    startLimitMs: number;
    port?: number;
    /** More of the server's environment (a node's role, its proxy settings). */
    env?: Record<string, string>;
  },
): Promise<RealServer> {
  const port = opts.port ?? (await freePort());
  const env: NodeJS.ProcessEnv = { ...process.env };
  // Nothing of the caller's server configuration leaks in (PUBLIC_ORIGIN would change the origin check).
  for (const key of [
    "PUBLIC_ORIGIN",
    "TRUST_PROXY",
    "BODY_LIMIT_BYTES",
    "RATE_LIMIT_OPEN_PER_MINUTE",
    "MARQUEE_ADMIN_USERNAME",
    "MARQUEE_ADMIN_PASSWORD",
  ]) {
    delete env[key];
  }
  Object.assign(env, {
    PORT: String(port),
    HOST,
    DATA_DIR: opts.dataDir,
    DATABASE_URL: opts.databaseUrl,
    LOG_LEVEL: "warn",
    SHUTDOWN_TIMEOUT_MS: "5000",
    MARQUEE_ADMIN_USERNAME: opts.admin.username,
    MARQUEE_ADMIN_PASSWORD: opts.admin.password,
    ...opts.env,
  });
  // BENCH_UPLOAD_SERVER_ARGS: extra node flags for the real server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const extra = (process.env.BENCH_UPLOAD_SERVER_ARGS ?? "").split(/\s+/).filter((a) => a !== "");
  const spawnedAt = performance.timeOrigin + performance.now();
  const child = spawn(process.execPath, [...extra, "--import", tsxLoader, "apps/server/src/main.ts"], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = exitOf(child);
  cleanup.add("stopping the real server", () => stopChild(child, exited, 15_000));
  relay(child.stdout);
  relay(child.stderr);
  const pid = child.pid;
  if (pid === undefined) throw new Error(`the real server did not start: ${await exited}`);

  const origin = `http://${HOST}:${port}`;
  const deadline = Date.now() + opts.startLimitMs;
  let gone: string | undefined;
  void exited.then((how) => {
    gone = how;
  });
  for (;;) {
    if (gone) throw new Error(`the real server ${gone} before it was ready`);
    if (Date.now() > deadline)
      throw new Error(`the real server was not ready within ${opts.startLimitMs / 1000} s`);
    const ok = await fetch(`${origin}/apm-web/f/health`, { signal: AbortSignal.timeout(2_000) }).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ok) {
      const kill = async () => {
        if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
        await exited;
      };
      return { origin, pid, port, spawnedAt, kill };
    }
    await sleep(100);
  }
}

/** The bare node:http upload server (bare-upload-child.ts) in a child process; stopped at cleanup. */
export async function startBareServer(cleanup: Cleanup, dir: string): Promise<ChildServer> {
  const child = fork(bareChild, [], { execArgv: ["--import", tsxLoader], stdio: "inherit" });
  const exited = exitOf(child);
  cleanup.add("stopping the bare server", () => stopChild(child, exited, 5_000));
  const ready = await new Promise<BareReady>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the bare server did not start within 30 s")), 30_000);
    child.once("message", (m: BareReady) => {
      clearTimeout(timer);
      resolve(m);
    });
    void exited.then((how) => {
      clearTimeout(timer);
      reject(new Error(`the bare server ${how} before it was ready`));
    });
    const job: BareJob = { dir };
    child.send(job);
  });
  if (child.pid === undefined) throw new Error("the bare server has no pid");
  return { origin: `http://${HOST}:${ready.port}`, pid: child.pid };
}
