import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import type { ObjectStore } from "./index";
import type { LocalStore } from "./local";

export interface MigrationSummary {
  copied: number;
  skipped: number;
  failed: Array<{ key: string; reason: string }>;
}

async function md5Of(stream: AsyncIterable<unknown>): Promise<string> {
  const hash = createHash("md5");
  for await (const c of stream) hash.update(c as Buffer);
  return hash.digest("hex");
}

/**
 * Whether the target holds the same bytes: same size, and the same MD5 told by the ETag of a single-part
 * put (a quoted hex MD5) or, for an object put in parts, by reading it back.
 */
async function sameObject(target: ObjectStore, key: string, size: number, md5: string): Promise<boolean> {
  const head = await target.head(key);
  if (!head || head.size !== size) return false;
  const etag = head.etag?.replace(/"/g, "");
  if (etag && /^[0-9a-f]{32}$/.test(etag)) return etag === md5;
  return (await md5Of(await target.get(key))) === md5;
}

/**
 * Whether a copy just put reads back intact. An S3-compatible server that is not read-after-write
 * consistent (s3rver under load, some gateways) may still answer the object it replaced for a moment:
 * the check is asked again a little later before the copy counts as failed.
 */
async function copiedIntact(target: ObjectStore, key: string, size: number, md5: string): Promise<boolean> {
  for (let attempt = 0; ; attempt++) {
    if (await sameObject(target, key, size, md5)) return true;
    if (attempt === 3) return false;
    await new Promise((r) => setTimeout(r, 250 * (attempt + 1)));
  }
}

/**
 * Copies every file of the data directory's store (DATA_DIR/files/**) into another store under the same
 * keys. Idempotent and resumable: an object already there with the same size and MD5 is skipped, so a rerun
 * after a kill goes on where it stopped. Each copy is verified (its MD5 against the source's) before it
 * counts. `progress` hears of every key.
 */
export async function migrateStorage(
  source: LocalStore,
  target: ObjectStore,
  progress: (key: string, outcome: "copied" | "skipped" | "failed", reason?: string) => void = () =>
    undefined,
): Promise<MigrationSummary> {
  const summary: MigrationSummary = { copied: 0, skipped: 0, failed: [] };
  for await (const { key, size } of source.list("")) {
    try {
      const file = source.pathOf(key);
      const md5 = await md5Of(createReadStream(file));
      if (await sameObject(target, key, size, md5)) {
        summary.skipped++;
        progress(key, "skipped");
        continue;
      }
      await target.put(key, { file });
      if (!(await copiedIntact(target, key, size, md5)))
        throw new Error("the copy in the bucket differs from the file");
      summary.copied++;
      progress(key, "copied");
    } catch (err) {
      const reason = (err as Error).message;
      summary.failed.push({ key, reason });
      progress(key, "failed", reason);
    }
  }
  return summary;
}
