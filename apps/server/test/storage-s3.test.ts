import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { UPLOAD_CHUNK_BYTES } from "@marquee/contracts";
import { createProgram, createWidget, type ProgramDoc, type Scene } from "@marquee/program";
import { eq } from "drizzle-orm";
import pino from "pino";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { connect } from "../src/db/client";
import { materials, offices, programs } from "../src/db/schema";
import {
  ADMIN,
  addOffice,
  addUser,
  Client,
  createTestApp,
  initSystem,
  signedIn,
  type TestApp,
} from "./helpers";
import { makeVideo } from "./media";
import { startS3, type TestS3 } from "./s3";
import { authorise, registerTerminal } from "./terminal-helpers";

/** The real app with STORAGE=s3 against a local S3-compatible server: every stored file goes to the bucket. */

const md5 = (b: Buffer) => createHash("md5").update(b).digest("hex");
const fakePng = (bytes: number) =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(bytes - 8)]);
const png = (color: string, width = 64, height = 36) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();

let s3: TestS3;
let t: TestApp;
let admin: Client;
let platformId: number;
beforeAll(async () => {
  s3 = await startS3();
  t = await createTestApp(s3.env);
  platformId = (await initSystem(t)).officeId;
  admin = await signedIn(t, ADMIN.username, ADMIN.password, "en");
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const inBucket = async (hash: string) => t.app.services.storage.store.head(`${hash.slice(0, 2)}/${hash}`);

async function check(c: Client, file: Buffer, name: string, declared = md5(file)) {
  return c.get("/a/api/fileInfosa/uploaderMD5Check", { md5: declared, size: file.length, name });
}
async function sendChunk(c: Client, uploadId: string, file: Buffer, index: number) {
  const chunk = file.subarray(index * UPLOAD_CHUNK_BYTES, (index + 1) * UPLOAD_CHUNK_BYTES);
  return c.request("POST", "/a/api/fileInfosa/uploader", {
    query: { uploadId, index, md5: md5(chunk) },
    payload: chunk,
    headers: { "content-type": "application/octet-stream" },
  });
}
async function upload(c: Client, file: Buffer, name: string) {
  const r = (await check(c, file, name)).json();
  if (r.exists) return r.material;
  let last = null;
  for (let i = 0; i < r.chunkCount; i++) last = (await sendChunk(c, r.uploadId, file, i)).json();
  return last.material;
}
async function until<T>(get: () => Promise<T>, ok: (v: T) => boolean, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await get();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe("uploads into a bucket", () => {
  it("takes chunks out of order and resumed, proves the whole MD5, and stores the file by MD5 in the bucket", async () => {
    const file = fakePng(UPLOAD_CHUNK_BYTES * 2 + 1234);
    const start = (await check(admin, file, "big.png")).json();
    expect(start).toMatchObject({ exists: false, chunkCount: 3, uploadedChunks: [] });
    expect((await sendChunk(admin, start.uploadId, file, 2)).json()).toMatchObject({ uploadedChunks: [2] });
    // Resumed: the same upload, with what it already holds.
    const resumed = (await check(admin, file, "big.png")).json();
    expect(resumed).toMatchObject({ uploadId: start.uploadId, uploadedChunks: [2] });
    await sendChunk(admin, start.uploadId, file, 0);
    const done = (await sendChunk(admin, start.uploadId, file, 1)).json();
    expect(done.complete).toBe(true);
    expect(done.material).toMatchObject({ md5: md5(file), size: file.length });
    expect(await inBucket(md5(file))).toMatchObject({ size: file.length });
    // Nothing on the data disk: no chunk file, no media file; the staging object is gone.
    expect(existsSync(path.join(t.config.dataDir, "uploads", start.uploadId))).toBe(false);
    expect(existsSync(path.join(t.config.dataDir, "files", md5(file).slice(0, 2)))).toBe(false);
    expect(await t.app.services.storage.store.head(`uploads/${start.uploadId}`)).toBeNull();

    // The same file again is an instant upload.
    const again = (await check(admin, file, "again.png")).json();
    expect(again.exists).toBe(true);
    expect(again.material.md5).toBe(md5(file));
  });

  it("lets another server process finish an upload from the parts kept in its row", async () => {
    const file = fakePng(UPLOAD_CHUNK_BYTES * 2 + 77);
    const start = (await check(admin, file, "shared.png")).json();
    await sendChunk(admin, start.uploadId, file, 0);
    await sendChunk(admin, start.uploadId, file, 1);
    // A second process on the same database and bucket, which never saw the first chunks.
    const database = connect(t.config.databaseUrl ?? "", 3, pino({ level: "silent" }));
    const other = await buildApp({ config: t.config, database, clock: t.clock });
    try {
      await other.ready();
      const there = new Client(other, "en");
      for (const [k, v] of admin.cookies) there.cookies.set(k, v);
      const resumed = (await check(there, file, "shared.png")).json();
      expect(resumed).toMatchObject({ uploadId: start.uploadId, uploadedChunks: [0, 1] });
      const done = (await sendChunk(there, start.uploadId, file, 2)).json();
      expect(done.complete).toBe(true);
      expect(done.material.md5).toBe(md5(file));
      expect(await inBucket(md5(file))).toMatchObject({ size: file.length });
    } finally {
      await other.close();
      await database.close();
    }
  });

  it("refuses a file whose bytes do not match its declared MD5, leaving nothing stored", async () => {
    const file = fakePng(UPLOAD_CHUNK_BYTES + 10);
    const r = (await check(admin, file, "liar.png", "0".repeat(32))).json();
    await sendChunk(admin, r.uploadId, file, 0);
    const res = await sendChunk(admin, r.uploadId, file, 1);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().msg).toMatch(/MD5|corrupt|damaged/i);
    expect(await inBucket("0".repeat(32))).toBeNull();
    expect(await inBucket(md5(file))).toBeNull();
  });

  it("refuses a file over the tenant's quota before any byte is sent", async () => {
    const customer = await addOffice(t, platformId, "customer", "Small Co");
    await t.database.db.update(offices).set({ capacityBytes: 10_000 }).where(eq(offices.id, customer.id));
    const u = await addUser(t, customer.id, "smallco", ["content:material:upload", "content:material:view"]);
    const c = await signedIn(t, u.username, u.password, "en");
    await t.app.services.settings.set("capacitySetting", "true", null);
    const over = await c.get("/a/api/fileInfosa/uploaderMD5Check", {
      md5: "b".repeat(32),
      size: 20_000,
      name: "v.mp4",
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().msg).toMatch(/quota/);
    await t.app.services.settings.set("capacitySetting", "false", null);
  });

  it("abandoning an upload forgets it: the next check starts a new multipart upload", async () => {
    // s3rver implements neither AbortMultipartUpload nor ListMultipartUploads: the abort is best effort, and
    // the bucket's lifecycle rule removes what it leaves (docs/storage.md).
    const file = fakePng(UPLOAD_CHUNK_BYTES + 10);
    const r = (await check(admin, file, "dropped.png")).json();
    await sendChunk(admin, r.uploadId, file, 0);
    expect((await admin.post("/a/api/fileInfosa/abandonUpload", { uploadId: r.uploadId })).statusCode).toBe(
      200,
    );
    const next = (await check(admin, file, "dropped.png")).json();
    expect(next).toMatchObject({ exists: false, uploadedChunks: [] });
    expect(next.uploadId).not.toBe(r.uploadId);
    await sendChunk(admin, next.uploadId, file, 1);
    const done = (await sendChunk(admin, next.uploadId, file, 0)).json();
    expect(done.material).toMatchObject({ md5: md5(file) });
  });

  it("makes the thumbnail in the processor and serves it, and the file, by a redirect to the bucket", async () => {
    const image = await png("#3366cc", 640, 360);
    const m = await upload(admin, image, "blue.png");
    const listed = async () =>
      (await admin.get("/a/api/material/list", { pageSize: 100 }))
        .json()
        .list.find((x: { id: number }) => x.id === m.id);
    const done = await until(listed, (x) => x.thumbUrl !== null);
    expect(done).toMatchObject({ width: 640, height: 360 });
    const thumb = await admin.request("GET", done.thumbUrl.replace(/^\/apm-web/, ""));
    expect(thumb.statusCode).toBe(302);
    const thumbBytes = Buffer.from(await (await fetch(thumb.headers.location as string)).arrayBuffer());
    expect((await sharp(thumbBytes).metadata()).width).toBe(320);
    const file = await admin.get("/a/api/fileInfosa/getFile", { id: m.id });
    expect(file.statusCode).toBe(302);
    expect(file.headers["cache-control"]).toBe("private, max-age=150");
    // No ETag on a redirect: revalidating it would answer 304 and send the browser to an expired URL.
    expect(file.headers.etag).toBeUndefined();
    expect(thumb.headers.etag).toBeUndefined();
    const bytes = Buffer.from(await (await fetch(file.headers.location as string)).arrayBuffer());
    expect(bytes.equals(image)).toBe(true);
  });
});

describe("transcoding from and into a bucket", () => {
  it("reads the source through a local copy and stores the MP4 back in the bucket", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "marquee-s3-media-"));
    try {
      const webm = path.join(dir, "clip.webm");
      makeVideo(webm, { codec: "vp9", width: 160, height: 120, seconds: 1 });
      const m = await upload(admin, readFileSync(webm), "clip.webm");
      const p = await until(
        async () =>
          (await admin.get("/a/api/fileInfosa/convertProgress", { ids: String(m.id) })).json().progress[0],
        (x) => x.convertState === "done" || x.convertState === "failed",
      );
      expect(p).toMatchObject({ convertState: "done" });
      const [row] = await t.database.db.select().from(materials).where(eq(materials.id, m.id));
      expect(row?.mime).toBe("video/mp4");
      expect(await inBucket(row?.md5 ?? "")).toMatchObject({ size: row?.size });
      const head = await t.app.services.storage.head(row?.md5 ?? "", 8);
      expect(head.subarray(4, 8).toString("latin1")).toBe("ftyp");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("terminal media from a bucket", () => {
  it("answers /t/media/:hash with a redirect to the bytes (and ranges of them), and still refuses a foreign tenant's file", async () => {
    const agent = await addOffice(t, platformId, "agent", "Agent");
    const a = (await addOffice(t, agent.id, "customer", "Customer A")).id;
    const b = (await addOffice(t, agent.id, "customer", "Customer B")).id;
    const storage = t.app.services.storage;
    const material = async (officeId: number, bytes: Buffer) => {
      const hash = await storage.putBuffer(bytes);
      const [row] = await t.database.db
        .insert(materials)
        .values({ officeId, name: "x.png", type: "image", md5: hash, size: bytes.length, mime: "image/png" })
        .returning();
      if (!row) throw new Error("no material");
      const size = { width: 1920, height: 1080 };
      const doc: ProgramDoc = createProgram(size, "Main");
      (doc.scenes[0] as Scene).widgets = [createWidget("image", size, { defaults: { materialId: row.id } })];
      const [p] = await t.database.db
        .insert(programs)
        .values({ officeId, name: "P", width: 1920, height: 1080, state: "approved", doc })
        .returning();
      return { hash, programId: p?.id ?? 0 };
    };
    const fileA = await png("#ff0000");
    const fileB = await png("#0000ff");
    const ma = await material(a, fileA);
    const mb = await material(b, fileB);
    const reg = await registerTerminal(t.app);
    await authorise(t.app, reg.terminalId, a, [ma.programId]);
    const bearer = { authorization: `Bearer ${reg.token}` };
    const res = await t.app.inject({ method: "GET", url: `/apm-web/t/media/${ma.hash}`, headers: bearer });
    expect(res.statusCode).toBe(302);
    expect(res.headers["cache-control"]).toMatch(/^private, max-age=\d+$/);
    const url = res.headers.location as string;
    const whole = Buffer.from(await (await fetch(url)).arrayBuffer());
    expect(whole.equals(fileA)).toBe(true);
    const part = await fetch(url, { headers: { range: "bytes=0-9" } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(fileA.subarray(0, 10))).toBe(true);
    const foreign = await t.app.inject({
      method: "GET",
      url: `/apm-web/t/media/${mb.hash}`,
      headers: bearer,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.headers.location).toBeUndefined();
  });
});

describe("avatars, brand images and screenshots in a bucket", () => {
  it("round-trips an avatar and a brand image through the bucket", async () => {
    const image = await png("#00aa00");
    const res = await admin.post("/a/api/user/uploadAvatar", {
      image: `data:image/png;base64,${image.toString("base64")}`,
    });
    expect(res.statusCode).toBe(200);
    const { avatar } = res.json();
    const file = avatar.split("/").pop();
    expect(await t.app.services.storage.store.head(`avatars/${file}`)).toMatchObject({ size: image.length });
    const served = await t.app.inject({ method: "GET", url: avatar });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(image)).toBe(true);

    const brandOffice = await addOffice(t, platformId, "customer", "Branded");
    expect(
      (await admin.post("/a/api/customer/openPersonal", { id: brandOffice.id, personalType: 1 })).statusCode,
    ).toBe(200);
    const brand = await admin.post("/a/api/customer/uploadBrandImage", {
      officeId: brandOffice.id,
      kind: "logo",
      image: `data:image/png;base64,${image.toString("base64")}`,
    });
    expect(brand.statusCode, brand.body).toBe(200);
    const url: string = brand.json().url;
    const brandFile = url.split("/").pop();
    expect(await t.app.services.storage.store.head(`brand/${brandFile}`)).toMatchObject({
      size: image.length,
    });
    const brandServed = await t.app.inject({ method: "GET", url });
    expect(brandServed.rawPayload.equals(image)).toBe(true);
  });

  it("stores a terminal's screenshot in the bucket and shows it to the operator", async () => {
    const reg = await registerTerminal(t.app);
    await authorise(t.app, reg.terminalId, platformId, []);
    const shot = await png("#00ff00");
    const res = await t.app.inject({
      method: "POST",
      url: "/apm-web/t/screenshot",
      headers: { authorization: `Bearer ${reg.token}`, "content-type": "image/png" },
      payload: shot,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await inBucket(md5(shot))).toMatchObject({ size: shot.length });
    const seen = await admin.get("/a/api/terminal/screenshot", { id: reg.terminalId });
    expect(seen.statusCode).toBe(200);
    expect(seen.rawPayload.equals(shot)).toBe(true);
  });
});
