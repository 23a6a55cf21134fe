import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { DataDirLockedError, lockDataDir, processStart } from "../src/db/lock";

// A lock naming a process id the system gave to another process must not block a start.
const dirs: string[] = [];
const children: ChildProcess[] = [];
let dir: string;
const lockFile = () => path.join(dir, "marquee.pid");

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "marquee-lock-"));
  dirs.push(dir);
});
afterAll(() => {
  for (const c of children) c.kill("SIGKILL");
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function running(command: string, args: string[]): Promise<number> {
  const child = spawn(command, args, { stdio: "ignore" });
  children.push(child);
  await new Promise((resolve) => child.once("spawn", resolve));
  if (!child.pid) throw new Error(`${command} did not start`);
  return child.pid;
}
const aNodeProcess = () => running(process.execPath, ["-e", "setTimeout(() => {}, 60000)"]);

describe("the data directory's lock", () => {
  it("is written with this process's id and start time, and removed on release", () => {
    const release = lockDataDir(dir);
    expect(readFileSync(lockFile(), "utf8").trim()).toBe(`${process.pid} ${processStart(process.pid)}`);
    release();
    expect(existsSync(lockFile())).toBe(false);
  });

  it("is taken over when its process is gone (a server killed with -9)", async () => {
    const pid = await aNodeProcess();
    const start = processStart(pid);
    process.kill(pid, "SIGKILL");
    await new Promise((r) => setTimeout(r, 200));
    writeFileSync(lockFile(), `${pid} ${start}\n`);
    lockDataDir(dir)();
  });

  it("is taken over when its process id now names another program", async () => {
    const pid = await running("sleep", ["60"]);
    // an older lock file (id only), naming a live process that is no Node.js server
    writeFileSync(lockFile(), `${pid}\n`);
    lockDataDir(dir)();
    // a lock whose id was reused: the process that holds the id started at another time than recorded
    writeFileSync(lockFile(), `${pid} 1\n`);
    const release = lockDataDir(dir);
    expect(readFileSync(lockFile(), "utf8")).toContain(String(process.pid));
    release();
  });

  it("refuses the start while the server that wrote it runs", async () => {
    const pid = await aNodeProcess();
    writeFileSync(lockFile(), `${pid} ${processStart(pid)}\n`);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    // the older form (id only) naming a live Node.js process is taken as a server too
    writeFileSync(lockFile(), `${pid}\n`);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(readFileSync(lockFile(), "utf8").trim()).toBe(String(pid));
  });
});
