import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { UPLOAD_CHUNK_BYTES } from "@marquee/contracts";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, type Client, createTestApp, initSystem, signedIn, type TestApp } from "./helpers";
import { makeVideo, md5 } from "./media";
import { Receiver, verified } from "./webhook-receiver";

let t: TestApp;
let admin: Client;
// The platform's webhook endpoint for its materials' processing (a local receiver).
const receiver = new Receiver();
let secret = "";
const dir = mkdtempSync(path.join(tmpdir(), "marquee-media-"));

beforeAll(async () => {
  t = await createTestApp();
  await initSystem(t);
  admin = await signedIn(t, ADMIN.username, ADMIN.password, "en");
  await receiver.start();
  await t.app.services.settings.set("webhooksPrivateAddresses", true, null);
  const saved = await admin.post("/a/api/webhook/save", {
    url: receiver.url("/materials"),
    events: ["material.processed", "material.failed"],
  });
  expect(saved.statusCode, saved.body).toBe(200);
  secret = (await admin.get("/a/api/webhook/list")).json().list[0].secret;
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
  await receiver.stop();
});

/** The signed webhooks of one material, once the worker sent them. */
async function hooksOf(id: number, type: string) {
  await t.app.services.webhookWorker.settled();
  return receiver
    .at("/materials", type)
    .filter((r) => (r.json.data.material as { id: number }).id === id && verified(r, secret));
}

async function upload(file: Buffer, name: string) {
  const r = (
    await admin.get("/a/api/fileInfosa/uploaderMD5Check", { md5: md5(file), size: file.length, name })
  ).json();
  let last = null;
  for (let i = 0; i < r.chunkCount; i++) {
    const chunk = file.subarray(i * UPLOAD_CHUNK_BYTES, (i + 1) * UPLOAD_CHUNK_BYTES);
    last = await admin.request("POST", "/a/api/fileInfosa/uploader", {
      query: { uploadId: r.uploadId, index: i, md5: md5(chunk) },
      payload: chunk,
      headers: { "content-type": "application/octet-stream" },
    });
  }
  expect(last?.statusCode).toBe(200);
  return last?.json().material;
}

async function until<T>(get: () => Promise<T>, ok: (v: T) => boolean, ms = 90_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await get();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 250));
  }
}

const material = async (id: number) =>
  (await admin.get("/a/api/material/list", { pageSize: 100 }))
    .json()
    .list.find((m: { id: number }) => m.id === id);

describe("processing jobs", () => {
  it("makes a thumbnail and reads the size of an image", async () => {
    const png = await sharp({ create: { width: 640, height: 360, channels: 3, background: "#3366cc" } })
      .png()
      .toBuffer();
    const m = await upload(png, "blue.png");
    const done = await until(
      () => material(m.id),
      (x) => x.thumbUrl !== null,
    );
    expect(done).toMatchObject({ width: 640, height: 360 });
    // The tenant's endpoint is told, signed, once.
    const told = await until(
      () => hooksOf(m.id, "material.processed"),
      (x) => x.length > 0,
      10_000,
    );
    expect(told).toHaveLength(1);
    expect(told[0]?.json.data.material).toMatchObject({
      id: m.id,
      name: "blue.png",
      width: 640,
      height: 360,
    });
    const thumb = await t.app.inject({
      method: "GET",
      url: done.thumbUrl,
      headers: { cookie: `Authorization=${admin.sessionToken}` },
    });
    expect(thumb.headers["content-type"]).toBe("image/webp");
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(320);
  });

  it("transcodes a VP9 WebM to H.264 MP4 with progress, and makes its thumbnail", async () => {
    const webm = path.join(dir, "clip.webm");
    makeVideo(webm, { codec: "vp9", width: 320, height: 240, seconds: 3 });
    const m = await upload(readFileSync(webm), "clip.webm");
    expect(m).toMatchObject({ type: "video", mime: "video/webm" });
    const seen = new Set<string>();
    const done = await until(
      async () => {
        const p = (await admin.get("/a/api/fileInfosa/convertProgress", { ids: String(m.id) })).json()
          .progress[0];
        seen.add(p.convertState);
        return p;
      },
      (p) => p.convertState === "done" || p.convertState === "failed",
    );
    expect(done).toMatchObject({ convertState: "done", convertProgress: 100, convertError: null });
    expect([...seen].some((s) => s === "queued" || s === "running")).toBe(true);
    const after = await material(m.id);
    expect(after).toMatchObject({
      mime: "video/mp4",
      width: 320,
      height: 240,
      durationMs: expect.any(Number),
    });
    expect(after.codec).toMatch(/^h264/);
    expect(after.thumbUrl).not.toBeNull();
    const file = await t.app.inject({
      method: "GET",
      url: after.fileUrl,
      headers: { cookie: `Authorization=${admin.sessionToken}` },
    });
    expect(file.rawPayload.subarray(4, 8).toString("latin1")).toBe("ftyp");
  });

  it("scales down H.264 video taller than the configured height, and leaves playable video alone", async () => {
    const mp4 = path.join(dir, "tall.mp4");
    makeVideo(mp4, { codec: "h264", width: 320, height: 240, seconds: 2 });
    const bytes = readFileSync(mp4);
    await t.app.services.settings.set("transcodeMaxHeight", 200, null);
    try {
      const m = await upload(bytes, "tall.mp4");
      const p = await until(
        async () =>
          (await admin.get("/a/api/fileInfosa/convertProgress", { ids: String(m.id) })).json().progress[0],
        (x) => x.convertState === "done" || x.convertState === "failed",
      );
      expect(p.convertState).toBe("done");
      expect(await material(m.id)).toMatchObject({ height: 200, mime: "video/mp4" });
    } finally {
      await t.app.services.settings.set("transcodeMaxHeight", 1080, null);
    }
    // the same kind of file within the limit is playable as it is: no transcode
    const small = path.join(dir, "small.mp4");
    makeVideo(small, { codec: "h264", width: 160, height: 120, seconds: 1 });
    const s2 = await upload(readFileSync(small), "small.mp4");
    const described = await until(
      () => material(s2.id),
      (x) => x.thumbUrl !== null,
    );
    expect(described).toMatchObject({ convertState: "none", width: 160, height: 120 });
  });

  it("reports a failed transcode with its reason, and retries it", async () => {
    // a WebM whose header is fine but whose body is cut short: probe works, transcode fails
    const webm = path.join(dir, "broken.webm");
    makeVideo(webm, { codec: "vp9", width: 320, height: 240, seconds: 2 });
    const whole = readFileSync(webm);
    const m = await upload(whole.subarray(0, Math.floor(whole.length / 3)), "broken.webm");
    const p = await until(
      async () =>
        (await admin.get("/a/api/fileInfosa/convertProgress", { ids: String(m.id) })).json().progress[0],
      (x) => x.convertState === "done" || x.convertState === "failed",
    );
    if (p.convertState === "failed") {
      expect(p.convertError).toMatch(/ff(mpeg|probe)/);
      const failed = await until(
        () => hooksOf(m.id, "material.failed"),
        (x) => x.length > 0,
        10_000,
      );
      expect(failed).toHaveLength(1);
      expect(await hooksOf(m.id, "material.processed")).toHaveLength(0);
      expect((await admin.post("/a/api/material/retryConvert", { ids: String(m.id) })).statusCode).toBe(200);
      const again = (await admin.get("/a/api/fileInfosa/convertProgress", { ids: String(m.id) })).json()
        .progress[0];
      expect(["queued", "running", "failed"]).toContain(again.convertState);
    } else {
      // ffmpeg managed to transcode the part it had: still a valid outcome for a damaged file
      expect(p.convertState).toBe("done");
    }
  });
});
