import { createHash, randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, open, rename, rm, stat } from "node:fs/promises";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { UPLOAD_CHUNK_BYTES } from "@marquee/contracts";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { uploads } from "../../db/schema";
import { badRequest } from "../../platform/errors";
import { type Sniffed, sniffMedia } from "../../platform/media-sniff";
import type { MediaStorage } from "./storage";

export type Upload = typeof uploads.$inferSelect;

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
  if (existing) {
    // Disk is the truth after a crash or restart: keep only chunks that are really there.
    const onDisk = new Set(await storage.chunksOnDisk(existing.id));
    const received = existing.received.filter((i) => onDisk.has(i));
    if (received.length !== existing.received.length) {
      await db.update(uploads).set({ received }).where(eq(uploads.id, existing.id));
    }
    return { ...existing, received, name: v.name };
  }
  const [row] = await db
    .insert(uploads)
    .values({
      id: randomBytes(18).toString("base64url"),
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
  if (row) return row;
  return openUpload(db, storage, v); // a concurrent first call won
}

/** The expected length of chunk `index`. */
export const chunkLength = (u: Upload, index: number) =>
  index === u.chunkCount - 1 ? u.size - u.chunkSize * (u.chunkCount - 1) : u.chunkSize;

/**
 * Streams one chunk to disk while hashing it; only a chunk of the right
 * length and MD5 is kept (memory holds a buffer of the stream, never the chunk).
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
  const dir = storage.uploadDir(u.id);
  await mkdir(dir, { recursive: true });
  const final = storage.chunkPath(u.id, index);
  const tmp = `${final}.${randomBytes(6).toString("hex")}.part`;
  const hash = createHash("md5");
  let length = 0;
  const expected = chunkLength(u, index);
  body.on("data", (c: Buffer) => {
    hash.update(c);
    length += c.length;
    // The body is streamed, so the framework's size limit does not apply: stop at the first byte too many.
    if (length > expected) body.destroy(badRequest("material.chunkCorrupt", { index }));
  });
  try {
    await pipeline(body, createWriteStream(tmp));
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
  const got = hash.digest("hex");
  if (length !== expected || got !== md5) {
    await rm(tmp, { force: true });
    throw badRequest("material.chunkCorrupt", { index });
  }
  await rename(tmp, final);
  const [row] = await db
    .update(uploads)
    .set({
      received: sql`(select array_agg(distinct x order by x) from unnest(array_append(${uploads.received}, ${index})) x)`,
    })
    .where(eq(uploads.id, u.id))
    .returning({ received: uploads.received });
  return row?.received ?? [];
}

/**
 * Joins the chunks in order into one file while computing its MD5, checks it
 * against the declared one and the media type by content, then stores it by
 * MD5. Answers what was stored.
 */
export async function assemble(storage: MediaStorage, u: Upload): Promise<Sniffed> {
  const tmp = `${storage.uploadDir(u.id)}/assembled.part`;
  const hash = createHash("md5");
  // One pipeline over all chunks in order (no listeners piling up on the output per chunk).
  async function* inOrder() {
    for (let i = 0; i < u.chunkCount; i++) {
      for await (const c of createReadStream(storage.chunkPath(u.id, i))) {
        hash.update(c as Buffer);
        yield c as Buffer;
      }
    }
  }
  try {
    await pipeline(Readable.from(inOrder()), createWriteStream(tmp));
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
  const md5 = hash.digest("hex");
  const size = (await stat(tmp)).size;
  if (md5 !== u.md5 || size !== u.size) {
    await storage.removeUpload(u.id);
    throw badRequest("material.fileCorrupt");
  }
  const head = Buffer.alloc(Math.min(4096, size));
  const fh = await open(tmp, "r");
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
  await storage.adopt(tmp, md5);
  return kind;
}
