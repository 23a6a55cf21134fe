import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  CLOCK_EVERY_MS,
  CLOCK_PROBE_GAP_MS,
  CLOCK_PROBES,
  type ClockEstimate,
  ClockProbeFrame,
  clockEstimate,
  localTimeOf,
  type SocketLike,
  TerminalClient,
  type TerminalStatus,
} from "../src";

const status: TerminalStatus = {
  version: "1.0.0",
  resolution: { width: 1920, height: 1080 },
  programId: null,
  programName: null,
  storageUsed: 0,
  storageQuota: null,
  uptimeSec: 1,
  network: "online",
  volume: 80,
  lastDownloadError: null,
  manifestVersion: null,
};

type Sent = { type: string; t0?: number };

/** A socket the test plays the server of. */
class ScriptedSocket implements SocketLike {
  readyState = 0;
  sent: Sent[] = [];
  onopen: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: ((ev: { code: number; reason?: string }) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {}
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  deliver(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  drop(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  probes(): number[] {
    return this.sent.filter((f) => f.type === "clock").map((f) => f.t0 as number);
  }
}

const welcome = {
  type: "welcome",
  terminalId: 7,
  state: "authorised",
  heartbeatSec: 30,
  manifestVersion: null,
  enrolCode: "",
};

describe("clock estimate", () => {
  it("keeps the probe with the smallest round trip: offset = t1 - rtt/2 - server", () => {
    // Device clock 5 s ahead of the server; the second probe had the least queuing.
    const e = clockEstimate([
      { t0: 1000, t1: 1400, server: -3900 }, // rtt 400, answered late: offset 5100
      { t0: 2000, t1: 2040, server: -2980 }, // rtt 40: offset 5000
      { t0: 3000, t1: 3300, server: -1950 }, // rtt 300
    ]);
    expect(e).toEqual({ offsetMs: 5000, rttMs: 40, at: 2040 });
    expect(clockEstimate([])).toBeNull();
    expect(clockEstimate([{ t0: 10, t1: 5, server: 0 }])).toBeNull();
  });

  it("turns a server instant into the device's", () => {
    expect(localTimeOf(10_000, { offsetMs: -250 })).toBe(9750);
    expect(localTimeOf(10_000, null)).toBe(10_000);
  });
});

describe("TerminalClient clock probes", () => {
  let sockets: ScriptedSocket[];
  beforeEach(() => {
    vi.useFakeTimers();
    sockets = [];
  });
  afterEach(() => vi.useRealTimers());

  function client(clockSync: boolean, onClock?: (e: ClockEstimate) => void) {
    const c = new TerminalClient({
      server: "http://127.0.0.1:8080",
      token: "tok",
      socket: () => {
        const s = new ScriptedSocket();
        sockets.push(s);
        return s;
      },
      status: () => status,
      onCommand: () => ({ ok: true }),
      clockSync,
      onClock,
      // The device's clock follows the fake timers, shifted from the "server" (Date.now) by 700 ms.
      now: () => Date.now() + 700,
    });
    c.start();
    return c;
  }
  const last = () => sockets[sockets.length - 1] as ScriptedSocket;

  /** The server answers each probe after `delay` ms, with its own clock at the midpoint. */
  async function answer(socket: ScriptedSocket, delays: number[], from = 0) {
    const seen = new Set<number>();
    for (let i = 0; i < CLOCK_PROBES; i++) {
      const t0 = socket
        .probes()
        .slice(from)
        .find((t) => !seen.has(t));
      if (t0 === undefined) throw new Error("no probe");
      seen.add(t0);
      const d = delays[i] ?? 50;
      await vi.advanceTimersByTimeAsync(d / 2);
      const server = Date.now();
      await vi.advanceTimersByTimeAsync(d / 2);
      socket.deliver({ type: "clock", t0, server });
      if (i < CLOCK_PROBES - 1) await vi.advanceTimersByTimeAsync(Math.max(0, CLOCK_PROBE_GAP_MS - d));
    }
  }

  it("probes five times after the welcome and keeps the offset of the fastest answer", async () => {
    const seen: ClockEstimate[] = [];
    const c = client(true, (e) => seen.push(e));
    last().open();
    expect(last().probes()).toEqual([]);
    last().deliver(welcome);
    expect(last().probes()).toHaveLength(1);
    await answer(last(), [120, 30, 90, 60, 150]);
    expect(last().probes()).toHaveLength(CLOCK_PROBES);
    for (const t0 of last().probes())
      expect(ClockProbeFrame.safeParse({ type: "clock", t0 }).success).toBe(true);
    // The best so far holds at once: the first answer, then the faster second one.
    expect(seen.map((e) => e.rttMs)).toEqual([120, 30]);
    expect(c.clock).toMatchObject({ offsetMs: 700, rttMs: 30 });
    c.stop();
  });

  it("measures again every ten minutes and on demand", async () => {
    const c = client(true);
    last().open();
    last().deliver(welcome);
    const welcomedAt = Date.now();
    await answer(last(), [40, 40, 40, 40, 40]);
    expect(last().probes()).toHaveLength(5);
    await vi.advanceTimersByTimeAsync(welcomedAt + CLOCK_EVERY_MS - Date.now());
    expect(last().probes()).toHaveLength(6);
    await answer(last(), [20, 20, 20, 20, 20], 5);
    expect(c.clock?.rttMs).toBe(20);
    const measured = c.measureClock();
    expect(last().probes()).toHaveLength(11);
    await vi.advanceTimersByTimeAsync(5000);
    // Nobody answered this round: no estimate from it, the last one stays.
    expect(await measured).toBeNull();
    expect(c.clock?.rttMs).toBe(20);
    c.stop();
  });

  it("sends no probe unless asked to, nor before the welcome", async () => {
    const c = client(false);
    last().open();
    expect(await c.measureClock()).toBeNull();
    last().deliver(welcome);
    await vi.advanceTimersByTimeAsync(CLOCK_EVERY_MS + 5000);
    expect(last().probes()).toEqual([]);
    c.stop();
  });

  it("beats at the screen's own interval when it has one", async () => {
    const c = client(false);
    last().open();
    last().deliver(welcome);
    c.setHeartbeatSec(10);
    await vi.advanceTimersByTimeAsync(31_000);
    expect(last().sent.filter((f) => f.type === "heartbeat")).toHaveLength(3);
    expect(c.heartbeatInterval).toBe(10);
    c.setHeartbeatSec(null);
    expect(c.heartbeatInterval).toBe(30);
    c.stop();
  });
});
