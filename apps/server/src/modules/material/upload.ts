import { createHash, type Hash, randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, open } from "node:fs/promises";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { UPLOAD_CHUNK_BYTES } from "@marquee/contracts";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { uploads } from "../../db/schema";
import { badRequest } from "../../platform/errors";
import { type Sniffed, sniffMedia } from "../../platform/media-sniff";
import type { MediaStorage } from "./storage";

export type Upload = typeof uploads.$inferSelect;

/**
 * The whole-file MD5 of an upload, advanced in order as chunks arrive (this
 * process only). With it, finishing an upload is a rename: no second read of
 * the file. Without it (after a restart, or chunks sent to another process)
 * the file is read once at the end instead.
 */
interface Progress {
  next: number;
  hash: Hash;
  /** Advances run one after another: a chunk must never be hashed twice into the whole. */
  lock: Promise<void>;
}
const inOrder = new Map<string, Progress>();

/** Starts an upload, or finds the one this user began for the same file (resume). */
export async function openUpload(
  db: Db,
  storage: MediaStorage,
  v: {
    officeId: number;
    userId: number;
    md5: string;
    size: number;
    name: string;
    folderId: number | null;
    purpose: Upload["purpose"];
  },
): Promise<Upload> {
  const folder = v.folderId === null ? isNull(uploads.folderId) : eq(uploads.folderId, v.folderId);
  const [existing] = await db
    .select()
    .from(uploads)
    .where(
      and(
        eq(uploads.userId, v.userId),
        eq(uploads.md5, v.md5),
        eq(uploads.size, v.size),
        eq(uploads.purpose, v.purpose),
        folder,
      ),
    );
  if (existing) return { ...existing, name: v.name };
  const id = randomBytes(18).toString("base64url");
  // One file for the whole upload; each chunk is written at its own offset.
  await mkdir(storage.uploadDir(id), { recursive: true });
  const fh = await open(storage.uploadData(id), "w");
  await fh.truncate(v.size);
  await fh.close();
  const [row] = await db
    .insert(uploads)
    .values({
      id,
      officeId: v.officeId,
      userId: v.userId,
      md5: v.md5,
      size: v.size,
      name: v.name,
      folderId: v.folderId,
      purpose: v.purpose,
      chunkSize: UPLOAD_CHUNK_BYTES,
      chunkCount: Math.max(1, Math.ceil(v.size / UPLOAD_CHUNK_BYTES)),
    })
    .onConflictDoNothing()
    .returning();
  if (row) {
    // Abandoned uploads would pile up: past this many, finishing falls back to reading the file.
    if (inOrder.size >= 10_000) inOrder.clear();
    inOrder.set(id, { next: 0, hash: createHash("md5"), lock: Promise.resolve() });
    return row;
  }
  await storage.removeUpload(id);
  return openUpload(db, storage, v); // a concurrent first call won
}

/** The expected length of chunk `index`. */
export const chunkLength = (u: Upload, index: number) =>
  index === u.chunkCount - 1 ? u.size - u.chunkSize * (u.chunkCount - 1) : u.chunkSize;

/** Feeds the whole-file MD5 with chunks already on disk that are next in order. */
async function catchUp(storage: MediaStorage, u: Upload, received: number[], p: Progress): Promise<void> {
  const have = new Set(received);
  while (p.next < u.chunkCount && have.has(p.next)) {
    const start = p.next * u.chunkSize;
    for await (const c of createReadStream(storage.uploadData(u.id), {
      start,
      end: start + chunkLength(u, p.next) - 1,
    })) {
      p.hash.update(c as Buffer);
    }
    p.next++;
  }
}

/**
 * Streams one chunk into place while hashing it; only a chunk of the right
 * length and MD5 counts as received (memory holds a stream buffer, never the
 * chunk). A chunk that is next in order feeds the whole-file MD5 as it streams.
 */
export async function receiveChunk(
  db: Db,
  storage: MediaStorage,
  u: Upload,
  index: number,
  md5: string,
  body: Readable,
): Promise<number[]> {
  if (index >= u.chunkCount) throw badRequest("material.chunkIndex", { index, count: u.chunkCount });
  const expected = chunkLength(u, index);
  const chunkHash = createHash("md5");
  const progress = inOrder.get(u.id);
  // A copy of the whole-file state: kept only if this chunk turns out right.
  const tentative = progress?.next === index ? progress.hash.copy() : null;
  let length = 0;
  body.on("data", (c: Buffer) => {
    length += c.length;
    // The body is streamed, so the framework's size limit does not apply: stop at the first byte too many.
    if (length > expected) {
      body.destroy(badRequest("material.chunkCorrupt", { index }));
      return;
    }
    chunkHash.update(c);
    tentative?.update(c);
  });
  await pipeline(
    body,
    createWriteStream(storage.uploadData(u.id), { flags: "r+", start: index * u.chunkSize }),
  );
  if (length !== expected || chunkHash.digest("hex") !== md5)
    throw badRequest("material.chunkCorrupt", { index });
  const [row] = await db
    .update(uploads)
    .set({
      received: sql`(select array_agg(distinct x order by x) from unnest(array_append(${uploads.received}, ${index})) x)`,
    })
    .where(eq(uploads.id, u.id))
    .returning({ received: uploads.received });
  const received = row?.received ?? [];
  if (progress) {
    const advance = progress.lock.then(async () => {
      if (tentative && progress.next === index) {
        progress.hash = tentative;
        progress.next = index + 1;
      }
      // Chunks that arrived early and are now next in order are read back (from the page cache).
      await catchUp(storage, u, received, progress);
    });
    // Not awaited: the answer goes out while the hashing goes on; finishing waits for it (assemble).
    progress.lock = advance.catch(() => {
      inOrder.delete(u.id); // a failed read back: finishing reads the whole file instead
    });
  }
  return received;
}

/**
 * Checks the finished file against its declared MD5 and its media type by
 * content, then moves it into the store by MD5 (a rename). Answers what was
 * stored.
 */
export async function assemble(storage: MediaStorage, u: Upload): Promise<Sniffed> {
  const data = storage.uploadData(u.id);
  const progress = inOrder.get(u.id);
  await progress?.lock;
  const complete = progress !== undefined && inOrder.get(u.id) === progress && progress.next === u.chunkCount;
  inOrder.delete(u.id);
  let md5: string;
  if (complete && progress) {
    md5 = progress.hash.digest("hex");
  } else {
    const hash = createHash("md5");
    for await (const c of createReadStream(data)) hash.update(c as Buffer);
    md5 = hash.digest("hex");
  }
  if (md5 !== u.md5) {
    await storage.removeUpload(u.id);
    throw badRequest("material.fileCorrupt");
  }
  const head = Buffer.alloc(Math.min(4096, u.size));
  const fh = await open(data, "r");
  try {
    await fh.read(head, 0, head.length, 0);
  } finally {
    await fh.close();
  }
  const kind = sniffMedia(head);
  if (!kind) {
    await storage.removeUpload(u.id);
    throw badRequest("material.typeRefused");
  }
  await storage.adopt(data, md5);
  return kind;
}
