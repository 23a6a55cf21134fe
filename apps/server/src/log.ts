import { inspect } from "node:util";
import pino, { type DestinationStream, type Logger } from "pino";
import type { Config } from "./config";

/** How log lines are written: JSON lines for machines, or one readable line each for a person. */
export type LogFormat = "json" | "pretty";

/** `LOG_FORMAT=auto` means readable on a terminal and JSON lines otherwise (a pipe, a file, a service). */
export function logFormatFor(setting: Config["logFormat"], stdout: { isTTY?: boolean }): LogFormat {
  if (setting !== "auto") return setting;
  return stdout.isTTY ? "pretty" : "json";
}

/** The server's logger on stdout, in the format the configuration and the terminal call for. */
export function createLogger(
  config: Pick<Config, "logLevel" | "logFormat">,
  out: NodeJS.WriteStream = process.stdout,
): Logger {
  if (logFormatFor(config.logFormat, out) === "json") return pino({ level: config.logLevel });
  const colors = !!out.isTTY && !process.env.NO_COLOR && out.hasColors?.() !== false;
  return pino({ level: config.logLevel }, prettyStream(out, { colors }));
}

/** A pino destination that writes each JSON line it is given as a readable line. */
export function prettyStream(
  out: { write(text: string): unknown },
  opts: { colors: boolean },
): DestinationStream {
  return {
    write(line: string) {
      let record: Record<string, unknown>;
      try {
        record = JSON.parse(line) as Record<string, unknown>;
      } catch {
        out.write(line);
        return;
      }
      out.write(`${formatRecord(record, opts)}\n`);
    },
  };
}

const LEVELS: Record<number, [name: string, color: number]> = {
  10: ["TRACE", 90],
  20: ["DEBUG", 36],
  30: ["INFO ", 32],
  40: ["WARN ", 33],
  50: ["ERROR", 31],
  60: ["FATAL", 35],
};
/** Fields every line has, or that the line shows in its own way. */
const SHOWN = new Set([
  "level",
  "time",
  "pid",
  "hostname",
  "msg",
  "reqId",
  "req",
  "res",
  "responseTime",
  "err",
]);

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

function value(v: unknown): string {
  if (typeof v === "string") return /^[^\s"=]+$/.test(v) ? v : JSON.stringify(v);
  return inspect(v, { depth: 3, breakLength: Number.POSITIVE_INFINITY, compact: true, colors: false });
}

/**
 * One record as a line: local time, level, request id, message, then the
 * other fields as key=value; a request as `GET /url`, its answer as
 * `200 in 3.1 ms`, and an error's stack on the lines below. A record with
 * `banner` lines (the startup banner) prints them as they are.
 */
export function formatRecord(r: Record<string, unknown>, opts: { colors: boolean }): string {
  const paint = (code: number, text: string) => (opts.colors ? `\x1b[${code}m${text}\x1b[0m` : text);
  const level = LEVELS[r.level as number] ?? [String(r.level).padEnd(5), 0];
  if (Array.isArray(r.banner)) return r.banner.map((l) => `  ${l}`).join("\n");
  const t = new Date(typeof r.time === "number" ? r.time : Date.now());
  const time = `${pad(t.getHours())}:${pad(t.getMinutes())}:${pad(t.getSeconds())}.${pad(t.getMilliseconds(), 3)}`;
  const parts = [paint(2, time), paint(level[1], level[0])];
  if (typeof r.reqId === "string") parts.push(paint(2, `[${r.reqId.slice(0, 8)}]`));
  const req = r.req as { method?: string; url?: string; remoteAddress?: string } | undefined;
  const res = r.res as { statusCode?: number } | undefined;
  if (req?.method)
    parts.push(`${req.method} ${req.url ?? ""}${req.remoteAddress ? ` from ${req.remoteAddress}` : ""}`);
  else if (res?.statusCode !== undefined) {
    const ms = typeof r.responseTime === "number" ? ` in ${r.responseTime.toFixed(1)} ms` : "";
    parts.push(`${res.statusCode}${ms}`);
  } else if (r.msg !== undefined) parts.push(String(r.msg));
  const extra = Object.entries(r)
    .filter(([k, v]) => !SHOWN.has(k) && v !== undefined)
    .map(([k, v]) => paint(2, `${k}=`) + value(v));
  let line = [...parts, ...extra].join(" ");
  const err = r.err as { type?: string; message?: string; stack?: string; code?: unknown } | undefined;
  if (err && typeof err === "object") {
    const head = err.stack ?? `${err.type ?? "Error"}: ${err.message ?? ""}`;
    const code = err.code !== undefined ? ` (code ${String(err.code)})` : "";
    line += `\n${paint(level[1], `    ${head.split("\n").join("\n    ")}`)}${code}`;
  }
  return line;
}
