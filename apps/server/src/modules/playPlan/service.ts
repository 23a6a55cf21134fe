import type { MessageKey } from "@marquee/contracts";
import type { Conflict, PlanDoc } from "@marquee/schedule";
import { eq } from "drizzle-orm";
import { playPlans } from "../../db/schema";
import type { Actor } from "../../platform/actor";
import type { Services } from "../../platform/services";
import { recordCreated, saveVersion } from "../content/items";
import { planKind } from "../content/kinds";
import { checkPrograms, figuresOf, type PlanRow } from "./repo";

type T = (key: MessageKey, values?: Record<string, string | number>) => string;

/**
 * The one write path of plans (save, copy): the programs it names checked
 * and locked, the row with its figures and its history in one transaction.
 */
export class PlanService {
  constructor(private readonly services: Services) {}

  /** A new draft at version 1, in the actor's office. */
  async create(
    actor: Actor,
    name: string,
    doc: PlanDoc,
    t: T,
  ): Promise<{ row: PlanRow; conflicts: Conflict[] }> {
    const { db, clock } = this.services;
    const { figures, conflicts } = figuresOf(doc);
    const now = clock.now();
    const row = await db.transaction(async (tx) => {
      await checkPrograms(tx, actor, doc, t);
      const [created] = await tx
        .insert(playPlans)
        .values({
          officeId: actor.officeId,
          name,
          doc,
          ...figures,
          state: "draft",
          version: 1,
          createdBy: actor.userId,
          updatedBy: actor.userId,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!created) throw new Error("plan not created");
      await recordCreated(tx, planKind, created.id, actor.userId, now);
      return created;
    });
    return { row, conflicts };
  }

  /**
   * Saves a new version of a plan in the actor's range. A save of another
   * version than the stored one is refused (409, with who saved what when)
   * unless forced; an edit of a plan under review, approved or published
   * brings it back to draft.
   */
  async update(
    actor: Actor,
    id: number,
    expected: { version: number | undefined; force: boolean },
    name: string,
    doc: PlanDoc,
    t: T,
  ): Promise<{ row: PlanRow; conflicts: Conflict[] }> {
    const { db, clock } = this.services;
    const { figures, conflicts } = figuresOf(doc);
    const now = clock.now();
    const row = await db.transaction((tx) =>
      saveVersion(tx, planKind, actor, id, expected, now, async (next) => {
        await checkPrograms(tx, actor, doc, t);
        const [saved] = await tx
          .update(playPlans)
          .set({ name, doc, ...figures, ...next })
          .where(eq(playPlans.id, id))
          .returning();
        if (!saved) throw new Error("plan not saved");
        return saved;
      }),
    );
    return { row, conflicts };
  }
}
