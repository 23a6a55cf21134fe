import { z } from "zod";
import { Envelope, Paging, pageOf, zBool, zId, zIdList } from "./common";

/** Material types: files, and two kinds of address. */
export const MATERIAL_TYPES = ["image", "video", "audio", "document", "web", "stream"] as const;
export type MaterialType = (typeof MATERIAL_TYPES)[number];

export const REVIEW_STATES = ["pending", "approved", "rejected"] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

/** Transcoding of a video: none needed, waiting, running, done, failed (with a reason). */
export const CONVERT_STATES = ["none", "queued", "running", "done", "failed"] as const;
export type ConvertState = (typeof CONVERT_STATES)[number];

/** Upload chunk size: 5 MiB (the last chunk is smaller). */
export const UPLOAD_CHUNK_BYTES = 5 * 1024 * 1024;

/** Size units for display (spec §9): B, KB, MB, GB, TB in steps of 1024. */
export const SIZE_UNITS = ["B", "KB", "MB", "GB", "TB"] as const;
export function formatSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${unit === 0 ? value : value.toFixed(value >= 100 ? 0 : value >= 10 ? 1 : 2)} ${SIZE_UNITS[unit]}`;
}

/** A material as lists and details answer it. */
export const Material = z.object({
  id: z.number(),
  name: z.string(),
  type: z.enum(MATERIAL_TYPES),
  folderId: z.number().nullable(),
  officeId: z.number(),
  size: z.number(),
  md5: z.string().nullable(),
  mime: z.string().nullable(),
  url: z.string().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  durationMs: z.number().nullable(),
  codec: z.string().nullable(),
  thumbUrl: z.string().nullable(),
  fileUrl: z.string().nullable(),
  reviewState: z.enum(REVIEW_STATES),
  reviewNote: z.string().nullable(),
  convertState: z.enum(CONVERT_STATES),
  convertProgress: z.number(),
  convertError: z.string().nullable(),
  uploaderId: z.number().nullable(),
  uploaderName: z.string().nullable(),
  createDate: z.string(),
});
export type Material = z.infer<typeof Material>;

export const MaterialFolder = z.object({ id: z.number(), parentId: z.number().nullable(), name: z.string() });
export type MaterialFolder = z.infer<typeof MaterialFolder>;

const md5 = z.string().regex(/^[0-9a-f]{32}$/, "validation.format");
/** A display name: no path separators or control characters ever reach the file system (files are stored by hash). */
export const MaterialName = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .refine(
    (s) => !/[\\/]/.test(s) && ![...s].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127),
    "validation.format",
  );

/** GET /a/api/fileInfosa/uploaderMD5Check: instant upload, or where to resume. */
export const Md5CheckQuery = z.strictObject({
  md5,
  size: z.coerce
    .number()
    .int()
    .min(1)
    .max(1024 ** 4),
  name: MaterialName,
  folderId: zId.optional(),
});
export const Md5CheckResponse = Envelope.extend({
  /** The tenant already holds this file: the material exists now, nothing to send. */
  exists: z.boolean(),
  material: Material.optional(),
  avatar: z.string().optional(),
  uploadId: z.string().optional(),
  chunkSize: z.number().optional(),
  chunkCount: z.number().optional(),
  /** Chunk indexes the server already has (resume). */
  uploadedChunks: z.array(z.number()).optional(),
});

/** POST /a/api/fileInfosa/uploader?uploadId&index&md5: one chunk as the raw body (application/octet-stream). */
const zUploadId = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, "validation.format");

/** POST abandonUpload: the caller gives up an upload of theirs; its chunks are deleted at once. */
export const AbandonUploadBody = z.strictObject({ uploadId: zUploadId });

export const ChunkQuery = z.strictObject({
  uploadId: zUploadId,
  index: z.coerce.number().int().min(0).max(1_000_000),
  md5,
});
export const ChunkResponse = Envelope.extend({
  uploadedChunks: z.array(z.number()),
  complete: z.boolean(),
  material: Material.optional(),
  /** For a personal image (uploaderPersonalImgMD5Check): the user's new avatar address. */
  avatar: z.string().optional(),
});

const sortable = ["createDate", "name", "size", "type"] as const;
/** GET /a/api/material/list. */
export const MaterialListQuery = Paging.extend({
  folderId: zId.optional(),
  name: z.string().trim().max(200).optional(),
  type: z.enum(MATERIAL_TYPES).optional(),
  reviewState: z.enum(REVIEW_STATES).optional(),
  uploaderId: zId.optional(),
  minSize: z.coerce.number().int().min(0).optional(),
  maxSize: z.coerce.number().int().min(0).optional(),
  beginTime: z.coerce.date().optional(),
  endTime: z.coerce.date().optional(),
  sort: z.enum(sortable).default("createDate"),
  order: z.enum(["asc", "desc"]).default("desc"),
}).strict();

export const FolderSaveBody = z.strictObject({
  id: zId.optional(),
  parentId: zId.optional(),
  name: MaterialName,
});
export const IdsBody = z.strictObject({ ids: zIdList });
export const DeleteMaterialsBody = z.strictObject({ ids: zIdList, force: zBool.optional() });
export const RenameBody = z.strictObject({ id: zId, name: MaterialName });
export const MoveBody = z.strictObject({ ids: zIdList, folderId: zId.optional() });
/** Paste from the material clipboard (spec §3): copy, or move when it was cut. */
export const PasteBody = z.strictObject({ ids: zIdList, folderId: zId.optional(), isCut: zBool });
export const AddUrlBody = z.strictObject({
  name: MaterialName,
  type: z.enum(["web", "stream"]),
  url: z
    .string()
    .trim()
    .max(2000)
    .refine((u) => /^(https?|rtmp|rtsp|rtmps):\/\/[^\s]+$/i.test(u), "validation.format"),
  folderId: zId.optional(),
});
export const ReviewBody = z.strictObject({
  ids: zIdList,
  result: z.enum(["approved", "rejected"]),
  note: z.string().trim().max(500).optional(),
});
export const UsageResponse = Envelope.extend({
  used: z.number(),
  capacity: z.number().nullable(),
});

/** GET material/folderTree: the caller's folders, flat, by name. */
export const FolderTreeResponse = Envelope.extend({ folders: z.array(MaterialFolder) });
/** POST material/saveFolder: the folder's row as saved (absent only if it went meanwhile). */
export const FolderSaveResponse = Envelope.extend({
  folder: MaterialFolder.extend({
    officeId: z.number(),
    createdBy: z.number().nullable(),
    createdAt: z.date(),
  }).optional(),
});
/** GET material/list and material/checklist: a page of materials. */
export const MaterialListResponse = pageOf(Material);
/** POST material/addUrl: the material created. */
export const MaterialResponse = Envelope.extend({ material: Material });
/** One place that uses a material: a program, a plan… (`type`) by id and name. */
export const MaterialUse = z.object({
  materialId: z.number(),
  type: z.string(),
  id: z.number(),
  name: z.string(),
});
/** GET material/usedBy: where the materials are used. */
export const UsedByResponse = Envelope.extend({ usedBy: z.array(MaterialUse) });
/** GET fileInfosa/convertProgress: the transcode state of each material asked. */
export const ConvertProgressResponse = Envelope.extend({
  progress: z.array(
    Material.pick({ id: true, convertState: true, convertProgress: true, convertError: true }),
  ),
});
/** POST fileInfosa/uploadThumb: the new thumbnail's address. */
export const UploadThumbResponse = Envelope.extend({ thumbUrl: z.string() });
