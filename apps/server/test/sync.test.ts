import type { SyncDetailResponse, SyncTerminal } from "@marquee/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { programs, syncSessions, terminals } from "../src/db/schema";
import {
  ADMIN,
  addOffice,
  addUser,
  type Client,
  createTestApp,
  initSystem,
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
} from "./terminal-helpers";

/**
 * Synchronized broadcast: the start writes each terminal's play-now and sends
 * syncStart with the server-clock instant; each player's ack carries the
 * offset it measured, which the detail shows; offline terminals are
 * reported; stop clears only what is still the session's; tenants are apart.
 */

let t: TestApp;
let origin: string;
let admin: Client;
let platformId: number;
let shopId: number;
let otherShopId: number;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  platformId = (await initSystem(t)).officeId;
  shopId = (await addOffice(t, platformId, "customer", "Shop")).id;
  otherShopId = (await addOffice(t, platformId, "customer", "Other shop")).id;
  admin = await signedIn(t, ADMIN.username, ADMIN.password, "en");
  origin = await listening(t.app);
});
afterAll(async () => {
  await Promise.all(sockets.map((s) => s.close()));
  await t?.close();
});

async function addProgram(
  officeId: number,
  name: string,
  state: "draft" | "pending" | "approved" = "approved",
) {
  const [row] = await t.database.db
    .insert(programs)
    .values({ officeId, name, width: 1920, height: 1080, state, doc: {} })
    .returning({ id: programs.id });
  if (!row) throw new Error("program not inserted");
  return row.id;
}

/** An authorised terminal of `officeId`, connected (or not) to the app. */
async function terminal(officeId: number, online = true) {
  const reg = await registerTerminal(t.app);
  await authorise(t.app, reg.terminalId, officeId);
  if (!online) return { id: reg.terminalId, socket: null };
  const socket = await openSocket(origin, reg.token);
  sockets.push(socket);
  await socket.hello();
  return { id: reg.terminalId, socket };
}

const ok = async (res: Awaited<ReturnType<Client["post"]>>) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const row = (list: SyncTerminal[], id: number) => {
  const r = list.find((x) => x.terminalId === id);
  if (!r) throw new Error(`terminal ${id} not in the detail`);
  return r;
};

describe("starting a synchronized broadcast", () => {
  it("writes play-now, sends syncStart with the instant, and shows the offsets the players measured", async () => {
    const programId = await addProgram(shopId, "Opening");
    const a = await terminal(shopId);
    const b = await terminal(shopId);
    const off = await terminal(shopId, false);
    const before = Date.now();
    const started = await ok(
      await admin.post("/a/api/sync/start", {
        terminalIds: [a.id, b.id, off.id],
        programId,
        leadSeconds: 20,
        minutes: 5,
      }),
    );
    const at: number = started.session.startAtMs;
    expect(at).toBeGreaterThanOrEqual(before + 20_000);
    expect(at).toBeLessThanOrEqual(Date.now() + 20_000);
    expect(started.session).toMatchObject({ programId, programName: "Opening", playing: 3 });
    const states = Object.fromEntries(
      started.list.map((o: { terminalId: number; state: string }) => [o.terminalId, o.state]),
    );
    expect(states).toEqual({ [a.id]: "sent", [b.id]: "sent", [off.id]: "offline" });

    for (const id of [a.id, b.id, off.id]) {
      const r = await terminalRow(t.app, id);
      expect(r.playNow).toEqual({ programId, startAt: at, until: new Date(at + 5 * 60_000).toISOString() });
    }

    // Each player is told its manifest changed, then gets the instant, and acks what it measured.
    for (const [term, offsetMs] of [
      [a, 12],
      [b, -75],
    ] as const) {
      const socket = term.socket as TestSocket;
      await socket.next("sync");
      const cmd = await socket.next("command");
      expect(cmd).toMatchObject({ name: "syncStart", args: { programId, at } });
      expect(cmd.timeoutMs).toBe(50_000);
      socket.send({ type: "ack", id: cmd.id, ok: true, data: { offsetMs, rttMs: 8, startsInMs: 19_000 } });
    }
    // Its heartbeat reports the offset it keeps measuring.
    (a.socket as TestSocket).send({
      type: "heartbeat",
      status: sampleStatus({ clockOffsetMs: 11, rttMs: 6 }),
    });
    let detail: SyncDetailResponse | undefined;
    const until = Date.now() + 10_000;
    for (;;) {
      await t.app.services.hub.flushPresence();
      detail = await ok(await admin.get("/a/api/sync/detail", { id: started.session.id }));
      const d = detail as SyncDetailResponse;
      if (
        (row(d.list, a.id).offsetMs !== null &&
          row(d.list, b.id).offsetMs !== null &&
          row(d.list, a.id).clockOffsetMs !== null) ||
        Date.now() > until
      )
        break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const d = detail as SyncDetailResponse;
    expect(row(d.list, a.id)).toMatchObject({
      offsetMs: 12,
      rttMs: 8,
      startsInMs: 19_000,
      clockOffsetMs: 11,
      statusRttMs: 6,
      playing: true,
      online: true,
    });
    expect(row(d.list, a.id).outcome?.state).toBe("done");
    expect(row(d.list, b.id)).toMatchObject({ offsetMs: -75, playing: true });
    expect(row(d.list, off.id)).toMatchObject({ offsetMs: null, online: false, playing: true });
    expect(row(d.list, off.id).outcome).toMatchObject({ state: "offline" });
    expect(d.session.until).toBe(new Date(at + 5 * 60_000).toISOString());

    const [session] = await t.database.db
      .select()
      .from(syncSessions)
      .where(eq(syncSessions.id, d.session.id));
    expect(session?.commandIds).toHaveLength(3);

    const list = await ok(await admin.get("/a/api/sync/list", { pageNo: 1, pageSize: 10 }));
    expect(list.list[0]).toMatchObject({ id: d.session.id, playing: 3, terminalIds: [a.id, b.id, off.id] });
  });

  it("refuses a lead out of range, a program that may not play, and a terminal of another customer", async () => {
    const programId = await addProgram(shopId, "Promo");
    const pending = await addProgram(shopId, "Not reviewed", "pending");
    const mine = await terminal(shopId, false);
    const theirs = await terminal(otherShopId, false);
    const short = await admin.post("/a/api/sync/start", {
      terminalIds: [mine.id],
      programId,
      leadSeconds: 2,
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors[0].field).toBe("leadSeconds");
    const notPlayable = await admin.post("/a/api/sync/start", { terminalIds: [mine.id], programId: pending });
    expect(notPlayable.statusCode).toBe(400);
    expect(notPlayable.json().msg).toMatch(/Not reviewed/);
    const mixed = await admin.post("/a/api/sync/start", { terminalIds: [mine.id, theirs.id], programId });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().msg).toMatch(/another customer/);
    const missing = await admin.post("/a/api/sync/start", { terminalIds: [mine.id], programId: 999_999 });
    expect(missing.statusCode).toBe(404);
    // Nothing was written by the refusals.
    expect((await terminalRow(t.app, mine.id)).playNow).toBeNull();
  });
});

describe("tenants", () => {
  it("keep sessions, terminals and programs apart", async () => {
    const programId = await addProgram(shopId, "Shop only");
    const term = await terminal(shopId, false);
    const started = await ok(await admin.post("/a/api/sync/start", { terminalIds: [term.id], programId }));
    const sessionId: number = started.session.id;

    await addUser(t, otherShopId, "othersync", [
      "terminal:syncBroadcast:view",
      "terminal:syncBroadcast:start",
    ]);
    const other = await signedIn(t, "othersync", "othersyncPass1", "en");
    expect((await other.get("/a/api/sync/detail", { id: sessionId })).statusCode).toBe(404);
    expect((await other.post("/a/api/sync/stop", { id: sessionId })).statusCode).toBe(404);
    const theirList = await ok(await other.get("/a/api/sync/list"));
    expect(theirList.list.map((s: { id: number }) => s.id)).not.toContain(sessionId);
    expect((await other.post("/a/api/sync/start", { terminalIds: [term.id], programId })).statusCode).toBe(
      404,
    );
    const theirProgram = await addProgram(otherShopId, "Theirs");
    expect(
      (await other.post("/a/api/sync/start", { terminalIds: [term.id], programId: theirProgram })).statusCode,
    ).toBe(404);
    expect((await terminalRow(t.app, term.id)).playNow).toMatchObject({ programId });

    await addUser(t, shopId, "shopsync", ["terminal:syncBroadcast:view", "terminal:syncBroadcast:start"]);
    const shop = await signedIn(t, "shopsync", "shopsyncPass1", "en");
    const programs = await ok(await shop.get("/a/api/sync/programs", { name: "only" }));
    expect(programs.list.map((p: { id: number }) => p.id)).toEqual([programId]);
    const picker = await ok(await shop.get("/a/api/sync/terminals"));
    expect(picker.list.map((x: { id: number }) => x.id)).toContain(term.id);

    // Viewing alone does not start.
    await addUser(t, shopId, "shopview", ["terminal:syncBroadcast:view"]);
    const viewer = await signedIn(t, "shopview", "shopviewPass1", "en");
    expect((await viewer.get("/a/api/sync/detail", { id: sessionId })).statusCode).toBe(200);
    expect((await viewer.post("/a/api/sync/start", { terminalIds: [term.id], programId })).statusCode).toBe(
      403,
    );
  });
});

describe("stopping", () => {
  it("clears play-now on the terminals still playing the session and tells them", async () => {
    const programId = await addProgram(shopId, "Countdown");
    const later = await addProgram(shopId, "Later");
    const a = await terminal(shopId);
    const b = await terminal(shopId, false);
    const first = await ok(await admin.post("/a/api/sync/start", { terminalIds: [a.id, b.id], programId }));
    // b moves on to another session: stopping the first leaves it alone.
    const second = await ok(await admin.post("/a/api/sync/start", { terminalIds: [b.id], programId: later }));
    const socket = a.socket as TestSocket;
    await socket.next("command");
    socket.queue.splice(0);

    const stopped = await ok(await admin.post("/a/api/sync/stop", { id: first.session.id }));
    expect(stopped.stopped).toBe(1);
    expect((await terminalRow(t.app, a.id)).playNow).toBeNull();
    expect((await terminalRow(t.app, b.id)).playNow).toMatchObject({
      programId: later,
      startAt: second.session.startAtMs,
    });
    await socket.next("sync");
    const detail = await ok(await admin.get("/a/api/sync/detail", { id: first.session.id }));
    expect(detail.session.playing).toBe(0);
    expect(row(detail.list, a.id).playing).toBe(false);
    // Stopping again changes nothing.
    expect((await ok(await admin.post("/a/api/sync/stop", { id: first.session.id }))).stopped).toBe(0);
    const [b2] = await t.database.db
      .select({ playNow: terminals.playNow })
      .from(terminals)
      .where(eq(terminals.id, b.id));
    expect(b2?.playNow).toMatchObject({ programId: later });
  });
});
