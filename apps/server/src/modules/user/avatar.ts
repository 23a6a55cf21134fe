import { createHash } from "node:crypto";
import type { ObjectStore } from "../../platform/storage";

/** The image types an avatar may have, told by their first bytes (not by what the client claims). */
const SIGNATURES: Array<{ ext: string; type: string; test: (b: Buffer) => boolean }> = [
  {
    ext: "png",
    type: "image/png",
    test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { ext: "jpg", type: "image/jpeg", test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { ext: "gif", type: "image/gif", test: (b) => b.subarray(0, 4).toString("latin1") === "GIF8" },
  {
    ext: "webp",
    type: "image/webp",
    test: (b) =>
      b.subarray(0, 4).toString("latin1") === "RIFF" && b.subarray(8, 12).toString("latin1") === "WEBP",
  },
];

export const AVATAR_FILE = /^[0-9a-f]{64}\.(png|jpg|gif|webp)$/;

export function avatarType(file: string): string {
  const ext = file.split(".").pop();
  return SIGNATURES.find((s) => s.ext === ext)?.type ?? "application/octet-stream";
}

/** The kind of image these bytes are, or null. */
export function sniffImage(bytes: Buffer): { ext: string; type: string } | null {
  return SIGNATURES.find((s) => s.test(bytes)) ?? null;
}

/** Reads a stored object whole (avatars and brand images are small). */
export async function readObject(store: ObjectStore, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of await store.get(key)) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** Stores avatar bytes by their SHA-256 under the key avatars/<sha256>.<ext> (the same image is kept once). */
export async function storeAvatar(store: ObjectStore, bytes: Buffer, ext: string): Promise<string> {
  const name = `${createHash("sha256").update(bytes).digest("hex")}.${ext}`;
  const key = `avatars/${name}`;
  if (!(await store.head(key))) await store.put(key, bytes, avatarType(name));
  return name;
}

export function readAvatar(store: ObjectStore, file: string): Promise<Buffer> {
  return readObject(store, `avatars/${file}`);
}
