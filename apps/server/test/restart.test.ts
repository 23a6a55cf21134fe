import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { freePort } from "../src/db/embedded";
import { encryptForLogin } from "../src/platform/login-key";
import { createTestDatabase } from "./helpers";

const root = new URL("../../..", import.meta.url).pathname;

let dataDir: string;
let port: number;
let env: NodeJS.ProcessEnv;
const children: ChildProcess[] = [];

beforeAll(async () => {
  // The server as `npm start` runs it: the built bundle (built here if its sources changed).
  const build = spawnSync(process.execPath, ["scripts/build.mjs", "server", "--quiet"], {
    cwd: root,
    encoding: "utf8",
  });
  if (build.status !== 0) throw new Error(`the server did not build: ${build.stdout}${build.stderr}`);
  dataDir = mkdtempSync(path.join(tmpdir(), "marquee-restart-"));
  port = await freePort();
  // The embedded database unless the suite runs against an external one.
  const databaseUrl = process.env.DATABASE_URL ? await createTestDatabase() : undefined;
  env = { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn" };
  // Plain node: no TypeScript loader may come in through NODE_OPTIONS either.
  delete env.NODE_OPTIONS;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
});
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function start(extraEnv: NodeJS.ProcessEnv = {}): Started {
  const child = spawn(
    process.execPath,
    ["--enable-source-maps", path.join(root, "apps/server/dist/main.js")],
    {
      env: { ...env, ...extraEnv },
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  children.push(child);
  let out = "";
  child.stdout?.on("data", (d) => {
    out += d;
  });
  child.stderr?.on("data", (d) => {
    out += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, output: () => out, exited };
}

async function healthy(s: Started): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (s.child.exitCode !== null) throw new Error(`server exited: ${s.output()}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/apm-web/f/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not become healthy: ${s.output()}`);
}

const base = () => `http://127.0.0.1:${port}/apm-web`;
const headers = (cookie?: string) => ({
  "content-type": "application/json",
  "x-requested-with": "XMLHttpRequest",
  origin: `http://127.0.0.1:${port}`,
  ...(cookie ? { cookie } : {}),
});

async function encrypted(plain: string): Promise<string> {
  const key = (await (await fetch(`${base()}/f/common/getPublishKey`)).json()) as {
    publicKeyJson: { exponent: string; modulus: string };
  };
  return encryptForLogin(key.publicKeyJson, plain);
}

describe("the production start", () => {
  it("runs the built JavaScript with plain node, no TypeScript loader", () => {
    const { scripts } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
      scripts: Record<string, string>;
    };
    for (const name of ["start", "admin:create"]) {
      expect(scripts[name]).toMatch(/ node (--enable-source-maps )?apps\/server\/dist\/[\w-]+\.js$/);
      expect(scripts[name]).not.toMatch(/tsx|--import|--loader|--experimental|strip-types/);
    }
  });
});

describe("restarts", () => {
  it("keeps data and sessions across a clean stop, refuses a second server, recovers from kill -9", async () => {
    // The production start: the bundle under plain node, its JSON log saying where everything is.
    const first = start({ LOG_LEVEL: "info", LOG_FORMAT: "auto" });
    await healthy(first);
    const banner = await vi.waitFor(() => {
      const line = first
        .output()
        .split("\n")
        .find((l) => l.startsWith('{"') && l.includes('"msg":"Marquee is serving'));
      if (!line) throw new Error(`no startup banner yet: ${first.output()}`);
      return JSON.parse(line) as Record<string, unknown>;
    });
    expect(banner).toMatchObject({
      console: `http://127.0.0.1:${port}/`,
      docs: `http://127.0.0.1:${port}/apm-web/docs`,
      player: `http://127.0.0.1:${port}/player/`,
      dataDir,
    });
    const init = await fetch(`${base()}/f/common/sysInit`, {
      method: "POST",
      headers: headers(),
      body: JSON.stringify({
        officeName: "HQ",
        username: "ops",
        name: "Ops",
        password: await encrypted("OpsPass123"),
      }),
    });
    expect(init.status).toBe(200);
    const login = await fetch(`${base()}/a/login`, {
      method: "POST",
      headers: headers(),
      body: JSON.stringify({ username: "ops", password: await encrypted("OpsPass123") }),
    });
    expect(login.status).toBe(200);
    const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    expect(cookie).toMatch(/^Authorization=/);

    // a second server on the same data directory says so and leaves
    const second = start();
    expect(await second.exited).toBe(3);
    expect(second.output()).toMatch(/already running on the data directory/);
    expect((await fetch(`${base()}/a/api/user/getUserInfo`, { headers: headers(cookie) })).status).toBe(200);

    // a clean stop: the database stops too
    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    if (!env.DATABASE_URL) expect(existsSync(path.join(dataDir, "pg", "postmaster.pid"))).toBe(false);

    const again = start();
    await healthy(again);
    const me = await fetch(`${base()}/a/api/user/getUserInfo`, { headers: headers(cookie) });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { user: { username: string } }).user.username).toBe("ops");

    // kill -9 leaves the lock and (embedded) a running PostgreSQL behind; the next start recovers
    again.child.kill("SIGKILL");
    await again.exited;
    const recovered = start();
    await healthy(recovered);
    const still = await fetch(`${base()}/a/api/user/getUserInfo`, { headers: headers(cookie) });
    expect(still.status).toBe(200);
    const isInit = (await (await fetch(`${base()}/f/common/isSysInit`)).json()) as { data: number };
    expect(isInit.data).toBe(1);
    recovered.child.kill("SIGTERM");
    expect(await recovered.exited).toBe(0);
  }, 180_000);
});
