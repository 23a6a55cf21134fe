import type { MessageKey, PlanSaveBody } from "@marquee/contracts";
import type { Conflict, PlanDoc } from "@marquee/schedule";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import { playPlans } from "../../db/schema";
import type { Actor } from "../../platform/actor";
import type { Services } from "../../platform/services";
import { rangeOffices, scopeKey } from "../../platform/tenancy";
import { deleteItems, recordCreated, saveVersion } from "../content/items";
import { planKind } from "../content/kinds";
import { ContentService } from "../content/service";
import { checkPrograms, figuresOf, findPlans, type PlanRow, planDetail, planPage } from "./repo";

type T = (key: MessageKey, values?: Record<string, string | number>) => string;

/**
 * Play plans: lists, the editor's detail, and the one write path (save,
 * copy): the programs it names checked and locked, the row with its figures
 * and its history in one transaction. Review and history are the shared
 * ones of every kind (ContentService).
 */
export class PlanService extends ContentService {
  constructor(services: Services) {
    super(services, planKind);
  }

  /** One page of the plans in the actor's range. */
  page(actor: Actor, q: Parameters<typeof planPage>[2]) {
    // Kept in the read cache until a write in the range's offices (see ReadCache and watchWrites).
    return this.services.reads.get(
      "play_plans",
      JSON.stringify([scopeKey(actor), q]),
      () => planPage(this.services.db, actor, q),
      rangeOffices(actor),
    );
  }

  /** A plan as the editor opens it. */
  detail(actor: Actor, id: number) {
    return planDetail(this.services.db, actor, id);
  }

  /**
   * Creates a plan (no id) or saves a new version of one; the screens that
   * hold a saved plan fetch it again.
   */
  async save(
    actor: Actor,
    body: z.infer<typeof PlanSaveBody>,
    t: T,
    log: FastifyBaseLogger,
  ): Promise<{ row: PlanRow; conflicts: Conflict[] }> {
    const { id, version, force, name, doc } = body;
    if (id === undefined) return this.create(actor, name, doc, t);
    const saved = await this.update(actor, id, { version, force: force === true }, name, doc, t);
    await this.sync(log, [id]);
    return saved;
  }

  /** A copy of a plan in the actor's range as a new draft, named after it unless named. */
  async copy(actor: Actor, id: number, name: string | undefined, t: T) {
    const [source] = await findPlans(this.services.db, actor, [id]);
    if (!source) throw new Error("plan vanished");
    return this.create(actor, name ?? t("plan.copyName", { name: source.name }).slice(0, 100), source.doc, t);
  }

  /** Deletes plans in the actor's range, unless screens play or will play one (409 naming them). */
  async delete(actor: Actor, ids: number[]): Promise<void> {
    await this.services.db.transaction((tx) => deleteItems(tx, planKind, actor, ids));
  }

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
      saveVersion(tx, planKind, actor, id, { ...expected, doc }, now, async (next) => {
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
