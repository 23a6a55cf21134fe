import { type ChildProcess, fork } from "node:child_process";
import type { FleetStats } from "../../tools/fleet-sim/fleet";
import type { Cleanup } from "./cleanup";
import type { ChildFleetOptions, ClientMessage, ClientReply, ClientRequest } from "./fleet-client-child";

const tsxLoader = import.meta.resolve("tsx");
const childFile = new URL("./fleet-client-child.ts", import.meta.url).pathname;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One client process and its pending requests. */
class ClientProcess {
  private next = 0;
  private readonly waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private gone: string | null = null;

  constructor(readonly child: ChildProcess) {
    child.on("message", (reply: ClientReply) => {
      const w = this.waiting.get(reply.id);
      if (!w) return;
      this.waiting.delete(reply.id);
      if (reply.ok) w.resolve(reply.value);
      else w.reject(new Error(`client process ${child.pid}: ${reply.error}`));
    });
    child.once("exit", (code, signal) => {
      this.gone = `client process ${child.pid} exited with ${code ?? signal}`;
      for (const w of this.waiting.values()) w.reject(new Error(this.gone));
      this.waiting.clear();
    });
  }

  ask(request: ClientRequest): Promise<unknown> {
    if (this.gone) return Promise.reject(new Error(this.gone));
    const id = ++this.next;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.child.send({ id, request } satisfies ClientMessage);
    });
  }
}

/**
 * Simulated terminals spread over several client processes (each holds a
 * slice, connects from its own local addresses), asked all at once; killed
 * at cleanup.
 */
export class ClientPool {
  private constructor(private readonly procs: ClientProcess[]) {}

  /** Forks `processes` children; `slice(i)` gives each one its fleet's options. */
  static async open(
    cleanup: Cleanup,
    processes: number,
    slice: (i: number) => ChildFleetOptions,
  ): Promise<ClientPool> {
    const procs: ClientProcess[] = [];
    for (let i = 0; i < processes; i++) {
      // BENCH_CLIENT_CPU_PROF=<dir>: each client process writes its CPU profile there (what the screens cost).
      const prof = process.env.BENCH_CLIENT_CPU_PROF;
      const execArgv = ["--import", tsxLoader, ...(prof ? ["--cpu-prof", `--cpu-prof-dir=${prof}`] : [])];
      const child = fork(childFile, [], { execArgv, stdio: "inherit" });
      cleanup.add(`stopping client process ${child.pid}`, async () => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        child.kill("SIGKILL");
        await new Promise((resolve) => child.once("exit", resolve));
      });
      procs.push(new ClientProcess(child));
    }
    const pool = new ClientPool(procs);
    await Promise.all(procs.map((p, i) => p.ask({ op: "open", options: slice(i) })));
    return pool;
  }

  get pids(): number[] {
    return this.procs.map((p) => p.child.pid ?? 0);
  }

  /** Asks every process; answers their values in order. */
  all(request: ClientRequest): Promise<unknown[]> {
    return Promise.all(this.procs.map((p) => p.ask(request)));
  }

  /** The sum of every process's stats. */
  async stats(): Promise<FleetStats> {
    const all = (await this.all({ op: "stats" })) as FleetStats[];
    const sum = { ...(all[0] as FleetStats) };
    for (const s of all.slice(1)) {
      for (const key of Object.keys(sum) as Array<keyof FleetStats>) sum[key] += s[key];
    }
    return sum;
  }

  /**
   * The moment (ms since the epoch) the last process saw `until` hold for
   * its `counts[i]` terminals (or the first process, with `first`).
   */
  async until(
    until: "welcomed" | "authorised" | "answered",
    counts: number[],
    timeoutMs: number,
    first = false,
  ): Promise<number> {
    const times = await Promise.all(
      this.procs.map(
        (p, i) => p.ask({ op: "until", until, count: counts[i] ?? 0, timeoutMs }) as Promise<number>,
      ),
    );
    return first ? Math.min(...times) : Math.max(...times);
  }

  /**
   * When (ms since the epoch) the last terminal of every process received
   * sync (or fetched its manifest) at or after `since`; `counts[i]` of process i.
   */
  async since(
    what: "synced" | "fetched",
    since: number,
    counts: number[],
    timeoutMs: number,
  ): Promise<number> {
    const times = await Promise.all(
      this.procs.map(
        (p, i) => p.ask({ op: "since", what, since, count: counts[i] ?? 0, timeoutMs }) as Promise<number>,
      ),
    );
    return Math.max(...times);
  }

  /** Stops every fleet (sockets closed), then lets the processes go. */
  async close(): Promise<void> {
    await this.all({ op: "stop" }).catch(() => undefined);
    for (const p of this.procs) p.child.disconnect();
    await sleep(100);
  }
}
