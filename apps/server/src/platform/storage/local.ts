import { createReadStream } from "node:fs";
import { copyFile, mkdir, open, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { type ByteRange, checkKey, type LocalFile, type ObjectStore } from "./index";

const tmpName = (target: string) =>
  `${target}.${process.pid}.${Date.now()}.${Math.random().toString(36).slice(2)}.tmp`;

/** Objects as files under DATA_DIR/files/<key>; a put writes beside the target and renames into place. */
export class LocalStore implements ObjectStore {
  readonly kind = "local" as const;
  readonly multipart = null;
  readonly root: string;

  constructor(dataDir: string) {
    this.root = path.join(dataDir, "files");
  }

  /** The file of a key. */
  pathOf(key: string): string {
    return path.join(this.root, checkKey(key));
  }

  async put(key: string, body: Buffer | { file: string }): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const tmp = tmpName(target);
    try {
      if (Buffer.isBuffer(body)) await writeFile(tmp, body);
      else await copyFile(body.file, tmp);
      await rename(tmp, target);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
  }

  /** Moves a local file into place (a rename when it is on the same disk); the file is gone after. */
  async adopt(key: string, file: string): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await rename(file, target);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EXDEV") throw err;
      await this.put(key, { file });
      await rm(file, { force: true });
    }
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    const file = this.pathOf(key);
    // Opened first, so a missing file rejects here (ENOENT) instead of failing the stream later.
    const fh = await open(file, "r");
    return createReadStream("", { fd: fh, ...(range ?? {}) });
  }

  async head(key: string): Promise<{ size: number } | null> {
    const s = await stat(this.pathOf(key)).catch(() => null);
    return s?.isFile() ? { size: s.size } : null;
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async *list(prefix: string): AsyncIterable<{ key: string; size: number }> {
    const walk = async function* (dir: string, rel: string): AsyncGenerator<{ key: string; size: number }> {
      const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
      entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      for (const e of entries) {
        const key = rel ? `${rel}/${e.name}` : e.name;
        if (e.isDirectory()) {
          if (key.startsWith(prefix) || prefix.startsWith(`${key}/`))
            yield* walk(path.join(dir, e.name), key);
        } else if (e.isFile() && key.startsWith(prefix) && !e.name.endsWith(".tmp")) {
          const s = await stat(path.join(dir, e.name)).catch(() => null);
          if (s) yield { key, size: s.size };
        }
      }
    };
    yield* walk(this.root, "");
  }

  async copy(from: string, to: string): Promise<void> {
    await this.put(to, { file: this.pathOf(from) });
  }

  async localFile(key: string): Promise<LocalFile> {
    const file = this.pathOf(key);
    await stat(file);
    return { path: file, release: async () => undefined };
  }

  async signedUrl(): Promise<string | null> {
    return null;
  }

  async check(): Promise<void> {
    await mkdir(this.root, { recursive: true });
  }
}
