import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import cookie from "@fastify/cookie";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { playerStatic } from "../../server/src/modules/player/static";
import { i18nPlugin } from "../../server/src/platform/i18n";

describe("the server's /player", () => {
  let dir: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "player-dist-"));
    mkdirSync(path.join(dir, "assets"));
    writeFileSync(path.join(dir, "index.html"), "<!doctype html><title>player</title>");
    writeFileSync(path.join(dir, "sw.js"), "self.x=1");
    writeFileSync(path.join(dir, "assets", "index-abc123.js"), "console.log(1)");
    app = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
    await app.register(cookie);
    await app.register(i18nPlugin);
    await app.register(playerStatic(dir));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("serves the page at /player/ and sends /player there (the Service Worker's scope)", async () => {
    const page = await app.inject("/player/");
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/text\/html/);
    expect(page.headers["cache-control"]).toBe("no-cache");
    const bare = await app.inject("/player?model=kiosk");
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe("/player/?model=kiosk");
  });

  it("serves the Service Worker for the /player/ scope, never cached", async () => {
    const sw = await app.inject("/player/sw.js");
    expect(sw.statusCode).toBe(200);
    expect(sw.headers["service-worker-allowed"]).toBe("/player/");
    expect(sw.headers["cache-control"]).toBe("no-cache");
  });

  it("serves hashed bundles as immutable", async () => {
    const js = await app.inject("/player/assets/index-abc123.js");
    expect(js.statusCode).toBe(200);
    expect(js.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("answers other page addresses with the page, and missing files with 404", async () => {
    const deep = await app.inject("/player/some/where");
    expect(deep.statusCode).toBe(200);
    expect(deep.body).toContain("<title>player</title>");
    expect((await app.inject("/player/assets/gone-1.js")).statusCode).toBe(404);
    expect((await app.inject("/player/media/0123456789abcdef0123456789abcdef")).statusCode).toBe(404);
    expect((await app.inject("/player/favicon.ico")).statusCode).toBe(404);
    expect((await app.inject({ method: "POST", url: "/player/x" })).statusCode).toBe(404);
  });

  it("serves nothing without a build", async () => {
    const empty = Fastify();
    await empty.register(playerStatic(path.join(dir, "missing")));
    expect((await empty.inject("/player/")).statusCode).toBe(404);
    await empty.close();
  });
});
