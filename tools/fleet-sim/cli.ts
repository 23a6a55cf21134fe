import { parseCli } from "./args";
import { Fleet, type FleetStats, formatStats } from "./fleet";
import { authoriseInDatabase, Operator } from "./operator";

/**
 * fleet-sim: `npm run fleet-sim -- --count 1000 --server http://127.0.0.1:8080`.
 * Runs N simulated screens against a server and prints a line of figures
 * every 2 s; Ctrl-C closes their sockets and keeps their tokens for the
 * next run.
 */

const why = (err: unknown) => (err instanceof Error ? err.message : String(err));

const options = (() => {
  try {
    return parseCli(process.argv.slice(2));
  } catch (err) {
    console.error(why(err));
    process.exit(2);
  }
})();

const errorsShown = { n: 0 };
const fleet = new Fleet({
  server: options.server,
  count: options.count,
  prefix: options.prefix,
  first: options.first,
  stateFile: options.stateFile,
  connectRate: options.connectRate,
  sourceIps: options.sourceIps,
  faultRate: options.faultRate,
  ackFailRate: options.ackFailRate,
  deliveryFailRate: options.deliveryFailRate,
  heartbeatJitter: options.heartbeatJitter,
  manifest: options.manifest,
  onError: (deviceId, err) => {
    // The first few in full; the rest are in the counters.
    if (errorsShown.n++ < 10) console.error(`${deviceId}: ${why(err)}`);
  },
});

const started = Date.now();
const line = (s: FleetStats) =>
  console.log(`${((Date.now() - started) / 1000).toFixed(0).padStart(5)} s  ${formatStats(s)}`);
const ticker = setInterval(() => line(fleet.stats()), 2000);

const pause = () => new Promise((resolve) => setTimeout(resolve, 2000));

/** Every 2 s, authorises the pending terminals by their codes through the API, as the operator. */
async function authoriseThroughApi(credentials: { username: string; password: string }): Promise<void> {
  const operator = await Operator.signIn(options.server, credentials.username, credentials.password);
  const officeId = options.officeId ?? (await operator.officeId());
  console.log(`signed in as ${credentials.username}; authorising into office ${officeId}`);
  const tried = new Set<string>();
  for (;;) {
    await pause();
    const todo = fleet.pending().filter((p) => !tried.has(p.enrolCode));
    let next = 0;
    const worker = async () => {
      for (let p = todo[next++]; p; p = todo[next++]) {
        tried.add(p.enrolCode);
        await operator
          .authorize(p.enrolCode, officeId)
          .catch((err: unknown) =>
            console.error(`authorising ${p?.deviceId} (${p?.enrolCode}): ${why(err)}`),
          );
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
  }
}

/** Every 2 s, authorises the pending terminals in the database; they reconnect to learn it. */
async function authoriseInDb(databaseUrl: string): Promise<void> {
  for (;;) {
    await pause();
    if (fleet.stats().pending === 0) continue;
    const n = await authoriseInDatabase(databaseUrl, options.prefix, options.officeId ?? undefined);
    if (n === 0) continue;
    console.log(`authorised ${n} terminals in the database; they reconnect to learn it`);
    await fleet.reconnect((t) => t.state === "pending");
  }
}

let stopping = false;
async function stop(code: number): Promise<never> {
  if (stopping) process.exit(code);
  stopping = true;
  clearInterval(ticker);
  await fleet.stop();
  line(fleet.stats());
  process.exit(code);
}
process.on("SIGINT", () => void stop(0));
process.on("SIGTERM", () => void stop(0));
if (options.durationSec !== null) setTimeout(() => void stop(0), options.durationSec * 1000);

console.log(
  `fleet-sim: ${options.count} terminals sim-${options.prefix}-${options.first}… against ${options.server}, ` +
    `${options.connectRate}/s` +
    (options.sourceIps.length > 0 ? ` from ${options.sourceIps.length} local addresses` : "") +
    (options.stateFile ? `; tokens in ${options.stateFile}` : ""),
);
try {
  if (options.autoAuthorise) {
    const authorising = options.operator
      ? authoriseThroughApi(options.operator)
      : options.databaseUrl
        ? authoriseInDb(options.databaseUrl)
        : Promise.resolve();
    authorising.catch((err: unknown) => console.error(`auto-authorise stopped: ${why(err)}`));
  }
  await fleet.start();
  // Terminals that could not enrol (server down, limits) try again every 10 s, as screens would.
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    if (stopping) break;
    const s = fleet.stats();
    if (s.registered < s.total) await fleet.start();
  }
} catch (err) {
  console.error(why(err));
  await stop(1);
}
