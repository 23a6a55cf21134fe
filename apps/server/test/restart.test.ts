import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ChildServers, root } from "./child-server";

let servers: ChildServers;
let dataDir: string;
let port: number;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  // The server as `npm start` runs it: the built bundle (built here if its sources changed).
  servers = await ChildServers.prepare("marquee-restart-");
  ({ dataDir, port, env } = servers);
});
afterAll(() => servers.cleanUp());

const start = (extraEnv: NodeJS.ProcessEnv = {}) => servers.start(extraEnv);
const healthy = (s: ReturnType<typeof start>) => servers.healthy(s);
const base = () => servers.base();
const headers = (cookie?: string) => servers.headers(cookie);
const encrypted = (plain: string) => servers.encrypted(plain);

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
