import { execFileSync } from "node:child_process";
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
