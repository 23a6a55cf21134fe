import { createHash } from "node:crypto";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { notFound } from "../errors";
import { type ByteRange, isNotFound, type LocalFile, type ObjectStore, type SignedUrlOptions } from "./index";
import { LocalStore } from "./local";

/**
 * The media stored once by MD5 under the key `ab/abcd…` (materials, thumbnails, transcodes, packages,
 * screenshots), on top of the object store. Uploads in progress on the local store write their chunks into
 * DATA_DIR/uploads/<uploadId>/data; on a bucket they are multipart uploads (see material/upload.ts).
 * No name from a client ever becomes part of a path or key: ids and hashes only.
 */
export class MediaStorage {
  readonly store: ObjectStore;

  constructor(
    private readonly dataDir: string,
    store?: ObjectStore,
    /** How long a signed media URL stays valid. */
    private readonly urlTtlSeconds = 300,
  ) {
    this.store = store ?? new LocalStore(dataDir);
  }

  /** The store key of a file by its MD5. */
  key(md5: string): string {
    if (!/^[0-9a-f]{32}$/.test(md5)) throw new Error("not an md5");
    return `${md5.slice(0, 2)}/${md5}`;
  }

  /** Whether the store is the data directory (uploads write chunk files, the disk's room counts). */
  get local(): boolean {
    return this.store.kind === "local";
  }

  /** Where uploads in progress keep their chunk files, one directory each (local store). */
  uploadsRoot(): string {
    return path.join(this.dataDir, "uploads");
  }

  uploadDir(uploadId: string): string {
    if (!/^[A-Za-z0-9_-]{16,64}$/.test(uploadId)) throw new Error("not an upload id");
    return path.join(this.uploadsRoot(), uploadId);
  }

  /** The file an upload's chunks are written into, each at its own offset (local store). */
  uploadData(uploadId: string): string {
    return path.join(this.uploadDir(uploadId), "data");
  }

  /** The key an upload's multipart upload is joined under before it is checked (bucket). */
  stagingKey(uploadId: string): string {
    this.uploadDir(uploadId);
    return `uploads/${uploadId}`;
  }

  async exists(md5: string): Promise<boolean> {
    return (await this.store.head(this.key(md5))) !== null;
  }

  async size(md5: string): Promise<number | null> {
    return (await this.store.head(this.key(md5)))?.size ?? null;
  }

  /** Moves an assembled local file into the store by its MD5 (atomically; an existing copy is kept). */
  async adopt(tmpFile: string, md5: string): Promise<void> {
    if (await this.exists(md5)) {
      await rm(tmpFile, { force: true });
      return;
    }
    if (this.store instanceof LocalStore) {
      await this.store.adopt(this.key(md5), tmpFile);
      return;
    }
    try {
      await this.store.put(this.key(md5), { file: tmpFile });
    } finally {
      await rm(tmpFile, { force: true });
    }
  }

  /** Stores bytes (a thumbnail) by their MD5; answers the MD5. */
  async putBuffer(bytes: Buffer): Promise<string> {
    const md5 = createHash("md5").update(bytes).digest("hex");
    if (!(await this.exists(md5))) await this.store.put(this.key(md5), bytes);
    return md5;
  }

  /** A temp path inside the data directory (same file system, so adopt() is a rename on the local store). */
  async tempPath(name: string): Promise<string> {
    const dir = path.join(this.dataDir, "tmp");
    await mkdir(dir, { recursive: true });
    return path.join(dir, `${Date.now()}-${process.pid}-${name.replace(/[^\w.-]/g, "_")}`);
  }

  /** Forgets an upload's chunk directory (local store; a bucket's multipart upload is aborted by its owner). */
  async removeUpload(uploadId: string): Promise<void> {
    await rm(this.uploadDir(uploadId), { recursive: true, force: true });
  }

  /** The file's bytes, or a range of them; a file that is not stored is a 404 (never a 500). */
  async read(md5: string, range?: ByteRange): Promise<Readable> {
    try {
      return await this.store.get(this.key(md5), range);
    } catch (err) {
      if (isNotFound(err)) throw notFound("file", md5);
      throw err;
    }
  }

  /** The file's bytes in memory (small files: an avatar, a thumbnail). */
  async readAll(md5: string): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const c of await this.read(md5)) chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  }

  /** The first bytes of the file (to tell its type). */
  async head(md5: string, bytes = 4096): Promise<Buffer> {
    const size = await this.size(md5);
    if (size === null) throw Object.assign(new Error(`no file ${md5}`), { code: "ENOENT" });
    if (size === 0) return Buffer.alloc(0);
    const chunks: Buffer[] = [];
    for await (const c of await this.read(md5, { start: 0, end: Math.min(bytes, size) - 1 }))
      chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  }

  /** A local file with the bytes for ffmpeg or sharp; release it when done. */
  localFile(md5: string): Promise<LocalFile> {
    return this.store.localFile(this.key(md5));
  }

  /**
   * Where a client may fetch the file itself, after every check (a 302 to it keeps the bytes out of the
   * server): a short-lived signed URL and how long the redirect may be cached (well below the URL's
   * lifetime), or null when the server streams the file (local store).
   */
  async mediaUrl(
    md5: string,
    contentType: string | null,
    downloadName?: string,
  ): Promise<{ url: string; maxAge: number } | null> {
    const url = await this.signedUrl(md5, {
      expiresIn: this.urlTtlSeconds,
      contentType: contentType ?? undefined,
      downloadName,
    });
    return url ? { url, maxAge: Math.floor(this.urlTtlSeconds / 2) } : null;
  }

  /** A short-lived URL to the file in the bucket, or null (local: the server streams it). */
  signedUrl(md5: string, options: SignedUrlOptions): Promise<string | null> {
    return this.store.signedUrl(this.key(md5), options);
  }
}
