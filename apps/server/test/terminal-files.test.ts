import { createHash } from "node:crypto";
import { createProgram, createWidget, type ProgramDoc, type Scene } from "@marquee/program";
import { Manifest } from "@marquee/terminal-protocol";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { materials, programs, terminals } from "../src/db/schema";
import { MediaStorage } from "../src/platform/storage";
import { addOffice, addUser, createTestApp, initSystem, signedIn, type TestApp } from "./helpers";
import { authorise, registerTerminal, terminalRow } from "./terminal-helpers";

/**
 * The terminal's HTTP side: the manifest (ETag, 304, tenant and state rules),
 * media (only what the manifest lists, with Range), screenshots, and what a
 * terminal token does not open.
 */

let t: TestApp;
let storage: MediaStorage;
const md5 = (b: Buffer) => createHash("md5").update(b).digest("hex");
const png = (color: string) =>
  sharp({ create: { width: 32, height: 18, channels: 3, background: color } })
    .png()
    .toBuffer();

const ids = { platform: 0, a: 0, b: 0 };
const files = { a: Buffer.alloc(0), b: Buffer.alloc(0) };
const progs = { a: 0, aDraft: 0, b: 0 };
const term = { a: { id: 0, token: "" }, b: { id: 0, token: "" }, pending: { id: 0, token: "" } };

async function material(officeId: number, bytes: Buffer, name: string) {
  const hash = await storage.putBuffer(bytes);
  const [row] = await t.database.db
    .insert(materials)
    .values({
      officeId,
      name,
      type: "image",
      md5: hash,
      size: bytes.length,
      mime: "image/png",
      width: 32,
      height: 18,
    })
    .returning();
  if (!row) throw new Error("no material");
  return row;
}

async function program(officeId: number, name: string, materialId: number, state: "approved" | "draft") {
  const size = { width: 1920, height: 1080 };
  const doc: ProgramDoc = createProgram(size, "Main");
  const image = createWidget("image", size, { defaults: { materialId } });
  (doc.scenes[0] as Scene).widgets = [image];
  const [row] = await t.database.db
    .insert(programs)
    .values({ officeId, name, width: 1920, height: 1080, state, doc })
    .returning();
  if (!row) throw new Error("no program");
  return row.id;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url: `/apm-web${url}`, headers });

beforeAll(async () => {
  t = await createTestApp();
  storage = new MediaStorage(t.config.dataDir);
  ids.platform = (await initSystem(t)).officeId;
  const agent = await addOffice(t, ids.platform, "agent", "Agent");
  ids.a = (await addOffice(t, agent.id, "customer", "Customer A")).id;
  ids.b = (await addOffice(t, agent.id, "customer", "Customer B")).id;
  await addUser(t, ids.a, "alice", ["terminal:device:view"]);
  await addUser(t, ids.b, "bob", ["terminal:device:view"]);
  files.a = await png("#ff0000");
  files.b = await png("#0000ff");
  const ma = await material(ids.a, files.a, "red.png");
  const mb = await material(ids.b, files.b, "blue.png");
  progs.a = await program(ids.a, "A approved", ma.id, "approved");
  progs.aDraft = await program(ids.a, "A draft", ma.id, "draft");
  progs.b = await program(ids.b, "B approved", mb.id, "approved");
  for (const [key, office, list] of [
    ["a", ids.a, [progs.a, progs.b]],
    ["b", ids.b, [progs.b]],
  ] as const) {
    const reg = await registerTerminal(t.app);
    await authorise(t.app, reg.terminalId, office, [...list]);
    term[key] = { id: reg.terminalId, token: reg.token };
  }
  const pending = await registerTerminal(t.app);
  term.pending = { id: pending.terminalId, token: pending.token };
});
afterAll(async () => {
  await t?.close();
});

describe("the manifest", () => {
  it("lists the terminal's programs of its own tenant with their media, under an ETag", async () => {
    const res = await get("/t/manifest", bearer(term.a.token));
    expect(res.statusCode, res.body).toBe(200);
    const m = Manifest.parse(res.json());
    expect(res.headers.etag).toBe(`"${m.version}"`);
    expect(m.terminalId).toBe(term.a.id);
    // Program B is another tenant's: left out although assigned.
    expect(m.programs.map((p) => p.id)).toEqual([progs.a]);
    expect(m.media).toEqual([
      expect.objectContaining({ hash: md5(files.a), size: files.a.length, mime: "image/png", type: "image" }),
    ]);
    const again = await get("/t/manifest", { ...bearer(term.a.token), "if-none-match": `"${m.version}"` });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
  });

  it("follows the review setting: drafts play while review is off, not while it is on", async () => {
    await t.database.db
      .update(terminals)
      .set({ programIds: [progs.aDraft, progs.a] })
      .where(eq(terminals.id, term.a.id));
    await t.app.services.hub.notifySync([term.a.id]);
    const off = Manifest.parse((await get("/t/manifest", bearer(term.a.token))).json());
    expect(off.programs.map((p) => p.id)).toEqual([progs.aDraft, progs.a]);
    await t.app.services.settings.set("audit", true, null);
    t.app.services.hub.manifests.invalidate();
    const on = Manifest.parse((await get("/t/manifest", bearer(term.a.token))).json());
    expect(on.programs.map((p) => p.id)).toEqual([progs.a]);
    expect(on.version).not.toBe(off.version);
    await t.app.services.settings.set("audit", false, null);
    t.app.services.hub.manifests.invalidate();
  });

  it("is refused without a valid token (401) and to a pending terminal (403)", async () => {
    expect((await get("/t/manifest")).statusCode).toBe(401);
    expect((await get("/t/manifest", bearer("forged-token"))).statusCode).toBe(401);
    const pending = await get("/t/manifest", bearer(term.pending.token));
    expect(pending.statusCode).toBe(403);
    expect(pending.json().code).toBe(403);
  });
});

describe("media", () => {
  it("serves a file of the manifest with Range and an immutable cache", async () => {
    const hash = md5(files.a);
    const res = await get(`/t/media/${hash}`, bearer(term.a.token));
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(files.a)).toBe(true);
    expect(res.headers["content-type"]).toBe("image/png");
    expect(res.headers.etag).toBe(`"${hash}"`);
    expect(res.headers["cache-control"]).toContain("immutable");
    const part = await get(`/t/media/${hash}`, { ...bearer(term.a.token), range: "bytes=0-9" });
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 0-9/${files.a.length}`);
    expect(part.rawPayload.equals(files.a.subarray(0, 10))).toBe(true);
    const tail = await get(`/t/media/${hash}`, { ...bearer(term.a.token), range: "bytes=-5" });
    expect(tail.rawPayload.equals(files.a.subarray(files.a.length - 5))).toBe(true);
    expect(
      (await get(`/t/media/${hash}`, { ...bearer(term.a.token), "if-none-match": `"${hash}"` })).statusCode,
    ).toBe(304);
  });

  it("answers 404 for another tenant's or another terminal's file", async () => {
    // B's file exists and B's terminal gets it, but A's terminal does not (A's terminal has program B assigned).
    expect((await get(`/t/media/${md5(files.b)}`, bearer(term.b.token))).statusCode).toBe(200);
    expect((await get(`/t/media/${md5(files.b)}`, bearer(term.a.token))).statusCode).toBe(404);
    expect((await get(`/t/media/${md5(files.a)}`, bearer(term.b.token))).statusCode).toBe(404);
    expect((await get(`/t/media/${md5(files.a)}`, bearer(term.pending.token))).statusCode).toBe(403);
    expect((await get(`/t/media/${md5(files.a)}`)).statusCode).toBe(401);
  });
});

describe("the API document", () => {
  it("lists the terminal calls", async () => {
    const doc = await get("/docs/json");
    expect(doc.statusCode).toBe(200);
    for (const path of [
      "/apm-web/t/register",
      "/apm-web/t/manifest",
      "/apm-web/t/screenshot",
      "/apm-web/t/ws",
    ]) {
      expect(Object.keys(doc.json().paths)).toContain(path);
    }
  });
});

describe("a terminal token", () => {
  it("opens no operator call", async () => {
    for (const url of ["/a/api/user/getUserInfo", "/a/api/terminal/screenshot?id=1"]) {
      const res = await get(url, bearer(term.a.token));
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ code: 401, msg: "logout" });
    }
  });
});

describe("screenshots", () => {
  const upload = (token: string, body: Buffer, type: string, query = "") =>
    t.app.inject({
      method: "POST",
      url: `/apm-web/t/screenshot${query}`,
      headers: {
        ...bearer(token),
        "content-type": type,
      },
      payload: body,
    });

  it("stores an upload, records it on the terminal and the command, and the operator of its range sees it", async () => {
    const shot = await png("#00ff00");
    const [command] = await t.app.services.hub.command([term.a.id], "screenshot", {}, null);
    const res = await upload(term.a.token, shot, "image/png", `?commandId=${command?.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().md5).toBe(md5(shot));
    const row = await terminalRow(t.app, term.a.id);
    expect(row.screenshotMd5).toBe(md5(shot));
    expect(row.screenshotAt).not.toBeNull();
    const [outcome] = await t.app.services.hub.results([command?.id ?? ""]);
    expect(outcome?.data).toEqual({ screenshotMd5: md5(shot) });

    const alice = await signedIn(t, "alice", "alicePass1");
    const seen = await alice.get("/a/api/terminal/screenshot", { id: term.a.id });
    expect(seen.statusCode).toBe(200);
    expect(seen.headers["content-type"]).toBe("image/png");
    expect(seen.rawPayload.equals(shot)).toBe(true);
    const bob = await signedIn(t, "bob", "bobPass1");
    expect((await bob.get("/a/api/terminal/screenshot", { id: term.a.id })).statusCode).toBe(404);
  });

  it("refuses what is not a PNG, JPEG or WebP image, a large one, a command of another terminal, and pending terminals", async () => {
    const gif = Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1");
    expect((await upload(term.a.token, gif, "image/gif")).statusCode).toBe(400);
    expect((await upload(term.a.token, Buffer.from("MZ not an image at all"), "image/png")).statusCode).toBe(
      400,
    );
    expect((await upload(term.a.token, Buffer.from("{}"), "application/json")).statusCode).toBe(415);
    const big = Buffer.concat([await png("#000000"), Buffer.alloc(5 * 1024 * 1024)]);
    expect((await upload(term.a.token, big, "image/png")).statusCode).toBe(413);
    const [other] = await t.app.services.hub.command([term.b.id], "screenshot", {}, null);
    expect(
      (await upload(term.a.token, await png("#123456"), "image/png", `?commandId=${other?.id}`)).statusCode,
    ).toBe(404);
    expect((await upload(term.pending.token, await png("#654321"), "image/png")).statusCode).toBe(403);
    expect((await upload("forged", await png("#654321"), "image/png")).statusCode).toBe(401);
  });
});
