import { UPLOAD_CHUNK_BYTES } from "@marquee/contracts";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import pino from "pino";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../src/app";
import { loadConfig } from "../src/config";
import { connect, type Database } from "../src/db/client";
import { notifications } from "../src/db/schema";
import { AlarmEngine } from "../src/modules/alarm/rules";
import { PayPass } from "../src/modules/pay/pass";
import { RollupJob } from "../src/modules/statistics/rollup";
import { Jobs } from "../src/platform/jobs";
import { watchWorkers } from "../src/platform/processes";
import { ADMIN, type Client, createTestApp, initSystem, signedIn, type TestApp } from "./helpers";
import { md5 } from "./media";

async function until<T>(get: () => Promise<T>, ok: (v: T) => boolean, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await get();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe("MARQUEE_ROLE", () => {
  it("refuses a role it does not know, and defaults to all", () => {
    expect(loadConfig({}).role).toBe("all");
    expect(() => loadConfig({ MARQUEE_ROLE: "db" })).toThrow(/MARQUEE_ROLE: must be all, web or worker/);
  });
});

describe("a web node and a worker node on one database", () => {
  let web: TestApp;
  let worker: { app: FastifyInstance; database: Database };
  let admin: Client;
  const started = {
    work: vi.spyOn(Jobs.prototype, "work"),
    rollup: vi.spyOn(RollupJob.prototype, "start"),
    alarm: vi.spyOn(AlarmEngine.prototype, "start"),
    pay: vi.spyOn(PayPass.prototype, "start"),
  };
  const counts = () => Object.fromEntries(Object.entries(started).map(([k, s]) => [k, s.mock.calls.length]));

  beforeAll(async () => {
    web = await createTestApp({ MARQUEE_ROLE: "web" });
    await initSystem(web);
    admin = await signedIn(web, ADMIN.username, ADMIN.password, "en");
  });
  afterAll(async () => {
    await worker?.app.close();
    await worker?.database.close();
    await web?.close();
    vi.restoreAllMocks();
  });

  it("a web node starts no job handler and no periodic pass, and enqueues a material's processing", async () => {
    expect(counts()).toEqual({ work: 0, rollup: 0, alarm: 0, pay: 0 });
    const png = await sharp({ create: { width: 400, height: 200, channels: 3, background: "#cc3366" } })
      .png()
      .toBuffer();
    const r = (
      await admin.get("/a/api/fileInfosa/uploaderMD5Check", {
        md5: md5(png),
        size: png.length,
        name: "red.png",
      })
    ).json();
    expect(r.chunkCount).toBe(1);
    const last = await admin.request("POST", "/a/api/fileInfosa/uploader", {
      query: { uploadId: r.uploadId, index: 0, md5: md5(png.subarray(0, UPLOAD_CHUNK_BYTES)) },
      payload: png,
      headers: { "content-type": "application/octet-stream" },
    });
    expect(last.statusCode).toBe(200);
    const id = last.json().material.id as number;
    const material = async () =>
      (await admin.get("/a/api/material/list", { pageSize: 100 }))
        .json()
        .list.find((m: { id: number }) => m.id === id);
    // Nobody processes it while only the web node runs, and the web node says so: its health, the log
    // and one notice a day to the platform's administrators.
    await new Promise((r) => setTimeout(r, 2_000));
    expect((await material()).thumbUrl).toBeNull();
    const health = async () => (await web.app.inject({ method: "GET", url: "/apm-web/f/health" })).json();
    expect(await health()).toMatchObject({ status: "noWorker", workers: 0 });
    const warned = vi.fn();
    const log = { warn: warned } as unknown as FastifyBaseLogger;
    const noticesOfKey = async () =>
      (
        await web.app.services.db
          .select({ userId: notifications.userId, contentEn: notifications.contentEn })
          .from(notifications)
          .where(eq(notifications.key, "system.noWorker"))
      ).map((n) => n.contentEn);
    expect(await watchWorkers(web.app.services.db, web.app.services.processes, log)).toBe(0);
    expect(await watchWorkers(web.app.services.db, web.app.services.processes, log)).toBe(0);
    expect(warned).toHaveBeenCalledTimes(2);
    const notices = await noticesOfKey();
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(/No server process runs the background work/);

    // A worker on the same database (and the same data directory, as local storage needs) does.
    const config = { ...web.config, role: "worker" as const };
    const database = connect(config.databaseUrl ?? "", 5, pino({ level: "silent" }));
    worker = { app: await buildApp({ config, database, clock: web.clock }), database };
    await worker.app.ready();
    expect(counts()).toMatchObject({ rollup: 1, alarm: 1, pay: 1 });
    expect(started.work.mock.calls.length).toBeGreaterThan(0);
    // The health check reads the database at most once a second (HealthProbe): it says so within one.
    await expect.poll(health, { timeout: 5_000 }).toMatchObject({ status: "ok", workers: 1 });
    expect(await watchWorkers(web.app.services.db, web.app.services.processes, log)).toBe(1);
    expect(warned).toHaveBeenCalledTimes(2);
    const done = await until(material, (m) => m.thumbUrl !== null);
    expect(done).toMatchObject({ width: 400, height: 200 });
    const thumb = await web.app.inject({
      method: "GET",
      url: done.thumbUrl,
      headers: { cookie: `Authorization=${admin.sessionToken}` },
    });
    expect(thumb.statusCode).toBe(200);
  });

  it("a worker node answers its health check and nothing else", async () => {
    const get = (url: string) => worker.app.inject({ method: "GET", url });
    expect((await get("/apm-web/f/health")).statusCode).toBe(200);
    for (const url of [
      "/",
      "/login",
      "/player/",
      "/apm-web/docs",
      "/apm-web/a/api/material/list",
      "/apm-web/f/common/getLoginKey",
      "/apm-web/t/ws",
    ])
      expect((await get(url)).statusCode, url).toBe(404);
    const login = await worker.app.inject({
      method: "POST",
      url: "/apm-web/f/login",
      payload: {},
      headers: { cookie: "language=en" },
    });
    expect(login.statusCode).toBe(404);
    expect(login.json().msg).toMatch(/not found/i);
  });
});
