import { type Material, UPLOAD_LIMIT_DEFAULT_STATE, UPLOAD_LIMIT_OFF_MB } from "@marquee/contracts";
import type { ChunkAnswer, ChunkParams, Md5CheckAnswer, Md5CheckParams, UploadLimitSettings } from "./api";
import { type HashAnswer, type HashRequest, md5OfBlob, md5OfChunk } from "./md5";

/*
 * The upload protocol: hash the file in a worker, ask uploaderMD5Check,
 * then send the missing chunks three at a time, each with its own MD5. Nothing here
 * touches the DOM at import time, so the pure parts and the protocol run under a unit test.
 */

export const MB = 1024 * 1024;
/** Chunks sent at the same time. */
export const UPLOAD_PARALLEL = 3;
/** Attempts per chunk when the network or the server fails for a moment. */
export const CHUNK_ATTEMPTS = 3;

// ---------------------------------------------------------------- pure parts

/** The upload limit in MB (spec §5): uploadLimitSize when uploadLimitOpen is true, else 10240; 400 until known. */
export function uploadLimitMb(settings: UploadLimitSettings | undefined): number {
  if (!settings) return UPLOAD_LIMIT_DEFAULT_STATE;
  if (settings.uploadLimitOpen !== true && settings.uploadLimitOpen !== "true") return UPLOAD_LIMIT_OFF_MB;
  const size = Number(settings.uploadLimitSize);
  return Number.isFinite(size) && size > 0 ? size : UPLOAD_LIMIT_DEFAULT_STATE;
}

/** Why a file is refused before any byte is sent. */
export type Refusal =
  | { reason: "empty" }
  | { reason: "type" }
  | { reason: "tooLarge"; limitMb: number }
  | { reason: "quota"; free: number };

export interface FileFacts {
  name: string;
  size: number;
  /** The browser's MIME type; "" when it does not know (the server decides by content). */
  type: string;
}

const ALLOWED_MIME = /^(image|video|audio)\/|^application\/pdf$/;

/**
 * Checks files in order against the upload limit and the storage quota; each accepted file
 * counts against the quota for the ones after it (as do `pendingBytes` already queued).
 */
export function checkFiles(
  files: readonly FileFacts[],
  opts: { limitMb: number; used?: number; capacity?: number | null; pendingBytes?: number },
): Array<Refusal | null> {
  let committed = (opts.used ?? 0) + (opts.pendingBytes ?? 0);
  return files.map((f) => {
    if (f.size <= 0) return { reason: "empty" };
    if (f.type && !ALLOWED_MIME.test(f.type)) return { reason: "type" };
    if (f.size > opts.limitMb * MB) return { reason: "tooLarge", limitMb: opts.limitMb };
    if (opts.capacity !== null && opts.capacity !== undefined && committed + f.size > opts.capacity) {
      return { reason: "quota", free: Math.max(0, opts.capacity - committed) };
    }
    committed += f.size;
    return null;
  });
}

export interface Chunk {
  index: number;
  start: number;
  end: number;
}

/** The byte range of chunk `index`: [i*chunkSize, min(size, (i+1)*chunkSize)). */
export function chunkRange(index: number, chunkSize: number, size: number): Chunk {
  return { index, start: index * chunkSize, end: Math.min(size, (index + 1) * chunkSize) };
}

/** The chunks still to send, in order; refuses a plan that does not match the file. */
export function planChunks(
  size: number,
  chunkSize: number,
  chunkCount: number,
  uploaded: readonly number[],
): Chunk[] {
  if (!Number.isInteger(chunkSize) || chunkSize <= 0) throw new Error(`bad chunk size ${chunkSize}`);
  if (chunkCount !== Math.ceil(size / chunkSize)) throw new Error(`bad chunk count ${chunkCount}`);
  const have = new Set(uploaded);
  const missing: Chunk[] = [];
  for (let i = 0; i < chunkCount; i++) if (!have.has(i)) missing.push(chunkRange(i, chunkSize, size));
  return missing;
}

/** Bytes held by the given chunk indexes (ignoring unknown or repeated ones). */
export function bytesOfChunks(indexes: readonly number[], chunkSize: number, size: number): number {
  const count = Math.ceil(size / chunkSize);
  let total = 0;
  for (const i of new Set(indexes)) {
    if (Number.isInteger(i) && i >= 0 && i < count) {
      const c = chunkRange(i, chunkSize, size);
      total += c.end - c.start;
    }
  }
  return total;
}

/** Runs `work` over `items` with at most `limit` at a time; the first failure stops the rest and is thrown. */
export async function runPool<T>(
  items: readonly T[],
  limit: number,
  work: (item: T, signal: AbortSignal) => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  const inner = new AbortController();
  const onAbort = () => inner.abort(signal?.reason);
  signal?.addEventListener("abort", onAbort);
  let next = 0;
  const failures: unknown[] = [];
  const lane = async () => {
    while (failures.length === 0 && !inner.signal.aborted && next < items.length) {
      const item = items[next++] as T;
      try {
        await work(item, inner.signal);
      } catch (err) {
        failures.push(err);
        inner.abort(err);
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  } finally {
    signal?.removeEventListener("abort", onAbort);
  }
  if (signal?.aborted) throw abortError();
  if (failures.length) throw failures[0];
}

export function abortError(): Error {
  const err = new Error("aborted");
  err.name = "AbortError";
  return err;
}

export function isAbort(err: unknown): boolean {
  return err instanceof Error && err.name === "AbortError";
}

/** Whether a failed chunk is worth sending again: no answer, a timeout, or a server error. */
export function isTransient(err: unknown): boolean {
  const status = (err as { status?: unknown } | null)?.status;
  return typeof status !== "number" || status === 0 || status === 408 || status === 429 || status >= 500;
}

// ---------------------------------------------------------------- the protocol

/** The two calls of the protocol (services/material.ts in the app, a fake in tests). */
export interface UploadTransport {
  md5Check(q: Md5CheckParams): Promise<Md5CheckAnswer>;
  uploadChunk(q: ChunkParams, body: Blob, signal?: AbortSignal): Promise<ChunkAnswer>;
}

/** MD5 of the whole file (with progress) and of one chunk. */
export interface Md5Hasher {
  file(blob: Blob, onProgress: (fraction: number) => void): Promise<string>;
  chunk(blob: Blob): Promise<string>;
  dispose(): void;
}

/** Hashes on the calling thread (tests, or a browser without workers). */
export function inlineHasher(): Md5Hasher {
  return {
    file: (blob, onProgress) => md5OfBlob(blob, onProgress),
    chunk: md5OfChunk,
    dispose: () => undefined,
  };
}

/** Hashes in a Web Worker (spark-md5, incremental, 2 MiB slices); `dispose` stops it. */
export function workerHasher(): Md5Hasher {
  if (typeof Worker === "undefined") return inlineHasher();
  const worker = new Worker(new URL("./md5.worker.ts", import.meta.url), { type: "module" });
  const pending = new Map<
    number,
    { resolve: (md5: string) => void; reject: (e: Error) => void; progress?: (f: number) => void }
  >();
  let seq = 0;
  worker.addEventListener("message", (e: MessageEvent<HashAnswer>) => {
    const a = e.data;
    const p = pending.get(a.id);
    if (!p) return;
    if (a.type === "progress") p.progress?.(a.fraction);
    else {
      pending.delete(a.id);
      if (a.type === "done") p.resolve(a.md5);
      else p.reject(new Error(a.message));
    }
  });
  worker.addEventListener("error", (e) => {
    for (const p of pending.values()) p.reject(new Error(e.message || "md5 worker failed"));
    pending.clear();
  });
  const ask = (kind: HashRequest["kind"], blob: Blob, progress?: (f: number) => void) =>
    new Promise<string>((resolve, reject) => {
      const id = ++seq;
      pending.set(id, { resolve, reject, progress });
      worker.postMessage({ id, kind, blob } satisfies HashRequest);
    });
  return {
    file: (blob, onProgress) => ask("file", blob, onProgress),
    chunk: (blob) => ask("chunk", blob),
    dispose: () => {
      worker.terminate();
      for (const p of pending.values()) p.reject(abortError());
      pending.clear();
    },
  };
}

export type UploadProgress =
  | { stage: "hashing"; fraction: number }
  | { stage: "checking" }
  | { stage: "uploading"; fraction: number };

export interface UploadResult {
  /** The file was already stored: nothing was sent. */
  instant: boolean;
  material?: Material;
}

export interface UploadOptions {
  name: string;
  folderId?: number;
  transport: UploadTransport;
  hasher: Md5Hasher;
  onProgress?: (p: UploadProgress) => void;
  /** The server opened (or found) the upload: its id, to abandon it later. */
  onOpened?: (uploadId: string) => void;
  signal?: AbortSignal;
  parallel?: number;
}

/** Whole-file MD5s of this page load, so a retry does not read the file again. */
const knownMd5 = new WeakMap<Blob, string>();

/** Uploads one file; resumes from the chunks the server already has (after a failure or a reload). */
export async function uploadFile(file: Blob, opts: UploadOptions): Promise<UploadResult> {
  const { transport, hasher, signal } = opts;
  const check = () => {
    if (signal?.aborted) throw abortError();
  };
  const aborted = new Promise<never>((_, reject) => {
    if (signal?.aborted) reject(abortError());
    signal?.addEventListener("abort", () => reject(abortError()), { once: true });
  });
  aborted.catch(() => undefined);
  const size = file.size;

  let md5 = knownMd5.get(file);
  if (!md5) {
    opts.onProgress?.({ stage: "hashing", fraction: 0 });
    md5 = await Promise.race([
      hasher.file(file, (fraction) => opts.onProgress?.({ stage: "hashing", fraction })),
      aborted,
    ]);
    knownMd5.set(file, md5);
  }
  check();
  opts.onProgress?.({ stage: "checking" });
  const query: Md5CheckParams = { md5, size, name: opts.name, folderId: opts.folderId };
  const first = await transport.md5Check(query);
  check();
  if (first.exists) return { instant: true, material: first.material };
  const { uploadId, chunkSize, chunkCount } = first;
  if (!uploadId || !chunkSize || chunkCount === undefined) throw new Error("incomplete md5 check answer");
  opts.onOpened?.(uploadId);

  const uploaded = new Set(first.uploadedChunks ?? []);
  let missing = planChunks(size, chunkSize, chunkCount, [...uploaded]);
  // Every chunk is there but the file was not assembled: sending the last one again completes it.
  if (missing.length === 0) missing = [chunkRange(chunkCount - 1, chunkSize, size)];
  let sent = bytesOfChunks([...uploaded], chunkSize, size);
  const report = () =>
    opts.onProgress?.({ stage: "uploading", fraction: size ? Math.min(1, sent / size) : 1 });
  report();

  const outcome: { done: UploadResult | null } = { done: null };
  await runPool(
    missing,
    opts.parallel ?? UPLOAD_PARALLEL,
    async (c, laneSignal) => {
      const body = file.slice(c.start, c.end);
      const chunkMd5 = await hasher.chunk(body);
      for (let attempt = 1; ; attempt++) {
        if (laneSignal.aborted) throw abortError();
        try {
          const answer = await transport.uploadChunk(
            { uploadId, index: c.index, md5: chunkMd5 },
            body,
            laneSignal,
          );
          if (!uploaded.has(c.index)) {
            uploaded.add(c.index);
            sent += c.end - c.start;
          }
          report();
          if (answer.complete) outcome.done = { instant: false, material: answer.material };
          return;
        } catch (err) {
          if (laneSignal.aborted || attempt >= CHUNK_ATTEMPTS || !isTransient(err)) throw err;
          await new Promise((r) => setTimeout(r, 500 * 2 ** (attempt - 1)));
        }
      }
    },
    signal,
  );
  check();
  if (outcome.done) return outcome.done;
  // No chunk answer said "complete" (answers crossed): ask once more.
  const last = await transport.md5Check(query);
  if (last.exists) return { instant: false, material: last.material };
  throw new Error("upload incomplete");
}
