import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, open, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * Files on disk. Materials are stored once by MD5 under DATA_DIR/files/ab/abcd…;
 * uploads in progress write their chunks into DATA_DIR/uploads/<uploadId>/data.
 * No name from a client ever becomes part of a path: ids and hashes only.
 */
export class MediaStorage {
  constructor(private readonly dataDir: string) {}

  filePath(md5: string): string {
    if (!/^[0-9a-f]{32}$/.test(md5)) throw new Error("not an md5");
    return path.join(this.dataDir, "files", md5.slice(0, 2), md5);
  }

  /** Where uploads in progress keep their chunk files, one directory each. */
  uploadsRoot(): string {
    return path.join(this.dataDir, "uploads");
  }

  uploadDir(uploadId: string): string {
    if (!/^[A-Za-z0-9_-]{16,64}$/.test(uploadId)) throw new Error("not an upload id");
    return path.join(this.uploadsRoot(), uploadId);
  }

  /** The file an upload's chunks are written into, each at its own offset. */
  uploadData(uploadId: string): string {
    return path.join(this.uploadDir(uploadId), "data");
  }

  async exists(md5: string): Promise<boolean> {
    return stat(this.filePath(md5)).then(
      () => true,
      () => false,
    );
  }

  /** Moves an assembled file into place by its MD5 (atomically; an existing copy is kept). */
  async adopt(tmpFile: string, md5: string): Promise<void> {
    const target = this.filePath(md5);
    await mkdir(path.dirname(target), { recursive: true });
    if (await this.exists(md5)) {
      await rm(tmpFile, { force: true });
      return;
    }
    await rename(tmpFile, target);
  }

  /** Stores bytes (a thumbnail) by their MD5; answers the MD5. */
  async putBuffer(bytes: Buffer): Promise<string> {
    const md5 = createHash("md5").update(bytes).digest("hex");
    if (await this.exists(md5)) return md5;
    const target = this.filePath(md5);
    await mkdir(path.dirname(target), { recursive: true });
    const tmp = `${target}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(tmp, bytes);
    await rename(tmp, target);
    return md5;
  }

  /** A temp path inside the data directory (same file system, so adopt() is a rename). */
  async tempPath(name: string): Promise<string> {
    const dir = path.join(this.dataDir, "tmp");
    await mkdir(dir, { recursive: true });
    return path.join(dir, `${Date.now()}-${process.pid}-${name.replace(/[^\w.-]/g, "_")}`);
  }

  async removeUpload(uploadId: string): Promise<void> {
    await rm(this.uploadDir(uploadId), { recursive: true, force: true });
  }

  read(md5: string, range?: { start: number; end: number }) {
    return createReadStream(this.filePath(md5), range);
  }

  async head(md5: string, bytes = 4096): Promise<Buffer> {
    const fh = await open(this.filePath(md5), "r");
    try {
      const buf = Buffer.alloc(bytes);
      const { bytesRead } = await fh.read(buf, 0, bytes, 0);
      return buf.subarray(0, bytesRead);
    } finally {
      await fh.close();
    }
  }
}
