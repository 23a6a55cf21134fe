import { createHash, randomBytes } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { UPLOAD_CHUNK_BYTES } from "@marquee/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ChildServers, type Started } from "./child-server";

/**
 * Issue 20: a server killed (SIGKILL) at a chosen step, then started again on the same data directory,
 * must leave nothing that needs an operator. The kill points are named steps in the server
 * (platform/crash-point.ts), so every run cuts the same write at the same place.
 */
let servers: ChildServers;
let cookie = "";

beforeAll(async () => {
  servers = await ChildServers.prepare("marquee-crash-");
});
afterAll(() => servers.cleanUp());

const md5 = (b: Buffer) => createHash("md5").update(b).digest("hex");
const fakePng = (bytes: number) =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(bytes - 8)]);

async function call(method: string, url: string, body?: RequestInit["body"], type = "application/json") {
  const res = await fetch(`${servers.base()}${url}`, {
    method,
    headers: { ...servers.headers(cookie), "content-type": type },
    body,
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

async function md5Check(file: Buffer, name: string) {
  const q = new URLSearchParams({ md5: md5(file), size: String(file.length), name });
  return call("GET", `/a/api/fileInfosa/uploaderMD5Check?${q}`);
}

function sendChunk(uploadId: string, file: Buffer, index: number) {
  const chunk = file.subarray(index * UPLOAD_CHUNK_BYTES, (index + 1) * UPLOAD_CHUNK_BYTES);
  const q = new URLSearchParams({ uploadId, index: String(index), md5: md5(chunk) });
  return call("POST", `/a/api/fileInfosa/uploader?${q}`, chunk, "application/octet-stream");
}

/** Starts a server (with a kill point, or none) and waits until it answers. */
async function running(crashAt?: string): Promise<Started> {
  const s = servers.start(crashAt ? { MARQUEE_CRASH_AT: crashAt } : {});
  await servers.healthy(s);
  return s;
}

describe("a kill while an upload is being finished", () => {
  it.each(["upload.verified", "upload.stored"])(
    "at %s: the resumed upload completes from where it was, once, and leaves no chunk file",
    async (step) => {
      const s = await running(step);
      cookie = cookie ? await servers.signIn() : await servers.initialiseAndSignIn();
      const file = fakePng(UPLOAD_CHUNK_BYTES + 4321);
      const name = `poster-${step}.png`;
      const opened = (await md5Check(file, name)).json as { uploadId: string; chunkCount: number };
      expect(opened.chunkCount).toBe(2);
      expect((await sendChunk(opened.uploadId, file, 0)).json).toMatchObject({ complete: false });
      // the last chunk makes the server finish the upload, and it dies at the step
      await expect(sendChunk(opened.uploadId, file, 1)).rejects.toThrow();
      expect(await s.exited).toBe(null);

      const again = await running();
      cookie = await servers.signIn();
      // the upload is still there, every chunk received: nothing is sent twice
      const resumed = (await md5Check(file, name)).json;
      expect(resumed).toMatchObject({ exists: false, uploadId: opened.uploadId, uploadedChunks: [0, 1] });
      // the console sends the last chunk again; the server finishes without the bytes of the first
      const done = (await sendChunk(opened.uploadId, file, 1)).json;
      expect(done).toMatchObject({ complete: true, material: { name } });
      const list = JSON.stringify((await call("GET", "/a/api/material/list?pageSize=500")).json);
      expect(list.split(`"${name}"`)).toHaveLength(2); // named once: one material
      expect(existsSync(path.join(servers.dataDir, "uploads", opened.uploadId))).toBe(false);
      expect(existsSync(path.join(servers.dataDir, "files", md5(file).slice(0, 2), md5(file)))).toBe(true);
      // and a second upload of the same file is instant: the tenant holds it
      expect((await md5Check(file, name)).json).toMatchObject({ exists: true });
      expect(readdirSync(path.join(servers.dataDir, "uploads"))).toEqual([]);
      again.child.kill("SIGTERM");
      expect(await again.exited).toBe(0);
    },
    180_000,
  );
});
