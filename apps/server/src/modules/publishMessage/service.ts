import type { PubMessageSaveBody } from "@marquee/contracts";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { publishMessages } from "../../db/schema";
import type { Actor } from "../../platform/actor";
import type { Services } from "../../platform/services";
import { recordCreated, saveVersion } from "../content/items";
import { messageKind } from "../content/kinds";
import type { MessageRow } from "./repo";

/** The one write path of messages: the row and its history in one transaction. */
export class MessageService {
  constructor(private readonly services: Services) {}

  /**
   * Creates a message (no id: a draft at version 1 in the actor's office) or
   * saves a new version of one in the actor's range: a save of another
   * version than the stored one is refused (409, with who saved what when)
   * unless forced; an edit of a message under review, approved or published
   * brings it back to draft.
   */
  async save(actor: Actor, body: z.infer<typeof PubMessageSaveBody>): Promise<MessageRow> {
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
        { version, force: force === true },
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
