import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config";
import { createObjectStore, isNotFound, type ObjectStore } from "../src/platform/storage";
import { startS3, type TestS3 } from "./s3";

const text = async (stream: AsyncIterable<unknown>) => {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString();
};

/** One body of cases, run against the data directory and against a bucket. */
function storeCases(kind: "local" | "s3", make: () => { store: ObjectStore; dataDir: string }) {
  describe(`the ${kind} object store`, () => {
    let store: ObjectStore;
    let dataDir: string;
    beforeAll(() => {
      ({ store, dataDir } = make());
    });

    it("puts bytes and a local file, heads, reads whole and by range", async () => {
      await store.put("ab/one", Buffer.from("hello world"));
      const file = path.join(dataDir, "source.bin");
      await writeFile(file, "from a file");
      await store.put("avatars/two.png", { file });
      expect(await store.head("ab/one")).toMatchObject({ size: 11 });
      expect(await store.head("avatars/two.png")).toMatchObject({ size: 11 });
      expect(await text(await store.get("ab/one"))).toBe("hello world");
      expect(await text(await store.get("ab/one", { start: 6, end: 10 }))).toBe("world");
      expect(await text(await store.get("avatars/two.png"))).toBe("from a file");
    });

    it("answers absent for a missing key, and a read of one fails with ENOENT", async () => {
      expect(await store.head("ab/none")).toBeNull();
      const err = await store.get("ab/none").catch((e) => e);
      expect(isNotFound(err)).toBe(true);
    });

    it("lists by prefix, copies and deletes", async () => {
      await store.put("brand/a.png", Buffer.from("a"));
      await store.put("brand/b.png", Buffer.from("bb"));
      const listed: Array<{ key: string; size: number }> = [];
      for await (const o of store.list("brand/")) listed.push({ key: o.key, size: o.size });
      expect(listed.sort((x, y) => x.key.localeCompare(y.key))).toEqual([
        { key: "brand/a.png", size: 1 },
        { key: "brand/b.png", size: 2 },
      ]);
      await store.copy("brand/b.png", "ab/copy");
      expect(await text(await store.get("ab/copy"))).toBe("bb");
      await store.delete("brand/a.png");
      expect(await store.head("brand/a.png")).toBeNull();
      await store.delete("brand/a.png"); // deleting what is gone is no error
    });

    it("lends a local file for tools and releases it", async () => {
      const local = await store.localFile("ab/one");
      expect(readFileSync(local.path, "utf8")).toBe("hello world");
      await local.release();
      if (kind === "s3") await expect(stat(local.path)).rejects.toThrow();
      else expect(readFileSync(local.path, "utf8")).toBe("hello world");
    });

    it("signs a URL on a bucket that serves the bytes and ranges; none for local", async () => {
      const url = await store.signedUrl("ab/one", { expiresIn: 60, contentType: "text/plain" });
      if (kind === "local") {
        expect(url).toBeNull();
        return;
      }
      expect(url).toBeTruthy();
      const whole = await fetch(url as string);
      expect(whole.status).toBe(200);
      expect(await whole.text()).toBe("hello world");
      const part = await fetch(url as string, { headers: { range: "bytes=0-4" } });
      expect(part.status).toBe(206);
      expect(await part.text()).toBe("hello");
    });

    it("refuses keys with a path a client could choose", async () => {
      await expect(store.put("../escape", Buffer.from("x"))).rejects.toThrow(/not a storage key/);
      await expect(store.put("/abs", Buffer.from("x"))).rejects.toThrow(/not a storage key/);
    });
  });
}

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), "marquee-store-"));
  dirs.push(d);
  return d;
};
let s3: TestS3;
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(async () => {
  await s3?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

storeCases("local", () => {
  const dataDir = tempDir();
  return { dataDir, store: createObjectStore(dataDir, { kind: "local", urlTtlSeconds: 300 }) };
});
storeCases("s3", () => {
  const dataDir = tempDir();
  const config = loadConfig({ ...s3.env, DATA_DIR: dataDir });
  return { dataDir, store: createObjectStore(dataDir, config.storage) };
});

describe("the storage configuration", () => {
  it("refuses STORAGE=s3 without a bucket or region, naming what is missing", () => {
    expect(() => loadConfig({ STORAGE: "s3" })).toThrow(/STORAGE=s3 needs S3_BUCKET, S3_REGION/);
    expect(() =>
      loadConfig({ STORAGE: "s3", S3_BUCKET: "b", S3_REGION: "r", S3_ACCESS_KEY_ID: "k" }),
    ).toThrow(/S3_SECRET_ACCESS_KEY/);
  });

  it("says clearly when the bucket cannot be reached", async () => {
    const dataDir = tempDir();
    const config = loadConfig({ ...s3.env, S3_BUCKET: "no-such-bucket", DATA_DIR: dataDir });
    await expect(createObjectStore(dataDir, config.storage).check()).rejects.toThrow(
      /The bucket "no-such-bucket" cannot be reached/,
    );
  });
});
