import { createHash } from "node:crypto";
import http from "node:http";
import https from "node:https";
import {
  API_PREFIX,
  Manifest,
  type RegisterBody,
  RegisterResponse,
  TERMINAL_PATHS,
} from "@marquee/terminal-protocol";

/**
 * The simulator's HTTP calls on the terminal side of the protocol (register,
 * manifest, screenshot), each from the terminal's own local address (a
 * kept-alive agent per address: the server limits the open calls per
 * address, as it would per screen), with retries for what a real screen
 * would retry: refused connections, 429 (after Retry-After) and 5xx.
 */

const REQUEST_TIMEOUT_MS = 30_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An HTTP answer that is not a success; `retry` says whether trying again may help. */
export class HttpError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly retry: boolean,
    /** What the server asked to wait (Retry-After), ms. */
    readonly waitMs = 0,
  ) {
    super(message);
  }
}

/** Where a call goes: the server, through a kept-alive agent bound to the terminal's local address. */
export interface Endpoint {
  server: string;
  agent: http.Agent;
}

/** A fleet's HTTP agents, one per local address (kept-alive connections, closed when the fleet stops). */
export class Agents {
  private readonly byAddress = new Map<string, http.Agent>();

  constructor(private readonly server: string) {}

  /** The endpoint for calls from `localAddress` (the system's choice when none). */
  endpoint(localAddress: string | undefined): Endpoint {
    const key = localAddress ?? "";
    let agent = this.byAddress.get(key);
    if (!agent) {
      const options = { keepAlive: true, maxSockets: 8, ...(localAddress ? { localAddress } : {}) };
      agent = new URL(this.server).protocol === "https:" ? new https.Agent(options) : new http.Agent(options);
      this.byAddress.set(key, agent);
    }
    return { server: this.server, agent };
  }

  close(): void {
    for (const agent of this.byAddress.values()) agent.destroy();
    this.byAddress.clear();
  }
}

interface Answer {
  status: number;
  text: string;
}

function call(
  to: Endpoint,
  path: string,
  opts: { method?: string; headers?: Record<string, string>; body?: Buffer | string } = {},
): Promise<Answer> {
  const url = new URL(`${API_PREFIX}${path}`, to.server);
  const method = opts.method ?? "GET";
  const what = `${method} ${url.pathname}`;
  return new Promise((resolve, reject) => {
    const req = (url.protocol === "https:" ? https : http).request(
      url,
      {
        method,
        agent: to.agent,
        timeout: REQUEST_TIMEOUT_MS,
        headers: {
          ...opts.headers,
          // What the web player sends (a browser adds Origin): the server's cross-site check asks it of writes.
          ...(method === "GET" ? {} : { "x-requested-with": "XMLHttpRequest", origin: url.origin }),
          ...(opts.body === undefined ? {} : { "content-length": String(Buffer.byteLength(opts.body)) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("error", (err) => reject(new HttpError(`${what}: ${err.message}`, 0, true)));
        res.on("end", () => {
          const status = res.statusCode ?? 0;
          const text = Buffer.concat(chunks).toString("utf8");
          if ((status >= 200 && status < 300) || status === 304) {
            resolve({ status, text });
            return;
          }
          const retryAfter = Number(res.headers["retry-after"]);
          reject(
            new HttpError(
              `${what}: ${status} ${text.slice(0, 300)}`,
              status,
              status === 429 || status >= 500,
              Number.isFinite(retryAfter) && retryAfter > 0 ? Math.min(retryAfter, 60) * 1000 : 0,
            ),
          );
        });
      },
    );
    req.on("timeout", () => req.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS / 1000} s`)));
    req.on("error", (err) => reject(new HttpError(`${what}: ${err.message}`, 0, true)));
    req.end(opts.body);
  });
}

/** Tries `fn` up to `attempts` times while the failure is one worth retrying, with growing pauses. */
export async function withRetries<T>(attempts: number, fn: () => Promise<T>): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (err) {
      if (i >= attempts || !(err instanceof HttpError) || !err.retry) throw err;
      const backoff = Math.min(10_000, 250 * 2 ** i) * (0.5 + Math.random());
      await sleep(Math.max(err.waitMs, backoff));
    }
  }
}

function json(answer: Answer, what: string): unknown {
  try {
    return JSON.parse(answer.text);
  } catch {
    throw new HttpError(`${what} answered ${answer.status} with no JSON`, answer.status, false);
  }
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** POST /t/register: a new token (and the enrolment code) for this device id. */
export async function register(to: Endpoint, body: RegisterBody): Promise<RegisterResponse> {
  const answer = await call(to, TERMINAL_PATHS.register, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const parsed = RegisterResponse.safeParse(json(answer, "register"));
  if (!parsed.success) throw new HttpError(`register answered ${parsed.error.message}`, answer.status, false);
  return parsed.data;
}

/** GET /t/manifest (conditional on the version held): the new manifest, or null when unchanged. */
export async function fetchManifest(
  to: Endpoint,
  token: string,
  held: string | null,
): Promise<Manifest | null> {
  const answer = await call(to, TERMINAL_PATHS.manifest, {
    headers: { ...bearer(token), ...(held ? { "if-none-match": `"${held}"` } : {}) },
  });
  if (answer.status === 304) return null;
  return Manifest.parse(json(answer, "manifest"));
}

/** POST /t/screenshot?commandId: the picture a screenshot command asked for; answers the server's JSON. */
export async function uploadScreenshot(
  to: Endpoint,
  token: string,
  commandId: string,
  png: Buffer,
): Promise<Record<string, unknown>> {
  const answer = await call(to, `${TERMINAL_PATHS.screenshot}?commandId=${encodeURIComponent(commandId)}`, {
    method: "POST",
    headers: { ...bearer(token), "content-type": "image/png" },
    body: png,
  });
  const body = json(answer, "screenshot");
  return typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
}

/**
 * GET an update package (the `update` command's url, a path under the server), hashing it as it
 * streams: answers its size and SHA-256; `onProgress` hears the bytes so far (the player's progress frames).
 */
export function downloadPackage(
  to: Endpoint,
  token: string,
  path: string,
  onProgress: (done: number, total: number) => void,
): Promise<{ size: number; sha256: string }> {
  const url = new URL(path.startsWith(API_PREFIX) ? path : `${API_PREFIX}${path}`, to.server);
  return new Promise((resolve, reject) => {
    const req = (url.protocol === "https:" ? https : http).request(
      url,
      { agent: to.agent, timeout: REQUEST_TIMEOUT_MS, headers: bearer(token) },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status !== 200) {
          res.resume();
          reject(new HttpError(`GET ${url.pathname}: ${status}`, status, status === 429 || status >= 500));
          return;
        }
        const total = Number(res.headers["content-length"]) || 0;
        const hash = createHash("sha256");
        let size = 0;
        res.on("data", (c: Buffer) => {
          hash.update(c);
          size += c.length;
          onProgress(size, total);
        });
        res.on("error", (err) => reject(new HttpError(`GET ${url.pathname}: ${err.message}`, 0, true)));
        res.on("end", () => resolve({ size, sha256: hash.digest("hex") }));
      },
    );
    req.on("timeout", () => req.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS / 1000} s`)));
    req.on("error", (err) => reject(new HttpError(`GET ${url.pathname}: ${err.message}`, 0, true)));
    req.end();
  });
}
