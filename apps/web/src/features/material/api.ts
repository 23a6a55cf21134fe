import {
  API_PREFIX,
  type ChunkResponse,
  type ConvertProgressResponse,
  type ConvertState,
  type FolderSaveResponse,
  type FolderTreeResponse,
  type GetKeyResponse,
  type Material,
  type MaterialListResponse,
  type MaterialResponse,
  type MaterialType,
  type Md5CheckResponse,
  type OkResponse,
  REQUEST_TIMEOUT_MS,
  type ReviewState,
  type UsageResponse,
  type UsedByResponse,
} from "@marquee/contracts";
import type { z } from "zod";
import i18n from "../../locales";
import { type Envelope, HttpError, http } from "../../services/http";
import { noteAnswer } from "../../services/sessionExpiry";

/** The list filters of GET /a/api/material/list and checklist (MaterialListQuery). */
export interface MaterialQuery {
  pageNo: number;
  pageSize: number;
  folderId?: number;
  name?: string;
  type?: MaterialType;
  reviewState?: ReviewState;
  uploaderId?: number;
  minSize?: number;
  maxSize?: number;
  /** ISO date-times. */
  beginTime?: string;
  endTime?: string;
  sort?: "createDate" | "name" | "size" | "type";
  order?: "asc" | "desc";
}

export type MaterialPage = z.infer<typeof MaterialListResponse>;

export type Usage = z.infer<typeof UsageResponse>;

/** A program that still uses a material (the answer of a refused delete, HTTP 409). */
export interface UsedBy {
  id: number;
  name: string;
}

export interface Md5CheckParams {
  md5: string;
  size: number;
  name: string;
  folderId?: number;
}

/** uploaderMD5Check: the file exists already (instant upload), or where to resume. */
export type Md5CheckAnswer = z.infer<typeof Md5CheckResponse>;

export interface ChunkParams {
  uploadId: string;
  index: number;
  md5: string;
}

export type ChunkAnswer = z.infer<typeof ChunkResponse>;

export interface ConvertInfo {
  id: number;
  convertState: ConvertState;
  convertProgress: number;
  convertError: string | null;
}

export interface UploadLimitSettings {
  uploadLimitOpen?: unknown;
  uploadLimitSize?: unknown;
}

const ids = (list: readonly number[]) => list.join(",");
const json = { json: true } as const;
const USAGE_PATH = "/a/api/material/usage";

/**
 * POSTs raw bytes (application/octet-stream), which http.ts does not send.
 * Failures are handled like http.ts: the server's `msg` becomes the error's message.
 */
async function postRaw<T extends Envelope>(
  path: string,
  query: Record<string, string | number>,
  body: Blob,
  signal?: AbortSignal,
): Promise<T> {
  const controller = new AbortController();
  const abort = () => controller.abort();
  signal?.addEventListener("abort", abort);
  const timer = setTimeout(abort, REQUEST_TIMEOUT_MS);
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  let res: Response;
  try {
    res = await fetch(`${API_PREFIX}${path}?${qs}`, {
      method: "POST",
      body,
      credentials: "include",
      signal: controller.signal,
      headers: {
        "Content-Type": "application/octet-stream",
        "X-Requested-With": "XMLHttpRequest",
        Accept: "application/json",
      },
    });
  } catch (err) {
    if (signal?.aborted) throw err;
    const text = controller.signal.aborted ? i18n.t("http.timeout") : i18n.t("http.network");
    throw new HttpError(text, 0, null);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", abort);
  }
  let payload: Envelope | null = null;
  try {
    payload = (await res.json()) as Envelope;
  } catch {
    payload = null;
  }
  if (payload?.msg === "logout") {
    // An ordinary call lets http.ts run its sign-out handling (toast, /logout).
    void http.get(USAGE_PATH, undefined, { silent: true }).catch(() => undefined);
    throw new HttpError("logout", res.status, payload);
  }
  // Any other answer pushed the session cookie two hours on (sessionExpiry).
  noteAnswer();
  if (res.status === 401 || payload?.code === 401) {
    throw new HttpError(payload?.msg || i18n.t("http.noPermission"), 401, payload);
  }
  if (res.status === 403 || payload?.code === 403) {
    throw new HttpError(payload?.msg || i18n.t("http.denied"), 403, payload);
  }
  if (!res.ok || !payload || payload.code !== 0) {
    throw new HttpError(payload?.msg || `${res.status} ${res.statusText}`, res.status, payload);
  }
  return payload as T;
}

/** The programs listed by a refused delete (HTTP 409), or null for any other failure. */
export function usedByOf(err: unknown): UsedBy[] | null {
  if (!(err instanceof HttpError) || err.status !== 409) return null;
  const list = err.body?.usedBy;
  return Array.isArray(list) ? (list as UsedBy[]) : [];
}

/** Where a material's file is served (HTTP Range supported): its ready-made URL, or getFile. */
export function fileUrlOf(m: Pick<Material, "id" | "fileUrl">): string {
  return m.fileUrl ?? `${API_PREFIX}/a/api/fileInfosa/getFile?id=${m.id}`;
}

/** Materials: folders, the library, uploads (spec §7 Files), conversions and review. */
export const materialApi = {
  folderTree: () => http.get<z.infer<typeof FolderTreeResponse>>("/a/api/material/folderTree"),
  saveFolder: (v: { id?: number; parentId?: number; name: string }) =>
    http.post<z.infer<typeof FolderSaveResponse>>("/a/api/material/saveFolder", v, {
      json: true,
      silent: true,
    }),
  deleteFolders: (folderIds: number[]) =>
    http.post("/a/api/material/deleteFolder", { ids: ids(folderIds) }, json),
  list: (q: MaterialQuery) => http.get<MaterialPage>("/a/api/material/list", { ...q }),
  checklist: (q: MaterialQuery) => http.get<MaterialPage>("/a/api/material/checklist", { ...q }),
  usage: () => http.get<Usage>(USAGE_PATH),
  uploadLimit: () =>
    http.get<z.infer<typeof GetKeyResponse>>(
      "/a/api/sysSetting/getKey",
      { keyList: "uploadLimitOpen,uploadLimitSize" },
      { silent: true },
    ),
  /** Silent, as saveFolder: the name dialog shows the refusal on its field. */
  rename: (id: number, name: string) =>
    http.post("/a/api/material/rename", { id, name }, { json: true, silent: true }),
  move: (materialIds: number[], folderId?: number) =>
    http.post("/a/api/material/move", { ids: ids(materialIds), folderId }, json),
  paste: (materialIds: number[], folderId: number | undefined, isCut: boolean) =>
    http.post("/a/api/material/paste", { ids: ids(materialIds), folderId, isCut }, json),
  /** Silent: the caller shows the programs of a refused delete (409, `usedBy`). */
  remove: (materialIds: number[], force = false) =>
    http.post(
      "/a/api/material/delete",
      { ids: ids(materialIds), ...(force ? { force: true } : {}) },
      { json: true, silent: true },
    ),
  usedBy: (id: number) =>
    http.get<z.infer<typeof UsedByResponse>>("/a/api/material/usedBy", { ids: String(id) }, { silent: true }),
  addUrl: (v: { name: string; type: "web" | "stream"; url: string; folderId?: number }) =>
    http.post<z.infer<typeof MaterialResponse>>("/a/api/material/addUrl", v, { json: true, silent: true }),
  md5Check: (q: Md5CheckParams) =>
    http.get<Md5CheckAnswer>("/a/api/fileInfosa/uploaderMD5Check", { ...q }, { silent: true }),
  uploadChunk: (q: ChunkParams, body: Blob, signal?: AbortSignal) =>
    postRaw<ChunkAnswer>("/a/api/fileInfosa/uploader", { ...q }, body, signal),
  abandonUpload: (uploadId: string) =>
    http.post<z.infer<typeof OkResponse>>(
      "/a/api/fileInfosa/abandonUpload",
      { uploadId },
      { json: true, silent: true },
    ),
  uploadThumb: (id: number, image: Blob) =>
    postRaw<Envelope & { material?: Material }>("/a/api/fileInfosa/uploadThumb", { id }, image),
  convertProgress: (materialIds: number[]) =>
    http.get<z.infer<typeof ConvertProgressResponse>>(
      "/a/api/fileInfosa/convertProgress",
      { ids: ids(materialIds) },
      { silent: true },
    ),
  retryConvert: (materialIds: number[]) =>
    http.post("/a/api/material/retryConvert", { ids: ids(materialIds) }, json),
  review: (materialIds: number[], result: "approved" | "rejected", note?: string) =>
    http.post("/a/api/material/review", { ids: ids(materialIds), result, note: note || undefined }, json),
};
