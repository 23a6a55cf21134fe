import { createHash } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";

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

/** Stores avatar bytes by their SHA-256 under DATA_DIR/files/avatars (the same image is kept once). */
export async function storeAvatar(dataDir: string, bytes: Buffer, ext: string): Promise<string> {
  const dir = path.join(dataDir, "files", "avatars");
  await mkdir(dir, { recursive: true });
  const name = `${createHash("sha256").update(bytes).digest("hex")}.${ext}`;
  const tmp = path.join(dir, `.${name}.${process.pid}.tmp`);
  await writeFile(tmp, bytes);
  await rename(tmp, path.join(dir, name));
  return name;
}

export function readAvatar(dataDir: string, file: string): Promise<Buffer> {
  return readFile(path.join(dataDir, "files", "avatars", file));
}
