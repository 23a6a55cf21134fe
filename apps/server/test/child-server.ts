import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { UPLOAD_CHUNK_BYTES } from "@marquee/contracts";
import { freePort } from "../src/db/embedded";
import { encryptForLogin } from "../src/platform/login-key";
import { createTestDatabase } from "./helpers";
import { md5 } from "./media";

export const root = new URL("../../..", import.meta.url).pathname;

/** A server process started as `npm start` starts it, with what it printed and how it ended. */
export interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/**
 * Servers run as child processes on one data directory and port (restart and crash tests): the built
 * bundle under plain node, the embedded database unless the suite runs against an external one.
 */
export class ChildServers {
  private readonly children: ChildProcess[] = [];

  private constructor(
    readonly dataDir: string,
    readonly port: number,
    readonly env: NodeJS.ProcessEnv,
  ) {}

  /**
   * Builds the server bundle if its sources changed, and picks a data directory and a port. `embedded`:
   * the server's own PostgreSQL even when the suite runs against DATABASE_URL.
   */
  static async prepare(prefix: string, opts: { embedded?: boolean } = {}): Promise<ChildServers> {
    const build = spawnSync(process.execPath, ["scripts/build.mjs", "server", "--quiet"], {
      cwd: root,
      encoding: "utf8",
    });
    if (build.status !== 0) throw new Error(`the server did not build: ${build.stdout}${build.stderr}`);
    const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
    const port = await freePort();
    const databaseUrl = process.env.DATABASE_URL && !opts.embedded ? await createTestDatabase() : undefined;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
    };
    // Plain node: no TypeScript loader may come in through NODE_OPTIONS either.
    delete env.NODE_OPTIONS;
    if (databaseUrl) env.DATABASE_URL = databaseUrl;
    else delete env.DATABASE_URL;
    return new ChildServers(dataDir, port, env);
  }

  start(extraEnv: NodeJS.ProcessEnv = {}): Started {
    const child = spawn(
      process.execPath,
      ["--enable-source-maps", path.join(root, "apps/server/dist/main.js")],
      { env: { ...this.env, ...extraEnv }, cwd: root, stdio: ["ignore", "pipe", "pipe"] },
    );
    this.children.push(child);
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

  async healthy(s: Started): Promise<void> {
    for (let i = 0; i < 300; i++) {
      if (s.child.exitCode !== null) throw new Error(`server exited: ${s.output()}`);
      try {
        const res = await fetch(`${this.base()}/f/health`);
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`server did not become healthy: ${s.output()}`);
  }

  base(): string {
    return `http://127.0.0.1:${this.port}/apm-web`;
  }

  headers(cookie?: string): Record<string, string> {
    return {
      "content-type": "application/json",
      "x-requested-with": "XMLHttpRequest",
      origin: `http://127.0.0.1:${this.port}`,
      ...(cookie ? { cookie } : {}),
    };
  }

  async encrypted(plain: string): Promise<string> {
    const key = (await (await fetch(`${this.base()}/f/common/getPublishKey`)).json()) as {
      publicKeyJson: { exponent: string; modulus: string };
    };
    return encryptForLogin(key.publicKeyJson, plain);
  }

  /** Creates the first administrator and signs in: answers the session cookie. */
  async initialiseAndSignIn(username = "ops", password = "OpsPass123"): Promise<string> {
    const init = await fetch(`${this.base()}/f/common/sysInit`, {
      method: "POST",
      headers: this.headers(),
      body: JSON.stringify({
        officeName: "HQ",
        username,
        name: "Ops",
        password: await this.encrypted(password),
      }),
    });
    if (init.status !== 200) throw new Error(`sysInit answered ${init.status}`);
    return this.signIn(username, password);
  }

  async signIn(username = "ops", password = "OpsPass123"): Promise<string> {
    const login = await fetch(`${this.base()}/a/login`, {
      method: "POST",
      headers: this.headers(),
      body: JSON.stringify({ username, password: await this.encrypted(password) }),
    });
    if (login.status !== 200) throw new Error(`sign-in answered ${login.status}`);
    return (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  }

  /** Kills what is still running and removes the data directory. */
  cleanUp(): void {
    for (const c of this.children) if (c.exitCode === null) c.kill("SIGKILL");
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

/** Calls to a child server as the console makes them, keeping the session cookie of the last sign-in. */
export class ChildConsole {
  cookie = "";

  constructor(private readonly servers: ChildServers) {}

  /** Signs in as the first administrator, creating it when the server has none yet. */
  async signedIn(): Promise<void> {
    const init = (await (await fetch(`${this.servers.base()}/f/common/isSysInit`)).json()) as {
      data: number;
    };
    this.cookie = init.data === 1 ? await this.servers.signIn() : await this.servers.initialiseAndSignIn();
  }

  async call(method: string, url: string, body?: RequestInit["body"], type = "application/json") {
    const res = await fetch(`${this.servers.base()}${url}`, {
      method,
      headers: { ...this.servers.headers(this.cookie), "content-type": type },
      body,
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  }

  /** Opens (or finds) the upload of a file, as the console's uploader does before sending chunks. */
  md5Check(file: Buffer, name: string) {
    const q = new URLSearchParams({ md5: md5(file), size: String(file.length), name });
    return this.call("GET", `/a/api/fileInfosa/uploaderMD5Check?${q}`);
  }

  /** Sends chunk `index` of a file to an open upload. */
  sendChunk(uploadId: string, file: Buffer, index: number) {
    const chunk = file.subarray(index * UPLOAD_CHUNK_BYTES, (index + 1) * UPLOAD_CHUNK_BYTES);
    const q = new URLSearchParams({ uploadId, index: String(index), md5: md5(chunk) });
    return this.call("POST", `/a/api/fileInfosa/uploader?${q}`, chunk, "application/octet-stream");
  }
}
