import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { UPLOAD_CHUNK_BYTES } from "@marquee/contracts";
import { sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { loadConfig } from "../src/config";
import { connect, runMigrations } from "../src/db/client";
import { sweepUploads } from "../src/modules/material/upload";
import { watchDisk } from "../src/platform/disk";
import { MediaStorage } from "../src/platform/storage";
import {
  ADMIN,
  type Client,
  createTestApp,
  createTestDatabase,
  initSystem,
  signedIn,
  type TestApp,
  TestClock,
} from "./helpers";
import { fakePng, md5 } from "./media";

/**
 * A full data disk. The data directory is a real, small file system (tmpfs, mounted
 * here: the tests run as root in CI and on the development machine; without root this test fails, as it
 * must not pass untested).
 */
const MB = 1024 * 1024;

describe("a disk full under a call", () => {
  it("answers 507 'storage full' in the caller's language, not 500", async () => {
    const url = await createTestDatabase();
    const database = connect(url, 2, pino({ level: "silent" }));
    await runMigrations(database);
    const dataDir = mkdtempSync(path.join(tmpdir(), "marquee-disk-"));
    const app = await buildApp({
      config: loadConfig({ DATABASE_URL: url, DATA_DIR: dataDir }),
      database,
      clock: new TestClock(),
    });
    // A write the OS refuses with ENOSPC (the Linux device that is always full).
    app.get("/apm-web/f/fill", async () => {
      await writeFile("/dev/full", "x");
    });
    await app.ready();
    try {
      const res = await app.inject({
        method: "GET",
        url: "/apm-web/f/fill",
        headers: { cookie: "language=fr" },
      });
      expect(res.statusCode).toBe(507);
      expect(res.json().msg).toMatch(/^Stockage plein/);
    } finally {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("uploads on a small disk", () => {
  let mount: string;
  let t: TestApp;
  let admin: Client;
  const uploadsDir = () => path.join(mount, "uploads");

  beforeAll(async () => {
    mount = mkdtempSync(path.join(tmpdir(), "marquee-tmpfs-"));
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=24m", "tmpfs", mount]);
    t = await createTestApp({ DATA_DIR: mount, DISK_RESERVE_MB: "4" });
    await initSystem(t);
    admin = await signedIn(t, ADMIN.username, ADMIN.password, "en");
  });
  afterAll(async () => {
    await t?.close();
    if (mount) {
      execFileSync("umount", [mount]);
      rmSync(mount, { recursive: true, force: true });
    }
  });

  const check = (file: Buffer, name: string) =>
    admin.get("/a/api/fileInfosa/uploaderMD5Check", { md5: md5(file), size: file.length, name });
  const chunk = (uploadId: string, file: Buffer, index: number) => {
    const bytes = file.subarray(index * UPLOAD_CHUNK_BYTES, (index + 1) * UPLOAD_CHUNK_BYTES);
    return admin.request("POST", "/a/api/fileInfosa/uploader", {
      query: { uploadId, index, md5: md5(bytes) },
      payload: bytes,
      headers: { "content-type": "application/octet-stream" },
    });
  };

  it("refuses an upload the disk has no room for before a byte is sent, and a chunk that would eat the reserve", async () => {
    const tooBig = await check(fakePng(30 * MB), "huge.png");
    expect(tooBig.statusCode).toBe(507);
    expect(tooBig.json().msg).toMatch(/^Storage is full: the server's disk has only [\d.]+ MB left/);

    const file = fakePng(2 * UPLOAD_CHUNK_BYTES + 1000);
    const opened = (await check(file, "poster.png")).json();
    expect(opened).toMatchObject({ exists: false, chunkCount: 3 });
    expect((await chunk(opened.uploadId, file, 0)).statusCode).toBe(200);
    // Something else fills the disk meanwhile: the next chunk would leave less than the 4 MB reserve.
    const free = (await t.app.services.disk.space()).freeBytes;
    writeFileSync(path.join(mount, "filler"), Buffer.alloc(free - 7 * MB));
    const refused = await chunk(opened.uploadId, file, 1);
    expect(refused.statusCode).toBe(507);
    expect(refused.json().msg).toMatch(/^Storage is full/);

    // The disk is low: the health check says so (still 200) and the platform's administrators are told.
    const health = await t.app.inject({ method: "GET", url: "/apm-web/f/health" });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: "diskLow", disk: { low: true } });
    await watchDisk(t.app.services, t.app.log);
    await watchDisk(t.app.services, t.app.log); // once a day, not at every check
    const notices = (await admin.get("/a/api/message/list")).json().messageList as { content: string }[];
    expect(notices.filter((n) => n.content.startsWith("The server's data disk is running low"))).toHaveLength(
      1,
    );

    // The operator abandons the upload: its chunks go at once; a second abandon finds nothing.
    const abandoned = await admin.post("/a/api/fileInfosa/abandonUpload", { uploadId: opened.uploadId });
    expect(abandoned.statusCode).toBe(200);
    expect(existsSync(path.join(uploadsDir(), opened.uploadId))).toBe(false);
    expect(
      (await admin.post("/a/api/fileInfosa/abandonUpload", { uploadId: opened.uploadId })).statusCode,
    ).toBe(404);

    // With room again, the same file uploads from the start.
    rmSync(path.join(mount, "filler"));
    const again = (await check(file, "poster.png")).json();
    expect(again.uploadId).not.toBe(opened.uploadId);
    for (let i = 0; i < 3; i++) await chunk(again.uploadId, file, i);
    expect((await check(file, "poster.png")).json()).toMatchObject({ exists: true });
  });

  it("forgets an upload whose chunk file was removed by hand, instead of failing it for ever", async () => {
    const file = fakePng(UPLOAD_CHUNK_BYTES + 500);
    const opened = (await check(file, "gone.png")).json();
    rmSync(path.join(uploadsDir(), opened.uploadId), { recursive: true });
    const lost = await chunk(opened.uploadId, file, 0);
    expect(lost.statusCode).toBe(410);
    expect(lost.json().msg).toBe("This upload's file is no longer on the server; upload it again");
    const fresh = (await check(file, "gone.png")).json();
    expect(fresh.uploadId).not.toBe(opened.uploadId);
    expect((await chunk(fresh.uploadId, file, 0)).statusCode).toBe(200);
  });

  it("sweeps uploads left untouched, with their chunk files, and chunk directories no upload names", async () => {
    const file = fakePng(3000);
    const stale = (await check(file, "stale.png")).json();
    const live = (await check(fakePng(4000), "live.png")).json();
    await t.database.db.execute(
      sql`update uploads set touched_at = now() - interval '4 days' where id = ${stale.uploadId}`,
    );
    const orphan = path.join(uploadsDir(), "orphan-directory-0123456789");
    mkdirSync(orphan, { recursive: true });
    const old = new Date(Date.now() - 2 * 3_600_000);
    utimesSync(orphan, old, old);
    const storage = new MediaStorage(mount);
    expect(await sweepUploads(t.database.db, storage, 72 * 3_600_000)).toBe(2);
    expect(existsSync(path.join(uploadsDir(), stale.uploadId))).toBe(false);
    expect(existsSync(orphan)).toBe(false);
    expect(existsSync(path.join(uploadsDir(), live.uploadId))).toBe(true);
    const rows = await t.database.db.execute(sql`select id from uploads where id = ${stale.uploadId}`);
    expect(rows.rows).toHaveLength(0);
  });
});
