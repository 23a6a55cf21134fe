import type { Permission, PublicationTarget } from "@marquee/contracts";
import { createProgram } from "@marquee/program";
import { Manifest } from "@marquee/terminal-protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { programs } from "../src/db/schema";
import {
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
  fetchManifest,
  listening,
  openSocket,
  registerTerminal,
  sampleStatus,
  type TestSocket,
  waitFor,
} from "./terminal-helpers";

/**
 * A manifest carried by its sync or welcome: a screen that says in its hello
 * that it takes one holds a new manifest with no HTTP round trip, exactly as
 * GET /t/manifest would have answered it; its targets show "fetched" at
 * once. A screen that did not say so (an older player), a manifest over the
 * size limit, and a screen that already holds the version get only the
 * version, as before.
 */

let t: TestApp;
let origin: string;
let alice: Client;
let officeId = 0;
let otherOfficeId = 0;
const sockets: TestSocket[] = [];
const RIGHTS: Permission[] = ["content:program:view", "content:program:publish", "terminal:device:view"];

beforeAll(async () => {
  t = await createTestApp();
  const platform = (await initSystem(t)).officeId;
  officeId = (await addOffice(t, platform, "customer", "Shop A")).id;
  otherOfficeId = (await addOffice(t, platform, "customer", "Shop B")).id;
  await addUser(t, officeId, "alice", RIGHTS);
  alice = await signedIn(t, "alice", "alicePass1", "en");
  origin = await listening(t.app);
});
afterAll(async () => {
  await Promise.all(sockets.map((s) => s.close()));
  await t?.close();
});

async function program(office: number, name: string) {
  const doc = createProgram({ width: 1920, height: 1080 }, "Main");
  const [row] = await t.database.db
    .insert(programs)
    .values({ officeId: office, name, width: 1920, height: 1080, state: "approved", doc })
    .returning({ id: programs.id });
  if (!row) throw new Error("no program");
  return row.id;
}

/** An authorised screen of `office`, online, saying (or not) that it takes carried manifests. */
async function screen(office: number, name: string, takesManifest: boolean, held: string | null = null) {
  const reg = await registerTerminal(t.app, { name });
  await authorise(t.app, reg.terminalId, office);
  const socket = await openSocket(origin, reg.token);
  sockets.push(socket);
  const welcome = await socket.hello(sampleStatus({ manifestVersion: held }), undefined, { takesManifest });
  return { id: reg.terminalId, token: reg.token, socket, welcome };
}

/** What GET /t/manifest answers the screen, as the protocol reads it (but when it was made). */
async function fetched(token: string) {
  const res = await fetchManifest(t.app, token);
  expect(res.statusCode, res.body).toBe(200);
  return { ...Manifest.parse(res.json()), generatedAt: expect.any(String) };
}

async function publish(programId: number, terminalIds: number[]) {
  const res = await alice.post("/a/api/publishProgram/saveTerminals", { id: programId, terminalIds });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().publicationId as number;
}

async function targetState(publicationId: number, terminalId: number) {
  await t.app.services.hub.delivery.flush();
  const res = await alice.get("/a/api/publishProgram/getPublishProgramDetails", {
    id: publicationId,
    pageSize: 100,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().list as PublicationTarget[]).find((x) => x.terminalId === terminalId)?.state;
}

describe("a publication told to screens that take their manifest with the sync", () => {
  it("carries each screen's own manifest, equal to what a fetch answers, and records it taken", async () => {
    const a = await screen(officeId, "Lobby left", true);
    const b = await screen(officeId, "Lobby right", true);
    const old = await screen(officeId, "Old player", false);
    const id = await program(officeId, "Carried news");
    const pubId = await publish(id, [a.id, b.id, old.id]);

    const [syncA, syncB, syncOld] = await Promise.all([
      a.socket.next("sync"),
      b.socket.next("sync"),
      old.socket.next("sync"),
    ]);
    // Taken with no GET: their targets are "fetched"; the older player's only "notified".
    await waitFor(async () => (await targetState(pubId, a.id)) === "fetched", 5000, "fetched");
    expect(await targetState(pubId, b.id)).toBe("fetched");
    expect(await targetState(pubId, old.id)).toBe("notified");
    expect(syncOld.manifest).toBeUndefined();
    expect(syncOld.manifestVersion).toBeTruthy();

    // The same body for both (it differs only by id, name and version), each with its own, as a fetch answers it.
    expect(syncA.manifest).toEqual(await fetched(a.token));
    expect(syncB.manifest).toEqual(await fetched(b.token));
    expect(syncA.manifest?.version).toBe(syncA.manifestVersion);
    expect(syncA.manifest).toMatchObject({ terminalId: a.id, terminalName: "Lobby left" });
    expect(syncB.manifest).toMatchObject({ terminalId: b.id, terminalName: "Lobby right" });
    expect(syncA.manifest?.programs.map((p) => p.id)).toEqual([id]);
    expect(syncA.manifest?.publications.map((p) => p.id)).toEqual([pubId]);
    // Sent as text frames, as every frame of the protocol.
    expect(a.socket.binaryFrames).toBe(0);
  });

  it("names only the version of a manifest over the size limit, and the screen fetches it", async () => {
    const hub = t.app.services.hub;
    const small = hub.inlineManifestMaxBytes;
    const s = await screen(officeId, "Big manifest", true);
    hub.inlineManifestMaxBytes = 100;
    try {
      const pubId = await publish(await program(officeId, "Too big to carry"), [s.id]);
      const sync = await s.socket.next("sync");
      expect(sync.manifest).toBeUndefined();
      await waitFor(async () => (await targetState(pubId, s.id)) === "notified", 5000, "notified");
      expect((await fetched(s.token)).version).toBe(sync.manifestVersion);
      await waitFor(async () => (await targetState(pubId, s.id)) === "fetched", 5000, "fetched");
    } finally {
      hub.inlineManifestMaxBytes = small;
    }
  });
});

describe("a welcome", () => {
  it("carries the manifest to a screen that reported another version, and not to one that holds it", async () => {
    const first = await screen(officeId, "Reconnecting", true);
    const pubId = await publish(await program(officeId, "While away"), [first.id]);
    const { manifest } = await first.socket.next("sync");
    expect(manifest).toBeDefined();
    await first.socket.close();

    // Back with the version it holds: the welcome names it, and carries nothing.
    const same = await openSocket(origin, first.token);
    sockets.push(same);
    const welcomeSame = await same.hello(
      sampleStatus({ manifestVersion: manifest?.version ?? null }),
      undefined,
      {
        takesManifest: true,
      },
    );
    expect(welcomeSame.manifestVersion).toBe(manifest?.version);
    expect(welcomeSame.manifest).toBeUndefined();
    await same.close();

    // Back holding an older version (or none): the welcome carries the current manifest.
    const stale = await openSocket(origin, first.token);
    sockets.push(stale);
    const welcome = await stale.hello(sampleStatus({ manifestVersion: "an-older-version" }), undefined, {
      takesManifest: true,
    });
    expect(welcome.manifest).toEqual(await fetched(first.token));
    expect(welcome.manifest?.publications.map((p) => p.id)).toEqual([pubId]);
  });

  it("carries only the screen's own tenant's content", async () => {
    const mine = await screen(officeId, "Mine", true);
    const theirs = await screen(otherOfficeId, "Theirs", true);
    await publish(await program(officeId, "Only for shop A"), [mine.id]);
    const sync = await mine.socket.next("sync");
    expect(sync.manifest?.programs.map((p) => p.name)).toContain("Only for shop A");
    // The other tenant's screen was told nothing, and its welcome carried nothing of shop A.
    await expect(theirs.socket.next("sync", 500)).rejects.toThrow(/no sync frame/);
    expect(JSON.stringify(theirs.welcome)).not.toContain("Only for shop A");
  });
});
