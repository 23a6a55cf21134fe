import { CLOSE_REFUSED, CLOSE_REPLACED } from "@marquee/terminal-protocol";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../src/db/client";
import { terminals } from "../src/db/schema";
import { COMMAND_CARRIED_MAX, payloadsOf } from "../src/terminal/bus";
import { COMMAND_REASONS } from "../src/terminal/commands";
import { FLUSH_MS } from "../src/terminal/hub";
import {
  ADMIN,
  addOffice,
  createTestApp,
  initSystem,
  secondProcess,
  signedIn,
  type TestApp,
} from "./helpers";
import {
  authorise,
  holdingRow,
  listening,
  openSocket,
  registerTerminal,
  type TestSocket,
  terminalRow,
  waitFor,
} from "./terminal-helpers";

/**
 * Two server processes on one database (two apps, each with its own pool,
 * hub and bus connection): a command given to the first reaches a terminal
 * whose socket the second holds, over LISTEN/NOTIFY.
 */

let t: TestApp;
let second: { app: FastifyInstance; database: Database };
let origin2: string;
let origin1: string;
let shopId: number;
let secondClosed = false;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const { officeId } = await initSystem(t);
  shopId = (await addOffice(t, officeId, "customer", "Customer")).id;
  second = await secondProcess(t);
  origin1 = await listening(t.app);
  origin2 = await listening(second.app);
});
afterAll(async () => {
  await Promise.all(sockets.map((s) => s.close()));
  if (!secondClosed) await second?.app.close();
  await second?.database.close();
  await t?.close();
});

/** An authorised terminal connected to the second process, online in the table. */
async function onSecond() {
  const reg = await registerTerminal(t.app);
  await authorise(t.app, reg.terminalId, shopId);
  const socket = await openSocket(origin2, reg.token);
  sockets.push(socket);
  await socket.hello();
  await waitFor(async () => (await terminalRow(t.app, reg.terminalId)).online, FLUSH_MS * 3, "online");
  expect(t.app.services.hub.holds(reg.terminalId)).toBe(false);
  expect(second.app.services.hub.holds(reg.terminalId)).toBe(true);
  return { ...reg, socket };
}

describe("two server processes", () => {
  it("deliver a command given to one to the terminal the other holds, and its ack", async () => {
    const { terminalId, socket } = await onSecond();
    const [queued] = await t.app.services.hub.command([terminalId], "refresh", { hard: true }, null, 10_000);
    // Handed over the bus: the other process may already have put it on the socket when the outcome is read.
    expect(["queued", "sent"]).toContain(queued?.state);
    const frame = await socket.next("command");
    expect(frame).toMatchObject({ id: queued?.id, name: "refresh", args: { hard: true }, timeoutMs: 10_000 });
    socket.send({ type: "ack", id: frame.id, ok: true, data: { reloaded: 1 } });
    await waitFor(async () => (await t.app.services.hub.results([frame.id]))[0]?.state === "done");
    expect((await t.app.services.hub.results([frame.id]))[0]?.data).toEqual({ reloaded: 1 });
  });

  it("deliver a command too big to ride the bus message from its row, args whole", async () => {
    const { terminalId, socket } = await onSecond();
    // Over COMMAND_CARRIED_MAX: the message names the command, the holder reads it from terminal_commands.
    const args = { note: "x".repeat(COMMAND_CARRIED_MAX + 1) };
    const [queued] = await t.app.services.hub.command([terminalId], "refresh", args, null, 10_000);
    const frame = await socket.next("command");
    expect(frame).toMatchObject({ id: queued?.id, name: "refresh", args, timeoutMs: 10_000 });
    await waitFor(async () => (await t.app.services.hub.results([frame.id]))[0]?.state === "sent");
    socket.send({ type: "ack", id: frame.id, ok: true });
    await waitFor(async () => (await t.app.services.hub.results([frame.id]))[0]?.state === "done");
  });

  it("carry a long list whole: its parts, sent in one statement, all reach the other process", async () => {
    const terminalIds = Array.from({ length: 5000 }, (_, i) => 1_000_000 + i);
    const seen: number[] = [];
    const off = second.app.services.hub.onBusMessage((msg) => {
      if (msg.kind === "tap") seen.push(...msg.terminalIds);
    });
    try {
      await t.app.services.hub.publishBus({ kind: "tap", from: "bus-test", on: false, terminalIds });
      await waitFor(async () => seen.length >= terminalIds.length, 5000, "every part");
      expect(seen).toEqual(terminalIds);
    } finally {
      off();
    }
  });

  it("deliver a command to a terminal the other took a moment ago, before its row says online", async () => {
    const reg = await registerTerminal(t.app);
    await authorise(t.app, reg.terminalId, shopId);
    // The row held by another transaction: the second process's presence cannot write it online.
    await holdingRow(t.database.pool, reg.terminalId, async () => {
      const socket = await openSocket(origin2, reg.token);
      sockets.push(socket);
      await socket.hello();
      await second.app.services.hub.flushPresence();
      expect((await terminalRow(t.app, reg.terminalId)).online).toBe(false);
      // The second process announced the socket (its `held` message, within 100 ms).
      await new Promise((resolve) => setTimeout(resolve, 500));
      const [queued] = await t.app.services.hub.command([reg.terminalId], "refresh", {}, null, 10_000);
      expect(queued?.state).not.toBe("offline");
      const frame = await socket.next("command");
      socket.send({ type: "ack", id: frame.id, ok: true });
      await waitFor(
        async () => (await t.app.services.hub.results([frame.id]))[0]?.state === "done",
        5000,
        "done",
      );
    });
  });

  it("time a command out on the process that put it on the socket", async () => {
    const { terminalId, socket } = await onSecond();
    const [queued] = await t.app.services.hub.command([terminalId], "refresh", {}, null, 1000);
    await socket.next("command");
    await waitFor(
      async () => (await t.app.services.hub.results([queued?.id ?? ""]))[0]?.state === "timeout",
      5000,
    );
  });

  it("carry state changes: a terminal disabled through one is closed by the other", async () => {
    const { terminalId, socket } = await onSecond();
    await t.database.db.update(terminals).set({ state: "disabled" }).where(eq(terminals.id, terminalId));
    await t.app.services.hub.notifyState(terminalId);
    expect((await socket.closed).code).toBe(CLOSE_REFUSED);
  });

  it("carry manifest changes: sync reaches the terminal the other holds", async () => {
    const { terminalId, socket } = await onSecond();
    await t.app.services.hub.notifySync([terminalId]);
    expect((await socket.next("sync")).manifestVersion).toMatch(/^[0-9a-f]{32}$/);
  });

  it("tell the other's screens of a manifest change while the first still tells its own", async () => {
    const { terminalId: there, socket } = await onSecond();
    const hub = t.app.services.hub as unknown as {
      readAndTell: (ids: number[], onlyNew: boolean) => Promise<number>;
    };
    const tell = hub.readAndTell;
    let open = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    // This process's own screens held back: the other's must not wait for them.
    hub.readAndTell = async (ids, onlyNew) => {
      await gate;
      return tell.call(hub, ids, onlyNew);
    };
    try {
      const done = t.app.services.hub.notifySync([there]);
      expect((await socket.next("sync")).manifestVersion).toMatch(/^[0-9a-f]{32}$/);
      let settled = false;
      void done.then(() => {
        settled = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(settled).toBe(false);
      open();
      await done;
    } finally {
      open();
      hub.readAndTell = tell;
    }
  });

  it("let a newer socket on one replace an older one on the other", async () => {
    const { token, socket, terminalId } = await onSecond();
    const newer = await openSocket(origin1, token);
    sockets.push(newer);
    await newer.hello();
    expect((await socket.closed).code).toBe(CLOSE_REPLACED);
    expect(second.app.services.hub.holds(terminalId)).toBe(false);
    expect(t.app.services.hub.holds(terminalId)).toBe(true);
  });

  it("end a command nobody delivered offline, though the table said online", async () => {
    const reg = await registerTerminal(t.app);
    await authorise(t.app, reg.terminalId, shopId);
    // Left online by a process that died a moment ago.
    await t.database.db
      .update(terminals)
      .set({ online: true, lastSeenAt: new Date() })
      .where(eq(terminals.id, reg.terminalId));
    const [queued] = await t.app.services.hub.command([reg.terminalId], "refresh", {}, null, 1000);
    expect(queued?.state).toBe("queued");
    await waitFor(
      async () => (await t.app.services.hub.results([queued?.id ?? ""]))[0]?.state === "offline",
      5000,
    );
    expect((await t.app.services.hub.results([queued?.id ?? ""]))[0]?.reason).toBe(
      COMMAND_REASONS.undelivered,
    );
  });

  it("carry office changes: a customer renamed and expired through one is seen so by the other", async () => {
    // The second process has the tree cached (and the customer in it) before the change.
    expect((await second.app.services.tree.get(shopId))?.name).toBe("Customer");
    const admin = await signedIn(t, ADMIN.username, ADMIN.password, "en");
    const res = await admin.post("/a/api/office/save", {
      id: shopId,
      name: "Customer renamed",
      expiresAt: "2020-01-01T00:00:00Z",
    });
    expect(res.statusCode, res.body).toBe(200);
    await waitFor(async () => (await second.app.services.tree.get(shopId))?.name === "Customer renamed");
    // Its users can no longer sign in there either: the second process sees the expiry.
    expect(await second.app.services.tree.blocked(shopId, new Date())).toMatchObject({ reason: "expired" });
  });

  it("stop cleanly: sockets closed going away (1001), presence written, waiting commands failed", async () => {
    const { terminalId, socket } = await onSecond();
    const [sent] = await t.app.services.hub.command([terminalId], "refresh", {}, null, 60_000);
    await socket.next("command");
    await waitFor(async () => (await t.app.services.hub.results([sent?.id ?? ""]))[0]?.state === "sent");
    await second.app.close();
    secondClosed = true;
    expect((await socket.closed).code).toBe(1001);
    expect((await terminalRow(t.app, terminalId)).online).toBe(false);
    expect((await t.app.services.hub.results([sent?.id ?? ""]))[0]).toMatchObject({
      state: "failed",
      reason: COMMAND_REASONS.stopped,
    });
  });

  it("split long lists into NOTIFY payloads under 8000 bytes", () => {
    const terminalIds = Array.from({ length: 5000 }, (_, i) => 1_000_000 + i);
    const parts = payloadsOf({ kind: "sync", from: "p", terminalIds });
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.every((p) => Buffer.byteLength(p) < 8000)).toBe(true);
    expect(parts.flatMap((p) => JSON.parse(p).terminalIds)).toEqual(terminalIds);
  });
});
