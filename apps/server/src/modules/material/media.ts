import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, readFile, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";

/** What ffprobe says of a media file. */
export interface Probe {
  width: number | null;
  height: number | null;
  durationMs: number | null;
  videoCodec: string | null;
  audioCodec: string | null;
  container: string;
}

function run(
  cmd: string,
  args: string[],
  onStdout?: (line: string) => void,
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => {
      const text = d.toString();
      stdout += text;
      if (onStdout) for (const line of text.split("\n")) if (line) onStdout(line);
      if (stdout.length > 1_000_000) stdout = stdout.slice(-100_000);
    });
    child.stderr.on("data", (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-20_000);
    });
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) resolve({ stdout, stderr });
      else {
        const last = stderr.trim().split("\n").filter(Boolean).at(-1) ?? `exit ${code}`;
        reject(new Error(`${cmd}: ${last}`));
      }
    });
  });
}

export async function probe(file: string): Promise<Probe> {
  const { stdout } = await run("ffprobe", [
    "-v",
    "error",
    "-print_format",
    "json",
    "-show_format",
    "-show_streams",
    file,
  ]);
  const info = JSON.parse(stdout) as {
    format?: { duration?: string; format_name?: string };
    streams?: Array<{ codec_type?: string; codec_name?: string; width?: number; height?: number }>;
  };
  const video = info.streams?.find((s) => s.codec_type === "video");
  const audio = info.streams?.find((s) => s.codec_type === "audio");
  const duration = Number(info.format?.duration);
  return {
    width: video?.width ?? null,
    height: video?.height ?? null,
    durationMs: Number.isFinite(duration) ? Math.round(duration * 1000) : null,
    videoCodec: video?.codec_name ?? null,
    audioCodec: audio?.codec_name ?? null,
    container: info.format?.format_name ?? "",
  };
}

/** Players play H.264/AAC in MP4 everywhere; anything else, or larger than `maxHeight`, is transcoded. */
export function needsTranscode(p: Probe, maxHeight: number): boolean {
  const mp4 = p.container.split(",").includes("mp4");
  const audioOk = p.audioCodec === null || p.audioCodec === "aac";
  return !(mp4 && p.videoCodec === "h264" && audioOk && (p.height ?? 0) <= maxHeight);
}

/** A 320 px wide WebP thumbnail of an image file. */
export async function imageThumbnail(
  input: string | Buffer,
): Promise<{ thumb: Buffer; width: number | null; height: number | null }> {
  const img = sharp(input, { failOn: "error", limitInputPixels: 100_000_000 });
  const meta = await img.metadata();
  const thumb = await img
    .rotate()
    .resize({ width: 320, withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
  return { thumb, width: meta.width ?? null, height: meta.height ?? null };
}

/** A thumbnail of a video: a frame a second in (or the first), through ffmpeg, then sharp. */
export async function videoThumbnail(file: string, durationMs: number | null): Promise<Buffer> {
  const dir = path.join(
    os.tmpdir(),
    `marquee-thumb-${createHash("md5")
      .update(file + Date.now())
      .digest("hex")}`,
  );
  await mkdir(dir, { recursive: true });
  const frame = path.join(dir, "frame.png");
  try {
    const at = durationMs && durationMs > 2000 ? "1" : "0";
    await run("ffmpeg", ["-v", "error", "-ss", at, "-i", file, "-frames:v", "1", "-y", frame]);
    return (await imageThumbnail(await readFile(frame))).thumb;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Transcodes to H.264/AAC MP4 (fast start), at most `maxHeight` high,
 * reporting progress 0–100 from ffmpeg's own progress output.
 */
export async function transcode(
  input: string,
  output: string,
  durationMs: number | null,
  maxHeight: number,
  onProgress: (percent: number) => void,
): Promise<void> {
  const scale = `scale=-2:'min(${maxHeight},ih)'`;
  await run(
    "ffmpeg",
    [
      "-v",
      "error",
      "-y",
      "-i",
      input,
      "-vf",
      scale,
      "-c:v",
      "libx264",
      "-preset",
      "veryfast",
      "-crf",
      "23",
      "-pix_fmt",
      "yuv420p",
      "-c:a",
      "aac",
      "-b:a",
      "128k",
      "-movflags",
      "+faststart",
      "-progress",
      "pipe:1",
      "-nostats",
      output,
    ],
    (line) => {
      const m = /^out_time_(?:us|ms)=(\d+)/.exec(line);
      if (m && durationMs) onProgress(Math.min(99, Math.floor((Number(m[1]) / 1000 / durationMs) * 100)));
    },
  );
  if ((await stat(output)).size === 0) throw new Error("ffmpeg wrote an empty file");
}

/** MD5 of a file, streamed. */
export async function md5File(file: string): Promise<string> {
  const hash = createHash("md5");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}
