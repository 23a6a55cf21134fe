import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { GetObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { UPLOAD_CHUNK_BYTES } from "@marquee/contracts";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ChildConsole, ChildServers, type Started } from "./child-server";
import { fakePng, md5 } from "./media";
import { startS3, type TestS3 } from "./s3";

/**
 * Finishing an upload on a bucket (STORAGE=s3) killed (SIGKILL) at each of its step boundaries in turn:
 * the lease taken, the parts joined under the staging key, the file checked, copied to its MD5 key, the
 * staging object deleted, the material written. A second process then finishes it (the console sends the
 * last chunk again) and the bucket holds one copy of the right bytes, no staging object and no multipart
 * upload, with one material counted once in the tenant's usage. The kill points are named steps in the
 * server (platform/crash-point.ts).
 */
let servers: ChildServers;
let s3: TestS3;
let client: S3Client;
let ui: ChildConsole;

beforeAll(async () => {
  s3 = await startS3("marquee-crash");
  client = new S3Client({
    region: "us-east-1",
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
  });
  servers = await ChildServers.prepare("marquee-s3-crash-");
  ui = new ChildConsole(servers);
});
afterAll(async () => {
  servers?.cleanUp();
  client?.destroy();
  await s3?.close();
});

// Every server started, so that a failed step leaves none on the port for the next one.
let live: Started[] = [];

/** A server on the bucket (with a kill point, or none), answering; a busy machine may take a while. */
async function running(crashAt?: string): Promise<Started> {
  const s = servers.start({ ...s3.env, ...(crashAt ? { MARQUEE_CRASH_AT: crashAt } : {}) });
  live.push(s);
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (s.child.exitCode !== null) throw new Error(`server exited: ${s.output()}`);
    const ok = await fetch(`${servers.base()}/f/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return s;
    if (Date.now() > deadline) throw new Error(`server did not become healthy in 120 s: ${s.output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Every key in the bucket. */
async function keys(): Promise<string[]> {
  const out: string[] = [];
  let token: string | undefined;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, ContinuationToken: token }));
    for (const o of page.Contents ?? []) if (o.Key) out.push(o.Key);
    token = page.NextContinuationToken;
  } while (token);
  return out;
}

/** The multipart uploads s3rver still holds (it cannot list them over the API: read from its directory). */
function multipartUploads(): string[] {
  const dir = path.join(s3.directory, s3.bucket, "._S3rver_uploads");
  return existsSync(dir) ? readdirSync(dir) : [];
}

async function usedBytes(): Promise<number> {
  return Number((await ui.call("GET", "/a/api/material/usage")).json.used);
}

describe("a kill at each step of finishing an upload on a bucket", () => {
  afterEach(() => {
    for (const s of live)
      if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill("SIGKILL");
    live = [];
  });

  it.each([
    "upload.claimed",
    "upload.joined",
    "upload.verified",
    "upload.copied",
    "upload.stored",
    "upload.recorded",
  ])(
    "at %s: a second process finishes it once, with the right bytes, nothing left in the bucket, counted once",
    async (step) => {
      const s = await running(step);
      await ui.signedIn();
      const usedBefore = await usedBytes();
      const multipartBefore = multipartUploads();
      const file = fakePng(UPLOAD_CHUNK_BYTES + 4321);
      const name = `poster-${step}.png`;
      const opened = (await ui.md5Check(file, name)).json as { uploadId: string; chunkCount: number };
      expect(opened.chunkCount).toBe(2);
      expect((await ui.sendChunk(opened.uploadId, file, 0)).json).toMatchObject({ complete: false });
      // the last chunk makes the server finish the upload, and it dies at the step
      await expect(ui.sendChunk(opened.uploadId, file, 1)).rejects.toThrow();
      expect(await s.exited).toBe(null);
      expect(s.child.signalCode).toBe("SIGKILL");

      const again = await running();
      await ui.signedIn();
      if (step === "upload.recorded") {
        // the material was written (and the upload ended) before the kill: the console's resent last chunk
        // finds no upload, a clear 404. (Asking the MD5 check again would add a second material, as for any
        // second upload of a file the tenant holds: the answer naming the first was lost with the process.)
        const resent = await ui.sendChunk(opened.uploadId, file, 1);
        expect(resent.status).toBe(404);
      } else {
        const resumed = (await ui.md5Check(file, name)).json;
        // the upload is still there, every chunk received; the console sends the last chunk again
        expect(resumed).toMatchObject({ exists: false, uploadId: opened.uploadId, uploadedChunks: [0, 1] });
        const done = (await ui.sendChunk(opened.uploadId, file, 1)).json;
        expect(done).toMatchObject({ complete: true, material: { name, md5: md5(file) } });
      }
      const list = (await ui.call("GET", "/a/api/material/list?pageSize=500")).json.list as Array<{
        name: string;
        md5: string;
      }>;
      expect(list.filter((m) => m.name === name)).toEqual([expect.objectContaining({ md5: md5(file) })]);

      // the bucket: the file under its MD5, with its bytes; no staging object, no multipart upload
      const key = `${md5(file).slice(0, 2)}/${md5(file)}`;
      const all = await keys();
      expect(all).toContain(key);
      expect(all.filter((k) => k.startsWith("uploads/"))).toEqual([]);
      expect(multipartUploads().filter((m) => !multipartBefore.includes(m))).toEqual([]);
      const stored = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
      const bytes = Buffer.from((await stored.Body?.transformToByteArray()) ?? new Uint8Array());
      expect(md5(bytes)).toBe(md5(file));
      // the tenant's usage counts the file once
      expect((await usedBytes()) - usedBefore).toBe(file.length);

      again.child.kill("SIGTERM");
      expect(await again.exited).toBe(0);
    },
    300_000,
  );
});
