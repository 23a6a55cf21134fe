import type { Readable } from "node:stream";
import type { StorageConfig } from "../../config";
import { LocalStore } from "./local";
import { S3Store } from "./s3";

export { MediaStorage } from "./media";

/** A byte range, both ends included (as in HTTP's Range). */
export interface ByteRange {
  start: number;
  end: number;
}

/** A local copy of an object for tools that need a path (ffmpeg, sharp); release() when done. */
export interface LocalFile {
  path: string;
  release(): Promise<void>;
}

export interface SignedUrlOptions {
  expiresIn: number;
  contentType?: string;
  downloadName?: string;
}

/** One part of a multipart upload: its number (from 1) and the ETag the store answered. */
export interface UploadedPart {
  partNumber: number;
  etag: string;
}

/**
 * Multipart uploads: parts written in any order, then joined into one object. Only a bucket has them;
 * the local store writes an upload's chunks into one file at their offsets instead.
 */
export interface Multipart {
  create(key: string): Promise<string>;
  uploadPart(key: string, uploadId: string, partNumber: number, body: Buffer): Promise<string>;
  complete(key: string, uploadId: string, parts: UploadedPart[]): Promise<void>;
  abort(key: string, uploadId: string): Promise<void>;
  /** Multipart uploads in progress under a prefix, with when they began. */
  list(prefix: string): AsyncIterable<{ key: string; uploadId: string; initiated: Date }>;
}

/**
 * Where stored files live: the data directory (DATA_DIR/files) or an S3 bucket (S3_PREFIX + key). Keys are
 * the paths relative to DATA_DIR/files: `ab/<md5>`, `avatars/<file>`, `brand/<file>`. No name from a client
 * ever becomes part of a key: ids and hashes only.
 */
export interface ObjectStore {
  readonly kind: "local" | "s3";
  /** Stores bytes or a local file under a key, atomically: a reader never sees half an object. */
  put(key: string, body: Buffer | { file: string }, contentType?: string): Promise<void>;
  /** The object's bytes (or a range of them); rejects with code ENOENT when there is none. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** The object's size (and a bucket's ETag), or null when there is none. */
  head(key: string): Promise<{ size: number; etag?: string } | null>;
  delete(key: string): Promise<void>;
  /** Every object whose key starts with the prefix, with its size. */
  list(prefix: string): AsyncIterable<{ key: string; size: number }>;
  /** Copies an object to another key in the same store. */
  copy(from: string, to: string): Promise<void>;
  /** A local file with the object's bytes: the real path (local) or a temporary download (s3). */
  localFile(key: string): Promise<LocalFile>;
  /** A short-lived URL a client can fetch the object from, or null (local: the server streams it). */
  signedUrl(key: string, options: SignedUrlOptions): Promise<string | null>;
  /** Rejects with a readable error when the store cannot be used (a bucket that cannot be reached). */
  check(): Promise<void>;
  readonly multipart: Multipart | null;
}

/** An error that says the object does not exist (as fs does, so callers test one code). */
export function notFoundError(key: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`no object ${key}`), { code: "ENOENT" });
}

export const isNotFound = (err: unknown) => (err as { code?: unknown })?.code === "ENOENT";

/** Keys are relative paths of safe names: no "..", no leading slash, nothing a client chose. */
export function checkKey(key: string): string {
  if (!/^[A-Za-z0-9_-][\w.-]*(\/[A-Za-z0-9_-][\w.-]*)*$/.test(key) || key.includes(".."))
    throw new Error(`not a storage key: ${key}`);
  return key;
}

/** The store the configuration names. */
export function createObjectStore(dataDir: string, config: StorageConfig): ObjectStore {
  return config.kind === "s3" ? new S3Store(dataDir, config.s3) : new LocalStore(dataDir);
}
