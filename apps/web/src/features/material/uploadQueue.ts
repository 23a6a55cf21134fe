import type { Material } from "@marquee/contracts";
import { create } from "zustand";
import { HttpError } from "../../services/http";
import { materialApi } from "./api";
import { isAbort, uploadFile, workerHasher } from "./upload";

export type UploadStage =
  | "waiting"
  | "hashing"
  | "checking"
  | "uploading"
  | "done"
  | "instant"
  | "failed"
  | "cancelled";

export interface UploadItem {
  key: string;
  file: File;
  name: string;
  size: number;
  folderId?: number;
  stage: UploadStage;
  /** 0..100 */
  hashPercent: number;
  /** 0..100 */
  uploadPercent: number;
  error?: string;
  material?: Material;
  /** The server's upload, once opened: removing an unfinished item abandons it there. */
  uploadId?: string;
}

const ACTIVE: readonly UploadStage[] = ["waiting", "hashing", "checking", "uploading"];
export const isActive = (item: UploadItem) => ACTIVE.includes(item.stage);

interface UploadQueueState {
  items: UploadItem[];
  enqueue(files: readonly File[], folderId?: number): void;
  cancel(key: string): void;
  retry(key: string): void;
  remove(key: string): void;
  clearFinished(): void;
}

const controllers = new Map<string, AbortController>();
const listeners = new Set<(item: UploadItem) => void>();
let seq = 0;

/** Called with each finished upload (a new material): the page refreshes its list and usage. */
export function onUploaded(listener: (item: UploadItem) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The upload queue: one file at a time (each sends three chunks in parallel). It lives
 * outside the page, so uploads go on while the user opens other screens.
 */
export const useUploadQueue = create<UploadQueueState>()((set, get) => {
  const patch = (key: string, p: Partial<UploadItem>) =>
    set((s) => ({ items: s.items.map((i) => (i.key === key ? { ...i, ...p } : i)) }));

  const run = async (item: UploadItem) => {
    const controller = new AbortController();
    controllers.set(item.key, controller);
    const hasher = workerHasher();
    try {
      const r = await uploadFile(item.file, {
        name: item.name,
        folderId: item.folderId,
        transport: materialApi,
        hasher,
        signal: controller.signal,
        onOpened: (uploadId) => patch(item.key, { uploadId }),
        onProgress: (p) => {
          if (p.stage === "hashing")
            patch(item.key, { stage: "hashing", hashPercent: Math.floor(p.fraction * 100) });
          else if (p.stage === "checking") patch(item.key, { stage: "checking", hashPercent: 100 });
          else patch(item.key, { stage: "uploading", uploadPercent: Math.floor(p.fraction * 100) });
        },
      });
      patch(item.key, {
        stage: r.instant ? "instant" : "done",
        hashPercent: 100,
        uploadPercent: 100,
        material: r.material,
      });
      const done = get().items.find((i) => i.key === item.key);
      if (done) for (const l of listeners) l(done);
    } catch (err) {
      if (isAbort(err) || controller.signal.aborted) patch(item.key, { stage: "cancelled" });
      else {
        const text = err instanceof HttpError || err instanceof Error ? err.message : String(err);
        patch(item.key, { stage: "failed", error: text });
      }
    } finally {
      hasher.dispose();
      controllers.delete(item.key);
    }
  };

  const pump = () => {
    if (controllers.size > 0) return;
    const next = get().items.find((i) => i.stage === "waiting");
    if (!next) return;
    void run(next).finally(pump);
  };

  return {
    items: [],
    enqueue: (files, folderId) => {
      const added = files.map<UploadItem>((file) => ({
        key: `u${++seq}`,
        file,
        name: file.name,
        size: file.size,
        folderId,
        stage: "waiting",
        hashPercent: 0,
        uploadPercent: 0,
      }));
      set((s) => ({ items: [...s.items, ...added] }));
      pump();
    },
    cancel: (key) => {
      const c = controllers.get(key);
      if (c) c.abort();
      else patch(key, { stage: "cancelled" });
    },
    retry: (key) => {
      patch(key, { stage: "waiting", error: undefined });
      pump();
    },
    remove: (key) => {
      controllers.get(key)?.abort();
      // Removed before it finished: the server forgets it and frees its chunks now, not at the sweep.
      const gone = get().items.find((i) => i.key === key);
      if (gone?.uploadId && gone.stage !== "done" && gone.stage !== "instant")
        void materialApi.abandonUpload(gone.uploadId).catch(() => undefined);
      set((s) => ({ items: s.items.filter((i) => i.key !== key) }));
    },
    clearFinished: () => set((s) => ({ items: s.items.filter(isActive) })),
  };
});
