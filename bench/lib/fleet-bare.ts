import { fork } from "node:child_process";
import type { Cleanup } from "./cleanup";
import type { BareFleetJob, BareFleetReply, BareFleetRequest } from "./fleet-bare-child";

const tsxLoader = import.meta.resolve("tsx");
const childFile = new URL("./fleet-bare-child.ts", import.meta.url).pathname;

/** The bare `ws` baseline server in its child process. */
export interface BareFleetServer {
  origin: string;
  pid: number;
  /** Sockets open on it now. */
  clients(): Promise<number>;
  /** Sends one command to every socket; answers ms until the last ack arrived (its own clock). */
  broadcast(timeoutMs: number): Promise<number>;
  /** Stops it now (its measurements are done). */
  stop(): Promise<void>;
}

/** Starts fleet-bare-child.ts; stopped at cleanup (SIGKILL: it holds nothing worth a graceful stop). */
export async function startBareFleetServer(cleanup: Cleanup, heartbeatSec: number): Promise<BareFleetServer> {
  const child = fork(childFile, [], { execArgv: ["--import", tsxLoader], stdio: "inherit" });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGKILL");
    await new Promise((resolve) => child.once("exit", resolve));
  };
  cleanup.add("stopping the bare ws server", stop);
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the bare ws server did not start within 30 s")), 30_000);
    child.once("message", (m: { port: number }) => {
      clearTimeout(timer);
      resolve(m.port);
    });
    child.once("exit", (code) => reject(new Error(`the bare ws server exited with ${code}`)));
    child.send({ heartbeatSec } satisfies BareFleetJob);
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error("the bare ws server has no pid");
  let next = 0;
  const ask = (op: BareFleetRequest["op"], timeoutMs: number) =>
    new Promise<number>((resolve, reject) => {
      const id = ++next;
      const timer = setTimeout(() => {
        child.off("message", onMessage);
        reject(new Error(`the bare ws server did not answer ${op} within ${timeoutMs / 1000} s`));
      }, timeoutMs);
      const onMessage = (reply: BareFleetReply) => {
        if (reply.id !== id) return;
        clearTimeout(timer);
        child.off("message", onMessage);
        resolve(reply.value);
      };
      child.on("message", onMessage);
      child.send({ id, op } satisfies BareFleetRequest);
    });
  return {
    origin: `http://127.0.0.1:${port}`,
    pid,
    clients: () => ask("clients", 10_000),
    broadcast: (timeoutMs) => ask("broadcast", timeoutMs),
    stop,
  };
}
