import { randomBytes } from "node:crypto";
import { UPLOAD_CHUNK_BYTES } from "@marquee/contracts";
import { inArray } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { connect } from "../src/db/client";
import { materialRefs, materials, offices } from "../src/db/schema";
import { toMaterial } from "../src/modules/material/repo";
import {
  ADMIN,
  addOffice,
  addUser,
  Client,
  createTestApp,
  initSystem,
  materialCountsDrift,
  signedIn,
  type TestApp,
} from "./helpers";
import { fakePng, md5 } from "./media";

let t: TestApp;
let admin: Client;
let platformId: number;
beforeAll(async () => {
  t = await createTestApp();
  platformId = (await initSystem(t)).officeId;
  admin = await signedIn(t, ADMIN.username, ADMIN.password, "en");
});
afterAll(async () => {
  await t?.close();
});

async function check(c: Client, file: Buffer, name: string, folderId?: number) {
  return c.get("/a/api/fileInfosa/uploaderMD5Check", {
    md5: md5(file),
    size: file.length,
    name,
    ...(folderId ? { folderId } : {}),
  });
}

async function sendChunk(c: Client, uploadId: string, file: Buffer, index: number, override?: Buffer) {
  const chunk = override ?? file.subarray(index * UPLOAD_CHUNK_BYTES, (index + 1) * UPLOAD_CHUNK_BYTES);
  return c.request("POST", "/a/api/fileInfosa/uploader", {
    query: { uploadId, index, md5: md5(chunk) },
    payload: chunk,
    headers: { "content-type": "application/octet-stream" },
  });
}

/** Uploads a whole file chunk by chunk; answers the created material. */
async function upload(c: Client, file: Buffer, name: string) {
  const r = (await check(c, file, name)).json();
  if (r.exists) return r.material;
  let last = null;
  for (let i = 0; i < r.chunkCount; i++) {
    if (r.uploadedChunks.includes(i)) continue;
    last = (await sendChunk(c, r.uploadId, file, i)).json();
  }
  return last.material;
}

describe("chunked upload", () => {
  it("uploads a file in chunks, verifies it, and stores it once by MD5", async () => {
    const file = fakePng(UPLOAD_CHUNK_BYTES * 2 + 1234);
    const start = (await check(admin, file, "poster.png")).json();
    expect(start).toMatchObject({
      exists: false,
      chunkSize: UPLOAD_CHUNK_BYTES,
      chunkCount: 3,
      uploadedChunks: [],
    });
    const first = (await sendChunk(admin, start.uploadId, file, 0)).json();
    expect(first).toMatchObject({ complete: false, uploadedChunks: [0] });
    await sendChunk(admin, start.uploadId, file, 2);
    const done = (await sendChunk(admin, start.uploadId, file, 1)).json();
    expect(done.complete).toBe(true);
    expect(done.material).toMatchObject({
      name: "poster.png",
      type: "image",
      mime: "image/png",
      size: file.length,
      md5: md5(file),
    });

    const got = await t.app.inject({
      method: "GET",
      url: done.material.fileUrl,
      headers: { cookie: `Authorization=${admin.sessionToken}` },
    });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(file)).toBe(true);
    const part = await t.app.inject({
      method: "GET",
      url: done.material.fileUrl,
      headers: { cookie: `Authorization=${admin.sessionToken}`, range: "bytes=100-199" },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 100-199/${file.length}`);
    expect(part.rawPayload.equals(file.subarray(100, 200))).toBe(true);
    const cached = await t.app.inject({
      method: "GET",
      url: done.material.fileUrl,
      headers: { cookie: `Authorization=${admin.sessionToken}`, "if-none-match": `"${md5(file)}"` },
    });
    expect(cached.statusCode).toBe(304);
  });

  it("takes chunks in any order and several at once", async () => {
    const file = fakePng(UPLOAD_CHUNK_BYTES * 4 - 77);
    const start = (await check(admin, file, "parallel.png")).json();
    expect(start.chunkCount).toBe(4);
    const answers = await Promise.all([3, 1, 0, 2].map((i) => sendChunk(admin, start.uploadId, file, i)));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const done = answers.map((a) => a.json()).find((a) => a.complete && a.material);
    expect(done?.material).toMatchObject({ md5: md5(file), size: file.length });
  });

  it("completes instantly when the tenant already holds the file", async () => {
    const file = fakePng(4000);
    const first = await upload(admin, file, "a.png");
    const again = (await check(admin, file, "copy-of-a.png")).json();
    expect(again).toMatchObject({ exists: true, material: { name: "copy-of-a.png", md5: first.md5 } });
    expect(again.material.id).not.toBe(first.id);
  });

  it("resumes after an interruption and after a restart, from the chunks the server holds", async () => {
    const file = fakePng(UPLOAD_CHUNK_BYTES * 2 + 10);
    const start = (await check(admin, file, "resume.png")).json();
    await sendChunk(admin, start.uploadId, file, 0);
    // a dropped connection half-way through chunk 1: nothing of it is kept
    const half = file.subarray(UPLOAD_CHUNK_BYTES, UPLOAD_CHUNK_BYTES + 1000);
    const cut = await admin.request("POST", "/a/api/fileInfosa/uploader", {
      query: {
        uploadId: start.uploadId,
        index: 1,
        md5: md5(file.subarray(UPLOAD_CHUNK_BYTES, UPLOAD_CHUNK_BYTES * 2)),
      },
      payload: half,
      headers: { "content-type": "application/octet-stream" },
    });
    expect(cut.statusCode).toBe(400);
    // a restart: this app stops, a new one starts on the same data directory and database
    const url = t.config.databaseUrl ?? "";
    await t.app.close();
    const database = connect(url, 3, pino({ level: "silent" }));
    const restarted = await buildApp({ config: t.config, database, clock: t.clock });
    try {
      const again = new Client(restarted, "en");
      for (const [k, v] of admin.cookies) again.cookies.set(k, v);
      const resumed = (await check(again, file, "resume.png")).json();
      expect(resumed).toMatchObject({ exists: false, uploadId: start.uploadId, uploadedChunks: [0] });
      await sendChunk(again, start.uploadId, file, 1);
      const done = (await sendChunk(again, start.uploadId, file, 2)).json();
      expect(done.complete).toBe(true);
      expect(done.material.md5).toBe(md5(file));
    } finally {
      await restarted.close();
      await database.close();
      // the rest of this file goes on with a fresh app on the same database
      const fresh = connect(url, 5, pino({ level: "silent" }));
      const app = await buildApp({ config: t.config, database: fresh, clock: t.clock });
      t.app = app;
      t.database = fresh;
      admin.app = app;
    }
  });

  it("refuses a chunk whose MD5 is wrong, and a whole file that does not match its MD5", async () => {
    const file = fakePng(3000);
    const start = (await check(admin, file, "x.png")).json();
    const wrong = await admin.request("POST", "/a/api/fileInfosa/uploader", {
      query: { uploadId: start.uploadId, index: 0, md5: "0".repeat(32) },
      payload: file,
      headers: { "content-type": "application/octet-stream" },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().msg).toMatch(/arrived damaged/);

    const declared = fakePng(3000);
    const liar = (await check(admin, declared, "liar.png")).json();
    const other = fakePng(3000); // same length, other bytes, its own correct chunk MD5
    const res = await sendChunk(admin, liar.uploadId, other, 0, other);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe("The assembled file does not match its MD5; upload it again");
  });

  it("refuses a disguised executable and keeps client names out of paths", async () => {
    const exe = Buffer.concat([Buffer.from("MZ\x90\x00", "latin1"), randomBytes(5000)]);
    const r = (await check(admin, exe, "holiday.jpg")).json();
    const res = await sendChunk(admin, r.uploadId, exe, 0);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/not an image, video, audio or PDF/);
    const traversal = await check(admin, fakePng(100), "../../etc/passwd");
    expect(traversal.statusCode).toBe(400);
    expect(traversal.json().errors[0].field).toBe("name");
  });

  it("refuses files over the upload limit and over the quota before any byte is sent", async () => {
    await t.app.services.settings.set("uploadLimitOpen", true, null);
    await t.app.services.settings.set("uploadLimitSize", 1, null);
    const big = await admin.get("/a/api/fileInfosa/uploaderMD5Check", {
      md5: "a".repeat(32),
      size: 2 * 1024 * 1024,
      name: "big.mp4",
    });
    expect(big.statusCode).toBe(400);
    expect(big.json().msg).toBe("The file is larger than the upload limit of 1 MB");
    await t.app.services.settings.set("uploadLimitOpen", false, null);

    const customer = await addOffice(t, platformId, "customer", "Small Co");
    await t.database.db
      .update(offices)
      .set({ capacityBytes: 10_000 })
      .where((await import("drizzle-orm")).eq(offices.id, customer.id));
    const u = await addUser(t, customer.id, "smallco", ["content:material:upload", "content:material:view"]);
    const c = await signedIn(t, u.username, u.password, "en");
    await t.app.services.settings.set("capacitySetting", "true", null);
    const over = await c.get("/a/api/fileInfosa/uploaderMD5Check", {
      md5: "b".repeat(32),
      size: 20_000,
      name: "v.mp4",
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().msg).toBe("The file does not fit in the storage quota (9.77 KB free)");
    expect((await c.get("/a/api/material/usage")).json()).toMatchObject({ used: 0, capacity: 10_000 });
    await t.app.services.settings.set("capacitySetting", "false", null);
  });
});

describe("the library", () => {
  it("keeps other tenants' files, lists and folders out of reach", async () => {
    const a = await addOffice(t, platformId, "customer", "Tenant A");
    const b = await addOffice(t, platformId, "customer", "Tenant B");
    const all = [
      "content:material:view",
      "content:material:upload",
      "content:material:edit",
      "content:material:delete",
    ] as const;
    const ua = await addUser(t, a.id, "tenant_a", [...all]);
    const ub = await addUser(t, b.id, "tenant_b", [...all]);
    const ca = await signedIn(t, ua.username, ua.password, "en");
    const cb = await signedIn(t, ub.username, ub.password, "en");
    const file = fakePng(2000);
    const m = await upload(ca, file, "secret-a.png");
    const folder = (await ca.post("/a/api/material/saveFolder", { name: "A's folder" })).json().folder;

    expect((await cb.get("/a/api/fileInfosa/getFile", { id: m.id })).statusCode).toBe(404);
    expect((await cb.get("/a/api/material/list", { pageSize: 500 })).body).not.toContain("secret-a.png");
    expect((await cb.post("/a/api/material/rename", { id: m.id, name: "mine" })).statusCode).toBe(404);
    expect((await cb.post("/a/api/material/paste", { ids: String(m.id), isCut: false })).statusCode).toBe(
      404,
    );
    expect((await cb.post("/a/api/material/move", { ids: String(m.id) })).statusCode).toBe(404);
    expect(
      (
        await cb.get("/a/api/fileInfosa/uploaderMD5Check", {
          md5: md5(file),
          size: file.length,
          name: "n.png",
          folderId: folder.id,
        })
      ).statusCode,
    ).toBe(404);
    // B holding the same bytes does not get A's file instantly: it must send them
    expect((await check(cb, file, "same-bytes.png")).json().exists).toBe(false);
    expect((await ca.get("/a/api/material/list", { pageSize: 500 })).body).toContain("secret-a.png");
  });

  it("refuses to delete a material in use unless forced with the right permission", async () => {
    const m = await upload(admin, fakePng(1500), "in-use.png");
    await t.database.db
      .insert(materialRefs)
      .values({ materialId: m.id, ownerType: "program", ownerId: 7, ownerName: "Lobby loop" });
    const refused = await admin.post("/a/api/material/delete", { ids: String(m.id) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ usedBy: [{ type: "program", id: 7, name: "Lobby loop" }] });
    expect((await admin.post("/a/api/material/delete", { ids: String(m.id), force: true })).statusCode).toBe(
      200,
    );
    expect((await admin.get("/a/api/fileInfosa/getFile", { id: m.id })).statusCode).toBe(404);
  });

  it("pastes copies, cuts into folders, and reviews with a notice to the uploader", async () => {
    const folder = (await admin.post("/a/api/material/saveFolder", { name: "Spring" })).json().folder;
    const m = await upload(admin, fakePng(1200), "flower.png");
    expect(
      (await admin.post("/a/api/material/paste", { ids: String(m.id), folderId: folder.id, isCut: false }))
        .statusCode,
    ).toBe(200);
    const inFolder = (await admin.get("/a/api/material/list", { folderId: folder.id })).json();
    expect(inFolder.list).toHaveLength(1);
    expect(inFolder.list[0]).toMatchObject({ name: "flower.png", md5: m.md5 });
    expect((await admin.post("/a/api/material/deleteFolder", { ids: String(folder.id) })).statusCode).toBe(
      400,
    );

    await t.app.services.settings.set("audit", true, null);
    const pending = await upload(admin, fakePng(1300), "needs-review.png");
    expect(pending.reviewState).toBe("pending");
    const list = (await admin.get("/a/api/material/checklist")).json();
    expect(list.list.map((x: { id: number }) => x.id)).toContain(pending.id);
    expect(
      (
        await admin.post("/a/api/material/review", {
          ids: String(pending.id),
          result: "rejected",
          note: "blurry",
        })
      ).statusCode,
    ).toBe(200);
    const notes = (await admin.get("/a/api/message/list")).json().messageList;
    expect(notes[0].contentEn).toBe("Material needs-review.png: Rejected (blurry)");
    expect(notes[0].contentCn).toBe("素材 needs-review.png：未通过（blurry）");
    await t.app.services.settings.set("audit", false, null);

    const web = await admin.post("/a/api/material/addUrl", {
      name: "News",
      type: "web",
      url: "https://example.com/news",
    });
    expect(web.json().material).toMatchObject({ type: "web", url: "https://example.com/news", md5: null });
    expect(
      (await admin.post("/a/api/material/addUrl", { name: "Bad", type: "web", url: "javascript:alert(1)" }))
        .statusCode,
    ).toBe(400);
  });
});

describe("the library's totals", () => {
  it("come from its counts exactly, through copies, moves, reviews, deletes and a removed uploader", async () => {
    const tenant = await addOffice(t, platformId, "customer", "Counted");
    const branch = await addOffice(t, tenant.id, "institution", "Counted branch");
    const perms = [
      "content:material:view",
      "content:material:upload",
      "content:material:edit",
      "content:material:delete",
      "content:material:review",
    ] as const;
    const boss = await addUser(t, tenant.id, "count_boss", [...perms]);
    const mine = await addUser(t, branch.id, "count_own", [...perms], { dataRange: "own" });
    const cBoss = await signedIn(t, boss.username, boss.password, "en");
    const cMine = await signedIn(t, mine.username, mine.password, "en");
    const folder = (await cBoss.post("/a/api/material/saveFolder", { name: "Counted" })).json().folder;
    const a = await upload(cBoss, fakePng(1100), "alpha.png");
    await upload(cBoss, fakePng(1101), "beta.png");
    await upload(cMine, fakePng(1102), "gamma.png");
    const web = await cMine.post("/a/api/material/addUrl", {
      name: "Feed",
      type: "web",
      url: "https://example.com/",
    });
    expect(web.statusCode, web.body).toBe(200);
    await t.app.services.settings.set("audit", true, null);
    const pending = await upload(cBoss, fakePng(1103), "delta.png");
    const pending2 = await upload(cMine, fakePng(1104), "epsilon.png");
    await t.app.services.settings.set("audit", false, null);
    expect(pending.reviewState).toBe("pending");
    const ok = (r: { statusCode: number; body: string }) => expect(r.statusCode, r.body).toBe(200);
    ok(await cBoss.post("/a/api/material/paste", { ids: `${a.id}`, folderId: folder.id, isCut: false }));
    ok(await cBoss.post("/a/api/material/move", { ids: `${pending.id}`, folderId: folder.id }));
    ok(await cBoss.post("/a/api/material/review", { ids: `${pending2.id}`, result: "rejected", note: "no" }));

    /** Every filter's total is the number of materials its first page lists, and a page past the end says the same. */
    const filters: Record<string, string | number>[] = [
      {},
      { type: "image" },
      { type: "web" },
      { folderId: folder.id },
      { folderId: folder.id, type: "image" },
      { reviewState: "pending" },
      { reviewState: "rejected" },
      { uploaderId: boss.id },
      { uploaderId: mine.id, type: "image" },
      { name: "a" },
    ];
    const totals = async (c: Client) => {
      const out: Record<string, number> = {};
      for (const f of filters) {
        const page = (await c.get("/a/api/material/list", { ...f, pageSize: 500 })).json();
        expect(page.total, JSON.stringify(f)).toBe(page.list.length);
        const past = (await c.get("/a/api/material/list", { ...f, pageNo: 9, pageSize: 500 })).json();
        expect(past, JSON.stringify(f)).toMatchObject({ list: [], total: page.total });
        out[JSON.stringify(f)] = page.total;
      }
      const review = (await c.get("/a/api/material/checklist", { pageSize: 500 })).json();
      expect(review.total).toBe(review.list.length);
      return out;
    };
    // The page PostgreSQL writes as JSON says of each material what the single-material answers say (toMaterial).
    const listed = (
      await cBoss.get("/a/api/material/list", { pageSize: 500, sort: "name", order: "asc" })
    ).json();
    const rows = await t.database.db
      .select()
      .from(materials)
      .where(
        inArray(
          materials.id,
          listed.list.map((m: { id: number }) => m.id),
        ),
      );
    const names = new Map([
      [boss.id, "count_boss"],
      [mine.id, "count_own"],
    ]);
    const byId = new Map(
      rows.map((r) => [r.id, toMaterial(r, r.createdBy === null ? null : (names.get(r.createdBy) ?? null))]),
    );
    expect(listed.list).toEqual(listed.list.map((m: { id: number }) => byId.get(m.id)));
    expect(listed.list.map((m: { name: string }) => m.name)).toEqual(
      [...listed.list.map((m: { name: string }) => m.name)].sort(),
    );
    expect(listed.list.some((m: { thumbUrl: string | null }) => m.thumbUrl === null)).toBe(true);
    expect(listed.list.find((m: { type: string }) => m.type === "web")).toMatchObject({
      fileUrl: "https://example.com/",
      md5: null,
    });
    const bossTotals = await totals(cBoss);
    expect(bossTotals).toMatchObject({ "{}": 7, '{"type":"web"}': 1, '{"reviewState":"pending"}': 1 });
    // Only its own materials for a user whose range is its own.
    expect(await totals(cMine)).toMatchObject({ "{}": 3, '{"reviewState":"rejected"}': 1 });
    expect(await materialCountsDrift(t.database.pool)).toEqual([]);

    ok(await cBoss.post("/a/api/material/delete", { ids: `${a.id}`, force: true }));
    // The uploader's account removed: its materials stay, uploaded by nobody.
    await t.database.pool.query("delete from user_roles where user_id = $1", [mine.id]);
    await t.database.pool.query("delete from users where id = $1", [mine.id]);
    expect((await totals(cBoss))["{}"]).toBe(6);
    expect((await totals(cBoss))[`{"uploaderId":${mine.id},"type":"image"}`]).toBe(0);
    expect(await materialCountsDrift(t.database.pool)).toEqual([]);
  });
});

describe("the MD5-check variants", () => {
  it("uploads a personal image that becomes the user's avatar, and widget images kept out of the library", async () => {
    const png = await (await import("sharp"))
      .default({ create: { width: 64, height: 64, channels: 3, background: "#aa3300" } })
      .png()
      .toBuffer();
    const personal = (
      await admin.get("/a/api/fileInfosa/uploaderPersonalImgMD5Check", {
        md5: md5(png),
        size: png.length,
        name: "me.png",
      })
    ).json();
    expect(personal.exists).toBe(false);
    const done = (await sendChunk(admin, personal.uploadId, png, 0)).json();
    expect(done).toMatchObject({
      complete: true,
      avatar: expect.stringMatching(/^\/apm-web\/f\/avatar\/[0-9a-f]{64}\.png$/),
    });
    expect((await admin.get("/a/api/user/getUserInfo")).json().user.avatar).toBe(done.avatar);
    const tooBig = await admin.get("/a/api/fileInfosa/uploaderPersonalImgMD5Check", {
      md5: "c".repeat(32),
      size: 600 * 1024,
      name: "huge.png",
    });
    expect(tooBig.statusCode).toBe(400);

    const widget = (
      await admin.get("/a/api/fileInfosa/uploaderWidgetImgMD5Check", {
        md5: md5(png),
        size: png.length,
        name: "button.png",
      })
    ).json();
    // an avatar is not a material: the widget image is sent
    expect(widget.exists).toBe(false);
    const widgetDone = (await sendChunk(admin, widget.uploadId, png, 0)).json();
    expect(widgetDone).toMatchObject({ complete: true, material: { name: "button.png", type: "image" } });
    const library = (await admin.get("/a/api/material/list", { pageSize: 500 })).json();
    expect(library.list.map((m: { name: string }) => m.name)).not.toContain("button.png");
  });
});
