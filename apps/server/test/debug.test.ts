import { AUTH_COOKIE, type DebugSocketMessage } from "@marquee/contracts";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import type { Database } from "../src/db/client";
import { shrink } from "../src/modules/debug/tap";
import { payloadsOf } from "../src/terminal/bus";
import { FLUSH_MS } from "../src/terminal/hub";
import {
  ADMIN,
  addOffice,
  addUser,
  type Client,
  createTestApp,
  initSystem,
  secondProcess,
  signedIn,
  type TestApp,
} from "./helpers";
import {
  authorise,
  listening,
  openSocket,
  registerTerminal,
  sampleStatus,
  type TestSocket,
  terminalRow,
  waitFor,
} from "./terminal-helpers";

/**
 * Terminal debugging: a console socket watching one terminal gets its frames
 * both ways (log frames among them), refused without the permission, outside
 * the range or cross-site; raw commands; and frames of a terminal another
 * server process holds, forwarded over the bus.
 */

let t: TestApp;
let second: { app: FastifyInstance; database: Database };
let origin: string;
let origin2: string;
let admin: Client;
let platformId: number;
let shopId: number;
const closers: Array<() => unknown> = [];

beforeAll(async () => {
  t = await createTestApp();
  const ids = await initSystem(t);
  platformId = ids.officeId;
  shopId = (await addOffice(t, platformId, "customer", "Shop")).id;
  admin = await signedIn(t, ADMIN.username, ADMIN.password, "en");
  second = await secondProcess(t);
  origin = await listening(t.app);
  origin2 = await listening(second.app);
});
afterAll(async () => {
  for (const close of closers) await close();
  await second?.app.close();
  await second?.database.close();
  await t?.close();
});

/** The console's side of the debugging socket: every message received, in order. */
class Watcher {
  readonly messages: DebugSocketMessage[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  constructor(readonly ws: WebSocket) {
    ws.on("message", (data) => this.messages.push(JSON.parse(String(data)) as DebugSocketMessage));
    this.closed = new Promise((resolve) =>
      ws.on("close", (code, reason) => resolve({ code, reason: reason.toString() })),
    );
  }
  frames() {
    return this.messages.flatMap((m) => (m.kind === "frame" ? [m] : []));
  }
  async frame(dir: "in" | "out", match: (f: Record<string, unknown>) => boolean, what: string) {
    let found: Extract<DebugSocketMessage, { kind: "frame" }> | undefined;
    await waitFor(
      () => {
        found = this.frames().find((m) => m.dir === dir && match(m.frame));
        return found !== undefined;
      },
      10_000,
      what,
    );
    return found as Extract<DebugSocketMessage, { kind: "frame" }>;
  }
  close() {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.close(1000, "done");
    return this.closed;
  }
}

/** Opens the debugging socket as `client` (resolves once open, rejects with the HTTP status when refused). */
function watch(
  base: string,
  client: Client,
  terminalId: number | string,
  headers: Record<string, string> = { origin: base },
): Promise<Watcher> {
  return new Promise((resolve, reject) => {
    const url = `${base.replace(/^http/, "ws")}/apm-web/a/api/debug/ws?terminalId=${terminalId}`;
    const ws = new WebSocket(url, {
      headers: { cookie: `${AUTH_COOKIE}=${client.sessionToken}`, ...headers },
    });
    const w = new Watcher(ws);
    ws.once("open", () => {
      closers.push(() => w.close());
      resolve(w);
    });
    ws.once("unexpected-response", (_req, res) => {
      let body = "";
      res.on("data", (c: Buffer) => {
        body += c.toString();
      });
      res.on("end", () => reject(Object.assign(new Error(body), { status: res.statusCode, body })));
    });
    ws.once("error", reject);
  });
}

/** An authorised terminal in `officeId` whose socket `base`'s app holds. */
async function connected(base: string, officeId = platformId) {
  const reg = await registerTerminal(t.app);
  await authorise(t.app, reg.terminalId, officeId);
  const socket = await openSocket(base, reg.token);
  closers.push(() => socket.close());
  await socket.hello();
  return { ...reg, socket };
}

/** Answers the `debug` command the watching sends (it is the first thing the terminal gets). */
async function ackDebug(socket: TestSocket, on = true) {
  const cmd = await socket.next("command");
  expect(cmd.name).toBe("debug");
  expect(cmd.args).toMatchObject({ on });
  socket.send({ type: "ack", id: cmd.id, ok: true });
  return cmd;
}

describe("the debugging socket", () => {
  it("streams the terminal's frames both ways, log frames included, and turns its log on and off", async () => {
    const { terminalId, socket } = await connected(origin);
    const w = await watch(origin, admin, terminalId);
    await waitFor(() => w.messages.some((m) => m.kind === "state"), 5000, "state");
    expect(w.messages.find((m) => m.kind === "state")).toEqual({ kind: "state", online: true, held: true });

    const debugOn = await ackDebug(socket);
    expect(debugOn.args).toEqual({ on: true, seconds: 60 });
    // The command out and its ack in.
    await w.frame("out", (f) => f.type === "command" && f.id === debugOn.id, "debug command out");
    await w.frame("in", (f) => f.type === "ack" && f.id === debugOn.id, "ack in");

    socket.send({
      type: "log",
      lines: [{ at: Date.now(), level: "warn", text: "decoder stalled on clip 3" }],
    });
    const log = await w.frame("in", (f) => f.type === "log", "log frame");
    expect(log.frame).toMatchObject({ lines: [{ level: "warn", text: "decoder stalled on clip 3" }] });

    socket.send({ type: "heartbeat", status: sampleStatus() });
    await w.frame("in", (f) => f.type === "heartbeat", "heartbeat");

    // The last watcher leaves: the player is told to stop streaming.
    await w.close();
    await ackDebug(socket, false);
  });

  it("refuses a user without the permission, a terminal outside the range and a cross-site page", async () => {
    const { terminalId } = await connected(origin);
    await addUser(t, platformId, "viewer", ["terminal:device:view", "terminal:device:command"]);
    const viewer = await signedIn(t, "viewer", "viewerPass1", "en");
    await expect(watch(origin, viewer, terminalId)).rejects.toMatchObject({ status: 403 });

    // A debugger of the shop does not see the platform's terminal: 404 like a missing one.
    await addUser(t, shopId, "shopdebug", ["terminal:device:debug", "terminal:device:view"]);
    const shop = await signedIn(t, "shopdebug", "shopdebugPass1", "en");
    await expect(watch(origin, shop, terminalId)).rejects.toMatchObject({ status: 404 });
    await expect(watch(origin, admin, 999_999)).rejects.toMatchObject({ status: 404 });

    await expect(watch(origin, admin, terminalId, { origin: "https://evil.example" })).rejects.toMatchObject({
      status: 403,
    });
    await expect(watch(origin, admin, "abc")).rejects.toMatchObject({ status: 400 });

    // Without a session.
    const anonymous = { sessionToken: "nope" } as unknown as Client;
    await expect(watch(origin, anonymous, terminalId)).rejects.toMatchObject({ status: 401 });

    // Not a WebSocket: a clear 426.
    const plain = await admin.get("/a/api/debug/ws", { terminalId });
    expect(plain.statusCode).toBe(426);
    expect(plain.json().msg).toMatch(/WebSocket/);
  });

  it("forwards the frames of a terminal the other server process holds", async () => {
    const { terminalId, socket } = await connected(origin2);
    await waitFor(async () => (await terminalRow(t.app, terminalId)).online, FLUSH_MS * 3, "online");
    expect(t.app.services.hub.holds(terminalId)).toBe(false);

    const w = await watch(origin, admin, terminalId);
    await waitFor(() => w.messages.some((m) => m.kind === "state"), 5000, "state");
    expect(w.messages.find((m) => m.kind === "state")).toEqual({ kind: "state", online: true, held: false });
    // The debug command travels to the holder over the bus; the tap was announced before it.
    const cmd = await ackDebug(socket);
    await w.frame("out", (f) => f.type === "command" && f.id === cmd.id, "forwarded command out");
    await w.frame("in", (f) => f.type === "ack" && f.id === cmd.id, "forwarded ack in");

    // A big log frame is cut to fit the bus and says so.
    const lines = Array.from({ length: 100 }, (_, i) => ({
      at: Date.now(),
      level: "info",
      text: `line ${i} ${"x".repeat(900)}`,
    }));
    socket.send({ type: "log", lines });
    const big = await w.frame("in", (f) => f.type === "log", "forwarded log");
    expect(big.truncated).toBeGreaterThan(8000);
    expect(big.frame.cut).toBe(100);
    expect((big.frame.lines as unknown[]).length).toBeGreaterThan(0);
    expect((big.frame.lines as unknown[]).length).toBeLessThan(100);
    await w.close();
    await ackDebug(socket, false);
  });
});

describe("raw commands", () => {
  it("sends any name and args to the terminal and answers the outcome, followed to done", async () => {
    const { terminalId, socket } = await connected(origin);
    const res = await admin.post("/a/api/debug/send", {
      terminalId,
      name: "dumpCache",
      args: { deep: true, limit: 3 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { outcome } = res.json();
    expect(outcome).toMatchObject({ terminalId, name: "dumpCache", state: "sent" });
    const frame = await socket.next("command");
    expect(frame).toMatchObject({ id: outcome.id, name: "dumpCache", args: { deep: true, limit: 3 } });
    socket.send({ type: "ack", id: frame.id, ok: false, reason: "unknown command dumpCache" });
    await waitFor(async () => {
      const r = await admin.get("/a/api/debug/results", { ids: outcome.id });
      return r.json().list[0]?.state === "failed";
    });
    const r = await admin.get("/a/api/debug/results", { ids: outcome.id });
    expect(r.json().list[0].reason).toBe("unknown command dumpCache");

    const recent = await admin.get("/a/api/debug/recent", { terminalId });
    expect(recent.statusCode).toBe(200);
    expect(recent.json().terminal).toMatchObject({ id: terminalId, online: true, held: true });
    expect(recent.json().commands[0]).toMatchObject({ id: outcome.id, name: "dumpCache", state: "failed" });
  });

  it("refuses bad names, oversized args, terminals outside the range, and answers offline", async () => {
    const { terminalId } = await connected(origin);
    const bad = await admin.post("/a/api/debug/send", { terminalId, name: "1bad name", args: {} });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe("name");
    const big = await admin.post("/a/api/debug/send", {
      terminalId,
      name: "x",
      args: { blob: "y".repeat(9000) },
    });
    expect(big.statusCode).toBe(400);
    expect(big.json().errors[0]).toEqual({ field: "args", message: "takes at most 8 KB of JSON" });
    const notArgs = await admin.post("/a/api/debug/send", { terminalId, name: "x", args: [1, 2] });
    expect(notArgs.statusCode).toBe(400);

    const shop = await signedIn(t, "shopdebug", "shopdebugPass1", "en");
    const outside = await shop.post("/a/api/debug/send", { terminalId, name: "refresh", args: {} });
    expect(outside.statusCode).toBe(404);
    expect((await shop.get("/a/api/debug/recent", { terminalId })).statusCode).toBe(404);

    const reg = await registerTerminal(t.app);
    await authorise(t.app, reg.terminalId, platformId);
    const offline = await admin.post("/a/api/debug/send", { terminalId: reg.terminalId, name: "refresh" });
    expect(offline.statusCode).toBe(200);
    expect(offline.json().outcome).toMatchObject({ state: "offline" });
  });
});

describe("frames on the bus", () => {
  it("are cut to fit a NOTIFY payload", () => {
    const huge = { type: "event", kind: "info", message: "é".repeat(20_000), at: 1 };
    const { frame, truncated } = shrink(huge);
    expect(truncated).toBeGreaterThan(20_000);
    expect(frame.type).toBe("event");
    const parts = payloadsOf({
      kind: "frames",
      from: "p",
      items: Array.from({ length: 5 }, (_, i) => ({ t: i + 1, dir: "in" as const, at: 1, frame, truncated })),
    });
    expect(parts.length).toBeGreaterThan(1);
    for (const p of parts) expect(Buffer.byteLength(p)).toBeLessThan(8000);
  });
});
