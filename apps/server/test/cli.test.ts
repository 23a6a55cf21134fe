import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { connect } from "../src/db/client";
import { isInitialised } from "../src/modules/common/init";
import { createTestDatabase } from "./helpers";

const root = new URL("../../..", import.meta.url).pathname;
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe("npm run admin:create", () => {
  it("creates the first administrator once, then refuses", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "marquee-cli-"));
    dirs.push(dataDir);
    const databaseUrl = process.env.DATABASE_URL ? await createTestDatabase({ empty: true }) : undefined;
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
    if (databaseUrl) env.DATABASE_URL = databaseUrl;
    else delete env.DATABASE_URL;
    const run = (...args: string[]) =>
      spawnSync("npm", ["run", "-s", "admin:create", "--", ...args], {
        cwd: root,
        env,
        encoding: "utf8",
        timeout: 120_000,
      });

    const usage = run("--username", "ops");
    expect(usage.status).toBe(2);
    expect(usage.stderr).toMatch(/usage: npm run admin:create/);
    const weak = run("--username", "ops", "--password", "short");
    expect(weak.status).toBe(2);

    const ok = run("--username", "ops", "--password", "OpsPass123", "--email", "ops@marquee.test");
    expect(ok.stdout + ok.stderr).toMatch(/Created the administrator ops/);
    expect(ok.status).toBe(0);

    const again = run("--username", "ops2", "--password", "OpsPass123");
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/already initialised/);

    if (databaseUrl) {
      const db = connect(databaseUrl, 1, (await import("pino")).default({ level: "silent" }));
      expect(await isInitialised(db.db)).toBe(true);
      await db.close();
    }
  }, 180_000);
});

describe("MARQUEE_ADMIN_USERNAME / MARQUEE_ADMIN_PASSWORD", () => {
  it("create the first administrator at the first start, and are ignored afterwards", async () => {
    const { startServer } = await import("../src/server");
    const { loadConfig } = await import("../src/config");
    const { Client } = await import("./helpers");
    const dataDir = mkdtempSync(path.join(tmpdir(), "marquee-envadmin-"));
    dirs.push(dataDir);
    const databaseUrl = process.env.DATABASE_URL ? await createTestDatabase({ empty: true }) : undefined;
    const config = loadConfig({
      DATA_DIR: dataDir,
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "silent",
      MARQUEE_ADMIN_USERNAME: "envadmin",
      MARQUEE_ADMIN_PASSWORD: "EnvPass123",
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    });
    let server = await startServer(config);
    try {
      const c = new Client(server.app);
      expect((await c.login("envadmin", "EnvPass123")).statusCode).toBe(200);
    } finally {
      await server.stop();
    }
    server = await startServer({
      ...config,
      initialAdmin: { username: "envadmin", password: "OtherPass123" },
    });
    try {
      const c = new Client(server.app);
      expect((await c.login("envadmin", "EnvPass123")).statusCode).toBe(200);
    } finally {
      await server.stop();
    }
  }, 120_000);
});
