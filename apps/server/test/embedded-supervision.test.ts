import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ChildServers, type Started as ChildStarted } from "./child-server";

/**
 * The server started as `npm start` does, on its embedded PostgreSQL (even when the suite runs
 * against DATABASE_URL), whose postmaster is then killed the way a crash or the OOM killer would.
 */
const prepared: ChildServers[] = [];
const others: ChildProcess[] = [];
const postmasters: number[] = [];

afterAll(() => {
  for (const c of others) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
  for (const pid of postmasters) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // gone already
    }
  }
  for (const servers of prepared) servers.cleanUp();
});

interface Started extends ChildStarted {
  servers: ChildServers;
  dataDir: string;
  base: string;
}

/** A server on a new data directory, or on `on`'s again. */
async function start(on?: Started): Promise<Started> {
  let servers = on?.servers;
  if (!servers) {
    servers = await ChildServers.prepare("marquee-supervise-", { embedded: true });
    prepared.push(servers);
  }
  const s = servers.start({
    LOG_LEVEL: "info",
    LOG_FORMAT: "json",
    MARQUEE_ADMIN_USERNAME: "ops",
    MARQUEE_ADMIN_PASSWORD: "OpsPass123",
  });
  return { ...s, servers, dataDir: servers.dataDir, base: servers.base() };
}

/** The first lines of postmaster.pid: the postmaster's process id, then its data directory, start time and port. */
function postmaster(s: Started): { pid: number; port: string } {
  const lines = readFileSync(path.join(s.dataDir, "pg", "postmaster.pid"), "utf8").split("\n");
  const pid = Number.parseInt(lines[0] ?? "", 10);
  postmasters.push(pid);
  return { pid, port: lines[3] ?? "" };
}

async function status(url: string): Promise<number> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(5_000) })).status;
  } catch {
    return 0;
  }
}

/** Waits until the health check answers `code` three times in a row, for at most `ms`. */
async function health(s: Started, code: number, ms: number): Promise<void> {
  const until = Date.now() + ms;
  let inARow = 0;
  while (Date.now() < until) {
    if (s.child.exitCode !== null) throw new Error(`server exited: ${s.output()}`);
    inARow = (await status(`${s.base}/f/health`)) === code ? inARow + 1 : 0;
    if (inARow === 3) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`health did not answer ${code} within ${ms} ms: ${s.output()}`);
}

/** Waits until the log has a line whose message matches, for at most `ms`. */
async function logShows(s: Started, msg: RegExp, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (logged(s, msg).length > 0) return;
    if (s.child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the log did not show ${msg} within ${ms} ms: ${s.output()}`);
}

/** The JSON log lines whose message matches. */
const logged = (s: Started, msg: RegExp) =>
  s
    .output()
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as { level: number; msg?: string })
    .filter((l) => msg.test(l.msg ?? ""));

describe("the embedded PostgreSQL under supervision", () => {
  it("is started again on the same port when its postmaster is killed", async () => {
    const s = await start();
    await health(s, 200, 90_000);
    const before = postmaster(s);
    process.kill(before.pid, "SIGKILL");

    // The server has it back by itself, and the pool reconnects without being told.
    await logShows(s, /running again/, 30_000);
    await health(s, 200, 15_000);
    const after = postmaster(s);
    expect(after.pid).not.toBe(before.pid);
    expect(after.port).toBe(before.port);
    expect(logged(s, /stopped unexpectedly/)).toEqual([expect.objectContaining({ level: 40 })]);
    expect(logged(s, /running again/)).toEqual([expect.objectContaining({ level: 30 })]);
    // A call that reads the database: the administrator created at the first start is still there.
    const init = await fetch(`${s.base}/f/common/isSysInit`);
    expect(init.status).toBe(200);
    expect(((await init.json()) as { data: number }).data).toBe(1);

    // Our own stop does not count as a death: the server and its database stop cleanly.
    s.child.kill("SIGTERM");
    expect(await s.exited).toBe(0);
    expect(existsSync(path.join(s.dataDir, "pg", "postmaster.pid"))).toBe(false);
    expect(logged(s, /stopped unexpectedly/)).toHaveLength(1);
  }, 180_000);

  it("exits with code 5, unlocking the data directory, when the database cannot be started again", async () => {
    const s = await start();
    await health(s, 200, 90_000);
    const { pid } = postmaster(s);
    // The running postmaster does not notice its directory renamed; every restart will fail to find it.
    renameSync(path.join(s.dataDir, "pg"), path.join(s.dataDir, "pg-gone"));
    process.kill(pid, "SIGKILL");

    await health(s, 503, 10_000);
    // Five attempts after 0.5 + 1 + 2 + 4 + 8 s of back-off, then the exit.
    const code = await Promise.race([
      s.exited,
      new Promise((r) => setTimeout(() => r("still running after 60 s"), 60_000)),
    ]);
    expect(code).toBe(5);
    expect(logged(s, /restarting the embedded PostgreSQL failed/)).toHaveLength(5);
    expect(logged(s, /exiting \(code 5\)/)).toEqual([expect.objectContaining({ level: 60 })]);
    expect(existsSync(path.join(s.dataDir, "marquee.pid"))).toBe(false);
  }, 180_000);

  it("takes no postmaster.pid naming another program for a running PostgreSQL", async () => {
    const s = await start();
    await health(s, 200, 90_000);
    const { pid } = postmaster(s);
    // A server and its database gone at once (a power cut); the id in postmaster.pid now names another program.
    s.child.kill("SIGKILL");
    await s.exited;
    process.kill(pid, "SIGKILL");
    const other = spawn("sleep", ["120"], { stdio: "ignore" });
    others.push(other);
    const pidFile = path.join(s.dataDir, "pg", "postmaster.pid");
    const lines = readFileSync(pidFile, "utf8").split("\n");
    writeFileSync(pidFile, [String(other.pid), ...lines.slice(1)].join("\n"));

    const again = await start(s);
    await health(again, 200, 90_000);
    expect(other.exitCode).toBeNull();
    expect(other.signalCode).toBeNull();
    expect(logged(again, /stale postmaster.pid/)).toHaveLength(1);
    again.child.kill("SIGTERM");
    expect(await again.exited).toBe(0);
  }, 180_000);
});
