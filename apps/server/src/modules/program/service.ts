import type { ProgramDoc } from "@marquee/program";
import { and, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { programs } from "../../db/schema";
import type { Actor } from "../../platform/actor";
import type { Services } from "../../platform/services";
import { recordCreated, saveVersion } from "../content/items";
import { programKind } from "../content/kinds";
import type { MaterialRow } from "../material/repo";
import type { MediaStorage } from "../material/storage";
import { figuresOf, type ProgramRow, writeRefs } from "./repo";
import { renderThumbnail } from "./thumbnail";

/** What save writes: the name and the document, checked (its media too) by the caller. */
export interface ProgramWrite {
  name: string;
  doc: ProgramDoc;
  /** The materials the document plays, by id (from checkMedia). */
  media: ReadonlyMap<number, MaterialRow>;
}

/**
 * The one write path of programs (save, copy, import): the row, its history
 * and its material references in one transaction, so a program is never half
 * written; then its thumbnail, which may fail without failing the save.
 */
export class ProgramService {
  constructor(
    private readonly services: Services,
    private readonly storage: MediaStorage,
  ) {}

  /** A new draft at version 1, in the actor's office. */
  async create(
    actor: Actor,
    w: ProgramWrite,
    log: FastifyBaseLogger,
    thumbMd5?: string | null,
  ): Promise<ProgramRow> {
    const { db, clock } = this.services;
    const now = clock.now();
    const row = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(programs)
        .values({
          officeId: actor.officeId,
          name: w.name,
          doc: w.doc,
          ...figuresOf(w.doc, w.media),
          state: "draft",
          version: 1,
          thumbMd5: thumbMd5 ?? null,
          createdBy: actor.userId,
          updatedBy: actor.userId,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!created) throw new Error("program not created");
      await recordCreated(tx, programKind, created.id, actor.userId, now);
      await writeRefs(tx, created.id, w.name, w.media.keys());
      return created;
    });
    // A copy brings the thumbnail of its source along: the same document draws the same picture.
    return thumbMd5 ? row : this.withThumbnail(row, w, log);
  }

  /**
   * Saves a new version of a program in the actor's range. A save of another
   * version than the stored one is refused (409, with who saved what when)
   * unless forced; an edit of a program under review or published brings it
   * back to draft.
   */
  async update(
    actor: Actor,
    id: number,
    expected: { version: number | undefined; force: boolean },
    w: ProgramWrite,
    log: FastifyBaseLogger,
  ): Promise<ProgramRow> {
    const { db, clock } = this.services;
    const now = clock.now();
    const row = await db.transaction((tx) =>
      saveVersion(tx, programKind, actor, id, expected, now, async (next) => {
        const [saved] = await tx
          .update(programs)
          .set({ name: w.name, doc: w.doc, ...figuresOf(w.doc, w.media), ...next })
          .where(eq(programs.id, id))
          .returning();
        if (!saved) throw new Error("program not saved");
        await writeRefs(tx, id, w.name, w.media.keys());
        return saved;
      }),
    );
    return this.withThumbnail(row, w, log);
  }

  /**
   * Renders the thumbnail of a saved version and keeps it on the program
   * (unless a newer version was saved meanwhile). A failure is logged and
   * leaves the previous thumbnail.
   */
  private async withThumbnail(row: ProgramRow, w: ProgramWrite, log: FastifyBaseLogger): Promise<ProgramRow> {
    try {
      const md5 = await this.storage.putBuffer(await renderThumbnail(w.doc, w.media, this.storage));
      const [updated] = await this.services.db
        .update(programs)
        .set({ thumbMd5: md5 })
        .where(and(eq(programs.id, row.id), eq(programs.version, row.version)))
        .returning();
      return updated ?? row;
    } catch (err) {
      log.error({ err, programId: row.id }, "the program's thumbnail could not be rendered");
      return row;
    }
  }
}
