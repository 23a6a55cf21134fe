import { createProgram } from "@marquee/program";
import { Manifest } from "@marquee/terminal-protocol";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { connect, type Database } from "../src/db/client";
import { programs, terminals } from "../src/db/schema";
import { ADMIN, addOffice, Client, createTestApp, initSystem, signedIn, type TestApp } from "./helpers";
import { authorise, fetchManifest, registerTerminal, waitFor } from "./terminal-helpers";

/**
 * The manifest's cold path: one serialised answer per version shared by the
 * screens that get it (each with its own id), 304 on a repeated fetch, and
 * the token cache in front of it, dropped at once when a terminal is
 * deleted, given a new token or moved, here and on a second process.
 */

let t: TestApp;
let second: { app: FastifyInstance; database: Database };
const ids = { platform: 0, a: 0, b: 0 };
const progs = { a: 0, a2: 0, b: 0 };

async function program(officeId: number, name: string) {
  const doc = createProgram({ width: 1920, height: 1080 }, "Main");
  const [row] = await t.database.db
    .insert(programs)
    .values({ officeId, name, width: 1920, height: 1080, state: "approved", doc })
    .returning();
  if (!row) throw new Error("no program");
  return row.id;
}

/** A registered terminal authorised into `officeId` with `programIds`. */
async function screen(officeId: number, programIds: number[], deviceId?: string) {
  const reg = await registerTerminal(t.app, deviceId ? { deviceId } : {});
  await authorise(t.app, reg.terminalId, officeId, programIds);
  return { id: reg.terminalId, token: reg.token };
}

async function manifestOf(token: string, app = t.app) {
  const res = await fetchManifest(app, token);
  expect(res.statusCode, res.body).toBe(200);
  return {
    body: res.json() as Record<string, unknown>,
    manifest: Manifest.parse(res.json()),
    etag: res.headers.etag,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  ids.platform = (await initSystem(t)).officeId;
  const agent = await addOffice(t, ids.platform, "agent", "Agent");
  ids.a = (await addOffice(t, agent.id, "customer", "Customer A")).id;
  ids.b = (await addOffice(t, agent.id, "customer", "Customer B")).id;
  progs.a = await program(ids.a, "A first");
  progs.a2 = await program(ids.a, "A second");
  progs.b = await program(ids.b, "B first");
  const url = t.config.databaseUrl;
  if (!url) throw new Error("the test app has no database URL");
  const database = connect(url, 5, pino({ level: "silent" }));
  second = { app: await buildApp({ config: t.config, database, clock: t.clock }), database };
  await second.app.ready();
});
afterAll(async () => {
  await second?.app.close();
  await second?.database.close();
  await t?.close();
});

describe("the manifest answer", () => {
  it("answers 304 to a repeated fetch with the ETag it gave, and the same body to a fetch without it", async () => {
    const s = await screen(ids.a, [progs.a]);
    const first = await manifestOf(s.token);
    expect(first.etag).toBe(`"${first.manifest.version}"`);
    expect(first.body).toMatchObject({ code: 0, terminalId: s.id });
    const again = await fetchManifest(t.app, s.token, first.manifest.version);
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    expect(again.headers.etag).toBe(first.etag);
    expect((await manifestOf(s.token)).body).toEqual(first.body);
  });

  it("is shared by screens with the same version, each answered with its own id", async () => {
    const one = await screen(ids.a, [progs.a]);
    const two = await screen(ids.a, [progs.a]);
    await t.database.db.update(terminals).set({ name: "same" }).where(eq(terminals.id, one.id));
    await t.database.db.update(terminals).set({ name: "same" }).where(eq(terminals.id, two.id));
    await t.app.services.hub.notifySync([one.id, two.id]);
    const a = await manifestOf(one.token);
    const b = await manifestOf(two.token);
    expect(a.etag).toBe(b.etag);
    expect(a.manifest.terminalId).toBe(one.id);
    expect(b.manifest.terminalId).toBe(two.id);
    expect({ ...a.body, terminalId: 0 }).toEqual({ ...b.body, terminalId: 0 });
  });

  it("is shared by screens that differ only by name, each answered with its own name, id and version", async () => {
    const one = await screen(ids.a, [progs.a2]);
    const two = await screen(ids.a, [progs.a2]);
    await t.database.db.update(terminals).set({ name: "Lobby" }).where(eq(terminals.id, one.id));
    await t.database.db.update(terminals).set({ name: 'Bar "north"' }).where(eq(terminals.id, two.id));
    await t.app.services.hub.notifySync([one.id, two.id]);
    const a = await manifestOf(one.token);
    const b = await manifestOf(two.token);
    expect(a.manifest).toMatchObject({ terminalId: one.id, terminalName: "Lobby" });
    expect(b.manifest).toMatchObject({ terminalId: two.id, terminalName: 'Bar "north"' });
    // The name is the screen's own: it changes the version (the player shows it), nothing else.
    expect(a.etag).not.toBe(b.etag);
    expect(a.etag).toBe(`"${a.manifest.version}"`);
    expect(b.etag).toBe(`"${b.manifest.version}"`);
    const others = (x: Record<string, unknown>) => ({ ...x, version: "", terminalId: 0, terminalName: "" });
    expect(others(a.body)).toEqual(others(b.body));
    expect(Object.keys(a.body).slice(0, 5)).toEqual(["code", "msg", "version", "terminalId", "terminalName"]);
    // Renamed: a new version, answered at once with the new name.
    await t.database.db.update(terminals).set({ name: "Lobby east" }).where(eq(terminals.id, one.id));
    await t.app.services.hub.notifySync([one.id]);
    expect((await fetchManifest(t.app, one.token, a.manifest.version)).statusCode).toBe(200);
    const renamed = await manifestOf(one.token);
    expect(renamed.manifest).toMatchObject({ terminalId: one.id, terminalName: "Lobby east" });
    expect(renamed.etag).not.toBe(a.etag);
  });

  it("changes its ETag and its body when the screen is given new content", async () => {
    const s = await screen(ids.a, [progs.a]);
    const before = await manifestOf(s.token);
    // What a publish does: the terminal's row changes, then its holders are told (notifySync).
    await t.database.db
      .update(terminals)
      .set({ programIds: [progs.a, progs.a2] })
      .where(eq(terminals.id, s.id));
    await t.app.services.hub.notifySync([s.id]);
    const after = await manifestOf(s.token);
    expect(after.etag).not.toBe(before.etag);
    expect(before.manifest.programs.map((p) => p.id)).toEqual([progs.a]);
    expect(after.manifest.programs.map((p) => p.id)).toEqual([progs.a, progs.a2]);
    // The old ETag no longer answers 304.
    expect((await fetchManifest(t.app, s.token, before.manifest.version)).statusCode).toBe(200);
  });

  it("gives a screen whose settings differ from its neighbour's its own manifest", async () => {
    const plain = await screen(ids.a, [progs.a]);
    const own = await screen(ids.a, [progs.a]);
    await t.database.db
      .update(terminals)
      .set({ settings: { heartbeatSec: 45 } })
      .where(eq(terminals.id, own.id));
    await t.app.services.hub.notifySync([own.id]);
    const p = await manifestOf(plain.token);
    const o = await manifestOf(own.token);
    expect(o.etag).not.toBe(p.etag);
    expect(o.manifest.settings).toMatchObject({ heartbeatSec: 45 });
    expect(p.manifest.settings).not.toMatchObject({ heartbeatSec: 45 });
    expect(o.manifest.terminalId).toBe(own.id);
  });

  it("never gives a screen another tenant's manifest, even where their content looks alike", async () => {
    const a = await screen(ids.a, []);
    const b = await screen(ids.b, []);
    const withA = await screen(ids.a, [progs.a, progs.b]);
    const withB = await screen(ids.b, [progs.a, progs.b]);
    for (const [s, office] of [
      [a, ids.a],
      [b, ids.b],
    ] as const) {
      const m = (await manifestOf(s.token)).manifest;
      expect(m.terminalId).toBe(s.id);
      expect(m.programs).toEqual([]);
      expect(office).toBeGreaterThan(0);
    }
    expect((await manifestOf(withA.token)).manifest.programs.map((p) => p.id)).toEqual([progs.a]);
    expect((await manifestOf(withB.token)).manifest.programs.map((p) => p.id)).toEqual([progs.b]);
    // Fetched again (answers built and cached): still each its own.
    expect((await manifestOf(withA.token)).manifest.programs.map((p) => p.id)).toEqual([progs.a]);
    expect((await manifestOf(withB.token)).manifest.programs.map((p) => p.id)).toEqual([progs.b]);
  });
});

describe("the token cache", () => {
  it("refuses a deleted terminal's token at once", async () => {
    const s = await screen(ids.a, [progs.a]);
    await manifestOf(s.token);
    expect(t.app.services.hub.tokens.size).toBeGreaterThan(0);
    const admin = await signedIn(t, ADMIN.username, ADMIN.password, "en");
    const res = await admin.post("/a/api/terminal/delete", { ids: [s.id] });
    expect(res.statusCode, res.body).toBe(200);
    const after = await fetchManifest(t.app, s.token);
    expect(after.statusCode).toBe(401);
  });

  it("refuses the old token at once when the screen registers again, and takes the new one", async () => {
    const deviceId = `dev-rotate-${Date.now()}`;
    const s = await screen(ids.a, [progs.a], deviceId);
    await manifestOf(s.token);
    const again = await registerTerminal(t.app, { deviceId });
    expect(again.terminalId).toBe(s.id);
    expect((await fetchManifest(t.app, s.token)).statusCode).toBe(401);
    expect((await manifestOf(again.token)).manifest.terminalId).toBe(s.id);
  });

  it("gives a screen moved to another tenant that tenant's manifest at once", async () => {
    const s = await screen(ids.a, [progs.a, progs.b]);
    expect((await manifestOf(s.token)).manifest.programs.map((p) => p.id)).toEqual([progs.a]);
    const admin = await signedIn(t, ADMIN.username, ADMIN.password, "en");
    const res = await admin.post("/a/api/terminal/updateTerminalOffice", { ids: [s.id], officeId: ids.b });
    expect(res.statusCode, res.body).toBe(200);
    const moved = (await manifestOf(s.token)).manifest;
    expect(moved.programs.map((p) => p.id)).not.toContain(progs.a);
  });

  it("refuses a terminal deleted through another process as soon as the bus tells this one", async () => {
    const s = await screen(ids.a, [progs.a]);
    // Both processes hold the terminal in their cache.
    await manifestOf(s.token);
    await manifestOf(s.token, second.app);
    const admin = new Client(second.app, "en");
    expect((await admin.login(ADMIN.username, ADMIN.password)).statusCode).toBe(200);
    const res = await admin.post("/a/api/terminal/delete", { ids: [s.id] });
    expect(res.statusCode, res.body).toBe(200);
    // The deleting process refuses it at once; this one when the bus message arrives (milliseconds).
    expect((await fetchManifest(second.app, s.token)).statusCode).toBe(401);
    await waitFor(async () => (await fetchManifest(t.app, s.token)).statusCode === 401, 2000);
  });

  it("reads the table again when the bus is not listening (a message may have been missed)", async () => {
    const s = await screen(ids.a, [progs.a]);
    await manifestOf(s.token);
    // Deleted behind the cache's back, with no message: only a cache that no bus vouches for would see it.
    await t.database.db.delete(terminals).where(eq(terminals.id, s.id));
    const tokens = t.app.services.hub.tokens as unknown as { busEpoch: () => number | null };
    const real = tokens.busEpoch;
    tokens.busEpoch = () => null;
    try {
      expect((await fetchManifest(t.app, s.token)).statusCode).toBe(401);
    } finally {
      tokens.busEpoch = real;
    }
  });
});
