import { type CommandOutcome, DEBUG_CLOSE, type DebugSocketMessage } from "@marquee/contracts";
import { inArray } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { WebSocket } from "ws";
import { terminals } from "../../db/schema";
import { can } from "../../platform/actor";
import type { Services } from "../../platform/services";
import { officeVisible } from "../../platform/tenancy";
import type { BusMessage } from "../../terminal/bus";
import type { HubFrame, TerminalHub } from "../../terminal/hub";

/** Frames one watcher receives per second at most; the rest are counted and reported as dropped. */
export const WATCHER_FRAMES_PER_SEC = 50;
/** A watcher whose socket has this much unsent is behind: frames are dropped until it catches up. */
const WATCHER_MAX_BUFFERED = 4 * 1024 * 1024;
/** How long the player streams its log after one `debug {on}` (renewed before it lapses). */
export const DEBUG_SECONDS = 60;
const DEBUG_RENEW_MS = 40_000;
const DEBUG_COMMAND_TIMEOUT_MS = 15_000;
/** A tap announced on the bus lasts this long unless renewed (a watching process that died stops it). */
const TAP_TTL_MS = 30_000;
const TAP_RENEW_MS = 10_000;
/** Online/held state and the watchers' rights are checked this often. */
const STATE_MS = 2000;
/** Frames for other processes are sent together after this pause. */
const FORWARD_MS = 100;
/** Frames of one terminal forwarded per FORWARD_MS at most (NOTIFY is not a firehose). */
const FORWARD_PER_TERMINAL = 25;
/** A forwarded frame is cut to this many bytes (a NOTIFY payload holds under 8000). */
export const FORWARD_FRAME_BYTES = 6000;

type Frame = HubFrame["frame"];
type ForwardItem = Extract<BusMessage, { kind: "frames" }>["items"][number];

interface Watcher {
  socket: WebSocket;
  terminalId: number;
  userId: number;
  /** Start of the current one-second window, frames sent in it, frames dropped since the last notice. */
  windowAt: number;
  sent: number;
  dropped: number;
  /** The last state sent ("online:held"). */
  state: string | null;
}

const bytes = (v: unknown) => Buffer.byteLength(JSON.stringify(v));

/**
 * A frame cut to `max` bytes of JSON, with its size before when it was cut:
 * a log frame keeps its first lines (each shortened), any other keeps its
 * type and the start of its text.
 */
export function shrink(frame: Frame, max = FORWARD_FRAME_BYTES): { frame: Frame; truncated?: number } {
  const size = bytes(frame);
  if (size <= max) return { frame };
  if (frame.type === "log" && Array.isArray(frame.lines)) {
    const lines: unknown[] = [];
    let used = bytes({ type: "log", lines: [], cut: frame.lines.length });
    for (const line of frame.lines as Array<Record<string, unknown>>) {
      const short = { ...line, text: String(line.text ?? "").slice(0, 500) };
      const len = bytes(short) + 1;
      if (used + len > max) break;
      lines.push(short);
      used += len;
    }
    return { frame: { type: "log", lines, cut: frame.lines.length }, truncated: size };
  }
  // The preview is JSON text itself: escaping may grow it, so leave room.
  const text = JSON.stringify(frame);
  let preview = text.slice(0, Math.floor(max / 2));
  while (preview.length && bytes({ type: frame.type, preview }) > max - 100)
    preview = preview.slice(0, Math.floor(preview.length * 0.8));
  return { frame: { type: frame.type, preview }, truncated: size };
}

/**
 * Debugging in one server process: the console sockets watching terminals
 * (each gets the frames of its terminal, at most WATCHER_FRAMES_PER_SEC),
 * the `debug` command that makes the watched players stream their log, and
 * the bus side: taps announced for terminals another process holds, and the
 * frames of terminals held here forwarded to the processes that tap them.
 */
export class DebugTap {
  private readonly local = new Map<number, Set<Watcher>>();
  /** Terminals other processes tap: terminalId -> processId -> expiry (ms). */
  private readonly remote = new Map<number, Map<string, number>>();
  /** When `debug {on}` was last sent for a watched terminal. */
  private readonly debugAt = new Map<number, number>();
  private outbox: ForwardItem[] = [];
  /** Frames of each terminal in the current outbox, and those left out of it. */
  private readonly outCount = new Map<number, { n: number; dropped: number }>();
  private outTimer: ReturnType<typeof setTimeout> | null = null;
  private unFrame: (() => void) | null = null;
  private readonly unBus: () => void;
  private readonly timers: Array<ReturnType<typeof setInterval>> = [];
  private stopped = false;

  constructor(
    private readonly hub: TerminalHub,
    private readonly services: Services,
    private readonly log: FastifyBaseLogger,
  ) {
    this.unBus = hub.onBusMessage((msg) => this.onBus(msg));
    const every = (ms: number, fn: () => Promise<void> | void) => {
      const timer = setInterval(() => {
        Promise.resolve()
          .then(fn)
          .catch((err) => log.warn({ err }, "a debugging task failed"));
      }, ms);
      timer.unref();
      this.timers.push(timer);
    };
    every(1000, () => this.noticeDropped());
    every(STATE_MS, () => this.checkWatchers());
    every(TAP_RENEW_MS, () => this.renew());
  }

  /** Terminals watched from this process (tests, logs). */
  get watched(): number[] {
    return [...this.local.keys()];
  }

  /** A console socket starts watching a terminal (already checked: signed in, permitted, in range). */
  async watch(socket: WebSocket, terminalId: number, userId: number): Promise<void> {
    const w: Watcher = { socket, terminalId, userId, windowAt: Date.now(), sent: 0, dropped: 0, state: null };
    let set = this.local.get(terminalId);
    const first = !set;
    if (!set) {
      set = new Set();
      this.local.set(terminalId, set);
    }
    set.add(w);
    this.subscribe();
    socket.on("close", () => this.unwatch(w));
    // The console sends nothing but keep-alives; anything else is ignored.
    socket.on("message", () => {});
    await this.sendState([w]);
    if (first) {
      await this.hub
        .publishBus({ kind: "tap", from: this.hub.processId, on: true, terminalIds: [terminalId] })
        .catch((err) => this.log.warn({ err }, "could not announce a debugging tap"));
      await this.debugCommand(terminalId, true, userId);
    }
  }

  /** Closes every watcher (going away) and leaves the hub; the players' log streams lapse by themselves. */
  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
    if (this.outTimer) clearTimeout(this.outTimer);
    this.unBus();
    this.unFrame?.();
    this.unFrame = null;
    for (const set of this.local.values())
      for (const w of set)
        if (w.socket.readyState === WebSocket.OPEN) w.socket.close(DEBUG_CLOSE.goingAway, "server stopping");
    this.local.clear();
  }

  private unwatch(w: Watcher): void {
    const set = this.local.get(w.terminalId);
    if (!set?.delete(w) || set.size || this.stopped) return;
    this.local.delete(w.terminalId);
    this.debugAt.delete(w.terminalId);
    this.subscribe();
    // The last watcher here left: the holder stops forwarding and the player its log.
    void this.hub
      .publishBus({ kind: "tap", from: this.hub.processId, on: false, terminalIds: [w.terminalId] })
      .catch((err) => this.log.warn({ err }, "could not end a debugging tap"));
    void this.debugCommand(w.terminalId, false, w.userId);
  }

  /** Listens to the hub's frames only while somebody here or elsewhere taps a terminal. */
  private subscribe(): void {
    const wanted = !this.stopped && (this.local.size > 0 || this.remote.size > 0);
    if (wanted && !this.unFrame) this.unFrame = this.hub.onFrame((f) => this.onFrame(f));
    else if (!wanted && this.unFrame) {
      this.unFrame();
      this.unFrame = null;
    }
  }

  /** Sends `debug {on}` (or off) to the terminal, and tells its watchers the outcome. */
  private async debugCommand(terminalId: number, on: boolean, userId: number): Promise<void> {
    if (on) this.debugAt.set(terminalId, Date.now());
    let outcome: CommandOutcome | null = null;
    try {
      const args = on ? { on, seconds: DEBUG_SECONDS } : { on };
      [outcome = null] = await this.hub.command(
        [terminalId],
        "debug",
        args,
        userId,
        DEBUG_COMMAND_TIMEOUT_MS,
      );
    } catch (err) {
      this.log.warn({ err, terminalId }, "could not send the debug command");
    }
    for (const w of this.local.get(terminalId) ?? []) this.send(w, { kind: "debug", on, outcome });
  }

  private onFrame(f: HubFrame): void {
    for (const w of this.local.get(f.terminalId) ?? [])
      this.deliver(w, { kind: "frame", dir: f.dir, frame: f.frame, at: f.at });
    const taps = this.remote.get(f.terminalId);
    if (!taps) return;
    const now = Date.now();
    for (const [pid, until] of taps) if (until < now) taps.delete(pid);
    if (!taps.size) {
      this.remote.delete(f.terminalId);
      this.subscribe();
      return;
    }
    this.forward(f);
  }

  /** Queues a frame for the processes that tap its terminal (cut to fit, at most FORWARD_PER_TERMINAL a batch). */
  private forward(f: HubFrame): void {
    const count = this.outCount.get(f.terminalId) ?? { n: 0, dropped: 0 };
    this.outCount.set(f.terminalId, count);
    if (count.n >= FORWARD_PER_TERMINAL) {
      count.dropped++;
    } else {
      count.n++;
      const { frame, truncated } = shrink(f.frame);
      this.outbox.push({
        t: f.terminalId,
        dir: f.dir,
        at: f.at,
        frame,
        ...(truncated !== undefined && { truncated }),
      });
    }
    this.outTimer ??= setTimeout(() => void this.flushForward(), FORWARD_MS);
  }

  private async flushForward(): Promise<void> {
    this.outTimer = null;
    const items = this.outbox;
    this.outbox = [];
    // Frames left out are told with the last frame of their terminal (or a notice of their own).
    for (const [t, c] of this.outCount) {
      if (!c.dropped) continue;
      const last = items.findLast((i) => i.t === t);
      if (last) last.dropped = c.dropped;
    }
    this.outCount.clear();
    if (!items.length) return;
    await this.hub
      .publishBus({ kind: "frames", from: this.hub.processId, items })
      .catch((err) => this.log.warn({ err }, "could not forward terminal frames"));
  }

  private onBus(msg: BusMessage): void {
    if (this.stopped) return;
    if (msg.kind === "tap") {
      const until = Date.now() + TAP_TTL_MS;
      for (const id of msg.terminalIds) {
        let taps = this.remote.get(id);
        if (msg.on) {
          if (!taps) {
            taps = new Map();
            this.remote.set(id, taps);
          }
          taps.set(msg.from, until);
        } else if (taps) {
          taps.delete(msg.from);
          if (!taps.size) this.remote.delete(id);
        }
      }
      this.subscribe();
      return;
    }
    if (msg.kind !== "frames") return;
    for (const item of msg.items) {
      const watchers = this.local.get(item.t);
      if (!watchers) continue;
      for (const w of watchers) {
        this.deliver(w, {
          kind: "frame",
          dir: item.dir,
          frame: item.frame,
          at: item.at,
          ...(item.truncated !== undefined && { truncated: item.truncated }),
        });
        if (item.dropped) w.dropped += item.dropped;
      }
    }
  }

  /** A frame to a watcher, within its rate and while its socket keeps up. */
  private deliver(w: Watcher, msg: DebugSocketMessage): void {
    const now = Date.now();
    if (now - w.windowAt >= 1000) {
      w.windowAt = now;
      w.sent = 0;
    }
    if (w.sent >= WATCHER_FRAMES_PER_SEC || w.socket.bufferedAmount > WATCHER_MAX_BUFFERED) {
      w.dropped++;
      return;
    }
    w.sent++;
    this.send(w, msg);
  }

  private send(w: Watcher, msg: DebugSocketMessage): void {
    if (w.socket.readyState === WebSocket.OPEN) w.socket.send(JSON.stringify(msg));
  }

  private noticeDropped(): void {
    for (const set of this.local.values())
      for (const w of set) {
        if (!w.dropped) continue;
        this.send(w, { kind: "dropped", count: w.dropped });
        w.dropped = 0;
      }
  }

  /** Sends each watcher its terminal's state when it changed. */
  private async sendState(watchers: Watcher[]): Promise<Map<number, { officeId: number } | undefined>> {
    const ids = [...new Set(watchers.map((w) => w.terminalId))];
    if (!ids.length) return new Map();
    const rows = await this.services.db
      .select({ id: terminals.id, online: terminals.online, officeId: terminals.officeId })
      .from(terminals)
      .where(inArray(terminals.id, ids));
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const w of watchers) {
      const row = byId.get(w.terminalId);
      if (!row) continue;
      const held = this.hub.holds(w.terminalId);
      const online = held || row.online;
      const key = `${online}:${held}`;
      if (key === w.state) continue;
      w.state = key;
      this.send(w, { kind: "state", online, held });
    }
    return byId;
  }

  /** The state of every watched terminal; a watcher who lost the right (or whose terminal is gone) is closed. */
  private async checkWatchers(): Promise<void> {
    const all = [...this.local.values()].flatMap((s) => [...s]);
    if (!all.length) return;
    const rows = await this.sendState(all);
    for (const w of all) {
      const row = rows.get(w.terminalId);
      if (!row) {
        w.socket.close(DEBUG_CLOSE.gone, "terminal deleted");
        continue;
      }
      const actor = await this.services.actors.get(w.userId);
      if (!actor || !can(actor, "terminal:device:debug") || !officeVisible(actor, row.officeId))
        w.socket.close(DEBUG_CLOSE.refused, "no longer permitted");
    }
  }

  /** Renews the taps of the terminals watched here and their players' log streams before they lapse. */
  private async renew(): Promise<void> {
    const ids = [...this.local.keys()];
    if (ids.length)
      await this.hub.publishBus({ kind: "tap", from: this.hub.processId, on: true, terminalIds: ids });
    const now = Date.now();
    for (const id of ids) {
      const at = this.debugAt.get(id) ?? 0;
      const w = this.local.get(id)?.values().next().value;
      if (w && now - at >= DEBUG_RENEW_MS) await this.debugCommand(id, true, w.userId);
    }
    // Taps of processes that stopped renewing end.
    for (const [id, taps] of this.remote) {
      for (const [pid, until] of taps) if (until < now) taps.delete(pid);
      if (!taps.size) this.remote.delete(id);
    }
    this.subscribe();
  }
}
