import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import path from "node:path";

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `Another Marquee server (process ${pid}) is already running on the data directory ${dataDir}. ` +
        "Stop it first, or start this one with another DATA_DIR.",
    );
  }
}

/** Whether a process with this id is running (EPERM: it is, as another user). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * When a process started, in clock ticks since boot (field 22 of /proc/PID/stat), or null where there is
 * no /proc. A process id is reused once its process is gone; the pair (id, start) names one process.
 */
export function processStart(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) is in parentheses and may hold spaces: count from after it.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

/** What the lock file says: `PID START` (START missing in files written before it was recorded). */
function readLock(file: string): { pid: number; start: string | null } {
  const [pid, start] = readFileSync(file, "utf8").trim().split(/\s+/);
  return { pid: Number.parseInt(pid ?? "", 10), start: start || null };
}

/**
 * Whether the lock names a Marquee server that still runs. A process id the system gave to another
 * process after ours died (a reboot, a container restart) is not ours: its start time differs from the
 * one written beside the id. Where /proc is missing, a live id is taken as ours (the safe side).
 */
function heldByLiveServer(lock: { pid: number; start: string | null }): boolean {
  if (!Number.isInteger(lock.pid) || lock.pid === process.pid || !alive(lock.pid)) return false;
  const now = processStart(lock.pid);
  if (now === null) return true;
  if (lock.start !== null) return lock.start === now;
  // A lock written before start times were: ours only if that process is a Node.js one.
  try {
    return /node/i.test(readFileSync(`/proc/${lock.pid}/cmdline`, "utf8"));
  } catch {
    return true;
  }
}

/**
 * Takes `DATA_DIR/marquee.pid` for this process. A lock whose process is gone (a server killed with -9),
 * or whose id now names another process, is taken over; a live server's refuses the start.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, "marquee.pid");
  const own = `${process.pid} ${processStart(process.pid) ?? ""}`.trim();
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx", 0o600);
      writeSync(fd, `${own}\n`);
      closeSync(fd);
      return () => {
        try {
          if (readFileSync(file, "utf8").trim() === own) rmSync(file);
        } catch {
          // already gone
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const lock = readLock(file);
      if (heldByLiveServer(lock)) throw new DataDirLockedError(dataDir, lock.pid);
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not take the lock ${file}`);
}
