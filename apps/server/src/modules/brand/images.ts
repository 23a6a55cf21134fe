import { createHash } from "node:crypto";
import type { BrandImageKind } from "@marquee/contracts";
import sharp from "sharp";
import type { ObjectStore } from "../../platform/storage";
import { readObject, sniffImage } from "../user/avatar";

const TYPES: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  ico: "image/x-icon",
};

/** An ICO file: reserved 0, type 1, at least one image. */
const isIco = (b: Buffer) =>
  b.length > 6 && b.readUInt16LE(0) === 0 && b.readUInt16LE(2) === 1 && b.readUInt16LE(4) > 0;

/**
 * The extension of a brand image told by its bytes and confirmed by decoding
 * its header, or null. SVG is refused: it can carry script. ICO is taken
 * for the favicon only.
 */
export async function brandImageExt(bytes: Buffer, kind: BrandImageKind): Promise<string | null> {
  if (kind === "favicon" && isIco(bytes)) return "ico";
  const sniffed = sniffImage(bytes);
  if (!sniffed) return null;
  try {
    const meta = await sharp(bytes, { failOn: "error", limitInputPixels: 40_000_000 }).metadata();
    if (!meta.width || !meta.height) return null;
  } catch {
    return null;
  }
  return sniffed.ext;
}

export const brandImageType = (file: string) =>
  TYPES[file.split(".").pop() ?? ""] ?? "application/octet-stream";

/** Stores a brand image by its SHA-256 under the key brand/<sha256>.<ext> (the same image is kept once). */
export async function storeBrandImage(store: ObjectStore, bytes: Buffer, ext: string): Promise<string> {
  const name = `${createHash("sha256").update(bytes).digest("hex")}.${ext}`;
  const key = `brand/${name}`;
  if (!(await store.head(key))) await store.put(key, bytes, brandImageType(name));
  return name;
}

export function readBrandImage(store: ObjectStore, file: string): Promise<Buffer> {
  return readObject(store, `brand/${file}`);
}
