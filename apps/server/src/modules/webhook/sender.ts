import { createHmac, randomBytes } from "node:crypto";
import http from "node:http";
import https from "node:https";
import { WEBHOOK_HEADERS, WEBHOOK_SECRET_PREFIX, WEBHOOK_TIMEOUT_MS } from "@marquee/contracts";
import { checkedLookup, hostRefusal } from "../../platform/address";

/** The most of an answer's body read (and the start of it kept as the error of a failed delivery). */
export const ANSWER_MAX_BYTES = 64 * 1024;
const ERROR_TEXT_MAX = 300;

/** A new signing secret: `whsec_` and 32 random bytes. */
export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString("base64url")}`;
}

/** The signature header's value: `sha256=` and the hex HMAC-SHA256 of `timestamp.body` with the secret. */
export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

/** The body of a delivery from its stored payload, its keys in the documented order. */
export function webhookBodyText(payload: unknown): string {
  const p = payload as Record<string, unknown>;
  return JSON.stringify({ id: p.id, type: p.type, time: p.time, tenant: p.tenant, data: p.data });
}

export interface SendResult {
  ok: boolean;
  status: number | null;
  error: string | null;
  ms: number;
}

// Connections are kept between deliveries (a busy endpoint gets many); each new one is checked at its lookup.
const agents = {
  http: new http.Agent({ keepAlive: true, maxSockets: 32 }),
  https: new https.Agent({ keepAlive: true, maxSockets: 32 }),
};

/**
 * POSTs one delivery: signed now, within WEBHOOK_TIMEOUT_MS, redirects not followed, at most
 * ANSWER_MAX_BYTES of the answer read. The address is checked before and at the connection (DNS
 * rebinding): link-local and metadata addresses never, private ones only with `allowPrivate`.
 */
export async function sendWebhook(opts: {
  url: string;
  secret: string;
  eventId: string;
  type: string;
  body: string;
  allowPrivate: boolean;
  now?: () => number;
}): Promise<SendResult> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  let url: URL;
  try {
    url = new URL(opts.url);
  } catch {
    return { ok: false, status: null, error: "not an http(s) address", ms: 0 };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return { ok: false, status: null, error: "not an http(s) address", ms: 0 };
  const refused = await hostRefusal(url, opts.allowPrivate);
  if (refused) return { ok: false, status: null, error: `unreachable: ${refused}`, ms: ms() };
  const timestamp = Math.floor((opts.now?.() ?? Date.now()) / 1000);
  const secure = url.protocol === "https:";
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const done = (r: Omit<SendResult, "ms">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...r, ms: ms() });
    };
    const req = (secure ? https : http).request(
      url,
      {
        method: "POST",
        agent: secure ? agents.https : agents.http,
        lookup: checkedLookup(opts.allowPrivate),
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(opts.body),
          "user-agent": "Marquee-Webhooks/1",
          [WEBHOOK_HEADERS.event]: opts.type,
          [WEBHOOK_HEADERS.delivery]: opts.eventId,
          [WEBHOOK_HEADERS.timestamp]: String(timestamp),
          [WEBHOOK_HEADERS.signature]: webhookSignature(opts.secret, timestamp, opts.body),
        },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = () => {
          const ok = status >= 200 && status < 300;
          const text = Buffer.concat(chunks).toString("utf8").slice(0, ERROR_TEXT_MAX);
          done({ ok, status, error: ok ? null : `HTTP ${status}${text ? ` ${text}` : ""}` });
        };
        res.on("data", (chunk: Buffer) => {
          if (size < ERROR_TEXT_MAX) chunks.push(chunk);
          size += chunk.length;
          if (size > ANSWER_MAX_BYTES) {
            res.destroy();
            finish();
          }
        });
        res.on("end", finish);
        res.on("error", finish);
      },
    );
    const timer = setTimeout(() => {
      req.destroy();
      done({ ok: false, status: null, error: `no answer within ${WEBHOOK_TIMEOUT_MS / 1000} s` });
    }, WEBHOOK_TIMEOUT_MS);
    req.on("error", (err: NodeJS.ErrnoException) =>
      done({
        ok: false,
        status: null,
        error: `unreachable: ${err.code === "EADDRREFUSED" ? err.message : (err.code ?? err.message)}`,
      }),
    );
    req.end(opts.body);
  });
}
