import { hostRefusal } from "../../platform/address";

/** Outgoing HTTP of the server (feeds, data sources): a time limit, a size limit, and a reason when it fails. */

export const FETCH_TIMEOUT_MS = 5_000;
export const FETCH_MAX_BYTES = 2 * 1024 * 1024;
const MAX_REDIRECTS = 5;

/** Why an outgoing request gave nothing usable; `message` is the reason callers pass on. */
export class FetchFailed extends Error {}

export interface Fetched {
  status: number;
  text: string;
  /** The body stopped at `maxBytes`: `text` holds only its start. */
  truncated: boolean;
}

/** Whether `url` is an http(s) address (no file:, data:, ftp: … ever reach fetch). */
export function isHttpUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === "http:" || u.protocol === "https:";
  } catch {
    return false;
  }
}

/** Refuses an address whose host is, or resolves to, a forbidden (link-local, metadata) address. */
async function checkHost(url: URL): Promise<void> {
  const why = await hostRefusal(url, true);
  if (why) throw new FetchFailed(`unreachable: ${why}`);
}

function causeOf(err: unknown): string {
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (err as Error).message;
}

/** Reads at most `maxBytes` of a body, cancelling the stream there (never read whole). */
async function readBounded(res: Response, maxBytes: number): Promise<{ bytes: Buffer; truncated: boolean }> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (!res.body) return { bytes: Buffer.alloc(0), truncated: false };
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { bytes: Buffer.concat(chunks), truncated: false };
    if (size + value.length > maxBytes) {
      chunks.push(value.subarray(0, maxBytes - size));
      await reader.cancel().catch(() => undefined);
      return { bytes: Buffer.concat(chunks), truncated: true };
    }
    chunks.push(value);
    size += value.length;
  }
}

/**
 * GETs `url` and reads at most `maxBytes` of its body as UTF-8, within
 * `timeoutMs` for the whole exchange. Redirects are followed one by one, each
 * to an http(s) address that is checked again.
 */
export async function fetchText(
  url: string,
  opts: { timeoutMs?: number; maxBytes?: number; accept?: string; userAgent?: string } = {},
): Promise<Fetched> {
  const timeoutMs = opts.timeoutMs ?? FETCH_TIMEOUT_MS;
  const maxBytes = opts.maxBytes ?? FETCH_MAX_BYTES;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    let at = url;
    for (let hop = 0; ; hop++) {
      if (!isHttpUrl(at)) throw new FetchFailed("not an http(s) address");
      await checkHost(new URL(at));
      const res = await fetch(at, {
        signal: controller.signal,
        redirect: "manual",
        headers: {
          accept: opts.accept ?? "application/json, text/csv, text/plain, */*",
          ...(opts.userAgent && { "user-agent": opts.userAgent }),
        },
      });
      const location = res.headers.get("location");
      if (res.status >= 300 && res.status < 400 && location) {
        await res.body?.cancel().catch(() => undefined);
        if (hop >= MAX_REDIRECTS) throw new FetchFailed(`unreachable: more than ${MAX_REDIRECTS} redirects`);
        at = new URL(location, at).toString();
        continue;
      }
      const { bytes, truncated } = await readBounded(res, maxBytes);
      return { status: res.status, text: bytes.toString("utf8"), truncated };
    }
  } catch (err) {
    if (err instanceof FetchFailed) throw err;
    if (controller.signal.aborted)
      throw new FetchFailed(`unreachable: no answer within ${timeoutMs / 1000} s`);
    throw new FetchFailed(`unreachable: ${causeOf(err)}`);
  } finally {
    clearTimeout(timer);
  }
}

/** GETs JSON: a 2xx answer whose whole body parses, else FetchFailed with the reason. */
export async function fetchJson(
  url: string,
  opts: { timeoutMs?: number; maxBytes?: number; userAgent?: string } = {},
) {
  const maxBytes = opts.maxBytes ?? FETCH_MAX_BYTES;
  const res = await fetchText(url, { ...opts, maxBytes, accept: "application/json" });
  if (res.status < 200 || res.status > 299) {
    throw new FetchFailed(`bad answer: HTTP ${res.status}${res.text ? ` ${res.text.slice(0, 200)}` : ""}`);
  }
  if (res.truncated) throw new FetchFailed(`bad answer: larger than ${maxBytes} bytes`);
  try {
    return JSON.parse(res.text) as unknown;
  } catch {
    throw new FetchFailed("bad answer: not JSON");
  }
}
