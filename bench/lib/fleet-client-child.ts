import { Fleet, type FleetOptions, type FleetStats } from "../../tools/fleet-sim/fleet";

/**
 * One of the fleet benchmark's client processes: a slice of the simulated
 * terminals (a process may hold at most 20,000 open files here), driven by
 * the benchmark over IPC. Each request is answered with its id.
 */

/** The fleet's options that travel over IPC (no functions). */
export type ChildFleetOptions = Omit<FleetOptions, "random" | "onError">;

/** What the benchmark asks of a client process. */
export type ClientRequest =
  | { op: "open"; options: ChildFleetOptions }
  | { op: "register" }
  | { op: "connect" }
  | { op: "reconnect" }
  | { op: "stats" }
  /** Answers the time (ms since the epoch, fractional) at which `until` held, checked every 5 ms. */
  | { op: "until"; until: "welcomed" | "authorised" | "answered"; count: number; timeoutMs: number }
  /** Answers when (ms since the epoch) the last of `count` terminals received sync / fetched the manifest at or after `since`. */
  | { op: "since"; what: "synced" | "fetched"; since: number; count: number; timeoutMs: number }
  | { op: "failRate"; rate: number }
  | { op: "stop" };

export interface ClientMessage {
  id: number;
  request: ClientRequest;
}

export type ClientReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: string };

/** Wall-clock time with sub-millisecond precision, comparable across processes. */
export const epochMs = () => performance.timeOrigin + performance.now();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function holds(until: "welcomed" | "authorised" | "answered", count: number, s: FleetStats): boolean {
  if (until === "welcomed") return s.welcomed >= count;
  if (until === "authorised") return s.welcomed >= count && s.authorised >= count;
  return s.acks + s.failures >= count;
}

let fleet: Fleet | null = null;

async function handle(request: ClientRequest): Promise<unknown> {
  if (request.op === "open") {
    fleet = new Fleet(request.options);
    return fleet.terminals.length;
  }
  if (!fleet) throw new Error("no fleet opened");
  switch (request.op) {
    case "register":
      await fleet.register();
      return fleet.stats();
    case "connect":
      await fleet.connect();
      return fleet.stats();
    case "reconnect":
      await fleet.reconnect();
      return fleet.stats();
    case "stats":
      return fleet.stats();
    case "until": {
      const deadline = performance.now() + request.timeoutMs;
      for (;;) {
        const s = fleet.stats();
        if (holds(request.until, request.count, s)) return epochMs();
        if (performance.now() > deadline) {
          throw new Error(
            `${request.until} ${request.count} not reached in ${request.timeoutMs} ms: ${JSON.stringify(s)}`,
          );
        }
        await sleep(5);
      }
    }
    case "since": {
      const deadline = performance.now() + request.timeoutMs;
      for (;;) {
        const t = fleet.syncedSince(request.since);
        if (request.what === "synced" ? t.synced >= request.count : t.fetched >= request.count)
          return request.what === "synced" ? t.lastSyncAt : t.lastManifestAt;
        if (performance.now() > deadline) {
          throw new Error(
            `${request.what} ${request.count} not reached in ${request.timeoutMs} ms: ${JSON.stringify(t)}`,
          );
        }
        await sleep(5);
      }
    }
    case "failRate":
      fleet.setAckFailRate(request.rate);
      return request.rate;
    case "stop":
      await fleet.stop();
      return fleet.stats();
  }
}

// Never outlive the benchmark: when it goes, the IPC channel closes.
process.once("disconnect", () => process.exit(1));
for (const signal of ["SIGINT", "SIGHUP"] as const) process.on(signal, () => undefined);
/**
 * An answer, unless the benchmark has let go already (a long `until` of one process may end after
 * the benchmark gave up on it and disconnected: writing then would fail with EPIPE).
 */
function reply(r: ClientReply): void {
  if (process.connected) process.send?.(r, undefined, undefined, () => undefined);
}
process.on("message", (message: ClientMessage) => {
  handle(message.request).then(
    (value) => reply({ id: message.id, ok: true, value }),
    (err: unknown) =>
      reply({ id: message.id, ok: false, error: err instanceof Error ? err.message : String(err) }),
  );
});
