import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { terminals } from "../src/db/schema";
import { recomputeRunways } from "../src/modules/terminal/runway";
import { PresenceWriter } from "../src/terminal/presence";
import { createTestApp, initSystem, type TestApp } from "./helpers";
import { authorise, holdingRow, registerTerminal, terminalRow } from "./terminal-helpers";

/**
 * Writers of many terminal rows at once (presence batches, the stale sweep, runways) next to a transaction that
 * holds one of those rows: an operator's change to a selection of screens, a publication recording its
 * targets. They write the rest at once and leave the held row for their next pass, never waiting on it
 * while they hold the others: two writers waiting on each other's rows is a deadlock, which PostgreSQL
 * breaks by failing one of them (a whole batch of presence, as a publication to 10,000 screens showed).
 */
let t: TestApp;
let officeId = 0;

beforeAll(async () => {
  t = await createTestApp();
  officeId = (await initSystem(t)).officeId;
});
afterAll(async () => {
  await t?.close();
});

/** `p`, or a failure naming what it waited for after `ms`. */
async function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} waited ${ms} ms for the held row`)), ms);
  });
  try {
    return await Promise.race([p, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Runs `fn` while another connection's open transaction holds terminal `id`'s row. */
const holding = (id: number, fn: () => Promise<void>) => holdingRow(t.database.pool, id, fn);

describe("terminal rows another transaction holds", () => {
  it("presence writes the other rows at once, and the held one at the next flush", async () => {
    const a = await registerTerminal(t.app);
    const b = await registerTerminal(t.app);
    const writer = new PresenceWriter(
      t.app.services.db,
      pino({ level: "silent" }),
      t.app.services.processes.id,
    );
    const at = new Date();
    for (const [id, ip] of [
      [a.terminalId, "10.0.0.1"],
      [b.terminalId, "10.0.0.2"],
    ] as const)
      writer.mark({ terminalId: id, online: true, lastSeenAt: at, status: null, ip, connectedAt: at });

    await holding(a.terminalId, async () => {
      await within(writer.flush(), 5_000, "the presence flush");
      expect((await terminalRow(t.app, b.terminalId)).ip).toBe("10.0.0.2");
      expect((await terminalRow(t.app, a.terminalId)).online).toBe(false);
      expect(writer.pending).toBe(1);
    });
    await writer.flush();
    const row = await terminalRow(t.app, a.terminalId);
    expect(row.online).toBe(true);
    expect(row.ip).toBe("10.0.0.1");
    expect(writer.pending).toBe(0);
  });

  it("the stale sweep marks the other screens offline, and the held one at its next pass", async () => {
    const a = await registerTerminal(t.app);
    const b = await registerTerminal(t.app);
    const longAgo = new Date(t.app.services.clock.now().getTime() - 3_600_000);
    for (const id of [a.terminalId, b.terminalId])
      await t.app.services.db
        .update(terminals)
        .set({ online: true, lastSeenAt: longAgo })
        .where(eq(terminals.id, id));

    await holding(a.terminalId, async () => {
      await within(t.app.services.hub.sweepStale(), 5_000, "the stale sweep");
      expect((await terminalRow(t.app, b.terminalId)).online).toBe(false);
      expect((await terminalRow(t.app, a.terminalId)).online).toBe(true);
    });
    await t.app.services.hub.sweepStale();
    expect((await terminalRow(t.app, a.terminalId)).online).toBe(false);
  });

  it("runways are written for the other screens at once, and for the held one at the next pass", async () => {
    const a = await registerTerminal(t.app);
    const b = await registerTerminal(t.app);
    for (const id of [a.terminalId, b.terminalId]) await authorise(t.app, id, officeId);

    await holding(a.terminalId, async () => {
      // Tried a few times, 200 ms apart, then left: never waiting on the row.
      const written = await within(
        recomputeRunways(t.app.services, [a.terminalId, b.terminalId]),
        5_000,
        "the runway pass",
      );
      expect(written).toBe(1);
      expect((await terminalRow(t.app, b.terminalId)).runwayAt).not.toBeNull();
      expect((await terminalRow(t.app, a.terminalId)).runwayAt).toBeNull();
    });
    expect(await recomputeRunways(t.app.services, [a.terminalId, b.terminalId])).toBe(1);
    expect((await terminalRow(t.app, a.terminalId)).runwayReason).toBe(
      (await terminalRow(t.app, b.terminalId)).runwayReason,
    );
  });
});
