import { parseArgs } from "node:util";

/** The CLI's options, checked. */
export interface CliOptions {
  server: string;
  count: number;
  prefix: string;
  first: number;
  stateFile: string | null;
  connectRate: number;
  sourceIps: string[];
  faultRate: number;
  ackFailRate: number;
  deliveryFailRate: number;
  heartbeatJitter: boolean;
  manifest: boolean;
  autoAuthorise: boolean;
  operator: { username: string; password: string } | null;
  officeId: number | null;
  databaseUrl: string | null;
  durationSec: number | null;
}

export const USAGE = `npm run fleet-sim -- --count N [options]

  --count N                 terminals to simulate (required)
  --server URL              server origin (default http://127.0.0.1:8080)
  --prefix P                device ids are sim-P-<n> (default "cli"; [A-Za-z0-9_-])
  --first N                 the first <n> (default 1)
  --state-file FILE         tokens kept here for the next run (default .tmp/fleet-sim/<prefix>.json; "" for none)
  --connect-rate N          new connections a second (default 500)
  --source-ips A..B|A,B     local addresses to connect from, e.g. 127.0.0.2..127.0.0.40
  --fault-rate R            chance a heartbeat is followed by a fault event (default 0)
  --ack-fail-rate R         share of commands answered with a failure and a reason (default 0;
                            --command-fail-rate is the same)
  --delivery-fail-rate R    share of fetched manifests of which one publication is reported failed,
                            with a reason (default 0; the others report downloaded or playing)
  --heartbeat-jitter        give each terminal its own heartbeat phase
  --no-manifest             do not fetch the manifest on sync
  --auto-authorise          authorise pending terminals: through the API with --operator, or with
                            --database-url in the database (then they reconnect to learn it)
  --operator USER:PASS      the operator who authorises (signs in through the real API)
  --office-id N             authorise into this office (default: the operator's own / unchanged)
  --database-url URL        PostgreSQL of the server, for --auto-authorise without an operator
  --duration S              stop after S seconds (default: run until Ctrl-C)`;

function number(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < min || n > max)
    throw new Error(`--${name} must be a number from ${min} to ${max}`);
  return n;
}

function whole(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  const n = number(name, value, fallback, min, max);
  if (!Number.isInteger(n)) throw new Error(`--${name} must be a whole number`);
  return n;
}

function ipToInt(ip: string): number {
  const parts = ip.split(".").map(Number);
  if (parts.length !== 4 || parts.some((p) => !Number.isInteger(p) || p < 0 || p > 255)) {
    throw new Error(`not an IPv4 address: ${ip}`);
  }
  return parts.reduce((acc, p) => acc * 256 + p, 0);
}

const intToIp = (n: number) => [24, 16, 8, 0].map((shift) => Math.floor(n / 2 ** shift) % 256).join(".");

/** "127.0.0.2..127.0.0.9,127.0.1.1": the addresses, in order (at most 4,096). */
export function parseSourceIps(text: string): string[] {
  const out: string[] = [];
  for (const part of text
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [from, to] = part.split("..");
    if (from === undefined) continue;
    const a = ipToInt(from);
    const b = to === undefined ? a : ipToInt(to);
    if (b < a) throw new Error(`empty address range ${part}`);
    for (let n = a; n <= b; n++) {
      out.push(intToIp(n));
      if (out.length > 4096) throw new Error("--source-ips: more than 4,096 addresses");
    }
  }
  return out;
}

/** Parses argv (without node and the script). */
export function parseCli(argv: string[]): CliOptions {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      count: { type: "string" },
      server: { type: "string" },
      prefix: { type: "string" },
      first: { type: "string" },
      "state-file": { type: "string" },
      "connect-rate": { type: "string" },
      "source-ips": { type: "string" },
      "fault-rate": { type: "string" },
      "ack-fail-rate": { type: "string" },
      "command-fail-rate": { type: "string" },
      "delivery-fail-rate": { type: "string" },
      "heartbeat-jitter": { type: "boolean" },
      "no-manifest": { type: "boolean" },
      "auto-authorise": { type: "boolean" },
      "auto-authorize": { type: "boolean" },
      operator: { type: "string" },
      "office-id": { type: "string" },
      "database-url": { type: "string" },
      duration: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) throw new Error(USAGE);
  if (values.count === undefined) throw new Error(`--count is required\n\n${USAGE}`);
  const prefix = values.prefix ?? "cli";
  if (!/^[A-Za-z0-9_-]{1,30}$/.test(prefix)) throw new Error("--prefix: 1 to 30 of A-Z a-z 0-9 _ -");
  const server = values.server ?? "http://127.0.0.1:8080";
  if (!/^https?:\/\//.test(server)) throw new Error("--server must be an http(s) origin");
  let operator: CliOptions["operator"] = null;
  if (values.operator !== undefined) {
    const at = values.operator.indexOf(":");
    if (at <= 0) throw new Error("--operator must be USER:PASSWORD");
    operator = { username: values.operator.slice(0, at), password: values.operator.slice(at + 1) };
  }
  const autoAuthorise = values["auto-authorise"] === true || values["auto-authorize"] === true;
  const databaseUrl = values["database-url"] ?? null;
  if (autoAuthorise && !operator && !databaseUrl) {
    throw new Error("--auto-authorise needs --operator USER:PASS or --database-url URL");
  }
  const stateFile = values["state-file"] ?? `.tmp/fleet-sim/${prefix}.json`;
  return {
    server,
    count: whole("count", values.count, 0, 1, 100_000),
    prefix,
    first: whole("first", values.first, 1, 0, 1e9),
    stateFile: stateFile === "" ? null : stateFile,
    connectRate: number("connect-rate", values["connect-rate"], 500, 1, 100_000),
    sourceIps: values["source-ips"] ? parseSourceIps(values["source-ips"]) : [],
    faultRate: number("fault-rate", values["fault-rate"], 0, 0, 1),
    ackFailRate: number(
      values["command-fail-rate"] === undefined ? "ack-fail-rate" : "command-fail-rate",
      values["command-fail-rate"] ?? values["ack-fail-rate"],
      0,
      0,
      1,
    ),
    deliveryFailRate: number("delivery-fail-rate", values["delivery-fail-rate"], 0, 0, 1),
    heartbeatJitter: values["heartbeat-jitter"] === true,
    manifest: values["no-manifest"] !== true,
    autoAuthorise,
    operator,
    officeId:
      values["office-id"] === undefined ? null : whole("office-id", values["office-id"], 0, 1, 2 ** 31 - 1),
    databaseUrl,
    durationSec: values.duration === undefined ? null : number("duration", values.duration, 0, 1, 1e7),
  };
}
