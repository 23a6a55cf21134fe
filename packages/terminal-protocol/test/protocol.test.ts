import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  backoffMs,
  CLOSE_REFUSED,
  type CommandHandler,
  HeartbeatFrame,
  PROTOCOL_VERSION,
  parseFrame,
  playerReason,
  ReasonError,
  type SocketLike,
  TerminalClient,
  TerminalFrame,
  type TerminalStatus,
  wsUrl,
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

/** A socket the test plays the server side of: what the client sent, and frames to deliver. */
class ScriptedSocket implements SocketLike {
  readyState = 0;
  sent: unknown[] = [];
  closed: number | null = null;
  onopen: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: ((ev: { code: number; reason?: string }) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code = 1000) {
    this.closed = code;
  }
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
}

describe("frames", () => {
  it("parses known frames and refuses the rest", () => {
    expect(parseFrame(TerminalFrame, JSON.stringify({ type: "heartbeat", status }))).toMatchObject({
      type: "heartbeat",
    });
    expect(parseFrame(TerminalFrame, "not json")).toBeNull();
    expect(parseFrame(TerminalFrame, JSON.stringify({ type: "teleport" }))).toBeNull();
    expect(
      parseFrame(HeartbeatFrame, JSON.stringify({ type: "heartbeat", status: { ...status, volume: 300 } })),
    ).toBeNull();
    expect(
      parseFrame(TerminalFrame, JSON.stringify({ type: "ack", id: "c1", ok: false, reason: "no disk" })),
    ).toMatchObject({
      reason: "no disk",
    });
  });

  it("builds the socket address from the server origin", () => {
    expect(wsUrl("https://signs.example.com", "t0k")).toBe("wss://signs.example.com/apm-web/t/ws?token=t0k");
    expect(wsUrl("http://127.0.0.1:8080", "a b")).toBe("ws://127.0.0.1:8080/apm-web/t/ws?token=a+b");
  });

  it("back-off grows with the attempts, stays within its bounds, and is jittered", () => {
    expect(backoffMs(0, 1000, 60_000, () => 0)).toBe(1000);
    expect(backoffMs(3, 1000, 60_000, () => 1)).toBe(8000);
    expect(backoffMs(30, 1000, 60_000, () => 1)).toBe(60_000);
    const spread = new Set(Array.from({ length: 50 }, () => backoffMs(5, 1000, 60_000)));
    expect(spread.size).toBeGreaterThan(10);
  });
});

describe("TerminalClient", () => {
  let sockets: ScriptedSocket[];
  beforeEach(() => {
    vi.useFakeTimers();
    sockets = [];
  });
  afterEach(() => vi.useRealTimers());

  function client(
    onCommand: CommandHandler = () => ({ ok: true }),
    extra: Partial<ConstructorParameters<typeof TerminalClient>[0]> = {},
  ) {
    const c = new TerminalClient({
      server: "http://127.0.0.1:8080",
      token: "tok",
      socket: (url) => {
        const s = new ScriptedSocket(url);
        sockets.push(s);
        return s;
      },
      status: () => status,
      onCommand,
      random: () => 0.5,
      ...extra,
    });
    c.start();
    return c;
  }
  const last = () => sockets[sockets.length - 1] as ScriptedSocket;

  it("says hello, takes the welcome, and beats at the server's interval", () => {
    const states: string[] = [];
    client(undefined, { onState: (s) => states.push(s) });
    last().open();
    expect(last().sent[0]).toMatchObject({ type: "hello", v: PROTOCOL_VERSION });
    last().deliver({
      type: "welcome",
      terminalId: 7,
      state: "pending",
      heartbeatSec: 10,
      manifestVersion: null,
      enrolCode: "ABC234",
    });
    expect(states).toEqual(["pending"]);
    vi.advanceTimersByTime(25_000);
    expect(last().sent.filter((f) => (f as { type: string }).type === "heartbeat")).toHaveLength(2);
  });

  it("answers every command with an ack: ok with data, a refusal's reason, or the error thrown", async () => {
    const c = client(async (cmd) => {
      if (cmd.name === "volume") return { ok: true, data: { volume: 30 } };
      if (cmd.name === "screenshot") throw new Error("no canvas");
      if (cmd.name === "position") throw new ReasonError(playerReason("positionUnavailable"));
      if (cmd.name === "clear") return { ok: false, reason: "words of its own" };
      return { ok: false, reason: playerReason("unsupported", { command: "reboot" }) };
    });
    last().open();
    for (const [id, name] of [
      ["1", "volume"],
      ["2", "screenshot"],
      ["3", "reboot"],
      ["4", "position"],
      ["5", "clear"],
    ])
      last().deliver({ type: "command", id, name, args: {}, timeoutMs: 5000 });
    await vi.runOnlyPendingTimersAsync();
    const acks = last().sent.filter((f) => (f as { type: string }).type === "ack");
    expect(acks).toEqual([
      { type: "ack", id: "1", ok: true, data: { volume: 30 } },
      { type: "ack", id: "2", ok: false, reason: "no canvas" },
      {
        type: "ack",
        id: "3",
        ok: false,
        reason: "unsupported command reboot",
        reasonCode: "unsupported",
        reasonValues: { command: "reboot" },
      },
      { type: "ack", id: "4", ok: false, reason: "position unavailable", reasonCode: "positionUnavailable" },
      { type: "ack", id: "5", ok: false, reason: "words of its own" },
    ]);
    c.stop();
  });

  it("reconnects after a drop with back-off, and not after a refusal", () => {
    let refused = 0;
    client(undefined, { onRefused: () => refused++, minBackoffMs: 1000, maxBackoffMs: 8000 });
    last().open();
    last().drop(1006);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1000);
    expect(sockets).toHaveLength(2);
    last().drop(CLOSE_REFUSED);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(2);
    expect(refused).toBe(1);
  });

  it("ignores frames it does not understand and keeps going", () => {
    const syncs: string[] = [];
    client(undefined, { onSync: (v) => syncs.push(v) });
    last().open();
    last().onmessage?.({ data: "{broken" });
    last().deliver({ type: "sync", manifestVersion: "v2" });
    expect(syncs).toEqual(["v2"]);
  });
});
