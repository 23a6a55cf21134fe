import { createHash } from "node:crypto";
import type { DeviceSettings } from "@marquee/schedule";
import {
  type DeliveryItem,
  type Manifest,
  playerReason,
  ReasonError,
  type SocketLike,
  TerminalFrame,
} from "@marquee/terminal-protocol";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PlayerController } from "../src/controller";
import type { MediaStore } from "../src/mediaStore";
import type { GeolocationLike } from "../src/position";
import { KEYS, type KeyValue, memoryStore } from "../src/storage";
import {
  file,
  imageProgramDoc,
  MONDAY_10,
  manifest,
  planItem,
  programDoc,
  scheduleMessage,
  schedulePlan,
} from "./fixtures";

/**
 * The controller driven as a screen is: a fake server behind fetch and the
 * socket (manifest, packages, acks), a media store in memory, and fake
 * timers for the clock (screen timers, sync starts, reloads).
 */

const ORIGIN = "http://screen.test";
const A = "a".repeat(32);
const B = "b".repeat(32);
const C = "c".repeat(32);
const X = "d".repeat(32);
const Y = "e".repeat(32);

type Frame = { type: string; [k: string]: unknown };

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: Frame[] = [];
  /** The server's clock is this far behind the device's; clock probes are answered at once. */
  constructor(private readonly clockOffsetMs: number) {}
  onopen: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: ((ev: { code: number; reason?: string }) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  send(data: string) {
    const frame = JSON.parse(data) as Frame;
    // Every frame the player sends is one the gateway takes.
    expect(TerminalFrame.safeParse(frame).success, data.slice(0, 300)).toBe(true);
    this.sent.push(frame);
    if (frame.type === "clock") {
      const t0 = frame.t0 as number;
      queueMicrotask(() => this.deliver({ type: "clock", t0, server: t0 - this.clockOffsetMs }));
    }
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  deliver(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  /** The connection is lost (the server went away): the client reconnects after its back-off. */
  drop() {
    this.readyState = 3;
    this.onclose?.({ code: 1006 });
  }
  of(type: string): Frame[] {
    return this.sent.filter((f) => f.type === type);
  }
}

/**
 * Files in memory; hashes listed in `failing` fail to download: with that
 * HTTP status as the real store says it, or with those words.
 */
function memoryFiles(failing = new Map<string, number | string>()) {
  const files = new Map<string, number>();
  const store: MediaStore = {
    persistent: true,
    hashes: async () => [...files.keys()],
    sizeOf: async (h) => files.get(h) ?? null,
    async download(m, _auth, onBytes) {
      const why = failing.get(m.hash);
      if (typeof why === "number")
        throw new ReasonError(playerReason("fileHttp", { file: m.name, status: why }));
      if (why) throw new Error(why);
      onBytes(m.size);
      files.set(m.hash, m.size);
    },
    remove: async (h) => {
      files.delete(h);
    },
    url: (h) => (files.has(h) ? `/player/media/${h}` : null),
    prepare: async () => undefined,
  };
  return { store, files };
}

interface Options {
  manifest?: Manifest | null;
  kv?: KeyValue;
  failing?: Map<string, number | string>;
  geolocation?: GeolocationLike | null;
  clockOffsetMs?: number;
  /** Reach the fake server through the global fetch, which (like the browser's) refuses a foreign `this`. */
  viaGlobalFetch?: boolean;
}

/** A player with a fake server; `start` connects it and takes the welcome. */
function screen(opts: Options = {}) {
  const kv = opts.kv ?? memoryStore();
  kv.set(KEYS.token, "tok");
  kv.set(KEYS.terminalId, "7");
  kv.set(KEYS.state, "authorised");
  const server = {
    manifest: opts.manifest ?? null,
    fetches: 0,
    files: new Map<string, { status: number; body: Uint8Array }>(),
  };
  const fetchFn = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const headers = new Headers(init?.headers);
    if (headers.get("authorization") !== "Bearer tok") return new Response(null, { status: 401 });
    if (url.pathname === "/apm-web/t/manifest") {
      server.fetches++;
      const m = server.manifest;
      if (!m) return new Response("{}", { status: 404 });
      const etag = `"${m.version}"`;
      if (headers.get("if-none-match") === etag) return new Response(null, { status: 304 });
      return new Response(JSON.stringify(m), { status: 200, headers: { etag } });
    }
    const f = server.files.get(url.pathname);
    if (f) return new Response(f.body.slice(), { status: f.status });
    return new Response("not found", { status: 404 });
  }) as typeof fetch;
  if (opts.viaGlobalFetch)
    vi.stubGlobal("fetch", function (this: unknown, input: string | URL | Request, init?: RequestInit) {
      if (this !== undefined && this !== globalThis)
        throw new TypeError("Failed to execute 'fetch' on 'Window': Illegal invocation");
      return fetchFn(input, init);
    });
  const { store, files } = memoryFiles(opts.failing);
  const sockets: FakeSocket[] = [];
  const volumes: number[] = [];
  let reloads = 0;
  const player = new PlayerController({
    origin: ORIGIN,
    kv,
    store,
    params: new URLSearchParams(),
    applyVolume: (v) => volumes.push(v),
    reload: () => reloads++,
    fetch: opts.viaGlobalFetch ? undefined : fetchFn,
    socket: () => {
      const s = new FakeSocket(opts.clockOffsetMs ?? 0);
      sockets.push(s);
      queueMicrotask(() => s.open());
      return s;
    },
    geolocation: opts.geolocation ?? null,
  });
  let seq = 0;
  const h = {
    player,
    kv,
    server,
    files,
    volumes,
    get reloads() {
      return reloads;
    },
    get socket(): FakeSocket {
      const s = sockets[sockets.length - 1];
      if (!s) throw new Error("not connected");
      return s;
    },
    snap: () => player.snapshot(),
    async start(manifestVersion: string | null = server.manifest?.version ?? null) {
      void player.start();
      await settle();
      await h.welcome(manifestVersion);
    },
    /** The server welcomes the connection open now (after its hello). */
    async welcome(manifestVersion: string | null = server.manifest?.version ?? null) {
      h.socket.deliver({
        type: "welcome",
        terminalId: 7,
        state: "authorised",
        heartbeatSec: 30,
        manifestVersion,
        enrolCode: "",
      });
      await settle(50);
    },
    /** Sends a command and waits (on the fake clock) for its ack. */
    async command(name: string, args: Record<string, unknown> = {}, timeoutMs = 30_000) {
      const id = `c${++seq}`;
      h.socket.deliver({ type: "command", id, name, args, timeoutMs });
      // Fake time runs the player's timers; a package's checksum (WebCrypto, on libuv's threads) takes real
      // time, which a busy machine stretches: a CI run spent the fake time in 38 ms of real time and the
      // checksum had not ended. So once the fake time is spent, the wait goes on in real time (10 s).
      let realWaited = 0;
      for (let waited = 0; ; waited += 100) {
        await settle();
        const ack = h.socket.of("ack").find((a) => a.id === id);
        if (ack)
          return ack as unknown as {
            id: string;
            ok: boolean;
            reason?: string;
            reasonCode?: string;
            reasonValues?: Record<string, string | number>;
            data?: Record<string, unknown>;
          };
        if (waited <= timeoutMs + 1000) await settle(100);
        else if (realWaited < REAL_WAIT_MS) {
          await realDelay(10);
          realWaited += 10;
        } else throw new Error(`no ack for ${name}`);
      }
    },
    lastStatus() {
      const beats = h.socket.sent.filter((f) => f.type === "heartbeat" || f.type === "hello");
      return (beats[beats.length - 1] as { status: Record<string, unknown> } | undefined)?.status;
    },
  };
  return h;
}

const settle = (ms = 0) => vi.advanceTimersByTimeAsync(ms);
/** Real time, for work the fake clock does not run (taken before each test fakes the timers). */
const realSetTimeout = globalThis.setTimeout;
const realDelay = (ms: number) => new Promise<void>((resolve) => realSetTimeout(resolve, ms));
const REAL_WAIT_MS = 10_000;

/** Program 1 scheduled 09:00–12:00, with `settings`. */
function scheduled(version = "v1", settings: DeviceSettings = {}, over: Partial<Manifest> = {}): Manifest {
  return manifest([{ id: 1, doc: programDoc("one") }], [], version, {
    schedule: [schedulePlan(1, [planItem("a", 1)])],
    settings,
    ...over,
  });
}

beforeEach(() => {
  vi.useFakeTimers({ now: MONDAY_10 });
  vi.stubGlobal("window", { devicePixelRatio: 1, innerWidth: 1920, innerHeight: 1080 });
  vi.stubGlobal("navigator", { onLine: true });
  vi.stubGlobal("screen", { width: 1920, height: 1080 });
  vi.stubGlobal("addEventListener", () => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("a manifest carried by the sync", () => {
  it("is taken without a fetch, with its version as the ETag; a later bare sync fetches", async () => {
    const h = screen({ manifest: scheduled("v1") });
    await h.start();
    expect(h.snap().manifest?.version).toBe("v1");
    // The hello says the player takes carried manifests.
    expect(h.socket.sent.find((f) => f.type === "hello")).toMatchObject({ takesManifest: true });
    const fetches = h.server.fetches;
    h.socket.deliver({ type: "sync", manifestVersion: "v2", manifest: scheduled("v2") });
    await settle(50);
    expect(h.snap().manifest?.version).toBe("v2");
    expect(h.server.fetches).toBe(fetches);
    expect(h.kv.get(KEYS.manifestEtag)).toBe('"v2"');

    // A carried manifest then a newer version named alone: the newer one is fetched and stays.
    h.server.manifest = scheduled("v4");
    h.socket.deliver({ type: "sync", manifestVersion: "v3", manifest: scheduled("v3") });
    h.socket.deliver({ type: "sync", manifestVersion: "v4" });
    await settle(50);
    expect(h.snap().manifest?.version).toBe("v4");
    expect(h.server.fetches).toBe(fetches + 1);
  });
});

describe("settings", () => {
  it("blacks the screen out at the timer's minute and says so in the status", async () => {
    const h = screen({
      manifest: scheduled("v1", {
        timers: [{ weekdays: [1, 2, 3, 4, 5, 6, 7], on: "08:00", off: "10:30" }],
        brightness: 60,
        rotation: 270,
      }),
    });
    await h.start();
    expect(h.snap().showing?.item.id).toBe(1);
    expect(h.snap().screen).toEqual({ screenOn: true, brightness: 60, rotation: 270 });
    await settle(29 * 60_000);
    expect(h.snap().screen.screenOn).toBe(true);
    await settle(60_000 + 10);
    expect(h.snap().screen.screenOn).toBe(false);
    // Nothing is heard while off, and the console learns at once (a heartbeat goes with the change).
    expect(h.volumes.at(-1)).toBe(0);
    expect(h.lastStatus()).toMatchObject({ screenOn: false, brightness: 60, rotation: 270 });
  });

  it("applies a settings command at once, keeps it across a reload, and drops it for a newer manifest", async () => {
    const kv = memoryStore();
    const h = screen({ kv, manifest: scheduled("v1", { brightness: 90 }) });
    await h.start();
    const ack = await h.command("settings", {
      settings: {
        brightness: 40,
        rotation: 90,
        volume: 50,
        volumes: [{ start: "09:00", end: "11:00", volume: 20 }],
      },
    });
    expect(ack).toMatchObject({
      ok: true,
      data: { brightness: 40, rotation: 90, screenOn: true, volume: 20 },
    });
    expect(h.snap().screen).toMatchObject({ brightness: 40, rotation: 90 });
    // The hourly rule wins while it holds; a volume command sets the screen's own volume under it.
    expect(h.volumes.at(-1)).toBe(20);
    expect(await h.command("volume", { volume: 70 })).toMatchObject({
      ok: true,
      data: { volume: 70, playing: 20 },
    });
    await settle(60 * 60_000);
    expect(h.volumes.at(-1)).toBe(70);
    expect(await h.command("settings", { settings: { brightness: 140 } })).toMatchObject({
      ok: false,
      reason: "settings are not valid device settings",
      reasonCode: "argSettings",
      reasonValues: { name: "settings" },
    });

    // Another page load of the same screen (storage kept) obeys the command's settings before any fetch.
    const again = screen({ kv, manifest: scheduled("v2", { brightness: 80 }) });
    void again.player.start();
    await settle();
    expect(again.snap().screen.brightness).toBe(40);
    // The newer manifest carries the settings now.
    again.socket.deliver({
      type: "welcome",
      terminalId: 7,
      state: "authorised",
      heartbeatSec: 30,
      manifestVersion: "v2",
      enrolCode: "",
    });
    await settle(50);
    expect(again.snap().manifest?.version).toBe("v2");
    expect(again.snap().screen).toMatchObject({ brightness: 80, rotation: 0 });
  });

  it("beats at the settings' interval", async () => {
    const h = screen({ manifest: scheduled("v1", { heartbeatSec: 10 }) });
    await h.start();
    const before = h.socket.of("heartbeat").length;
    await settle(30_500);
    expect(h.socket.of("heartbeat").length - before).toBe(3);
  });

  it("keeps playing what it holds while the download window is closed, and downloads when it opens", async () => {
    const window = { downloadWindow: { start: "22:00", end: "06:00" } };
    const h = screen({ manifest: scheduled("v1", window) });
    await h.start();
    expect(h.snap().manifest?.version).toBe("v1");
    h.server.manifest = manifest([{ id: 2, doc: imageProgramDoc(5) }], [file(A, 5)], "v2", {
      schedule: [schedulePlan(1, [planItem("b", 2, { windows: [{ start: "00:00", end: "23:59" }] })])],
      settings: window,
    });
    h.socket.deliver({ type: "sync", manifestVersion: "v2" });
    await settle(50);
    expect(h.snap().manifest?.version).toBe("v1");
    expect(h.snap().showing?.item.id).toBe(1);
    expect(h.files.size).toBe(0);
    expect(h.snap().lastDownloadError).toBe("waiting for the download window (22:00–06:00)");
    await settle(60_000);
    expect(h.lastStatus()?.lastDownloadError).toBe("waiting for the download window (22:00–06:00)");
    await settle(12 * 3_600_000);
    expect(h.files.has(A)).toBe(true);
    expect(h.snap().manifest?.version).toBe("v2");
    expect(h.snap().lastDownloadError).toBeNull();
    // Twelve simulated hours of timers (heartbeats, status, the window's checks) run as real callbacks:
    // a second on an idle machine, more when CI's lanes share two cores.
  }, 30_000);
});

describe("play now", () => {
  function withPrograms(version: string, over: Partial<Manifest> = {}): Manifest {
    return manifest(
      [
        { id: 1, doc: programDoc("one") },
        { id: 2, doc: imageProgramDoc(5) },
        { id: 3, doc: programDoc("three") },
        { id: 4, doc: imageProgramDoc(9) },
      ],
      [file(B, 5), file(C, 9)],
      version,
      { schedule: [schedulePlan(1, [planItem("a", 1)])], ...over },
    );
  }

  it("playProgram fetches, waits for the files, and acks once the program is on screen", async () => {
    const h = screen({ manifest: scheduled("v1"), failing: new Map([[C, 404]]) });
    await h.start();
    h.server.manifest = withPrograms("v2", { playNow: { programId: 2, until: null, startAt: null } });
    const ack = await h.command("playProgram", { programId: 2 });
    expect(ack, ack.reason).toMatchObject({ ok: true, data: { programId: 2, screenOn: true } });
    expect(h.files.has(B)).toBe(true);
    expect(h.snap().showing?.item.id).toBe(2);
    // It plays on over the schedule: the end of a pass starts it again.
    h.player.programEnded();
    expect(h.snap().showing?.item.id).toBe(2);

    // A program the manifest does not say to play now is played now all the same.
    expect(await h.command("playProgram", { programId: 3 })).toMatchObject({ ok: true });
    expect(h.snap().showing?.item.id).toBe(3);
    expect(await h.command("playProgram", { programId: 12 })).toMatchObject({
      ok: false,
      reason: "program 12 is not in this screen's manifest",
      reasonCode: "programNotInManifest",
      reasonValues: { id: 12 },
    });
    expect(await h.command("playProgram", { programId: 4 })).toMatchObject({
      ok: false,
      reason: "m9.png: HTTP 404",
      reasonCode: "fileHttp",
      reasonValues: { file: "m9.png", status: 404 },
    });
    expect(await h.command("playProgram", { programId: "x" })).toMatchObject({ ok: false });
  });

  it("playProgram waits under an emergency message shown alone and says so when time runs out", async () => {
    const h = screen({
      manifest: withPrograms("v1", {
        messages: [
          scheduleMessage(8, { priority: "emergency", emergencyDisplay: "alone" }, { name: "Fire" }),
        ],
      }),
    });
    await h.start();
    const ack = await h.command("playProgram", { programId: 3 }, 5000);
    expect(ack).toMatchObject({
      ok: false,
      reason: "an emergency message (Fire) covers the screen",
      reasonCode: "emergency",
      reasonValues: { name: "Fire" },
    });
  });

  it("plays on under an emergency message shown over the program", async () => {
    const h = screen({
      manifest: withPrograms("v1", {
        messages: [scheduleMessage(8, { priority: "emergency", emergencyDisplay: "over" }, { name: "Fire" })],
      }),
    });
    await h.start();
    expect(h.snap().interrupt).toBeNull();
    expect(h.snap().messages.map((m) => m.id)).toEqual([8]);
    const ack = await h.command("playProgram", { programId: 3 }, 5000);
    expect(ack, ack.reason).toMatchObject({ ok: true, data: { programId: 3 } });
  });

  it("a play-now ends at its end and the schedule comes back", async () => {
    const until = new Date(MONDAY_10 + 60_000).toISOString();
    const h = screen({ manifest: withPrograms("v1", { playNow: { programId: 3, until, startAt: null } }) });
    await h.start();
    expect(h.snap().showing?.item.id).toBe(3);
    await settle(60_100);
    expect(h.snap().showing?.item.id).toBe(1);
  });

  it("playMessage acks once the message is shown", async () => {
    const h = screen({ manifest: scheduled("v1") });
    await h.start();
    h.server.manifest = scheduled("v2", {}, { messages: [scheduleMessage(5)] });
    const ack = await h.command("playMessage", { messageId: 5 });
    expect(ack, ack.reason).toMatchObject({ ok: true, data: { messageId: 5 } });
    expect(h.snap().messages.map((m) => m.id)).toEqual([5]);
    expect(await h.command("playMessage", { messageId: 6 })).toMatchObject({
      ok: false,
      reason: "message 6 is not in this screen's manifest",
    });
  });

  it("syncStart starts the program at the server's instant on this screen's clock", async () => {
    // The device's clock runs 300 ms ahead of the server's.
    const h = screen({ manifest: scheduled("v1"), clockOffsetMs: 300 });
    await h.start();
    await settle(1000);
    expect(h.snap().clock).toMatchObject({ offsetMs: 300, rttMs: 0 });
    expect(h.player.status()).toMatchObject({ clockOffsetMs: 300, rttMs: 0 });
    const serverNow = Date.now() - 300;
    const at = serverNow + 5000;
    const ack = await h.command("syncStart", { programId: 1, at });
    expect(ack).toMatchObject({ ok: true, data: { offsetMs: 300, rttMs: 0, startsInMs: 5000 } });
    const before = h.snap().showing;
    await settle(4990);
    expect(h.snap().showing).toBe(before);
    await settle(20);
    expect(h.snap().showing).toMatchObject({ item: { id: 1 }, playKey: `now:1:${at}` });

    expect(await h.command("syncStart", { programId: 1, at: Date.now() - 300 - 2000 })).toMatchObject({
      ok: false,
      reason: "the start time has passed (2 s ago)",
    });
    expect(await h.command("syncStart", { programId: 7, at: Date.now() + 60_000 })).toMatchObject({
      ok: false,
      reason: "program 7 is not in this screen's manifest",
    });
  });
});

describe("the screen's files", () => {
  const withImage = (version: string) =>
    manifest(
      [
        { id: 1, doc: imageProgramDoc(5) },
        { id: 2, doc: imageProgramDoc(6) },
      ],
      [file(A, 5, 300), file(B, 6)],
      version,
      { schedule: [schedulePlan(1, [planItem("a", 1)])] },
    );

  it("programs lists each program, whether it can play, and the one on screen", async () => {
    const h = screen({ manifest: withImage("v1"), failing: new Map([[B, 500]]) });
    await h.start();
    expect(await h.command("programs")).toEqual({
      type: "ack",
      id: "c1",
      ok: true,
      data: {
        programs: [
          { id: 1, name: "P1", version: 1, ready: true },
          { id: 2, name: "P2", version: 1, ready: false },
        ],
        current: 1,
      },
    });
  });

  it("deleteFiles deletes what the manifest does not need and skips what it needs", async () => {
    const h = screen({ manifest: withImage("v1") });
    await h.start();
    h.files.set(X, 500);
    h.files.set(Y, 700);
    expect(await h.command("deleteFiles", { hashes: [A, X, C] })).toMatchObject({
      ok: true,
      data: { deleted: [X], skipped: [A], missing: [C], freedBytes: 500 },
    });
    expect(await h.command("deleteFiles", {})).toMatchObject({
      ok: true,
      data: { deleted: [Y], skipped: [], freedBytes: 700 },
    });
    expect([...h.files.keys()].sort()).toEqual([A, B]);
    expect(await h.command("deleteFiles", { hashes: ["nope"] })).toMatchObject({ ok: false });
  });

  it("clear drops every file and the manifest, acks on the idle screen, then fetches again", async () => {
    const h = screen({ manifest: withImage("v1") });
    await h.start();
    expect(h.files.size).toBe(2);
    h.server.manifest = manifest([], [], "v2");
    const fetches = h.server.fetches;
    const ack = await h.command("clear");
    expect(ack).toMatchObject({ ok: true, data: { cleared: true, files: 2 } });
    expect(h.files.size).toBe(0);
    await settle(50);
    expect(h.server.fetches).toBe(fetches + 1);
    expect(h.snap().manifest?.version).toBe("v2");
    expect(h.snap().showing).toBeNull();
    expect(JSON.parse(h.kv.get(KEYS.manifest) ?? "null")?.version).toBe("v2");
  });
});

describe("reboot and update", () => {
  it("reboot acks, sends the proof of play, then reloads", async () => {
    const h = screen({ manifest: scheduled("v1") });
    await h.start();
    h.player.playEvent({ kind: "sceneEnd", sceneId: "s1", at: Date.now(), ms: 1000 });
    const ack = await h.command("reboot");
    expect(ack).toMatchObject({ ok: true });
    const ackAt = h.socket.sent.indexOf(ack as unknown as Frame);
    const popAt = h.socket.sent.findIndex((f) => f.type === "pop");
    expect(popAt).toBeGreaterThan(ackAt);
    expect(h.reloads).toBe(0);
    await settle(1000);
    expect(h.reloads).toBe(1);
  });

  it("update downloads with progress, checks the checksum, acks and reloads; failures say why", async () => {
    const h = screen({ manifest: scheduled("v1") });
    await h.start();
    const body = new Uint8Array(70_000).map((_, i) => i % 251);
    const sha256 = createHash("sha256").update(body).digest("hex");
    h.server.files.set("/apm-web/t/package/3", { status: 200, body });
    const args = { packageId: 3, version: "3.9.0", url: "/apm-web/t/package/3", sha256, size: body.length };
    const ack = await h.command("update", args, 120_000);
    expect(ack).toMatchObject({ ok: true, data: { version: "3.9.0", verified: true } });
    const progress = h.socket.of("progress");
    expect(progress.every((p) => p.id === ack.id)).toBe(true);
    expect(progress.at(-1)).toMatchObject({ done: body.length, total: body.length, note: "installing" });
    await settle(1000);
    expect(h.reloads).toBe(1);

    expect(await h.command("update", { ...args, sha256: "0".repeat(64) })).toMatchObject({
      ok: false,
      reason: `checksum mismatch: expected SHA-256 ${"0".repeat(64)}, got ${sha256}`,
      reasonCode: "packageChecksum",
      reasonValues: { expected: "0".repeat(64), got: sha256 },
    });
    expect(await h.command("update", { ...args, size: 80_000 })).toMatchObject({
      ok: false,
      reason: "size mismatch: received 70000 of 80000 bytes",
      reasonCode: "packageShort",
      reasonValues: { done: 70000, size: 80000 },
    });
    expect(await h.command("update", { ...args, url: "/apm-web/t/package/4" })).toMatchObject({
      ok: false,
      reason: "package download failed: HTTP 404",
      reasonCode: "packageHttp",
      reasonValues: { status: 404 },
    });
    expect(await h.command("update", { ...args, url: "https://elsewhere.example/p" })).toMatchObject({
      ok: false,
      reason: "the package address must be a path under /apm-web: https://elsewhere.example/p",
    });
    expect(h.reloads).toBe(1);
  });
});

describe("position, debugging and the rest", () => {
  function geolocation(fix: { latitude: number; longitude: number; accuracy: number } | { code: number }) {
    const watchers: Array<(p: GeolocationPosition) => void> = [];
    const asPosition = (c: { latitude: number; longitude: number; accuracy: number }) =>
      ({ coords: c, timestamp: Date.now() }) as unknown as GeolocationPosition;
    const geo: GeolocationLike = {
      getCurrentPosition(ok, fail) {
        if ("code" in fix) fail?.({ code: fix.code, message: "" } as GeolocationPositionError);
        else ok(asPosition(fix));
      },
      watchPosition(ok) {
        watchers.push(ok);
        return watchers.length;
      },
      clearWatch: () => undefined,
    };
    return {
      geo,
      move: (c: { latitude: number; longitude: number; accuracy: number }) => {
        for (const w of watchers) w(asPosition(c));
      },
    };
  }

  it("position answers the fix, or why there is none; autoPosition reports it in the status", async () => {
    const { geo, move } = geolocation({ latitude: 45.46, longitude: 9.19, accuracy: 12 });
    const h = screen({ manifest: scheduled("v1"), geolocation: geo });
    await h.start();
    expect(await h.command("position")).toMatchObject({
      ok: true,
      data: { lat: 45.46, lng: 9.19, accuracy: 12 },
    });
    expect(h.lastStatus()?.position).toBeUndefined();
    expect(await h.command("settings", { settings: { autoPosition: true } })).toMatchObject({ ok: true });
    move({ latitude: 41.9, longitude: 12.5, accuracy: 30 });
    expect(h.lastStatus()?.position).toEqual({ lat: 41.9, lng: 12.5, accuracy: 30 });

    const denied = screen({ manifest: scheduled("v1"), geolocation: geolocation({ code: 1 }).geo });
    await denied.start();
    expect(await denied.command("position")).toMatchObject({
      ok: false,
      reason: "this device does not allow geolocation (permission denied)",
      reasonCode: "geolocationDenied",
    });
    const none = screen({ manifest: scheduled("v1"), geolocation: null });
    await none.start();
    expect(await none.command("position")).toMatchObject({
      ok: false,
      reason: "this device does not allow geolocation",
      reasonCode: "noGeolocation",
    });
  });

  it("debug streams the log ring, then new lines, until its time is up", async () => {
    const h = screen({ manifest: scheduled("v1") });
    h.player.log.add("warn", "before debugging");
    await h.start();
    const ack = await h.command("debug", { on: true, seconds: 10 });
    expect(ack).toMatchObject({ ok: true, data: { on: true } });
    const texts = () =>
      h.socket.of("log").flatMap((f) => (f.lines as Array<{ text: string }>).map((l) => l.text));
    expect(texts()).toContain("before debugging");
    h.player.log.add("error", "while debugging");
    await settle(500);
    expect(texts()).toContain("while debugging");
    await settle(10_000);
    const frames = h.socket.of("log").length;
    h.player.log.add("info", "after");
    await settle(2000);
    expect(h.socket.of("log").length).toBe(frames);
    expect(await h.command("debug", { on: false })).toMatchObject({ ok: true, data: { on: false } });
  });

  it("fails a command it does not know", async () => {
    const h = screen({ manifest: scheduled("v1") });
    await h.start();
    expect(await h.command("teleport")).toMatchObject({
      ok: false,
      reason: "unsupported command teleport",
      reasonCode: "unsupported",
      reasonValues: { command: "teleport" },
    });
  });
});

describe("reasons and events as codes", () => {
  it("acks a refused command and reports a skipped program with the code and values they were made with", async () => {
    // Names that read like other sentences: the code comes from where the reason is made, never from its words.
    const m = manifest(
      [
        { id: 1, doc: programDoc("one") },
        { id: 2, doc: { width: "wide" } },
      ],
      [file(B, 6)],
      "v1",
      { schedule: [schedulePlan(1, [planItem("a", 1)])] },
    );
    m.programs[1] = { ...(m.programs[1] as Manifest["programs"][number]), name: "m9.png: HTTP 404" };
    const h = screen({ manifest: m, failing: new Map([[B, "network down"]]) });
    await h.start();
    expect(await h.command("volume", { volume: 101 })).toMatchObject({
      ok: false,
      reason: "volume must be a whole number from 0 to 100",
      reasonCode: "argWholeRange",
      reasonValues: { name: "volume", min: 0, max: 100 },
    });
    const events = h.socket.of("event");
    const skipped = events.find((e) => e.messageCode === "programSkipped") as
      | { kind: string; message: string; messageValues: Record<string, string | number> }
      | undefined;
    expect(skipped).toMatchObject({
      kind: "playbackError",
      messageValues: { name: "m9.png: HTTP 404", id: 2 },
    });
    // A file that failed with words of its own (the network's) is named in a coded event.
    expect(events.find((e) => e.kind === "downloadFailed")).toMatchObject({
      message: "m6.png: network down",
      messageCode: "fileFailed",
      messageValues: { file: "m6.png", error: "network down" },
    });
    expect(skipped?.messageValues.error).toMatch(/\S/);
    expect(skipped?.message).toBe(`program m9.png: HTTP 404 (#2) skipped: ${skipped?.messageValues.error}`);
  });
});

describe("the network", () => {
  it("calls the browser's fetch as a plain function (a method call on the player is an illegal invocation)", async () => {
    const h = screen({ manifest: scheduled("v1"), viaGlobalFetch: true });
    await h.start();
    expect(h.server.fetches).toBeGreaterThan(0);
    // The screenshot upload calls `this.fetchFn(url, …)`: the same call, without a picture to draw.
    const player = h.player as unknown as { fetchFn: typeof fetch };
    const res = await player.fetchFn(`${ORIGIN}/apm-web/t/manifest`, {
      headers: { authorization: "Bearer tok" },
    });
    expect(res.status).toBe(200);
  });
});

describe("delivery after a reconnect", () => {
  /** 10 plays now, 11's file fails to download, 12 needs no file and plays this afternoon. */
  const published = () => {
    const afternoon = { windows: [{ start: "14:00", end: "15:00" }] };
    return manifest(
      [
        { id: 1, doc: imageProgramDoc(5) },
        { id: 2, doc: imageProgramDoc(6) },
        { id: 3, doc: programDoc("later") },
      ],
      [file(A, 5), file(B, 6)],
      "v1",
      {
        schedule: [
          schedulePlan(1, [planItem("a", 1)], { publicationId: 10 }),
          schedulePlan(2, [planItem("b", 2, afternoon)], { publicationId: 11 }),
          schedulePlan(3, [planItem("c", 3, afternoon)], { publicationId: 12 }),
        ],
        publications: [
          { id: 10, kind: "plan", contentId: 1, name: "Lobby", hashes: [A] },
          { id: 11, kind: "plan", contentId: 2, name: "Broken", hashes: [B] },
          { id: 12, kind: "plan", contentId: 3, name: "Afternoon", hashes: [] },
        ],
      },
    );
  };

  /** Each publication's last state in the delivery frames sent on `socket`. */
  const reported = (socket: FakeSocket) => {
    const last = new Map<number, DeliveryItem>();
    for (const f of socket.of("delivery")) {
      expect(f.manifestVersion).toBe("v1");
      for (const d of f.items as DeliveryItem[]) last.set(d.publicationId, d);
    }
    return Object.fromEntries(last);
  };

  it("sends every publication's state again after each welcome, though none changed (the server may have lost them)", async () => {
    const h = screen({ manifest: published(), failing: new Map([[B, 500]]) });
    await h.start();
    const states = {
      10: { publicationId: 10, state: "playing", done: 1, total: 1 },
      11: {
        publicationId: 11,
        state: "failed",
        done: 0,
        total: 1,
        reason: "m6.png: HTTP 500",
        reasonCode: "fileHttp",
        reasonValues: { file: "m6.png", status: 500 },
      },
      12: { publicationId: 12, state: "downloaded", done: 0, total: 0 },
    };
    expect(reported(h.socket)).toEqual(states);
    // Twice: the server went away (a crash, a restart) and the player came back on its own.
    for (const round of [1, 2]) {
      const gone = h.socket;
      gone.drop();
      await settle(1500); // the client's first back-off is 1 s
      expect(h.socket, `round ${round}`).not.toBe(gone);
      expect(h.socket.of("hello")).toHaveLength(1);
      // Nothing goes before the welcome (the gateway refuses it) …
      expect(h.socket.of("delivery")).toEqual([]);
      await h.welcome();
      // … and after it every publication, each as it stands: nothing changed on the screen meanwhile.
      expect(reported(h.socket), `round ${round}`).toEqual(states);
      expect(h.files.size).toBe(1);
    }
  });
});
