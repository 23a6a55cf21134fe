import { type Manifest, type SocketLike, TerminalFrame } from "@marquee/terminal-protocol";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PlayerController } from "../src/controller";
import type { MediaStore } from "../src/mediaStore";
import type { PopItem } from "../src/pop";
import { KEYS, memoryStore } from "../src/storage";
import { manifest, planItem, programDoc, scheduleMessage, schedulePlan } from "./fixtures";

/**
 * Seven days offline (issue 24): the real controller (schedule, screen
 * timers, proof-of-play queue, connection) with a fake clock, a fake server
 * that goes away after the first manifest, and a fake renderer that ends a
 * program's pass every minute while something is on screen. Europe/Paris,
 * from Thursday 26 March 2026 to Thursday 2 April: midnights, weekdays and
 * the weekend, the change to summer time (Sunday 29 March, 02:00 → 03:00),
 * a plan ending on Monday, a message expiring on Sunday evening and a
 * screen-off timer every night. Then the server comes back with a manifest
 * changed meanwhile: it is on screen at once, and the proof of play kept
 * offline is sent.
 *
 * Why fake timers and not Chromium with page.clock: seven days of real
 * timers (about 60,000 callbacks: boundaries, flushes, reconnect attempts)
 * run in seconds here, deterministically, whereas a browser would have to
 * jump its clock and could not tell a boundary the player missed from one it
 * took late. What the browser adds (drawing) is the renderer's, tested on its own.
 */

type Frame = { type: string; [k: string]: unknown };

/** A socket to the fake server; one made while the network is down closes without opening. */
class FakeSocket implements SocketLike {
  readyState = 0;
  sent: Frame[] = [];
  onopen: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: ((ev: { code: number; reason?: string }) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  send(data: string) {
    const frame = JSON.parse(data) as Frame;
    expect(TerminalFrame.safeParse(frame).success, data.slice(0, 300)).toBe(true);
    this.sent.push(frame);
    if (frame.type === "clock") {
      const t0 = frame.t0 as number;
      queueMicrotask(() => this.deliver({ type: "clock", t0, server: t0 }));
    }
  }
  close() {
    this.readyState = 3;
  }
  deliver(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  fail() {
    this.readyState = 3;
    this.onclose?.({ code: 1006 });
  }
}

const settle = (ms = 0) => vi.advanceTimersByTimeAsync(ms);

/** A screen whose network can be cut: fetch fails and sockets close unopened while `offline`. */
function screen(first: Manifest) {
  const kv = memoryStore();
  kv.set(KEYS.token, "tok");
  kv.set(KEYS.terminalId, "7");
  kv.set(KEYS.state, "authorised");
  const net = { offline: false, manifest: first, fetches: 0 };
  const fetchFn = (async (input: string | URL | Request, init?: RequestInit) => {
    if (net.offline) throw new TypeError("Failed to fetch");
    const url = new URL(String(input));
    if (url.pathname !== "/apm-web/t/manifest") return new Response("not found", { status: 404 });
    net.fetches++;
    const etag = `"${net.manifest.version}"`;
    if (new Headers(init?.headers).get("if-none-match") === etag) return new Response(null, { status: 304 });
    return new Response(JSON.stringify(net.manifest), { status: 200, headers: { etag } });
  }) as typeof fetch;
  const store: MediaStore = {
    persistent: true,
    hashes: async () => [],
    sizeOf: async () => null,
    download: async () => undefined,
    remove: async () => undefined,
    url: () => null,
    prepare: async () => undefined,
  };
  const sockets: FakeSocket[] = [];
  const player = new PlayerController({
    origin: "http://screen.test",
    kv,
    store,
    params: new URLSearchParams(),
    applyVolume: () => undefined,
    reload: () => undefined,
    fetch: fetchFn,
    socket: () => {
      const s = new FakeSocket();
      sockets.push(s);
      queueMicrotask(() => {
        if (net.offline) s.fail();
        else {
          s.readyState = 1;
          s.onopen?.({});
        }
      });
      return s;
    },
  });
  const socket = () => sockets[sockets.length - 1] as FakeSocket;
  return {
    player,
    kv,
    net,
    sockets,
    socket,
    snap: () => player.snapshot(),
    welcome() {
      socket().deliver({
        type: "welcome",
        terminalId: 7,
        state: "authorised",
        heartbeatSec: 30,
        manifestVersion: net.manifest.version,
        enrolCode: "",
      });
    },
  };
}

/**
 * The renderer as the player's view drives it: while the screen is on and a
 * program shows (no emergency hiding it), each minute ends a pass of it, with
 * its proof of play (a scene of 60 s).
 */
function renderer(player: PlayerController) {
  let passes = 0;
  setInterval(() => {
    const snap = player.snapshot();
    const program = snap.showing?.item;
    if (!snap.screen.screenOn || !program || snap.interrupt) return;
    player.playEvent({ kind: "sceneEnd", sceneId: "s1", at: Date.now(), ms: 60_000 });
    passes++;
    player.programEnded();
  }, 60_000);
  return {
    get passes() {
      return passes;
    },
  };
}

// Programs: 1 weekdays 08:00–20:00, 2 weekends 10:00–18:00, 3 the sale (high tier, 12:00–14:00 until
// Monday 30 March), 4 the default (filler); message 9 until Sunday 29 March 20:00; the screen is on 07:00–22:00.
const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];
const SALE_ENDS = "2026-03-30";
const MESSAGE_ENDS = Date.parse("2026-03-29T20:00:00+02:00");

function away(): Manifest {
  return manifest(
    [1, 2, 3, 4].map((id) => ({ id, doc: programDoc(`program ${id}`) })),
    [],
    "v1",
    {
      timezone: "Europe/Paris",
      schedule: [
        schedulePlan(
          1,
          [
            planItem("week", 1, {
              endDate: null,
              weekdays: [1, 2, 3, 4, 5],
              windows: [{ start: "08:00", end: "20:00" }],
            }),
            planItem("weekend", 2, {
              endDate: null,
              weekdays: [6, 7],
              windows: [{ start: "10:00", end: "18:00" }],
            }),
          ],
          { defaultProgramId: 4 },
        ),
        schedulePlan(2, [
          planItem("sale", 3, {
            endDate: SALE_ENDS,
            weekdays: EVERY_DAY,
            windows: [{ start: "12:00", end: "14:00" }],
            tier: "high",
          }),
        ]),
      ],
      messages: [scheduleMessage(9, { text: "Sale ends Sunday" }, { startAt: null, endAt: MESSAGE_ENDS })],
      settings: { timers: [{ weekdays: EVERY_DAY, on: "07:00", off: "22:00" }] },
    },
  );
}

/** What the screen shows: the program, the messages, or "off". */
function shown(snap: ReturnType<PlayerController["snapshot"]>): string {
  if (!snap.screen.screenOn) return "off";
  const messages = snap.messages.map((m) => `+m${m.id}`).join("");
  return `p${snap.showing?.item.id ?? "-"}${messages}`;
}

/**
 * Each change of the week, as local Paris time with its UTC offset written out (so a player
 * ignoring the change to summer time fails here), two minutes before and two after.
 */
const WEEK: Array<[string, string, string]> = [
  // Thursday 26 March (CET, +01:00)
  ["2026-03-26T07:58+01:00", "p4+m9", "default program before the weekday item"],
  ["2026-03-26T08:02+01:00", "p1+m9", "weekday item from 08:00"],
  ["2026-03-26T11:58+01:00", "p1+m9", ""],
  ["2026-03-26T12:02+01:00", "p3+m9", "the sale (high tier) cuts in at 12:00"],
  ["2026-03-26T14:02+01:00", "p1+m9", "back to the weekday item"],
  ["2026-03-26T20:02+01:00", "p4+m9", "default program after 20:00"],
  ["2026-03-26T21:58+01:00", "p4+m9", ""],
  ["2026-03-26T22:02+01:00", "off", "screen-off timer at 22:00"],
  // Friday 27 March: across midnight, the screen comes back on at 07:00
  ["2026-03-27T06:58+01:00", "off", ""],
  ["2026-03-27T07:02+01:00", "p4+m9", "screen on at 07:00"],
  ["2026-03-27T08:02+01:00", "p1+m9", ""],
  // Saturday 28 March: no weekday item, the weekend item from 10:00
  ["2026-03-28T07:02+01:00", "p4+m9", ""],
  ["2026-03-28T08:02+01:00", "p4+m9", "Saturday: the weekday item does not play"],
  ["2026-03-28T10:02+01:00", "p2+m9", "weekend item from 10:00"],
  ["2026-03-28T12:02+01:00", "p3+m9", ""],
  ["2026-03-28T14:02+01:00", "p2+m9", ""],
  ["2026-03-28T18:02+01:00", "p4+m9", "weekend item ends at 18:00"],
  ["2026-03-28T22:02+01:00", "off", ""],
  // Sunday 29 March: summer time from 02:00 (CEST, +02:00); 07:00 is an hour earlier in UTC than Saturday's
  ["2026-03-29T06:58+02:00", "off", "still off at 06:58 summer time (05:58 winter time)"],
  ["2026-03-29T07:02+02:00", "p4+m9", "on at 07:00 summer time"],
  ["2026-03-29T09:58+02:00", "p4+m9", ""],
  ["2026-03-29T10:02+02:00", "p2+m9", "weekend item at 10:00 summer time"],
  ["2026-03-29T12:02+02:00", "p3+m9", ""],
  ["2026-03-29T19:58+02:00", "p4+m9", ""],
  ["2026-03-29T20:02+02:00", "p4", "the message expired at 20:00"],
  ["2026-03-29T21:58+02:00", "p4", ""],
  ["2026-03-29T22:02+02:00", "off", ""],
  // Monday 30 March: the sale's last day
  ["2026-03-30T08:02+02:00", "p1", ""],
  ["2026-03-30T12:02+02:00", "p3", "the sale's last day"],
  ["2026-03-30T14:02+02:00", "p1", ""],
  // Tuesday 31 March: the sale's plan has ended
  ["2026-03-31T11:58+02:00", "p1", ""],
  ["2026-03-31T12:02+02:00", "p1", "the sale ended on Monday: no cut-in"],
  ["2026-03-31T22:02+02:00", "off", ""],
  // Wednesday 1 and Thursday 2 April
  ["2026-04-01T07:02+02:00", "p4", ""],
  ["2026-04-01T08:02+02:00", "p1", ""],
  ["2026-04-02T07:02+02:00", "p4", ""],
  ["2026-04-02T08:02+02:00", "p1", ""],
];

const START = Date.parse("2026-03-26T07:30+01:00");
/** Seven days and an hour and a half after the network went. */
const BACK = Date.parse("2026-04-02T09:00+02:00");

beforeEach(() => {
  vi.useFakeTimers({ now: START });
  vi.stubGlobal("window", { devicePixelRatio: 1, innerWidth: 1920, innerHeight: 1080 });
  vi.stubGlobal("navigator", { onLine: true });
  vi.stubGlobal("screen", { width: 1920, height: 1080 });
  vi.stubGlobal("addEventListener", () => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("seven days offline", () => {
  it("keeps to its schedule, applies what changed at once on reconnect and sends the proof of play it kept", async () => {
    const h = screen(away());
    void h.player.start();
    await settle();
    h.welcome();
    await settle(50);
    expect(h.snap().manifest?.version).toBe("v1");
    expect(shown(h.snap())).toBe("p4+m9");
    const draw = renderer(h.player);

    // The network goes: the server is unreachable, every reconnection fails.
    h.net.offline = true;
    vi.stubGlobal("navigator", { onLine: false });
    h.socket().fail();
    const socketsBefore = h.sockets.length;

    const seen: string[] = [];
    for (const [at, expected, why] of WEEK) {
      await settle(Date.parse(at) - Date.now());
      seen.push(`${at} ${shown(h.snap())}`);
      expect(shown(h.snap()), `${at} ${why}`).toBe(expected);
    }
    expect(seen).toHaveLength(WEEK.length);
    await settle(BACK - Date.now());
    // It kept trying (with back-off) all week, and nothing went out meanwhile.
    expect(h.sockets.length - socketsBefore).toBeGreaterThan((7 * 24 * 60) / 2);
    expect(h.snap().connected).toBe(false);
    const offlinePasses = draw.passes;
    // Roughly 15 hours on a day, a pass a minute.
    expect(offlinePasses).toBeGreaterThan(7 * 14 * 60);
    expect(h.net.fetches).toBe(1);

    // Meanwhile the operator replaced the weekday program (1 → 5) and published a message.
    const changed = away();
    changed.version = "v2";
    changed.programs = changed.programs.filter((p) => p.id !== 1);
    changed.programs.push({ id: 5, name: "P5", version: 1, doc: programDoc("program 5") });
    const week = changed.schedule[0]?.items[0];
    if (!week) throw new Error("no weekday item");
    week.programId = 5;
    changed.messages.push(
      scheduleMessage(10, { text: "We are back" }, { startAt: BACK - 3_600_000, endAt: null }),
    );
    h.net.manifest = changed;
    expect(shown(h.snap())).toBe("p1");

    // The network comes back: the next attempt connects, the server welcomes it with version v2.
    h.net.offline = false;
    vi.stubGlobal("navigator", { onLine: true });
    const before = h.sockets.length;
    while (h.sockets.length === before || h.socket().readyState !== 1) await settle(1000);
    const reconnectedAt = Date.now();
    expect(reconnectedAt - BACK).toBeLessThanOrEqual(61_000);
    h.welcome();
    await settle(50);
    // At once: not at the next boundary (12:00), nor at the end of the pass on screen.
    expect(h.snap().manifest?.version).toBe("v2");
    expect(shown(h.snap())).toBe("p5+m10");
    // What it holds goes with the next beat: this version, every medium complete (docs/runway.md).
    expect(h.player.status()).toMatchObject({ manifestVersion: "v2", mediaMissing: 0 });
    expect(Date.now() - reconnectedAt).toBeLessThan(1000);

    // The proof of play kept offline goes on the welcome, in order, nothing lost.
    const items = h
      .socket()
      .sent.filter((f) => f.type === "pop")
      .flatMap((f) => f.items as PopItem[]);
    const offline = items.filter((i) => i.at >= START && i.at + i.ms <= BACK);
    expect(offline.length).toBe(offlinePasses);
    expect(new Set(offline.map((i) => i.programId))).toEqual(new Set([1, 2, 3, 4]));
    expect(offline.map((i) => i.at)).toEqual([...offline.map((i) => i.at)].sort((a, b) => a - b));
    // A pass counted on Sunday in summer time: the items carry instants, not local times.
    expect(offline.some((i) => i.programId === 2 && i.at >= Date.parse("2026-03-29T10:00+02:00"))).toBe(true);
    // Nothing is left in the queue the storage keeps.
    expect(h.kv.get(KEYS.pop)).toBeNull();
  }, 60_000);
});
