import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { open } from "node:fs/promises";
import { type Agent, request } from "node:http";
import { pipeline } from "node:stream/promises";

export interface HttpAnswer {
  status: number;
  text: string;
}

/** One HTTP request to a loopback origin; the body a buffer or the stream of a file; bounded in time. */
export function httpRequest(
  url: string,
  opts: {
    method: "GET" | "POST";
    headers?: Record<string, string | number>;
    body?: Buffer | { file: string };
    agent?: Agent;
    timeoutMs: number;
  },
): Promise<HttpAnswer> {
  const target = new URL(url);
  if (target.hostname !== "127.0.0.1")
    return Promise.reject(new Error(`refusing a non-loopback target ${url}`));
  return new Promise<HttpAnswer>((resolve, reject) => {
    const req = request(
      target,
      {
        method: opts.method,
        headers: opts.headers,
        agent: opts.agent,
        signal: AbortSignal.timeout(opts.timeoutMs),
      },
      (res) => {
        const parts: Buffer[] = [];
        res.on("data", (c: Buffer) => parts.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(parts).toString("utf8") }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", (err) =>
      reject(new Error(`${opts.method} ${target.pathname}: ${err.message}`, { cause: err })),
    );
    const body = opts.body;
    if (body === undefined) req.end();
    else if (Buffer.isBuffer(body)) req.end(body);
    // A request error rejects the answer above; the pipeline's own rejection adds nothing.
    else pipeline(createReadStream(body.file, { highWaterMark: 1024 * 1024 }), req).catch(() => undefined);
  });
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;

/** A JSON object answered with 200 and code 0, or an error saying what came instead. */
export function okJson(what: string, answer: HttpAnswer): Record<string, unknown> {
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    body = undefined;
  }
  if (answer.status !== 200 || !isRecord(body) || body.code !== 0) {
    throw new Error(`${what} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
  }
  return body;
}

/** One chunk request, as the client saw it. */
export interface ChunkTiming {
  index: number;
  /** ms since the upload started (the MD5 check was sent). */
  sentAt: number;
  answeredAt: number;
  /** Time spent reading the chunk from the file and computing its MD5 before sending, ms. */
  prepareMs: number;
  answer: Record<string, unknown>;
}

export interface ChunkedUpload {
  /** performance.now() when the MD5 check was sent. */
  startedAt: number;
  /** The MD5 check sent to the answer that completed the upload, ms. */
  wallMs: number;
  checkMs: number;
  chunks: ChunkTiming[];
  /** The answer with the created material. */
  material: Record<string, unknown>;
}

/** The API calls of the console, signed in: GET with a query, POST of raw bytes. */
export interface Api {
  origin: string;
  cookie: string;
  agent: Agent;
}

const apiHeaders = (api: Api) => ({
  cookie: api.cookie,
  "x-requested-with": "XMLHttpRequest",
  origin: api.origin,
});

export async function md5Check(
  api: Api,
  file: { md5: string; size: number; name: string },
): Promise<Record<string, unknown>> {
  const query = new URLSearchParams({ md5: file.md5, size: String(file.size), name: file.name });
  const answer = await httpRequest(`${api.origin}/apm-web/a/api/fileInfosa/uploaderMD5Check?${query}`, {
    method: "GET",
    headers: apiHeaders(api),
    agent: api.agent,
    timeoutMs: 30_000,
  });
  return okJson("uploaderMD5Check", answer);
}

/**
 * The console's protocol over HTTP: the MD5 check, then every chunk read from
 * the file into a buffer of its lane (reused), hashed, and POSTed as
 * application/octet-stream, `parallel` at a time, until all are answered.
 */
export async function uploadChunked(
  api: Api,
  file: { path: string; md5: string; size: number; name: string },
  opts: { parallel: number; chunkSize: number; chunkTimeoutMs: number },
): Promise<ChunkedUpload> {
  const started = performance.now();
  const since = () => performance.now() - started;
  const check = await md5Check(api, file);
  const checkMs = since();
  const count = Math.ceil(file.size / opts.chunkSize);
  if (
    check.exists !== false ||
    typeof check.uploadId !== "string" ||
    check.chunkSize !== opts.chunkSize ||
    check.chunkCount !== count ||
    !Array.isArray(check.uploadedChunks) ||
    check.uploadedChunks.length !== 0
  ) {
    throw new Error(
      `uploaderMD5Check: expected a new upload of ${count} chunks, got ${JSON.stringify(check)}`,
    );
  }
  const uploadId = check.uploadId;
  const fh = await open(file.path, "r");
  const chunks: ChunkTiming[] = [];
  let next = 0;
  let failed = false;
  const lane = async () => {
    const buffer = Buffer.allocUnsafe(opts.chunkSize);
    while (!failed && next < count) {
      const index = next++;
      const prepareStarted = since();
      const position = index * opts.chunkSize;
      const length = Math.min(opts.chunkSize, file.size - position);
      let got = 0;
      while (got < length) {
        const { bytesRead } = await fh.read(buffer, got, length - got, position + got);
        if (bytesRead === 0) throw new Error(`${file.path} ended at ${position + got}`);
        got += bytesRead;
      }
      const body = buffer.subarray(0, length);
      const md5 = createHash("md5").update(body).digest("hex");
      const query = new URLSearchParams({ uploadId, index: String(index), md5 });
      const sentAt = since();
      const answer = await httpRequest(`${api.origin}/apm-web/a/api/fileInfosa/uploader?${query}`, {
        method: "POST",
        headers: { ...apiHeaders(api), "content-type": "application/octet-stream", "content-length": length },
        body,
        agent: api.agent,
        timeoutMs: opts.chunkTimeoutMs,
      });
      const json = okJson(`chunk ${index}`, answer);
      if (!Array.isArray(json.uploadedChunks) || !json.uploadedChunks.includes(index)) {
        throw new Error(`chunk ${index}: not among the received ones: ${answer.text.slice(0, 300)}`);
      }
      chunks.push({ index, sentAt, answeredAt: since(), prepareMs: sentAt - prepareStarted, answer: json });
    }
  };
  try {
    await Promise.all(
      Array.from({ length: Math.min(opts.parallel, count) }, () =>
        lane().catch((err: unknown) => {
          failed = true;
          throw err;
        }),
      ),
    );
  } finally {
    await fh.close();
  }
  const wallMs = since();
  const completing = chunks.filter((c) => c.answer.complete === true && isRecord(c.answer.material));
  const [done] = completing;
  if (completing.length !== 1 || !done || !isRecord(done.answer.material)) {
    throw new Error(`expected exactly one answer with the material, got ${completing.length}`);
  }
  return { startedAt: started, wallMs, checkMs, chunks, material: done.answer.material };
}

/** The whole file as one streamed POST (the baseline); answers the JSON and the time, ms. */
export async function postWholeFile(
  url: string,
  file: { path: string; size: number },
  timeoutMs: number,
): Promise<{ ms: number; answer: Record<string, unknown> }> {
  const started = performance.now();
  const answer = await httpRequest(url, {
    method: "POST",
    headers: { "content-type": "application/octet-stream", "content-length": file.size },
    body: { file: file.path },
    timeoutMs,
  });
  const ms = performance.now() - started;
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    body = undefined;
  }
  if (answer.status !== 200 || !isRecord(body)) {
    throw new Error(`the bare server answered ${answer.status}: ${answer.text.slice(0, 300)}`);
  }
  return { ms, answer: body };
}
