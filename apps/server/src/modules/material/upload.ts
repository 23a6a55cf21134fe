import { createHash, type Hash, randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, open, readdir, stat } from "node:fs/promises";
import type { Readable } from "node:stream";
import { finished, pipeline } from "node:stream/promises";
import { type MessageKey, UPLOAD_CHUNK_BYTES } from "@marquee/contracts";
import { and, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { uploads } from "../../db/schema";
import { crashPoint } from "../../platform/crash-point";
import { AppError, badRequest } from "../../platform/errors";
import { type Sniffed, sniffMedia } from "../../platform/media-sniff";
import { isNotFound, type MediaStorage } from "../../platform/storage";

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
  /** Refuses (507) a new upload the disk has no room for; a resumed one is checked chunk by chunk. */
  ensureRoom: (bytes: number) => Promise<void> = async () => undefined,
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
    await db.update(uploads).set({ touchedAt: sql`now()` }).where(eq(uploads.id, existing.id));
    return { ...existing, name: v.name };
  }
  const id = randomBytes(18).toString("base64url");
  let multipartId: string | null = null;
  const multipart = storage.store.multipart;
  if (multipart) {
    // On a bucket each chunk is one part of a multipart upload, joined under a staging key at the end.
    multipartId = await multipart.create(storage.stagingKey(id));
  } else {
    await ensureRoom(v.size);
    // One file for the whole upload; each chunk is written at its own offset.
    await mkdir(storage.uploadDir(id), { recursive: true });
    const fh = await open(storage.uploadData(id), "w");
    await fh.truncate(v.size);
    await fh.close();
  }
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
      multipartId,
    })
    .onConflictDoNothing()
    .returning();
  if (row) {
    // Abandoned uploads would pile up: past this many, finishing falls back to reading the file.
    if (inOrder.size >= 10_000) inOrder.clear();
    inOrder.set(id, { next: 0, hash: createHash("md5"), lock: Promise.resolve() });
    return row;
  }
  await discardUpload(storage, { id, multipartId });
  return openUpload(db, storage, v, ensureRoom); // a concurrent first call won
}

/** The expected length of chunk `index`. */
export const chunkLength = (u: Upload, index: number) =>
  index === u.chunkCount - 1 ? u.size - u.chunkSize * (u.chunkCount - 1) : u.chunkSize;

/**
 * Removes what an upload left in the store: its chunk directory (local), or its multipart upload and
 * staging object (bucket). The row is the caller's.
 */
export async function discardUpload(
  storage: MediaStorage,
  u: Pick<Upload, "id" | "multipartId">,
): Promise<void> {
  await storage.removeUpload(u.id);
  const multipart = storage.store.multipart;
  if (!multipart) return;
  const key = storage.stagingKey(u.id);
  // Best effort: a part left behind costs storage, not correctness, and the bucket's lifecycle rule
  // (AbortIncompleteMultipartUpload, see docs/storage.md) removes it; some S3-compatible servers have no abort.
  if (u.multipartId) await multipart.abort(key, u.multipartId).catch(() => undefined);
  await storage.store.delete(key);
}

/** Feeds the whole-file MD5 with chunks already on disk that are next in order. */
async function catchUp(storage: MediaStorage, u: Upload, received: number[], p: Progress): Promise<void> {
  // A bucket's parts cannot be read before they are joined: finishing reads the joined object instead.
  if (!storage.local) return;
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
  let etag: string | undefined;
  try {
    const multipart = storage.store.multipart;
    if (multipart) {
      // A part is sent whole with its length, so the chunk (at most UPLOAD_CHUNK_BYTES) is held in memory.
      const parts: Buffer[] = [];
      body.on("data", (c: Buffer) => parts.push(c));
      await finished(body);
      if (length !== expected || chunkHash.copy().digest("hex") !== md5)
        throw badRequest("material.chunkCorrupt", { index });
      if (!u.multipartId) throw Object.assign(new Error("no multipart upload"), { code: "ENOENT" });
      etag = await multipart.uploadPart(
        storage.stagingKey(u.id),
        u.multipartId,
        index + 1,
        Buffer.concat(parts),
      );
    } else {
      await pipeline(
        body,
        createWriteStream(storage.uploadData(u.id), { flags: "r+", start: index * u.chunkSize }),
      );
    }
  } catch (err) {
    // The chunk file (or the multipart upload) is gone, removed by hand or by the sweep: the upload cannot
    // go on; forget it, so that the next attempt starts a new one instead of failing the same way for ever.
    const name = (err as { name?: string }).name;
    if (!isNotFound(err) && name !== "NoSuchUpload") throw err;
    await db.delete(uploads).where(eq(uploads.id, u.id));
    inOrder.delete(u.id);
    await discardUpload(storage, u).catch(() => undefined);
    throw new AppError(410, "material.uploadLost");
  }
  if (length !== expected || chunkHash.digest("hex") !== md5)
    throw badRequest("material.chunkCorrupt", { index });
  const [row] = await db
    .update(uploads)
    .set({
      received: sql`(select array_agg(distinct x order by x) from unnest(array_append(${uploads.received}, ${index})) x)`,
      ...(etag
        ? { parts: sql`${uploads.parts} || jsonb_build_object(${String(index)}::text, ${etag}::text)` }
        : {}),
      touchedAt: sql`now()`,
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

/** How long one request holds an upload's finish before another may take it over (renewed while it works). */
export const FINISH_LEASE_MS = 20_000;
const FINISH_RENEW_MS = 5_000;

/**
 * Takes the finish of an upload whose chunks are all there, for this request: answers the row, or null
 * while another request holds it. The hold is a lease in the row, so a process killed while finishing
 * holds it for at most FINISH_LEASE_MS; the resumed upload (the console sends the last chunk again) then
 * takes it over.
 */
export async function claimFinish(db: Db, id: string): Promise<Upload | null> {
  const [row] = await db
    .update(uploads)
    .set({ finishingUntil: sql`now() + make_interval(secs => ${FINISH_LEASE_MS / 1000})` })
    .where(
      and(eq(uploads.id, id), or(isNull(uploads.finishingUntil), lt(uploads.finishingUntil, sql`now()`))),
    )
    .returning();
  return row ?? null;
}

/** Renews the lease while the finish works (hashing a large file takes a while); answers how to stop. */
export function holdFinish(db: Db, id: string, log: { warn(o: object, m: string): void }): () => void {
  const timer = setInterval(() => {
    db.update(uploads)
      .set({ finishingUntil: sql`now() + make_interval(secs => ${FINISH_LEASE_MS / 1000})` })
      .where(eq(uploads.id, id))
      .catch((err) => log.warn({ err, upload: id }, "could not renew the finish of an upload"));
  }, FINISH_RENEW_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Waits while another request finishes this upload: answers "done" once its row is gone (finished, or
 * refused), "free" once the finish may be taken over (that request's process died).
 */
export async function awaitFinish(db: Db, id: string): Promise<"done" | "free"> {
  const until = Date.now() + 2 * FINISH_LEASE_MS;
  while (Date.now() < until) {
    await new Promise((r) => setTimeout(r, 250));
    const [row] = await db
      .select({ free: sql<boolean>`${uploads.finishingUntil} is null or ${uploads.finishingUntil} < now()` })
      .from(uploads)
      .where(eq(uploads.id, id));
    if (!row) return "done";
    if (row.free) return "free";
  }
  return "free";
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/** Forgets a refused upload: its row and its chunk file. */
async function refuse(db: Db, storage: MediaStorage, u: Upload, key: MessageKey): Promise<never> {
  await db.delete(uploads).where(eq(uploads.id, u.id));
  inOrder.delete(u.id);
  await discardUpload(storage, u);
  throw badRequest(key);
}

/**
 * Checks the finished file against its declared MD5 and its media type by content, notes that in the row,
 * then moves it into the store by MD5 (a rename). Answers what was stored. Each step can be cut by a
 * crash and run again: a file already checked is not read again, one already moved is found in the store.
 * The caller then turns the upload into what it is for and deletes its row, in one transaction.
 */
export async function verifyAndStore(db: Db, storage: MediaStorage, u: Upload): Promise<Sniffed> {
  if (!storage.local) return verifyAndStoreInBucket(db, storage, u);
  const data = storage.uploadData(u.id);
  const progress = inOrder.get(u.id);
  await progress?.lock;
  if (!u.verifiedAt) {
    const complete =
      progress !== undefined && inOrder.get(u.id) === progress && progress.next === u.chunkCount;
    let md5: string;
    if (complete && progress) {
      md5 = progress.hash.copy().digest("hex");
    } else {
      const hash = createHash("md5");
      for await (const c of createReadStream(data)) hash.update(c as Buffer);
      md5 = hash.digest("hex");
    }
    if (md5 !== u.md5) return refuse(db, storage, u, "material.fileCorrupt");
    if (!sniffMedia(await headOf(data, u.size))) return refuse(db, storage, u, "material.typeRefused");
    await db.update(uploads).set({ verifiedAt: sql`now()` }).where(eq(uploads.id, u.id));
    crashPoint("upload.verified");
  }
  inOrder.delete(u.id);
  if (await exists(data)) await storage.adopt(data, u.md5);
  else if (!(await storage.exists(u.md5))) return refuse(db, storage, u, "material.uploadLost");
  crashPoint("upload.stored");
  const kind = sniffMedia(await storage.head(u.md5));
  if (!kind) return refuse(db, storage, u, "material.typeRefused");
  return kind;
}

/**
 * verifyAndStore on a bucket: the parts are joined under the upload's staging key, checked there (the
 * whole-file MD5 advanced as chunks arrived, or one read of the joined object), then copied to `ab/<md5>`
 * and the staging object deleted. Each step can be cut and run again, by this process or another.
 */
async function verifyAndStoreInBucket(db: Db, storage: MediaStorage, u: Upload): Promise<Sniffed> {
  const store = storage.store;
  const multipart = store.multipart;
  const staging = storage.stagingKey(u.id);
  const progress = inOrder.get(u.id);
  await progress?.lock;
  let staged = await store.head(staging);
  if (!u.verifiedAt) {
    if (!staged) {
      const parts = Object.entries(u.parts ?? {}).map(([index, etag]) => ({
        partNumber: Number(index) + 1,
        etag,
      }));
      if (!multipart || !u.multipartId || parts.length !== u.chunkCount)
        return refuse(db, storage, u, "material.uploadLost");
      try {
        await multipart.complete(staging, u.multipartId, parts);
        crashPoint("upload.joined");
      } catch (err) {
        if ((err as { name?: string }).name === "NoSuchUpload")
          return refuse(db, storage, u, "material.uploadLost");
        throw err;
      }
      staged = await store.head(staging);
      if (!staged) return refuse(db, storage, u, "material.uploadLost");
    }
    const complete =
      progress !== undefined && inOrder.get(u.id) === progress && progress.next === u.chunkCount;
    let md5: string;
    if (complete && progress) {
      md5 = progress.hash.copy().digest("hex");
    } else {
      const hash = createHash("md5");
      for await (const c of await store.get(staging)) hash.update(c as Buffer);
      md5 = hash.digest("hex");
    }
    if (md5 !== u.md5 || staged.size !== u.size) return refuse(db, storage, u, "material.fileCorrupt");
    const head = staged.size
      ? await readAll(await store.get(staging, { start: 0, end: Math.min(4096, staged.size) - 1 }))
      : Buffer.alloc(0);
    if (!sniffMedia(head)) return refuse(db, storage, u, "material.typeRefused");
    await db.update(uploads).set({ verifiedAt: sql`now()` }).where(eq(uploads.id, u.id));
    crashPoint("upload.verified");
  }
  inOrder.delete(u.id);
  if (staged) {
    if (!(await storage.exists(u.md5))) await store.copy(staging, storage.key(u.md5));
    crashPoint("upload.copied");
    await store.delete(staging);
  } else if (!(await storage.exists(u.md5))) return refuse(db, storage, u, "material.uploadLost");
  crashPoint("upload.stored");
  const kind = sniffMedia(await storage.head(u.md5));
  if (!kind) return refuse(db, storage, u, "material.typeRefused");
  return kind;
}

async function readAll(stream: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

async function headOf(file: string, size: number): Promise<Buffer> {
  const head = Buffer.alloc(Math.min(4096, size));
  const fh = await open(file, "r");
  try {
    await fh.read(head, 0, head.length, 0);
  } finally {
    await fh.close();
  }
  return head;
}

/** Chunk directories younger than this may be an upload whose row is being written: left alone. */
const ORPHAN_GRACE_MS = 3_600_000;

/**
 * Forgets uploads untouched for `expiryMs` (their rows and chunk files), unless one is being finished,
 * and removes chunk directories that no upload names (a kill between the directory and its row).
 * Answers how many uploads and directories went. Safe to run in several processes at once.
 */
export async function sweepUploads(db: Db, storage: MediaStorage, expiryMs: number): Promise<number> {
  const expired = await db
    .delete(uploads)
    .where(
      and(
        lt(uploads.touchedAt, new Date(Date.now() - expiryMs)),
        or(isNull(uploads.finishingUntil), lt(uploads.finishingUntil, sql`now()`)),
      ),
    )
    .returning({ id: uploads.id, multipartId: uploads.multipartId });
  for (const u of expired) {
    inOrder.delete(u.id);
    await discardUpload(storage, u);
  }
  let orphans = 0;
  const multipart = storage.store.multipart;
  if (multipart) {
    // Multipart uploads no row names (a kill between creating one and writing its row), past the grace.
    const stale: Array<{ id: string; key: string; uploadId: string }> = [];
    try {
      for await (const m of multipart.list("uploads/")) {
        const id = m.key.slice("uploads/".length);
        if (Date.now() - m.initiated.getTime() >= ORPHAN_GRACE_MS && /^[A-Za-z0-9_-]{16,64}$/.test(id))
          stale.push({ id, key: m.key, uploadId: m.uploadId });
      }
    } catch (err) {
      // Some S3-compatible servers cannot list multipart uploads: the bucket's lifecycle rule is left to it.
      if ((err as { name?: string }).name !== "NotImplemented") throw err;
    }
    if (stale.length) {
      const known = new Set(
        (
          await db
            .select({ id: uploads.id })
            .from(uploads)
            .where(
              inArray(
                uploads.id,
                stale.map((m) => m.id),
              ),
            )
        ).map((r) => r.id),
      );
      for (const m of stale) {
        if (known.has(m.id)) continue;
        await multipart.abort(m.key, m.uploadId).catch(() => undefined);
        orphans++;
      }
    }
  }
  const names = await readdir(storage.uploadsRoot()).catch(() => [] as string[]);
  const candidates = names.filter((n) => /^[A-Za-z0-9_-]{16,64}$/.test(n));
  if (candidates.length) {
    const known = new Set(
      (await db.select({ id: uploads.id }).from(uploads).where(inArray(uploads.id, candidates))).map(
        (r) => r.id,
      ),
    );
    for (const name of candidates) {
      if (known.has(name)) continue;
      const info = await stat(storage.uploadDir(name)).catch(() => null);
      if (!info || Date.now() - info.mtimeMs < ORPHAN_GRACE_MS) continue;
      await storage.removeUpload(name);
      orphans++;
    }
  }
  return expired.length + orphans;
}

/**
 * Abandons the caller's upload: its row and chunk file go at once (a full disk is freed without waiting
 * for the sweep). Refused while a request finishes it (409), unknown otherwise (404).
 */
export async function abandonUpload(
  db: Db,
  storage: MediaStorage,
  id: string,
  userId: number,
): Promise<void> {
  const [gone] = await db
    .delete(uploads)
    .where(
      and(
        eq(uploads.id, id),
        eq(uploads.userId, userId),
        or(isNull(uploads.finishingUntil), lt(uploads.finishingUntil, sql`now()`)),
      ),
    )
    .returning({ id: uploads.id, multipartId: uploads.multipartId });
  if (!gone) {
    const [held] = await db
      .select({ id: uploads.id })
      .from(uploads)
      .where(and(eq(uploads.id, id), eq(uploads.userId, userId)));
    throw new AppError(held ? 409 : 404, held ? "material.uploadFinishing" : "material.uploadUnknown");
  }
  inOrder.delete(id);
  await discardUpload(storage, gone);
}
