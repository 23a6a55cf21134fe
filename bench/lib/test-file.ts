import { createHash, randomBytes, randomFillSync } from "node:crypto";
import { open } from "node:fs/promises";

/** The PNG signature: the server sniffs the file as an image (as fakePng in the upload test). */
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const BLOCK_BYTES = 4 * 1024 * 1024;

export interface TestFile {
  path: string;
  size: number;
  md5: string;
  /** MD5 throughput of this process while writing it, MB (2^20 bytes) per second of hashing. */
  md5MBps: number;
}

/**
 * Writes `size` bytes to `path` block by block (a PNG signature, then
 * pseudo-random bytes), computing the MD5 on the way: never the whole file in memory.
 */
export async function writeTestFile(path: string, size: number): Promise<TestFile> {
  if (size < PNG_SIGNATURE.length)
    throw new Error(`a test file needs at least ${PNG_SIGNATURE.length} bytes`);
  const hash = createHash("md5");
  const block = Buffer.allocUnsafe(BLOCK_BYTES);
  let hashMs = 0;
  const fh = await open(path, "wx");
  try {
    for (let at = 0; at < size; at += BLOCK_BYTES) {
      const n = Math.min(BLOCK_BYTES, size - at);
      const bytes = block.subarray(0, n);
      randomFillSync(bytes);
      if (at === 0) PNG_SIGNATURE.copy(bytes);
      const started = performance.now();
      hash.update(bytes);
      hashMs += performance.now() - started;
      let written = 0;
      while (written < n) written += (await fh.write(bytes, written, n - written, at + written)).bytesWritten;
    }
  } finally {
    await fh.close();
  }
  return { path, size, md5: hash.digest("hex"), md5MBps: size / 2 ** 20 / (hashMs / 1000) };
}

/**
 * The same file with other bytes just after the signature (another MD5, so
 * that the server does not take it for one it holds), hashed again by reading
 * it block by block.
 */
export async function resaltTestFile(file: TestFile): Promise<TestFile> {
  const hash = createHash("md5");
  const block = Buffer.allocUnsafe(BLOCK_BYTES);
  let hashMs = 0;
  const fh = await open(file.path, "r+");
  try {
    const salt = randomBytes(Math.min(8, file.size - PNG_SIGNATURE.length));
    await fh.write(salt, 0, salt.length, PNG_SIGNATURE.length);
    for (let at = 0; at < file.size; at += BLOCK_BYTES) {
      const n = Math.min(BLOCK_BYTES, file.size - at);
      let got = 0;
      while (got < n) {
        const { bytesRead } = await fh.read(block, got, n - got, at + got);
        if (bytesRead === 0) throw new Error(`${file.path} ended at ${at + got}`);
        got += bytesRead;
      }
      const started = performance.now();
      hash.update(block.subarray(0, n));
      hashMs += performance.now() - started;
    }
  } finally {
    await fh.close();
  }
  return { ...file, md5: hash.digest("hex"), md5MBps: file.size / 2 ** 20 / (hashMs / 1000) };
}
