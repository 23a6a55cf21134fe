import { createHash, randomBytes } from "node:crypto";
import { UPLOAD_LIMIT_DEFAULT_STATE, UPLOAD_LIMIT_OFF_MB } from "@marquee/contracts";
import { describe, expect, it } from "vitest";
import type { ChunkAnswer, ChunkParams, Md5CheckAnswer, Md5CheckParams } from "../src/features/material/api";
import { md5OfBlob } from "../src/features/material/md5";
import {
  bytesOfChunks,
  checkFiles,
  inlineHasher,
  isAbort,
  MB,
  planChunks,
  runPool,
  type UploadProgress,
  type UploadTransport,
  uploadFile,
  uploadLimitMb,
} from "../src/features/material/upload";

const md5 = (b: Uint8Array) => createHash("md5").update(b).digest("hex");

describe("upload limit (spec §5)", () => {
  it("is 400 MB until the settings arrive", () => {
    expect(uploadLimitMb(undefined)).toBe(UPLOAD_LIMIT_DEFAULT_STATE);
    expect(UPLOAD_LIMIT_DEFAULT_STATE).toBe(400);
  });
  it("is uploadLimitSize when the switch is on, 10240 when off", () => {
    expect(uploadLimitMb({ uploadLimitOpen: true, uploadLimitSize: 50 })).toBe(50);
    expect(uploadLimitMb({ uploadLimitOpen: "true", uploadLimitSize: "75" })).toBe(75);
    expect(uploadLimitMb({ uploadLimitOpen: false, uploadLimitSize: 50 })).toBe(UPLOAD_LIMIT_OFF_MB);
    expect(uploadLimitMb({})).toBe(10240);
  });
  it("falls back to the default state when the size is unusable", () => {
    expect(uploadLimitMb({ uploadLimitOpen: true, uploadLimitSize: null })).toBe(400);
    expect(uploadLimitMb({ uploadLimitOpen: true, uploadLimitSize: -3 })).toBe(400);
  });
});

describe("checks before any byte is sent", () => {
  const video = (size: number) => ({ name: "a.mp4", size, type: "video/mp4" });
  it("refuses a file over the limit, and accepts one at the limit", () => {
    expect(checkFiles([video(10 * MB + 1), video(10 * MB)], { limitMb: 10 })).toEqual([
      { reason: "tooLarge", limitMb: 10 },
      null,
    ]);
  });
  it("refuses what would exceed the quota, counting earlier files and queued bytes", () => {
    const r = checkFiles([video(40), video(40), video(10)], { limitMb: 1, used: 50, capacity: 120 });
    expect(r).toEqual([null, { reason: "quota", free: 30 }, null]);
    expect(checkFiles([video(40)], { limitMb: 1, used: 50, capacity: 100, pendingBytes: 20 })).toEqual([
      { reason: "quota", free: 30 },
    ]);
  });
  it("has no quota when the capacity is null", () => {
    expect(checkFiles([video(MB)], { limitMb: 10, used: 10 ** 15, capacity: null })).toEqual([null]);
  });
  it("refuses empty files and types that are not media; an unknown type goes to the server", () => {
    const r = checkFiles(
      [
        { name: "e.png", size: 0, type: "image/png" },
        { name: "x.zip", size: 10, type: "application/zip" },
        { name: "d.pdf", size: 10, type: "application/pdf" },
        { name: "m.mkv", size: 10, type: "" },
      ],
      { limitMb: 1 },
    );
    expect(r).toEqual([{ reason: "empty" }, { reason: "type" }, null, null]);
  });
});

describe("chunk planning", () => {
  const C = 5 * MB;
  it("cuts a file into chunks, the last one smaller", () => {
    const all = planChunks(12 * MB, C, 3, []);
    expect(all).toEqual([
      { index: 0, start: 0, end: C },
      { index: 1, start: C, end: 2 * C },
      { index: 2, start: 2 * C, end: 12 * MB },
    ]);
    expect(planChunks(10 * MB, C, 2, []).at(-1)).toEqual({ index: 1, start: C, end: 10 * MB });
  });
  it("leaves out the chunks the server has (resume)", () => {
    expect(planChunks(12 * MB, C, 3, [0, 2]).map((c) => c.index)).toEqual([1]);
    expect(planChunks(12 * MB, C, 3, [0, 1, 2])).toEqual([]);
  });
  it("refuses a plan that does not fit the file", () => {
    expect(() => planChunks(12 * MB, C, 2, [])).toThrow();
    expect(() => planChunks(12 * MB, 0, 3, [])).toThrow();
  });
  it("counts the bytes already uploaded", () => {
    expect(bytesOfChunks([0, 2, 2, 9], C, 12 * MB)).toBe(C + 2 * MB);
  });
});

describe("runPool", () => {
  it("never runs more than the limit at once, and runs everything", async () => {
    let running = 0;
    let peak = 0;
    const seen: number[] = [];
    await runPool([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, 5));
      seen.push(n);
      running--;
    });
    expect(peak).toBe(3);
    expect(seen.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
  it("stops taking work after a failure and throws it", async () => {
    const seen: number[] = [];
    const run = runPool([1, 2, 3, 4, 5, 6], 2, async (n) => {
      if (n === 2) throw new Error("boom");
      await new Promise((r) => setTimeout(r, 5));
      seen.push(n);
    });
    await expect(run).rejects.toThrow("boom");
    expect(seen.length).toBeLessThan(5);
  });
});

/** A server with the protocol's rules: checks chunk MD5s, assembles when all are there. */
function fakeServer(opts: { chunkSize: number; have?: Uint8Array; failOnce?: number[] }) {
  const chunks = new Map<number, Uint8Array>();
  const stored = new Set<string>(opts.have ? [md5(opts.have)] : []);
  let size = 0;
  let fileMd5 = "";
  let running = 0;
  const failOnce = new Set(opts.failOnce ?? []);
  const calls = { chunks: [] as number[], peak: 0 };
  const count = () => Math.ceil(size / opts.chunkSize);
  const transport: UploadTransport = {
    async md5Check(q: Md5CheckParams): Promise<Md5CheckAnswer> {
      if (stored.has(q.md5)) return { code: 0, msg: "ok", exists: true };
      size = q.size;
      fileMd5 = q.md5;
      return {
        code: 0,
        msg: "ok",
        exists: false,
        uploadId: "u".repeat(20),
        chunkSize: opts.chunkSize,
        chunkCount: count(),
        uploadedChunks: [...chunks.keys()],
      };
    },
    async uploadChunk(q: ChunkParams, body: Blob): Promise<ChunkAnswer> {
      running++;
      calls.peak = Math.max(calls.peak, running);
      try {
        await new Promise((r) => setTimeout(r, 2));
        if (failOnce.delete(q.index)) throw Object.assign(new Error("502"), { status: 502 });
        const bytes = new Uint8Array(await body.arrayBuffer());
        if (md5(bytes) !== q.md5) throw Object.assign(new Error("bad chunk md5"), { status: 400 });
        calls.chunks.push(q.index);
        chunks.set(q.index, bytes);
        const complete = chunks.size === count();
        if (complete) {
          const whole = Buffer.concat([...chunks.entries()].sort((a, b) => a[0] - b[0]).map(([, b]) => b));
          expect(md5(whole)).toBe(fileMd5);
          stored.add(fileMd5);
        }
        return { code: 0, msg: "ok", uploadedChunks: [...chunks.keys()], complete };
      } finally {
        running--;
      }
    },
  };
  return { transport, calls, chunks };
}

describe("the upload protocol", () => {
  const data = new Uint8Array(randomBytes(10_500));
  const file = () => new Blob([data]);

  it("hashes incrementally to the file's MD5", async () => {
    const fractions: number[] = [];
    expect(await md5OfBlob(file(), (f) => fractions.push(f), 4096)).toBe(md5(data));
    expect(fractions).toEqual([4096 / 10_500, 8192 / 10_500, 1]);
  });

  it("completes instantly when the server holds the file", async () => {
    const server = fakeServer({ chunkSize: 1000, have: data });
    const r = await uploadFile(file(), {
      name: "a.bin",
      transport: server.transport,
      hasher: inlineHasher(),
    });
    expect(r.instant).toBe(true);
    expect(server.calls.chunks).toEqual([]);
  });

  it("sends every chunk, three at a time, with progress up to 100 %", async () => {
    const server = fakeServer({ chunkSize: 1000 });
    const progress: UploadProgress[] = [];
    const r = await uploadFile(file(), {
      name: "a.bin",
      transport: server.transport,
      hasher: inlineHasher(),
      onProgress: (p) => progress.push(p),
    });
    expect(r.instant).toBe(false);
    expect(server.calls.chunks.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(server.calls.peak).toBe(3);
    const uploading = progress.flatMap((p) => (p.stage === "uploading" ? [p.fraction] : []));
    expect(uploading.at(-1)).toBe(1);
    expect(uploading).toEqual([...uploading].sort((a, b) => a - b));
    expect(progress[0]).toEqual({ stage: "hashing", fraction: 0 });
  });

  it("resumes: only the chunks the server lacks are sent, after a cancel", async () => {
    const server = fakeServer({ chunkSize: 1000 });
    const controller = new AbortController();
    const blob = file();
    const first = uploadFile(blob, {
      name: "a.bin",
      transport: server.transport,
      hasher: inlineHasher(),
      parallel: 1,
      signal: controller.signal,
      onProgress: (p) => {
        if (p.stage === "uploading" && p.fraction >= 0.3) controller.abort();
      },
    });
    await expect(first).rejects.toSatisfy(isAbort);
    const before = [...server.chunks.keys()];
    expect(before.length).toBeGreaterThan(0);
    expect(before.length).toBeLessThan(11);
    server.calls.chunks.length = 0;
    const progress: number[] = [];
    await uploadFile(blob, {
      name: "a.bin",
      transport: server.transport,
      hasher: inlineHasher(),
      onProgress: (p) => p.stage === "uploading" && progress.push(p.fraction),
    });
    expect(server.calls.chunks.some((i) => before.includes(i))).toBe(false);
    expect(server.calls.chunks.length + before.length).toBe(11);
    expect(progress[0]).toBeCloseTo((before.length * 1000) / 10_500);
  });

  it("sends a chunk again after a passing server error, not after a refusal", async () => {
    const server = fakeServer({ chunkSize: 4000, failOnce: [1] });
    await uploadFile(file(), { name: "a.bin", transport: server.transport, hasher: inlineHasher() });
    expect(server.chunks.size).toBe(3);

    const refusing: UploadTransport = {
      md5Check: server.transport.md5Check,
      uploadChunk: async () => {
        throw Object.assign(new Error("bad chunk md5"), { status: 400 });
      },
    };
    const other = new Blob([new Uint8Array(randomBytes(5000))]);
    await expect(
      uploadFile(other, { name: "b.bin", transport: refusing, hasher: inlineHasher() }),
    ).rejects.toThrow("bad chunk md5");
  });
});
