import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { terminalCommands } from "../src/db/schema";
import { COMMAND_REASONS, FLUSH_MS, SWEEP_MS } from "../src/terminal/hub";
import { createTestApp, initSystem, officeOfTerminal, type TestApp } from "./helpers";
import {
  listening,
  openSocket,
  registerTerminal,
  sampleStatus,
  type TestSocket,
  terminalRow,
  waitFor,
} from "./terminal-helpers";

/**
 * Presence: kept in memory by the process holding the socket, written by the
 * batch writer every FLUSH_MS, and offline after two missed heartbeats (the
 * sweep runs every SWEEP_MS and measures with the app's clock, which the test
 * moves instead of waiting).
 */

let t: TestApp;
let origin: string;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await initSystem(t);
  await t.app.services.settings.set("terminalHeartbeatSec", 5, null);
  // On a busy machine the hub's first sweep may have read the default (30 s) before the line above: it reads
  // the setting again within a few seconds, as it would for an operator's change.
  await waitFor(async () => (await t.app.services.hub.heartbeatSec()) === 5, 15_000, "the heartbeat setting");
  origin = await listening(t.app);
});
afterAll(async () => {
  await Promise.all(sockets.map((s) => s.close()));
  await t?.close();
});

describe("presence", () => {
  it("is written in batches: online with address and status, then each heartbeat's status", async () => {
    const reg = await registerTerminal(t.app);
    const socket = await openSocket(origin, reg.token);
    sockets.push(socket);
    const welcome = await socket.hello(sampleStatus({ volume: 10, version: "1.2.3" }));
    expect(welcome.heartbeatSec).toBe(5);
    // In memory at once, in the table by the next flush.
    expect(t.app.services.hub.holds(reg.terminalId)).toBe(true);
    await waitFor(async () => (await terminalRow(t.app, reg.terminalId)).online, FLUSH_MS * 3, "online");
    let row = await terminalRow(t.app, reg.terminalId);
    expect(row.ip).toBe("127.0.0.1");
    expect(row.status?.volume).toBe(10);
    expect(row.version).toBe("1.2.3");
    expect(row.lastSeenAt).not.toBeNull();
    expect(row.connectedAt).not.toBeNull();

    socket.send({
      type: "heartbeat",
      status: sampleStatus({ volume: 77, resolution: { width: 1080, height: 1920 } }),
    });
    await waitFor(async () => (await terminalRow(t.app, reg.terminalId)).status?.volume === 77, FLUSH_MS * 3);
    row = await terminalRow(t.app, reg.terminalId);
    expect([row.width, row.height]).toEqual([1080, 1920]);

    // Closing the socket: offline at once in memory, in the table by the next flush.
    await socket.close();
    await waitFor(() => !t.app.services.hub.holds(reg.terminalId), 2000);
    await waitFor(async () => !(await terminalRow(t.app, reg.terminalId)).online, FLUSH_MS * 3, "offline");
  });

  it("goes offline after two missed heartbeats (the socket is cut)", async () => {
    // Stopped, the clock moves only by the advances below: the real seconds a busy machine takes to write
    // the screen online do not count as missed beats.
    t.clock.freeze();
    onTestFinished(() => t.clock.thaw());
    const reg = await registerTerminal(t.app);
    const socket = await openSocket(origin, reg.token);
    sockets.push(socket);
    await socket.hello();
    await waitFor(async () => (await terminalRow(t.app, reg.terminalId)).online, FLUSH_MS * 3, "online");
    // One beat missed: still online.
    t.clock.advance(6000);
    await new Promise((r) => setTimeout(r, SWEEP_MS + 300));
    expect(t.app.services.hub.holds(reg.terminalId)).toBe(true);
    // A beat resets the count; then two missed beats (more than 2 × 5 s).
    socket.send({ type: "heartbeat", status: sampleStatus() });
    await new Promise((r) => setTimeout(r, 100));
    t.clock.advance(10_500);
    const closed = await socket.closed;
    expect(closed.code).toBe(1006);
    expect(t.app.services.hub.holds(reg.terminalId)).toBe(false);
    await waitFor(async () => !(await terminalRow(t.app, reg.terminalId)).online, FLUSH_MS * 3, "offline");
  });

  it("ends the commands a stopped server process left waiting, after the longest timeout", async () => {
    const reg = await registerTerminal(t.app);
    const old = new Date(t.clock.now().getTime() - 2 * 3_600_000);
    await t.database.db.insert(terminalCommands).values([
      {
        id: "orphan-1",
        terminalId: reg.terminalId,
        officeId: officeOfTerminal(reg.terminalId),
        name: "refresh",
        args: {},
        state: "sent",
        createdAt: old,
      },
      {
        id: "recent-1",
        terminalId: reg.terminalId,
        officeId: officeOfTerminal(reg.terminalId),
        name: "refresh",
        args: {},
        state: "sent",
      },
      {
        id: "done-1",
        terminalId: reg.terminalId,
        officeId: officeOfTerminal(reg.terminalId),
        name: "refresh",
        args: {},
        state: "done",
        createdAt: old,
      },
    ]);
    await t.app.services.hub.sweepStale();
    const byId = new Map(
      (
        await t.database.db
          .select()
          .from(terminalCommands)
          .where(eq(terminalCommands.terminalId, reg.terminalId))
      ).map((c) => [c.id, c]),
    );
    expect(byId.get("orphan-1")).toMatchObject({ state: "timeout", reason: COMMAND_REASONS.orphaned });
    expect(byId.get("recent-1")?.state).toBe("sent");
    expect(byId.get("done-1")?.state).toBe("done");
  });

  it("welcomes a screen with the last heartbeat read when the setting cannot be read (a pool exhausted by a reconnecting fleet)", async () => {
    const settings = t.app.services.settings;
    const read = settings.get.bind(settings);
    const failing = vi
      .spyOn(settings, "get")
      .mockImplementation(((key: string) =>
        key === "terminalHeartbeatSec"
          ? Promise.reject(new Error("timeout exceeded when trying to connect"))
          : read(key as never)) as typeof settings.get);
    try {
      // The hub reads the setting again once its copy is 5 s old: that read fails.
      await new Promise((r) => setTimeout(r, 5_200));
      const reg = await registerTerminal(t.app);
      const socket = await openSocket(origin, reg.token);
      sockets.push(socket);
      const welcome = await socket.hello();
      expect(welcome.heartbeatSec).toBe(5);
      expect(failing).toHaveBeenCalledWith("terminalHeartbeatSec");
    } finally {
      failing.mockRestore();
    }
  });
});
