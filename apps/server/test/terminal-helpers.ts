import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import {
  PROTOCOL_VERSION,
  type RegisterBody,
  type RegisterResponse,
  type ServerFrame,
  type TerminalStatus,
  wsUrl,
} from "@marquee/terminal-protocol";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type pg from "pg";
import { WebSocket } from "ws";
import { terminals } from "../src/db/schema";

/**
 * Terminal-side helpers for the API tests: enrol a terminal, open its socket
 * with the `ws` package on a listening app, and wait for frames.
 */

/** A status as a player reports it. */
export function sampleStatus(over: Partial<TerminalStatus> = {}): TerminalStatus {
  return {
    version: "1.0.0",
    resolution: { width: 1920, height: 1080 },
    programId: null,
    programName: null,
    storageUsed: 0,
    storageQuota: null,
    uptimeSec: 1,
    network: "ethernet",
    volume: 50,
    lastDownloadError: null,
    manifestVersion: null,
    ...over,
  };
}

/** A fresh device id. */
export const deviceId = () => `dev-${randomBytes(8).toString("hex")}`;

/**
 * POST /t/register through inject. It carries the console's cross-site
 * headers because the access plugin asks them of every open POST (see the
 * terminal report: a bearer-token route should not need them).
 */
export async function registerTerminal(
  app: FastifyInstance,
  over: Partial<RegisterBody> = {},
): Promise<RegisterResponse> {
  const res = await app.inject({
    method: "POST",
    url: "/apm-web/t/register",
    // As a screen or the fleet simulator sends it: no browser headers (no cross-site check on /t/*).
    payload: {
      deviceId: deviceId(),
      model: "TestPlayer",
      version: "1.0.0",
      resolution: { width: 1920, height: 1080 },
      ...over,
    },
  });
  if (res.statusCode !== 200) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return res.json() as RegisterResponse;
}

/** Makes the app listen on a free local port (once) and answers its origin. */
export async function listening(app: FastifyInstance): Promise<string> {
  const address = app.server.address() as AddressInfo | null;
  if (address) return `http://127.0.0.1:${address.port}`;
  await app.listen({ port: 0, host: "127.0.0.1" });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

type FrameOf<T extends ServerFrame["type"]> = Extract<ServerFrame, { type: T }>;

/** A terminal's socket with a queue of the frames received. */
export class TestSocket {
  /** Frames not yet taken by next(). */
  readonly queue: ServerFrame[] = [];
  /** Frames that came as binary (the protocol's are all text). */
  binaryFrames = 0;
  readonly closed: Promise<{ code: number; reason: string }>;
  private wake: (() => void) | null = null;

  constructor(readonly ws: WebSocket) {
    ws.on("message", (data, isBinary) => {
      if (isBinary) this.binaryFrames++;
      this.queue.push(JSON.parse(String(data)) as ServerFrame);
      this.wake?.();
    });
    this.closed = new Promise((resolve) => {
      ws.on("close", (code, reason) => {
        resolve({ code, reason: reason.toString() });
        this.wake?.();
      });
    });
  }

  get open(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }

  /** Sends a frame (an object as JSON, or text as it is). */
  send(frame: unknown): void {
    this.ws.send(typeof frame === "string" ? frame : JSON.stringify(frame));
  }

  /** The next frame of this type (earlier frames of other types stay queued). */
  async next<T extends ServerFrame["type"]>(type: T, timeoutMs = 5000): Promise<FrameOf<T>> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const i = this.queue.findIndex((f) => f.type === type);
      if (i >= 0) return this.queue.splice(i, 1)[0] as FrameOf<T>;
      const left = until - Date.now();
      if (left <= 0 || this.ws.readyState === WebSocket.CLOSED) {
        throw new Error(`no ${type} frame (queue: ${JSON.stringify(this.queue).slice(0, 300)})`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake = () => {
          clearTimeout(timer);
          this.wake = null;
          resolve();
        };
      });
    }
  }

  /** Says hello (with `takesManifest`: as the player does) and answers the welcome. */
  async hello(
    status: TerminalStatus = sampleStatus(),
    v = PROTOCOL_VERSION,
    opts: { takesManifest?: boolean } = {},
  ): Promise<FrameOf<"welcome">> {
    this.send({ type: "hello", v, status, ...opts });
    return this.next("welcome");
  }

  close(): Promise<{ code: number; reason: string }> {
    if (this.ws.readyState !== WebSocket.CLOSED) this.ws.close(1000, "test done");
    return this.closed;
  }
}

/** Opens a terminal's socket (resolves once open; a refused one then closes with 4401). */
export function openSocket(origin: string, token: string): Promise<TestSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(wsUrl(origin, token));
    const socket = new TestSocket(ws);
    ws.once("open", () => resolve(socket));
    ws.once("error", reject);
  });
}

/** Polls until `check` answers true (or throws after `timeoutMs`). */
export async function waitFor(
  check: () => boolean | Promise<boolean>,
  timeoutMs = 10_000,
  what = "condition",
): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A terminal's row as stored. */
export async function terminalRow(app: FastifyInstance, id: number) {
  const [row] = await app.services.db.select().from(terminals).where(eq(terminals.id, id));
  if (!row) throw new Error(`no terminal ${id}`);
  return row;
}

/** Authorises a terminal into an office (and a group) directly in the table (the operator API is another module's). */
export async function authorise(
  app: FastifyInstance,
  id: number,
  officeId: number,
  programIds: number[] = [],
  groupId: number | null = null,
) {
  await app.services.db
    .update(terminals)
    .set({ state: "authorised", officeId, groupId, programIds, authorisedAt: new Date() })
    .where(eq(terminals.id, id));
  await app.services.hub.notifyState(id);
}

/** GET /t/manifest as the terminal holding `token` (with If-None-Match when `version` is given). */
export function fetchManifest(app: FastifyInstance, token: string, version?: string) {
  return app.inject({
    method: "GET",
    url: "/apm-web/t/manifest",
    headers: { authorization: `Bearer ${token}`, ...(version ? { "if-none-match": `"${version}"` } : {}) },
  });
}

/**
 * A terminal row straight in the table, as the gateway would leave it after authorising (no socket):
 * for tests of the operator API that need many screens. `extra` overrides any column.
 */
export async function insertTerminal(
  app: FastifyInstance,
  officeId: number,
  extra: Partial<typeof terminals.$inferInsert> = {},
): Promise<number> {
  const tag = randomBytes(6).toString("hex");
  const [row] = await app.services.db
    .insert(terminals)
    .values({
      officeId,
      name: `Screen ${tag}`,
      deviceId: `device-${tag}`,
      tokenHash: `hash-${tag}`,
      enrolCode: tag.slice(0, 6).toUpperCase(),
      state: "authorised",
      model: "Web player",
      version: "1.0.0",
      width: 1920,
      height: 1080,
      authorisedAt: (extra.state ?? "authorised") === "authorised" ? new Date() : null,
      ...extra,
    })
    .returning({ id: terminals.id });
  if (!row) throw new Error("terminal not inserted");
  return row.id;
}

/**
 * Runs `fn` while another connection's open transaction holds terminal `id`'s row (as an operator's
 * UPDATE or a publication attaching itself does): writers that skip locked rows leave it alone.
 */
export async function holdingRow(pool: pg.Pool, id: number, fn: () => Promise<void>): Promise<void> {
  const holder = await pool.connect();
  try {
    await holder.query("begin");
    await holder.query("update terminals set name = name where id = $1", [id]);
    await fn();
  } finally {
    await holder.query("commit");
    holder.release();
  }
}
