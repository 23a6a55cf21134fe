import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { publications, publicationTargets } from "../src/db/schema";
import { NO_REASON } from "../src/terminal/delivery";
import { addOffice, createTestApp, initSystem, type TestApp } from "./helpers";

/**
 * The delivery tracker against the real database: a fleet's notifications
 * and fetches are written in a few statements, the state rules hold (no
 * step back on a refetch, nothing moves a withdrawn target, a scheduled
 * publication is not "notified"), and a stopping server writes what it held.
 */

let t: TestApp;
let officeId = 0;
let platformId = 0;
let closed = false;

/** `n` authorised terminals in the office, inserted in one statement. */
async function fleet(n: number, prefix: string): Promise<number[]> {
  const rows = await t.database.pool.query<{ id: number }>(
    `insert into terminals (office_id, name, device_id, token_hash, enrol_code, state, model, version, width, height)
     select $1, $2 || g, $2 || 'dev-' || g, $2 || 'tok-' || g, $2 || g, 'authorised', 'Sim', '1', 1920, 1080
     from generate_series(1, $3::int) g returning id`,
    [officeId, prefix, n],
  );
  return rows.rows.map((r) => r.id);
}

/** A publication with a target per terminal, all in `state`. */
async function publication(
  name: string,
  terminalIds: number[],
  state: "active" | "scheduled" = "active",
  targetState: "queued" | "offline" = "queued",
) {
  const [pub] = await t.database.db
    .insert(publications)
    .values({ officeId, kind: "program", contentId: 1, name, tenantId: officeId, state })
    .returning();
  if (!pub) throw new Error("no publication");
  await t.database.pool.query(
    `insert into publication_targets (publication_id, terminal_id, state)
     select $1, unnest($2::int[]), $3`,
    [pub.id, terminalIds, targetState],
  );
  return pub.id;
}

async function statesOf(publicationId: number) {
  const rows = await t.database.db
    .select({
      id: publicationTargets.terminalId,
      state: publicationTargets.state,
      reason: publicationTargets.reason,
    })
    .from(publicationTargets)
    .where(eq(publicationTargets.publicationId, publicationId));
  return new Map(rows.map((r) => [r.id, r]));
}

beforeAll(async () => {
  t = await createTestApp();
  platformId = (await initSystem(t)).officeId;
  officeId = (await addOffice(t, platformId, "customer", "Fleet owner")).id;
});
afterAll(async () => {
  if (closed) await t?.database.close();
  else await t?.close();
});

describe("the delivery tracker", () => {
  it("records 10,000 terminals notified and fetching in a few statements (bench:publish times it)", async () => {
    const ids = await fleet(10_000, "f");
    const pub = await publication("Fleet", ids);
    const tracker = t.app.services.hub.delivery;
    const execute = vi.spyOn(t.app.services.db, "execute");
    try {
      for (const id of ids) tracker.markNotified(id);
      await tracker.flush();
      for (const id of ids) tracker.markFetched(id, [pub]);
      await tracker.flush();
      // 5,000 rows a statement: two for the notifications, two for the fetches.
      expect(execute.mock.calls.length).toBeLessThanOrEqual(4);
    } finally {
      execute.mockRestore();
    }
    const [row] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(publicationTargets)
      .where(and(eq(publicationTargets.publicationId, pub), eq(publicationTargets.state, "fetched")));
    expect(row?.n).toBe(10_000);
  });

  it("writes a moment's fetches and reports of many screens in one statement each, the latest report of each winning", async () => {
    const ids = await fleet(3_000, "batch");
    const pub = await publication("Batch", ids);
    const tracker = t.app.services.hub.delivery;
    const execute = vi.spyOn(t.app.services.db, "execute");
    try {
      // What a fleet does after a publish: each screen takes its manifest, then reports (some twice).
      ids.forEach((id, i) => {
        tracker.markFetched(id, [pub]);
        if (i % 3 === 0) return;
        tracker.report(id, [{ publicationId: pub, state: "downloading", done: 0, total: 2 }]);
        tracker.report(id, [
          i % 3 === 1
            ? { publicationId: pub, state: "playing", done: 2, total: 2 }
            : { publicationId: pub, state: "failed", done: 1, total: 2, reason: "disk full" },
        ]);
      });
      await tracker.flush();
      // One for the screens that have not reported yet (fetched), one for the reports.
      expect(execute.mock.calls.length).toBe(2);
    } finally {
      execute.mockRestore();
    }
    const s = await statesOf(pub);
    ids.forEach((id, i) => {
      const want = ["fetched", "playing", "failed"][i % 3];
      expect(s.get(id)?.state, `terminal ${id}`).toBe(want);
      if (want === "failed") expect(s.get(id)?.reason).toBe("disk full");
    });
  });

  it("refuses a report of a publication the screen was not given, its own tenant's or another's", async () => {
    const other = (await addOffice(t, platformId, "customer", "Other tenant")).id;
    const [mine, theirs] = await fleet(2, "given");
    if (!mine || !theirs) throw new Error("no terminals");
    const own = await publication("Own", [mine]);
    const notMine = await publication("Not mine", [theirs]);
    const [foreign] = await t.database.db
      .insert(publications)
      .values({
        officeId: other,
        kind: "program",
        contentId: 1,
        name: "Foreign",
        tenantId: other,
        state: "active",
      })
      .returning();
    if (!foreign) throw new Error("no publication");
    await t.database.pool.query(
      "insert into publication_targets (publication_id, terminal_id, state) values ($1, $2, 'queued')",
      [foreign.id, theirs],
    );
    const tracker = t.app.services.hub.delivery;
    tracker.markFetched(mine, [own, notMine, foreign.id]);
    tracker.report(mine, [
      { publicationId: own, state: "playing" },
      { publicationId: notMine, state: "failed", reason: "not mine" },
      { publicationId: foreign.id, state: "playing" },
    ]);
    await tracker.flush();
    expect((await statesOf(own)).get(mine)?.state).toBe("playing");
    // Nothing of the screen's landed on the targets of the others, nor did any target appear for it.
    expect([...(await statesOf(notMine)).entries()]).toEqual([
      [theirs, { id: theirs, state: "queued", reason: null }],
    ]);
    expect([...(await statesOf(foreign.id)).entries()]).toEqual([
      [theirs, { id: theirs, state: "queued", reason: null }],
    ]);
  });

  it("writes on its own after a short pause", async () => {
    const [a] = await fleet(1, "p");
    if (!a) throw new Error("no terminal");
    const pub = await publication("Paused", [a], "active", "offline");
    t.app.services.hub.delivery.markNotified(a);
    expect((await statesOf(pub)).get(a)?.state).toBe("offline");
    await new Promise((r) => setTimeout(r, 600));
    expect((await statesOf(pub)).get(a)?.state).toBe("notified");
  });

  it("keeps the order of delivery: no step back, nothing after withdrawal, nothing before activation", async () => {
    const [a, b, c, d] = await fleet(4, "r");
    if (!a || !b || !c || !d) throw new Error("no terminals");
    const pub = await publication("Rules", [a, b, c, d]);
    const later = await publication("Later", [a], "scheduled");
    const tracker = t.app.services.hub.delivery;
    tracker.report(a, [{ publicationId: pub, state: "downloaded", done: 3, total: 3 }]);
    tracker.report(b, [{ publicationId: pub, state: "failed" }]);
    tracker.report(c, [
      { publicationId: pub, state: "downloading", done: 1, total: 4 },
      { publicationId: pub, state: "playing" },
    ]);
    await t.database.db
      .update(publicationTargets)
      .set({ state: "withdrawn" })
      .where(and(eq(publicationTargets.publicationId, pub), eq(publicationTargets.terminalId, d)));
    tracker.report(d, [{ publicationId: pub, state: "playing" }]);
    await tracker.flush();
    // A refetch and a hello later: the downloaded one stays, the failed one waits for its retry.
    for (const id of [a, b, c, d]) {
      tracker.markNotified(id);
      tracker.markFetched(id, [pub, later]);
    }
    await tracker.flush();
    const s = await statesOf(pub);
    expect(s.get(a)?.state).toBe("downloaded");
    expect(s.get(b)).toMatchObject({ state: "failed", reason: NO_REASON });
    expect(s.get(c)?.state).toBe("playing");
    expect(s.get(d)?.state).toBe("withdrawn");
    expect((await statesOf(later)).get(a)?.state).toBe("queued");
  });

  it("writes a report a screen sends again after a reconnect, though it repeats the last one", async () => {
    const [a, b] = await fleet(2, "again");
    if (!a || !b) throw new Error("no terminals");
    const pub = await publication("Again", [a, b]);
    const tracker = t.app.services.hub.delivery;
    tracker.report(a, [{ publicationId: pub, state: "playing", done: 2, total: 2 }]);
    tracker.report(b, [{ publicationId: pub, state: "failed", done: 1, total: 2, reason: "disk full" }]);
    await tracker.flush();
    const written = async () =>
      (
        await t.database.pool.query<{ terminal_id: number; state: string; reason: string | null; at: Date }>(
          "select terminal_id, state, reason, updated_at as at from publication_targets where publication_id = $1",
          [pub],
        )
      ).rows;
    const first = new Map((await written()).map((r) => [r.terminal_id, r]));
    t.clock.advance(60_000);
    // The screens come back: the welcome marks them notified, then each says again what it said before.
    for (const id of [a, b]) tracker.markNotified(id);
    tracker.report(a, [{ publicationId: pub, state: "playing", done: 2, total: 2 }]);
    tracker.report(b, [{ publicationId: pub, state: "failed", done: 1, total: 2, reason: "disk full" }]);
    // Written on its own, at the next pause (no flush asked), and as reported: nothing moved back to notified.
    await new Promise((r) => setTimeout(r, 600));
    const again = new Map((await written()).map((r) => [r.terminal_id, r]));
    expect(again.get(a)).toMatchObject({ state: "playing", reason: null });
    expect(again.get(b)).toMatchObject({ state: "failed", reason: "disk full" });
    for (const id of [a, b])
      expect(again.get(id)?.at.getTime()).toBeGreaterThanOrEqual((first.get(id)?.at.getTime() ?? 0) + 60_000);
  });

  it("writes what it still holds when the server stops", async () => {
    const [a] = await fleet(1, "s");
    if (!a) throw new Error("no terminal");
    const pub = await publication("Stopping", [a]);
    t.app.services.hub.delivery.report(a, [{ publicationId: pub, state: "failed", reason: "no space left" }]);
    await t.app.close();
    closed = true;
    const rows = await t.database.pool.query<{ state: string; reason: string }>(
      "select state, reason from publication_targets where publication_id = $1",
      [pub],
    );
    expect(rows.rows).toEqual([{ state: "failed", reason: "no space left" }]);
  });
});
