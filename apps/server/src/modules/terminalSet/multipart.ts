import { createHash } from "node:crypto";
import { createWriteStream, type WriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import type { FastifyRequest } from "fastify";
import { AppError } from "../../platform/errors";

/** The file part of a multipart body, written to a temp file as it arrived. */
export interface UploadedFile {
  /** The client's file name (only shown, never a path). */
  name: string;
  tmp: string;
  size: number;
  md5: string;
  sha256: string;
}

export interface MultipartBody {
  fields: Record<string, string>;
  file: UploadedFile | null;
}

interface Options {
  /** The one part that may carry a file. */
  fileField: string;
  maxFileBytes: number;
  /** Raised (413) when the file is larger than maxFileBytes. */
  tooLarge: () => AppError;
  tmpPath: () => Promise<string>;
  maxFields?: number;
  maxFieldBytes?: number;
}

const HEADER_END = Buffer.from("\r\n\r\n");
const MAX_HEADER_BYTES = 8192;

const invalid = (reason: string) => new AppError(400, "terminalSet.multipartInvalid", { reason });

/** The boundary of a multipart/form-data content type, or null. */
export function boundaryOf(contentType: string | undefined): string | null {
  if (!contentType || !/^multipart\/form-data\s*;/i.test(contentType)) return null;
  const m = /boundary=(?:"([^"]{1,70})"|([^;\s]{1,70}))/i.exec(contentType);
  return m?.[1] ?? m?.[2] ?? null;
}

/**
 * Reads a multipart/form-data body as it streams in: small text fields are
 * kept, the file part goes straight to a temp file (hashed on the way, MD5 and
 * SHA-256), so a package of hundreds of megabytes is never held in memory.
 * A file larger than the limit stops the upload at once (413). The caller
 * owns the temp file afterwards (adopt or remove it); on any error it is removed.
 */
export async function readMultipart(req: FastifyRequest, opts: Options): Promise<MultipartBody> {
  const boundary = boundaryOf(req.headers["content-type"]);
  const body = req.body as NodeJS.ReadableStream | undefined;
  if (!boundary || !body || typeof body.pipe !== "function")
    throw new AppError(415, "terminalSet.multipartRequired");
  const maxFields = opts.maxFields ?? 20;
  const maxFieldBytes = opts.maxFieldBytes ?? 20_000;
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const fields: Record<string, string> = {};
  let file: UploadedFile | null = null;

  // The current part: a field (its bytes) or the file (its stream and hashes).
  type Part =
    | { kind: "field"; name: string; chunks: Buffer[]; size: number }
    | {
        kind: "file";
        out: WriteStream;
        md5: ReturnType<typeof createHash>;
        sha: ReturnType<typeof createHash>;
      }
    | { kind: "skip" };
  let part: Part | null = null;
  let state: "preamble" | "after" | "headers" | "body" | "done" = "preamble";
  // A CRLF before the first boundary lets every boundary match the same delimiter.
  let buf: Buffer = Buffer.from("\r\n");
  let count = 0;

  const write = async (bytes: Buffer) => {
    if (!part || !bytes.length) return;
    if (part.kind === "field") {
      part.size += bytes.length;
      if (part.size > maxFieldBytes) throw invalid(`field ${part.name} is too long`);
      part.chunks.push(bytes);
    } else if (part.kind === "file" && file) {
      file.size += bytes.length;
      if (file.size > opts.maxFileBytes) throw opts.tooLarge();
      part.md5.update(bytes);
      part.sha.update(bytes);
      const out = part.out;
      if (!out.write(bytes)) await new Promise<void>((resolve) => out.once("drain", resolve));
    }
  };
  const end = async () => {
    if (!part) return;
    if (part.kind === "field") fields[part.name] = Buffer.concat(part.chunks).toString("utf8");
    else if (part.kind === "file" && file) {
      const out = part.out;
      await new Promise<void>((resolve, reject) =>
        out.end((err?: Error | null) => (err ? reject(err) : resolve())),
      );
      file.md5 = part.md5.digest("hex");
      file.sha256 = part.sha.digest("hex");
    }
    part = null;
  };
  const begin = async (head: string) => {
    if (++count > maxFields) throw invalid("too many parts");
    const disposition = /^content-disposition:\s*form-data\s*;(.*)$/im.exec(head)?.[1];
    if (!disposition) throw invalid("a part has no form-data disposition");
    const name = /(?:^|;)\s*name="([^"]{1,100})"/i.exec(disposition)?.[1];
    const filename = /(?:^|;)\s*filename="([^"]{0,255})"/i.exec(disposition)?.[1];
    if (!name) throw invalid("a part has no name");
    if (filename !== undefined) {
      if (name !== opts.fileField || file) throw invalid(`unexpected file in ${name}`);
      const tmp = await opts.tmpPath();
      file = { name: filename, tmp, size: 0, md5: "", sha256: "" };
      const out = createWriteStream(tmp);
      // A write error surfaces at end(); keep it from crashing the process meanwhile.
      out.on("error", () => {});
      part = { kind: "file", out, md5: createHash("md5"), sha: createHash("sha256") };
    } else {
      if (name in fields) throw invalid(`field ${name} is given twice`);
      part = { kind: "field", name, chunks: [], size: 0 };
    }
  };

  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
      for (;;) {
        if (state === "done") {
          buf = Buffer.alloc(0);
          break;
        }
        if (state === "preamble" || state === "body") {
          const i = buf.indexOf(delimiter);
          if (i < 0) {
            // Keep what could be the start of a delimiter; the rest belongs to the part.
            const keep = Math.min(buf.length, delimiter.length - 1);
            if (state === "body") await write(buf.subarray(0, buf.length - keep));
            else if (buf.length > MAX_HEADER_BYTES) throw invalid("no boundary");
            buf = buf.subarray(buf.length - keep);
            break;
          }
          if (state === "body") {
            await write(buf.subarray(0, i));
            await end();
          }
          buf = buf.subarray(i + delimiter.length);
          state = "after";
        }
        if (state === "after") {
          if (buf.length < 2) break;
          const two = buf.subarray(0, 2).toString("latin1");
          if (two === "--") {
            state = "done";
            continue;
          }
          // Transport padding (spaces) may follow a boundary before its CRLF.
          const eol = buf.indexOf("\r\n");
          if (eol < 0) {
            if (buf.length > 100) throw invalid("bad boundary line");
            break;
          }
          if (buf.subarray(0, eol).toString("latin1").trim()) throw invalid("bad boundary line");
          buf = buf.subarray(eol + 2);
          state = "headers";
        }
        if (state === "headers") {
          const j = buf.indexOf(HEADER_END);
          if (j < 0) {
            if (buf.length > MAX_HEADER_BYTES) throw invalid("part headers too long");
            break;
          }
          await begin(buf.subarray(0, j).toString("utf8"));
          buf = buf.subarray(j + HEADER_END.length);
          state = "body";
        }
      }
    }
    if (state !== "done") throw invalid("the body ended early");
    return { fields, file };
  } catch (err) {
    const p = part as Part | null;
    if (p?.kind === "file") p.out.destroy();
    if (file) await rm((file as UploadedFile).tmp, { force: true });
    throw err;
  }
}
