import { DEBUG_ARGS_MAX_BYTES, DEBUG_COMMAND_NAME, type DebugFrameMessage } from "@marquee/contracts";

/** Frames and log lines kept on the page (the oldest go first). */
export const MAX_FRAMES = 1000;
export const MAX_LOG_LINES = 2000;

/** A frame as the pane shows it. */
export interface PaneFrame {
  seq: number;
  dir: "in" | "out";
  at: number;
  type: string;
  frame: Record<string, unknown>;
  truncated?: number;
}

export const LOG_LEVELS = ["debug", "info", "warn", "error"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** A log line of the player, as the log pane shows it. */
export interface PaneLog {
  seq: number;
  at: number;
  level: LogLevel;
  text: string;
}

/** The list with `items` added at the end, keeping at most `max` (the oldest dropped). */
export function appendCapped<T>(list: readonly T[], items: readonly T[], max: number): T[] {
  const next = [...list, ...items];
  return next.length > max ? next.slice(next.length - max) : next;
}

let seq = 0;
/** A socket's frame message as a pane row. */
export function toPaneFrame(m: DebugFrameMessage): PaneFrame {
  return {
    seq: ++seq,
    dir: m.dir,
    at: m.at,
    type: m.frame.type,
    frame: m.frame,
    ...(m.truncated !== undefined && { truncated: m.truncated }),
  };
}

/** The log lines a `log` frame carries (nothing for other frames; malformed lines are skipped). */
export function logLinesOf(m: DebugFrameMessage): PaneLog[] {
  if (m.frame.type !== "log" || !Array.isArray(m.frame.lines)) return [];
  const out: PaneLog[] = [];
  for (const l of m.frame.lines as Array<Record<string, unknown>>) {
    const level = LOG_LEVELS.includes(l?.level as LogLevel) ? (l.level as LogLevel) : "info";
    out.push({
      seq: ++seq,
      at: typeof l?.at === "number" ? l.at : m.at,
      level,
      text: String(l?.text ?? ""),
    });
  }
  return out;
}

/** The frame types seen, sorted (the type filter offers them). */
export function frameTypes(frames: readonly PaneFrame[]): string[] {
  return [...new Set(frames.map((f) => f.type))].sort();
}

/** The frames the pane shows: of the chosen types (all when none chosen), heartbeats only when asked. */
export function visibleFrames(
  frames: readonly PaneFrame[],
  filter: { types: readonly string[]; heartbeats: boolean },
): PaneFrame[] {
  return frames.filter(
    (f) =>
      (filter.types.length === 0 || filter.types.includes(f.type)) &&
      (filter.heartbeats || f.type !== "heartbeat" || filter.types.includes("heartbeat")),
  );
}

/** Lines at or above the chosen level. */
export function visibleLines(lines: readonly PaneLog[], min: LogLevel): PaneLog[] {
  const floor = LOG_LEVELS.indexOf(min);
  return lines.filter((l) => LOG_LEVELS.indexOf(l.level) >= floor);
}

/** A one-line summary of a frame, after its type (command name, ack result, event text…). */
export function frameSummary(f: PaneFrame): string {
  const x = f.frame;
  switch (f.type) {
    case "command":
      return `${String(x.name)} ${JSON.stringify(x.args ?? {})}`;
    case "ack":
      return `${x.ok ? "ok" : "failed"}${x.reason ? `: ${String(x.reason)}` : ""}`;
    case "event":
      return `${String(x.kind)}: ${String(x.message)}`;
    case "log":
      return `${Array.isArray(x.lines) ? x.lines.length : 0} ×`;
    case "progress":
      return `${String(x.done)}/${String(x.total)}${x.note ? ` ${String(x.note)}` : ""}`;
    default:
      return "";
  }
}

export type ArgsCheck =
  | { ok: true; args: Record<string, unknown> }
  | { ok: false; error: "json" | "object" | "size" };

/** The raw command's args typed as JSON: an object of at most 8 KB (empty text is `{}`). */
export function parseArgs(text: string): ArgsCheck {
  if (!text.trim()) return { ok: true, args: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, error: "json" };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return { ok: false, error: "object" };
  if (new TextEncoder().encode(JSON.stringify(value)).length > DEBUG_ARGS_MAX_BYTES)
    return { ok: false, error: "size" };
  return { ok: true, args: value as Record<string, unknown> };
}

/** Whether a raw command name is acceptable (a letter, then letters, digits, _ or -; 40 at most). */
export const validCommandName = (name: string) => DEBUG_COMMAND_NAME.test(name);

/** The address of the debugging socket for a terminal, on the console's own host. */
export function debugSocketUrl(
  terminalId: number,
  loc: Pick<Location, "protocol" | "host"> = window.location,
) {
  const scheme = loc.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${loc.host}/apm-web/a/api/debug/ws?terminalId=${terminalId}`;
}
