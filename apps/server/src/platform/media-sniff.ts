import type { MaterialType } from "@marquee/contracts";

export interface Sniffed {
  type: Extract<MaterialType, "image" | "video" | "audio" | "document">;
  mime: string;
}

const ascii = (b: Buffer, start: number, end: number) => b.subarray(start, end).toString("latin1");

/**
 * The media type of a file told by its first bytes, never by its name or what
 * the client claims. Anything not listed (executables, scripts, archives,
 * SVG, HTML) is not a material.
 */
export function sniffMedia(head: Buffer): Sniffed | null {
  if (head.length < 12) return null;
  const b = head;
  // images
  if (b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return { type: "image", mime: "image/png" };
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return { type: "image", mime: "image/jpeg" };
  if (ascii(b, 0, 4) === "GIF8") return { type: "image", mime: "image/gif" };
  if (ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 12) === "WEBP") return { type: "image", mime: "image/webp" };
  if (ascii(b, 0, 2) === "BM" && b.length >= 26) return { type: "image", mime: "image/bmp" };
  // ISO base media (MP4, MOV, M4A): "ftyp" at 4
  if (ascii(b, 4, 8) === "ftyp") {
    const brand = ascii(b, 8, 12);
    if (/^M4A |^M4B /.test(brand)) return { type: "audio", mime: "audio/mp4" };
    if (brand === "qt  ") return { type: "video", mime: "video/quicktime" };
    return { type: "video", mime: "video/mp4" };
  }
  // Matroska / WebM
  if (b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3) {
    return { type: "video", mime: head.includes(Buffer.from("webm")) ? "video/webm" : "video/x-matroska" };
  }
  if (ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 12) === "AVI ")
    return { type: "video", mime: "video/x-msvideo" };
  if (ascii(b, 0, 3) === "FLV") return { type: "video", mime: "video/x-flv" };
  if (b[0] === 0x47 && b.length > 188 && b[188] === 0x47) return { type: "video", mime: "video/mp2t" };
  if (b[0] === 0x00 && b[1] === 0x00 && b[2] === 0x01 && b[3] === 0xba)
    return { type: "video", mime: "video/mpeg" };
  // audio
  if (
    ascii(b, 0, 3) === "ID3" ||
    (b[0] === 0xff && ((b[1] ?? 0) & 0xe0) === 0xe0 && ((b[1] ?? 0) & 0x06) !== 0)
  ) {
    return { type: "audio", mime: "audio/mpeg" };
  }
  if (ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 12) === "WAVE") return { type: "audio", mime: "audio/wav" };
  if (ascii(b, 0, 4) === "fLaC") return { type: "audio", mime: "audio/flac" };
  if (ascii(b, 0, 4) === "OggS") {
    return head.includes(Buffer.from("theora"))
      ? { type: "video", mime: "video/ogg" }
      : { type: "audio", mime: "audio/ogg" };
  }
  if (b[0] === 0xff && ((b[1] ?? 0) & 0xf6) === 0xf0) return { type: "audio", mime: "audio/aac" };
  // documents
  if (ascii(b, 0, 5) === "%PDF-") return { type: "document", mime: "application/pdf" };
  return null;
}
