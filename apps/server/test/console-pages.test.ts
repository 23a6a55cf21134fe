import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { loadConfig } from "../src/config";
import { connect, runMigrations } from "../src/db/client";
import { createTestDatabase, TestClock } from "./helpers";

const INDEX = "<!doctype html><title>Marquee console</title>";
let app: FastifyInstance;
let consoleDir: string;
let close: () => Promise<void>;

beforeAll(async () => {
  consoleDir = mkdtempSync(path.join(tmpdir(), "marquee-console-"));
  writeFileSync(path.join(consoleDir, "index.html"), INDEX);
  const url = await createTestDatabase();
  const database = connect(url, 2, pino({ level: "silent" }));
  await runMigrations(database);
  app = await buildApp({
    config: loadConfig({ DATABASE_URL: url, DATA_DIR: "/tmp/unused" }),
    database,
    clock: new TestClock(),
    consoleDir,
  });
  await app.ready();
  close = async () => {
    await app.close();
    await database.close();
  };
});

afterAll(async () => {
  await close?.();
  rmSync(consoleDir, { recursive: true, force: true });
});

const BROWSER = { accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8" };

describe("console pages", () => {
  it("serves the console for a browser's direct visit of apm-web/a, the menu's page under the API's prefix", async () => {
    for (const url of ["/apm-web/a", "/apm-web/a/", "/apm-web/a?from=menu"]) {
      const res = await app.inject({ method: "GET", url, headers: BROWSER });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"], url).toContain("text/html");
      expect(res.body, url).toBe(INDEX);
    }
  });

  it("still answers the API's JSON 404 there to a caller that does not ask for a page, and below it", async () => {
    const json = await app.inject({
      method: "GET",
      url: "/apm-web/a",
      headers: { accept: "application/json" },
    });
    expect(json.statusCode).toBe(404);
    expect(json.json()).toMatchObject({ code: 404 });
    const below = await app.inject({ method: "GET", url: "/apm-web/a/api/nothing-here", headers: BROWSER });
    expect(below.statusCode).toBe(404);
    expect(below.json()).toMatchObject({ code: 404 });
  });

  it("serves the console for the other page addresses, as before", async () => {
    const res = await app.inject({ method: "GET", url: "/resManage/myRes", headers: BROWSER });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX);
  });
});
