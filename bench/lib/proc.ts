import { readdirSync, readFileSync } from "node:fs";

/** Linux's USER_HZ: /proc/<pid>/stat counts CPU time in these ticks. */
const TICKS_PER_SECOND = 100;

/** What /proc tells about one process at one moment. */
export interface ProcSnapshot extends CpuTimes {
  /** Resident set size (VmRSS), bytes. */
  rss: number;
  /** Bytes through read(2)/write(2) and the like: files and sockets. */
  rchar: number;
  wchar: number;
  /** Bytes the process caused to be written to storage (dirtied pages). */
  writeBytes: number;
}

/** VmRSS of `pid` in bytes; undefined once it has gone. */
export function readRss(pid: number): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status)?.[1];
    return kb === undefined ? undefined : Number(kb) * 1024;
  } catch {
    return undefined;
  }
}

function field(text: string, name: string): number {
  const value = new RegExp(`^${name}:\\s+(\\d+)$`, "m").exec(text)?.[1];
  if (value === undefined) throw new Error(`no ${name} in /proc/<pid>/io`);
  return Number(value);
}

/**
 * User and system CPU time in a /proc stat file (a process's: all its threads), ms; `reaped`: the time of
 * its children that have exited and been waited for (cutime, cstime).
 */
function cpuOf(statFile: string): { user: number; system: number; reaped: number } {
  const stat = readFileSync(statFile, "utf8");
  // After "pid (comm) ", the fields start at 3 (state); utime, stime, cutime and cstime are 14 to 17.
  const rest = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ms = (ticks: string | undefined) => (Number(ticks) * 1000) / TICKS_PER_SECOND;
  return { user: ms(rest[11]), system: ms(rest[12]), reaped: ms(rest[13]) + ms(rest[14]) };
}

export interface CpuTimes {
  /** User + system, all threads, ms. */
  cpuMs: number;
  /** Of which in the kernel (system time). */
  sysCpuMs: number;
  /** Of which the main thread's (JavaScript; the other threads: libuv's pool doing file I/O, V8's GC and compiler). */
  mainCpuMs: number;
}

/**
 * CPU time (user + system, ms) of every PostgreSQL process on this machine (by their name in /proc), or
 * undefined when there is none (a DATABASE_URL elsewhere): what a local database server spends. Backends
 * that have exited count through their postmaster's reaped time: without it, a connection closed during a
 * step took its CPU out of the sum (a negative figure in bench:cluster when a killed node's went).
 */
export function postgresCpuMs(): number | undefined {
  let sum = 0;
  let found = false;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, "utf8").trim() !== "postgres") continue;
      const { user, system, reaped } = cpuOf(`/proc/${entry}/stat`);
      sum += user + system + reaped;
      found = true;
    } catch {
      // gone between the listing and the read
    }
  }
  return found ? sum : undefined;
}

/** CPU times of the process; undefined once it has gone. */
export function readCpu(pid: number): CpuTimes | undefined {
  try {
    const all = cpuOf(`/proc/${pid}/stat`);
    const main = cpuOf(`/proc/${pid}/task/${pid}/stat`);
    return { cpuMs: all.user + all.system, sysCpuMs: all.system, mainCpuMs: main.user + main.system };
  } catch {
    return undefined;
  }
}

export function snapshot(pid: number): ProcSnapshot {
  const rss = readRss(pid);
  const cpu = readCpu(pid);
  if (rss === undefined || cpu === undefined) throw new Error(`process ${pid} has gone`);
  const io = readFileSync(`/proc/${pid}/io`, "utf8");
  return {
    rss,
    ...cpu,
    rchar: field(io, "rchar"),
    wchar: field(io, "wchar"),
    writeBytes: field(io, "write_bytes"),
  };
}

/** The difference of two snapshots (rss: the later value). */
export function delta(before: ProcSnapshot, after: ProcSnapshot): ProcSnapshot {
  return {
    rss: after.rss,
    cpuMs: after.cpuMs - before.cpuMs,
    sysCpuMs: after.sysCpuMs - before.sysCpuMs,
    mainCpuMs: after.mainCpuMs - before.mainCpuMs,
    rchar: after.rchar - before.rchar,
    wchar: after.wchar - before.wchar,
    writeBytes: after.writeBytes - before.writeBytes,
  };
}

/** CPU times of a process at one moment (performance.now() of this process). */
export interface CpuSample extends CpuTimes {
  at: number;
}

/**
 * Samples a process's VmRSS (and CPU times) every `intervalMs` (50 ms) and
 * keeps the peak since the last `mark()`, and the CPU timeline; stops at
 * cleanup, or by itself once the process has gone.
 */
export class RssSampler {
  private readonly timer: NodeJS.Timeout;
  private peak = 0;
  private samples = 0;
  private lastAt = 0;
  private longestGapMs = 0;
  private cpu: CpuSample[] = [];

  constructor(
    private readonly pid: number,
    intervalMs = 50,
  ) {
    this.timer = setInterval(() => this.sample(), intervalMs);
    this.timer.unref();
  }

  private sample(): number | undefined {
    const rss = readRss(this.pid);
    if (rss === undefined) {
      this.stop();
      return undefined;
    }
    const now = performance.now();
    if (this.lastAt > 0) this.longestGapMs = Math.max(this.longestGapMs, now - this.lastAt);
    this.lastAt = now;
    this.samples++;
    this.peak = Math.max(this.peak, rss);
    const cpu = readCpu(this.pid);
    if (cpu) this.cpu.push({ at: now, ...cpu });
    return rss;
  }

  /** The last CPU sample taken at or before `at` (performance.now()) in this window. */
  cpuAt(at: number): CpuSample | undefined {
    let found: CpuSample | undefined;
    for (const s of this.cpu) {
      if (s.at > at) break;
      found = s;
    }
    return found;
  }

  /** Starts a new window: answers the RSS now, which is also the window's first sample. */
  mark(): number {
    this.peak = 0;
    this.samples = 0;
    this.lastAt = 0;
    this.longestGapMs = 0;
    this.cpu = [];
    const rss = this.sample();
    if (rss === undefined) throw new Error(`process ${this.pid} has gone`);
    return rss;
  }

  /** The window so far, with a last sample taken now. */
  window(): { peak: number; samples: number; longestGapMs: number } {
    this.sample();
    return { peak: this.peak, samples: this.samples, longestGapMs: this.longestGapMs };
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

/**
 * A CPU time (ms, growing: one process's, or a sum over several) sampled every `intervalMs` into a
 * timeline that is read back at past instants: what a group of processes (the simulated screens, the
 * database) spent between two moments a benchmark learns only afterwards.
 */
export class CpuTimeline {
  private readonly timer: NodeJS.Timeout;
  private samples: Array<{ at: number; ms: number }> = [];

  constructor(
    private readonly read: () => number | undefined,
    intervalMs: number,
  ) {
    this.timer = setInterval(() => this.sample(), intervalMs);
    this.timer.unref();
  }

  private sample(): void {
    const ms = this.read();
    if (ms !== undefined) this.samples.push({ at: performance.now(), ms });
  }

  /** Starts a new timeline from a sample taken now. */
  mark(): void {
    this.samples = [];
    this.sample();
  }

  /** The CPU time (ms) at the last sample taken at or before `at` (performance.now()); NaN before the first. */
  at(at: number): number {
    let found = Number.NaN;
    for (const s of this.samples) {
      if (s.at > at) break;
      found = s.ms;
    }
    return found;
  }

  /** Takes a last sample now (the end of a window read afterwards). */
  close(): void {
    this.sample();
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

/** The summed CPU time (ms) of these processes, undefined when one has gone. */
export function cpuOfAll(pids: readonly number[]): number | undefined {
  let sum = 0;
  for (const pid of pids) {
    const cpu = readCpu(pid);
    if (!cpu) return undefined;
    sum += cpu.cpuMs;
  }
  return sum;
}
