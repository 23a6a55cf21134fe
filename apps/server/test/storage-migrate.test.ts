import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config";
import { createObjectStore, type ObjectStore } from "../src/platform/storage";
import { LocalStore } from "../src/platform/storage/local";
import { migrateStorage } from "../src/platform/storage/migrate";
import { startS3, type TestS3 } from "./s3";

const md5 = (b: Buffer | string) => createHash("md5").update(b).digest("hex");
const text = async (stream: AsyncIterable<unknown>) => {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString();
};

let s3: TestS3;
let dataDir: string;
let bucket: ObjectStore;
const files: Record<string, string> = {};
beforeAll(async () => {
  s3 = await startS3();
  dataDir = mkdtempSync(path.join(tmpdir(), "marquee-migrate-"));
  const put = (key: string, body: string) => {
    const file = path.join(dataDir, "files", key);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, body);
    files[key] = body;
  };
  const media = "a stored material";
  put(`${md5(media).slice(0, 2)}/${md5(media)}`, media);
  put(`avatars/${"1".repeat(64)}.png`, "an avatar");
  put(`brand/${"2".repeat(64)}.png`, "a logo");
  bucket = createObjectStore(dataDir, loadConfig({ ...s3.env, DATA_DIR: dataDir, S3_PREFIX: "m/" }).storage);
});
afterAll(async () => {
  await s3?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("copying the data directory into a bucket", () => {
  it("copies every file under its key, then a rerun copies nothing, and a damaged object is copied again", async () => {
    const source = new LocalStore(dataDir);
    const first = await migrateStorage(source, bucket);
    expect(first).toEqual({ copied: 3, skipped: 0, failed: [] });
    for (const [key, body] of Object.entries(files)) expect(await text(await bucket.get(key))).toBe(body);

    expect(await migrateStorage(source, bucket)).toEqual({ copied: 0, skipped: 3, failed: [] });

    const avatar = `avatars/${"1".repeat(64)}.png`;
    await bucket.put(avatar, Buffer.from("an avatoR")); // same size, other bytes
    expect(await migrateStorage(source, bucket)).toEqual({ copied: 1, skipped: 2, failed: [] });
    expect(await text(await bucket.get(avatar))).toBe("an avatar");
  });

  it("runs as a command that prints a summary, exiting 0, or 2 without a bucket configured", async () => {
    const cli = new URL("../src/cli/storage-migrate.ts", import.meta.url).pathname;
    const run = (env: Record<string, string>) =>
      promisify(execFile)(process.execPath, ["--import", "tsx", cli, "--quiet"], {
        env: { PATH: process.env.PATH ?? "", DATA_DIR: dataDir, ...env },
        cwd: new URL("..", import.meta.url).pathname,
      }).then(
        (r) => ({ code: 0, out: r.stdout, err: r.stderr }),
        (e) => ({ code: e.code as number, out: e.stdout as string, err: e.stderr as string }),
      );
    const ok = await run({ ...s3.env, S3_PREFIX: "m/" });
    expect(ok.code, ok.err).toBe(0);
    expect(ok.out).toContain("copied 0, skipped 3 (already there), failed 0");
    const none = await run({});
    expect(none.code).toBe(2);
    expect(none.err).toContain("STORAGE=s3");
  });
});
