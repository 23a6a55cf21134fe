import { execFileSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";

/** A real video of ffmpeg's test pattern, written to `file`: VP9 in WebM, or H.264 in MP4 (fast start). */
export function makeVideo(
  file: string,
  opts: { codec: "vp9" | "h264"; width: number; height: number; seconds: number },
): Buffer {
  const codec =
    opts.codec === "vp9"
      ? ["-c:v", "libvpx-vp9", "-deadline", "realtime", "-b:v", "200k"]
      : ["-c:v", "libx264", "-pix_fmt", "yuv420p", "-movflags", "+faststart"];
  execFileSync("ffmpeg", [
    "-v",
    "error",
    "-f",
    "lavfi",
    "-i",
    `testsrc=size=${opts.width}x${opts.height}:rate=25:duration=${opts.seconds}`,
    ...codec,
    "-y",
    file,
  ]);
  return readFileSync(file);
}

/** The MD5 of some bytes, as hex (the upload protocol's proof). */
export const md5 = (b: Buffer): string => createHash("md5").update(b).digest("hex");

/** A PNG header followed by random bytes: sniffed as an image, and big enough for several chunks. */
export const fakePng = (bytes: number): Buffer =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(bytes - 8)]);
