import type { MessageKey, ProgramExportFile, ProgramSaveBody } from "@marquee/contracts";
import type { ProgramDoc } from "@marquee/program";
import { and, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import { programs } from "../../db/schema";
import type { Actor } from "../../platform/actor";
import { notFound } from "../../platform/errors";
import type { Services } from "../../platform/services";
import { rangeOffices, scopeKey } from "../../platform/tenancy";
import { recordCreated, saveVersion } from "../content/items";
import { programKind } from "../content/kinds";
import { ContentService } from "../content/service";
import type { MaterialRow } from "../material/repo";
import { exportFile, importedDoc } from "./files";
import { checkMedia } from "./media";
import {
  deletePrograms,
  figuresOf,
  findPrograms,
  mediaOf,
  type ProgramRow,
  programDetail,
  programPage,
  renameProgram,
  thumbOf,
  writeRefs,
} from "./repo";
import { renderThumbnail } from "./thumbnail";

type T = (key: MessageKey, values?: Record<string, string | number>) => string;

/** What save writes: the name and the document, checked (its media too) by the caller. */
export interface ProgramWrite {
  name: string;
  doc: ProgramDoc;
  /** The materials the document plays, by id (from checkMedia). */
  media: ReadonlyMap<number, MaterialRow>;
}

/**
 * Programs: lists, the editor's detail, files, and the one write path (save,
 * copy, import): the row, its history and its material references in one
 * transaction, so a program is never half written; then its thumbnail,
 * which may fail without failing the save. Review and history are the
 * shared ones of every kind (ContentService).
 */
export class ProgramService extends ContentService {
  constructor(services: Services) {
    super(services, programKind);
  }

  /** One page of the programs in the actor's range. */
  page(actor: Actor, q: Parameters<typeof programPage>[2]) {
    // Kept in the read cache until a write in the range's offices (see ReadCache and watchWrites).
    return this.services.reads.get(
      "programs",
      JSON.stringify([scopeKey(actor), q]),
      () => programPage(this.services.db, actor, q),
      rangeOffices(actor),
    );
  }

  /** A program as the editor opens it. */
  detail(actor: Actor, id: number) {
    return programDetail(this.services.db, actor, id);
  }

  /**
   * Creates a program (no id) or saves a new version of one, its media
   * checked first; the screens that hold a saved program fetch it again.
   */
  async save(actor: Actor, body: z.infer<typeof ProgramSaveBody>, t: T, log: FastifyBaseLogger) {
    const { id, version, force, name, doc } = body;
    const media = await checkMedia(this.services.db, actor, doc, t);
    const write = { name, doc, media };
    if (id === undefined) return this.create(actor, write, log);
    const row = await this.update(actor, id, { version, force: force === true }, write, log);
    await this.sync(log, [row.id]);
    return row;
  }

  /** A copy of a program in the actor's range as a new draft with its thumbnail, named after it unless named. */
  async copy(actor: Actor, id: number, name: string | undefined, t: T, log: FastifyBaseLogger) {
    const { db } = this.services;
    const [source] = await findPrograms(db, actor, [id]);
    if (!source) throw new Error("program vanished");
    const media = await mediaOf(db, source.id);
    return this.create(
      actor,
      {
        name: name ?? t("program.copyName", { name: source.name }).slice(0, 100),
        doc: source.doc as ProgramDoc,
        media: new Map(media.map((m) => [m.id, m])),
      },
      log,
      source.thumbMd5,
    );
  }

  /** Renames a program in the actor's range. */
  async rename(actor: Actor, id: number, name: string): Promise<void> {
    const { db, clock } = this.services;
    await db.transaction((tx) => renameProgram(tx, actor, id, name, clock.now()));
  }

  /** Deletes programs in the actor's range unless screens play or may play one (409); the screens hear of it. */
  async delete(actor: Actor, ids: number[], log: FastifyBaseLogger): Promise<void> {
    await this.services.db.transaction((tx) => deletePrograms(tx, actor, ids));
    await this.sync(log, ids);
  }

  /** The thumbnail hash of a program in the actor's range (404 when it has none). */
  async thumb(actor: Actor, id: number): Promise<string> {
    const md5 = await thumbOf(this.services.db, actor, id);
    if (!md5) throw notFound("thumbnail", id);
    return md5;
  }

  /** A program in the actor's range as an export file. */
  async exportOf(actor: Actor, id: number): Promise<ProgramExportFile> {
    const { db, clock } = this.services;
    const [row] = await findPrograms(db, actor, [id]);
    if (!row) throw notFound("program", id);
    return exportFile(db, row, clock.now());
  }

  /** A new program from an export file, its media found in the actor's library. */
  async importFile(
    actor: Actor,
    file: ProgramExportFile,
    name: string | undefined,
    t: T,
    log: FastifyBaseLogger,
  ) {
    const { db } = this.services;
    const { doc, matched } = await importedDoc(db, actor, file);
    const media = await checkMedia(db, actor, doc, t);
    const row = await this.create(actor, { name: name ?? file.name, doc, media }, log);
    return { row, matched };
  }

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
      saveVersion(tx, programKind, actor, id, { ...expected, doc: w.doc }, now, async (next) => {
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
      const md5 = await this.services.storage.putBuffer(
        await renderThumbnail(w.doc, w.media, this.services.storage),
      );
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
