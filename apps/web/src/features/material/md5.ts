import SparkMD5 from "spark-md5";

/** The file is read and hashed in slices of this size (2 MiB): memory stays flat for any file. */
export const HASH_SLICE_BYTES = 2 * 1024 * 1024;

/** A request to the hashing worker: the whole file (with progress) or one chunk. */
export type HashRequest =
  | { id: number; kind: "file"; blob: Blob }
  | { id: number; kind: "chunk"; blob: Blob };

/** What the hashing worker answers. */
export type HashAnswer =
  | { id: number; type: "progress"; fraction: number }
  | { id: number; type: "done"; md5: string }
  | { id: number; type: "error"; message: string };

/** The MD5 of a file, read incrementally slice by slice; `onProgress` gets the fraction read (0..1). */
export async function md5OfBlob(
  blob: Blob,
  onProgress?: (fraction: number) => void,
  sliceBytes: number = HASH_SLICE_BYTES,
): Promise<string> {
  const spark = new SparkMD5.ArrayBuffer();
  for (let offset = 0; offset < blob.size; offset += sliceBytes) {
    const end = Math.min(blob.size, offset + sliceBytes);
    spark.append(await blob.slice(offset, end).arrayBuffer());
    onProgress?.(end / blob.size);
  }
  if (blob.size === 0) onProgress?.(1);
  return spark.end();
}

/** The MD5 of one upload chunk (read whole: a chunk is a few MiB). */
export async function md5OfChunk(blob: Blob): Promise<string> {
  return SparkMD5.ArrayBuffer.hash(await blob.arrayBuffer());
}
