import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  UploadPartCopyCommand,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import type { S3Config } from "../../config";
import {
  type ByteRange,
  checkKey,
  type LocalFile,
  type Multipart,
  notFoundError,
  type ObjectStore,
  type SignedUrlOptions,
  type UploadedPart,
} from "./index";

/** CopyObject copies at most 5 GiB at once; larger objects are copied in parts of this size. */
const COPY_PART_BYTES = 1024 * 1024 * 1024;
const COPY_MAX_SINGLE = 5 * 1024 * 1024 * 1024;

const missing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === "NoSuchKey" || e?.name === "NotFound" || e?.$metadata?.httpStatusCode === 404;
};

/** Objects in an S3 bucket (AWS, or any S3-compatible server) under S3_PREFIX + key. */
export class S3Store implements ObjectStore {
  readonly kind = "s3" as const;
  readonly client: S3Client;
  readonly multipart: Multipart;

  constructor(
    private readonly dataDir: string,
    private readonly config: S3Config,
  ) {
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      credentials:
        config.accessKeyId && config.secretAccessKey
          ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
          : undefined,
      // The SDK's default checksums (CRC32 on every put) are not understood by every S3-compatible server.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
    const self = this;
    const Bucket = config.bucket;
    this.multipart = {
      async create(key) {
        const r = await self.client.send(
          new CreateMultipartUploadCommand({ Bucket, Key: self.objectKey(key) }),
        );
        if (!r.UploadId) throw new Error("the bucket answered no multipart upload id");
        return r.UploadId;
      },
      async uploadPart(key, uploadId, partNumber, body) {
        const r = await self.client.send(
          new UploadPartCommand({
            Bucket,
            Key: self.objectKey(key),
            UploadId: uploadId,
            PartNumber: partNumber,
            Body: body,
            ContentLength: body.length,
          }),
        );
        if (!r.ETag) throw new Error("the bucket answered no ETag for a part");
        return r.ETag;
      },
      async complete(key, uploadId, parts: UploadedPart[]) {
        await self.client.send(
          new CompleteMultipartUploadCommand({
            Bucket,
            Key: self.objectKey(key),
            UploadId: uploadId,
            MultipartUpload: {
              Parts: [...parts]
                .sort((a, b) => a.partNumber - b.partNumber)
                .map((p) => ({ PartNumber: p.partNumber, ETag: p.etag })),
            },
          }),
        );
      },
      async abort(key, uploadId) {
        await self.client
          .send(new AbortMultipartUploadCommand({ Bucket, Key: self.objectKey(key), UploadId: uploadId }))
          .catch((err) => {
            if (!missing(err) && (err as { name?: string }).name !== "NoSuchUpload") throw err;
          });
      },
      async *list(prefix) {
        let KeyMarker: string | undefined;
        let UploadIdMarker: string | undefined;
        do {
          const r = await self.client.send(
            new ListMultipartUploadsCommand({
              Bucket,
              Prefix: `${config.prefix}${prefix}`,
              KeyMarker,
              UploadIdMarker,
            }),
          );
          for (const u of r.Uploads ?? []) {
            if (u.Key && u.UploadId)
              yield { key: self.keyOf(u.Key), uploadId: u.UploadId, initiated: u.Initiated ?? new Date(0) };
          }
          KeyMarker = r.IsTruncated ? r.NextKeyMarker : undefined;
          UploadIdMarker = r.IsTruncated ? r.NextUploadIdMarker : undefined;
        } while (KeyMarker);
      },
    };
  }

  get bucket(): string {
    return this.config.bucket;
  }

  /** The bucket's key of a store key: S3_PREFIX + key. */
  objectKey(key: string): string {
    return `${this.config.prefix}${checkKey(key)}`;
  }

  private keyOf(objectKey: string): string {
    return objectKey.slice(this.config.prefix.length);
  }

  async put(key: string, body: Buffer | { file: string }, contentType?: string): Promise<void> {
    const Key = this.objectKey(key);
    if (Buffer.isBuffer(body)) {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key,
          Body: body,
          ContentLength: body.length,
          ContentType: contentType,
        }),
      );
      return;
    }
    const { size } = await stat(body.file);
    if (size <= 64 * 1024 * 1024) {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key,
          Body: createReadStream(body.file),
          ContentLength: size,
          ContentType: contentType,
        }),
      );
      return;
    }
    // Large files go in parts; the object appears only when the last part is joined.
    await new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key, Body: createReadStream(body.file), ContentType: contentType },
      partSize: 16 * 1024 * 1024,
      queueSize: 2,
    }).done();
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    try {
      const r = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: this.objectKey(key),
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      return r.Body as Readable;
    } catch (err) {
      if (missing(err)) throw notFoundError(key);
      throw err;
    }
  }

  async head(key: string): Promise<{ size: number; etag?: string } | null> {
    try {
      const r = await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }),
      );
      return { size: r.ContentLength ?? 0, etag: r.ETag };
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }

  async *list(prefix: string): AsyncIterable<{ key: string; size: number; etag?: string }> {
    let ContinuationToken: string | undefined;
    do {
      const r = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: `${this.config.prefix}${prefix}`,
          ContinuationToken,
        }),
      );
      for (const o of r.Contents ?? []) {
        if (o.Key) yield { key: this.keyOf(o.Key), size: o.Size ?? 0, etag: o.ETag };
      }
      ContinuationToken = r.IsTruncated ? r.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  async copy(from: string, to: string): Promise<void> {
    const source = await this.head(from);
    if (!source) throw notFoundError(from);
    const CopySource = encodeURI(`${this.bucket}/${this.objectKey(from)}`);
    const Key = this.objectKey(to);
    if (source.size <= COPY_MAX_SINGLE) {
      await this.client.send(new CopyObjectCommand({ Bucket: this.bucket, Key, CopySource }));
      return;
    }
    const uploadId = await this.multipart.create(to);
    try {
      const parts: UploadedPart[] = [];
      for (let start = 0, n = 1; start < source.size; start += COPY_PART_BYTES, n++) {
        const end = Math.min(source.size, start + COPY_PART_BYTES) - 1;
        const r = await this.client.send(
          new UploadPartCopyCommand({
            Bucket: this.bucket,
            Key,
            UploadId: uploadId,
            PartNumber: n,
            CopySource,
            CopySourceRange: `bytes=${start}-${end}`,
          }),
        );
        parts.push({ partNumber: n, etag: r.CopyPartResult?.ETag ?? "" });
      }
      await this.multipart.complete(to, uploadId, parts);
    } catch (err) {
      await this.multipart.abort(to, uploadId).catch(() => undefined);
      throw err;
    }
  }

  async localFile(key: string): Promise<LocalFile> {
    const dir = path.join(this.dataDir, "tmp");
    await mkdir(dir, { recursive: true });
    const file = path.join(dir, `${Date.now()}-${process.pid}-${Math.random().toString(36).slice(2)}-object`);
    try {
      await pipeline(await this.get(key), createWriteStream(file));
    } catch (err) {
      await rm(file, { force: true });
      throw err;
    }
    return { path: file, release: () => rm(file, { force: true }) };
  }

  async signedUrl(key: string, o: SignedUrlOptions): Promise<string | null> {
    const url = await getSignedUrl(
      this.client,
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: this.objectKey(key),
        ResponseContentType: o.contentType,
        ResponseContentDisposition: o.downloadName
          ? `attachment; filename*=UTF-8''${encodeURIComponent(o.downloadName)}`
          : undefined,
      }),
      { expiresIn: o.expiresIn },
    );
    if (!this.config.publicBaseUrl) return url;
    // A CDN in front of the bucket: the same path and signature under its origin.
    const signed = new URL(url);
    const base = this.config.publicBaseUrl.replace(/\/+$/, "");
    return `${base}${signed.pathname}${signed.search}`;
  }

  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (err) {
      const e = err as { name?: string; message?: string; $metadata?: { httpStatusCode?: number } };
      const status = e.$metadata?.httpStatusCode;
      throw new Error(
        `The bucket "${this.bucket}" cannot be reached${this.config.endpoint ? ` at ${this.config.endpoint}` : ""}: ${
          status === 404
            ? "it does not exist"
            : status === 403
              ? "access denied (check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY)"
              : (e.message ?? e.name ?? String(err))
        }`,
      );
    }
  }
}
