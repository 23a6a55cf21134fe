import { rm, stat } from "node:fs/promises";
import { eq } from "drizzle-orm";
import { materials } from "../../db/schema";
import type { Tx } from "../../platform/db";
import type { Jobs } from "../../platform/jobs";
import type { Services } from "../../platform/services";
import type { LocalFile, MediaStorage } from "../../platform/storage";
import { imageThumbnail, md5File, needsTranscode, probe, transcode, videoThumbnail } from "./media";

export const PROCESS_JOB = "material.process";
export const TRANSCODE_JOB = "material.transcode";

declare module "../../platform/services" {
  interface Services {
    /** Metadata, thumbnails and transcodes of uploaded materials. */
    processor: MaterialProcessor;
  }
}

/**
 * After an upload: metadata and a thumbnail for every file, and a transcode
 * for video that players cannot play everywhere, with its progress and its
 * failure reason kept on the material.
 */
export class MaterialProcessor {
  constructor(
    private readonly services: Services,
    private readonly storage: MediaStorage,
    private readonly jobs: Jobs,
  ) {}

  async start(): Promise<void> {
    await this.jobs.work<{ materialId: number }>(PROCESS_JOB, (d) => this.process(d.materialId), 2);
    await this.jobs.work<{ materialId: number }>(TRANSCODE_JOB, (d) => this.transcode(d.materialId), 1);
  }

  enqueue(materialId: number): Promise<void> {
    return this.jobs.send(PROCESS_JOB, { materialId });
  }

  /** Queues the material's processing in the transaction that creates it (both or neither survive a crash). */
  enqueueIn(tx: Tx, materialId: number): Promise<void> {
    return this.jobs.sendIn(tx, PROCESS_JOB, { materialId });
  }

  private async load(id: number) {
    const [m] = await this.services.db.select().from(materials).where(eq(materials.id, id));
    return m;
  }

  private update(id: number, set: Partial<typeof materials.$inferInsert>) {
    return (
      this.services.db
        .update(materials)
        .set({ ...set, updatedAt: new Date() })
        .where(eq(materials.id, id))
        // The offices written, so the read cache drops only their list answers (see watchWrites).
        .returning({ officeId: materials.officeId })
    );
  }

  async process(id: number): Promise<void> {
    const m = await this.load(id);
    if (!m?.md5) return;
    try {
      await this.describe(m);
    } catch (err) {
      // A damaged file fails the same way every time: record why instead of retrying.
      const reason = (err as Error).message.slice(0, 500);
      if (m.type === "video") await this.update(id, { convertState: "failed", convertError: reason });
      await this.tell(id, "material.failed", reason);
      return;
    }
    await this.tell(id, "material.processed");
  }

  /**
   * The `material.processed` / `material.failed` webhook of a material (nothing when no tenant wants it);
   * "processed" waits for a transcode queued or under way.
   */
  private async tell(id: number, type: "material.processed" | "material.failed", reason?: string) {
    const events = this.services.webhookEvents;
    if (!(await events.wantsAny([type]))) return;
    const m = await this.load(id);
    if (!m) return;
    if (type === "material.processed" && (m.convertState === "queued" || m.convertState === "running"))
      return;
    await events.emitQuietly(this.services.db, [
      {
        officeId: m.officeId,
        type,
        data: {
          material: {
            id: m.id,
            name: m.name,
            type: m.type,
            width: m.width,
            height: m.height,
            durationMs: m.durationMs,
          },
          ...(reason ? { reason } : {}),
        },
      },
    ]);
  }

  private async describe(m: typeof materials.$inferSelect): Promise<void> {
    if (!m.md5) return;
    // ffmpeg and sharp read a path: the stored file itself (local), or a temporary download (bucket).
    const local = await this.storage.localFile(m.md5);
    try {
      await this.describeFile(m, local.path);
    } finally {
      await local.release();
    }
  }

  private async describeFile(m: typeof materials.$inferSelect, file: string): Promise<void> {
    const id = m.id;
    if (m.type === "image") {
      const { thumb, width, height } = await imageThumbnail(file);
      await this.update(id, { thumbMd5: await this.storage.putBuffer(thumb), width, height });
      return;
    }
    if (m.type === "video" || m.type === "audio") {
      const p = await probe(file);
      const set: Partial<typeof materials.$inferInsert> = {
        width: p.width,
        height: p.height,
        durationMs: p.durationMs,
        codec: [p.videoCodec, p.audioCodec].filter(Boolean).join("/") || null,
      };
      if (m.type === "video") {
        set.thumbMd5 = await this.storage.putBuffer(await videoThumbnail(file, p.durationMs));
        if (needsTranscode(p, await this.services.settings.get("transcodeMaxHeight")))
          set.convertState = "queued";
      }
      await this.update(id, set);
      if (set.convertState === "queued")
        await this.jobs.send(TRANSCODE_JOB, { materialId: id }, { retryLimit: 0 });
    }
  }

  /** Queues a failed transcode again (the user's retry). */
  async retry(id: number): Promise<void> {
    await this.update(id, { convertState: "queued", convertProgress: 0, convertError: null });
    await this.jobs.send(TRANSCODE_JOB, { materialId: id }, { retryLimit: 0 });
  }

  async transcode(id: number): Promise<void> {
    const m = await this.load(id);
    if (!m?.md5 || m.type !== "video") return;
    await this.update(id, { convertState: "running", convertProgress: 0, convertError: null });
    const out = await this.storage.tempPath(`${id}.mp4`);
    let last = 0;
    let lastAt = 0;
    let source: LocalFile | undefined;
    try {
      const maxHeight = await this.services.settings.get("transcodeMaxHeight");
      source = await this.storage.localFile(m.md5);
      await transcode(source.path, out, m.durationMs, maxHeight, (percent) => {
        // Written at most every 5 % or every second, not on every progress line.
        if (percent - last >= 5 || (percent > last && Date.now() - lastAt > 1000)) {
          last = percent;
          lastAt = Date.now();
          void this.update(id, { convertProgress: percent });
        }
      });
      const md5 = await md5File(out);
      const { size } = await stat(out);
      const p = await probe(out);
      await this.storage.adopt(out, md5);
      await this.update(id, {
        md5,
        size,
        mime: "video/mp4",
        width: p.width,
        height: p.height,
        codec: [p.videoCodec, p.audioCodec].filter(Boolean).join("/") || null,
        convertState: "done",
        convertProgress: 100,
      });
      await this.tell(id, "material.processed");
    } catch (err) {
      await rm(out, { force: true });
      const reason = (err as Error).message.slice(0, 500);
      await this.update(id, { convertState: "failed", convertError: reason });
      await this.tell(id, "material.failed", reason);
    } finally {
      await source?.release();
    }
  }
}
