import type { PubMessageSaveBody } from "@marquee/contracts";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import { publishMessages } from "../../db/schema";
import type { Actor } from "../../platform/actor";
import type { Services } from "../../platform/services";
import { deleteItems, recordCreated, saveVersion } from "../content/items";
import { messageKind } from "../content/kinds";
import { ContentService } from "../content/service";
import { type MessageRow, messageDetail, messagePage } from "./repo";

/**
 * Published messages: lists, the editor's detail, and the one write path
 * (the row and its history in one transaction). Review and history are the
 * shared ones of every kind (ContentService).
 */
export class MessageService extends ContentService {
  constructor(services: Services) {
    super(services, messageKind);
  }

  /** One page of the messages in the actor's range (the longest waiting first for review). */
  page(actor: Actor, q: Parameters<typeof messagePage>[2], oldestFirst = false) {
    return messagePage(this.services.db, actor, q, oldestFirst);
  }

  /** A message as the editor opens it. */
  detail(actor: Actor, id: number) {
    return messageDetail(this.services.db, actor, id);
  }

  /** Deletes messages in the actor's range, unless one is published or scheduled (409 naming them). */
  async delete(actor: Actor, ids: number[]): Promise<void> {
    await this.services.db.transaction((tx) => deleteItems(tx, messageKind, actor, ids));
  }

  /**
   * Creates a message (no id: a draft at version 1 in the actor's office) or
   * saves a new version of one in the actor's range: a save of another
   * version than the stored one is refused (409, with who saved what when)
   * unless forced; an edit of a message under review, approved or published
   * brings it back to draft. The screens that hold a saved message fetch it
   * again.
   */
  async save(
    actor: Actor,
    body: z.infer<typeof PubMessageSaveBody>,
    log: FastifyBaseLogger,
  ): Promise<MessageRow> {
    const row = await this.write(actor, body);
    if (body.id !== undefined) await this.sync(log, [row.id]);
    return row;
  }

  private write(actor: Actor, body: z.infer<typeof PubMessageSaveBody>): Promise<MessageRow> {
    const { db, clock } = this.services;
    const { id, version, force, name, doc } = body;
    const now = clock.now();
    const write = {
      name,
      doc,
      // Kept in columns for the lists' filters and the screens' manifests.
      kind: doc.kind,
      priority: doc.priority,
      startAt: body.startAt ? new Date(body.startAt) : null,
      endAt: body.endAt ? new Date(body.endAt) : null,
      updatedBy: actor.userId,
      updatedAt: now,
    };
    return db.transaction(async (tx) => {
      if (id === undefined) {
        const [created] = await tx
          .insert(publishMessages)
          .values({
            ...write,
            officeId: actor.officeId,
            state: "draft",
            version: 1,
            createdBy: actor.userId,
            createdAt: now,
          })
          .returning();
        if (!created) throw new Error("message not created");
        await recordCreated(tx, messageKind, created.id, actor.userId, now);
        return created;
      }
      return saveVersion(
        tx,
        messageKind,
        actor,
        id,
        { version, force: force === true, doc },
        now,
        async (next) => {
          const [saved] = await tx
            .update(publishMessages)
            .set({ ...write, ...next })
            .where(eq(publishMessages.id, id))
            .returning();
          if (!saved) throw new Error("message not saved");
          return saved;
        },
      );
    });
  }
}
